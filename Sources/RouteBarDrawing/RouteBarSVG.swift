import RouteBar

/// The routes as one SVG picture, drawn as a route list draws them: a bar per route with
/// rounded ends, stacked like table rows, each visible segment in its colour with the gaps
/// between them; inside a segment its badge and label in its `textColor` where they fit,
/// else the label under it (left out where it would overlap the one before); the route's
/// accessibility sentence as the row's `<title>`. The dark theme draws on #121212.
public enum RouteBarSVG {
    static let rowGap = 8.0
    static let fallbackColor = "#9E9E9E"
    /// Names that draw Hangul on Apple platforms, Android, Windows and Linux (Noto CJK), then
    /// the generic family: a machine without any of them still shows text, not empty boxes.
    static let fontFamily =
        "-apple-system, 'SF Pro Text', Roboto, 'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif"

    public static func render(_ routes: [LaidOutRoute], options: LayoutOptions) -> [UInt8] {
        var svg = head(routeCount: routes.count, options: options)
        for (position, route) in routes.enumerated() {
            svg += row(route, at: position, options: options)
        }
        svg += foot
        return Array(svg.utf8)
    }

    /// The height of a row: the bar, the band of labels under it, and the gap to the next.
    static func rowHeight(_ options: LayoutOptions) -> Double {
        options.height + options.labelFontSize * 1.5 + rowGap
    }

    /// The document up to its first row: `routeCount` rows tall.
    static func head(routeCount: Int, options: LayoutOptions) -> String {
        let totalHeight = max(rowHeight(options) * Double(routeCount) - rowGap, 1)
        // The language of its text, for readers and fonts; right-to-left scripts read so, while
        // the bars stay in time order, left to right. Korean and English drawings are as in 1.x.
        let locale = options.locale
        let language =
            locale.hasOwnLabels ? "" : " xml:lang=\"\(escape(locale.rawValue))\"" + (locale.isRightToLeft ? " direction=\"rtl\"" : "")
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(options.width))" height="\(number(totalHeight))" \
            viewBox="0 0 \(number(options.width)) \(number(totalHeight))" font-family="\(fontFamily)" \
            font-size="\(number(options.labelFontSize))"\(language)>

            """
        if options.theme == .dark {
            svg += "<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"\(ColorContrast.darkBackground)\"/>\n"
        }
        return svg
    }

    static let foot = "</svg>\n"

    /// One route's row, the `position`th from the top.
    static func row(_ route: LaidOutRoute, at position: Int, options: LayoutOptions) -> String {
        let radius = min(options.cornerRadius ?? options.height / 2, options.height / 2)
        let belowColor = options.theme == .dark ? "#E0E0E0" : "#333333"
        var svg =
            "<g class=\"route\" data-index=\"\(route.index)\" transform=\"translate(0 \(number(rowHeight(options) * Double(position))))\" role=\"img\">"
        svg += "<title>\(escape(route.accessibilityLabel))</title>\n"
        svg +=
            "<clipPath id=\"bar-\(position)\"><rect width=\"\(number(route.barWidth))\" height=\"\(number(options.height))\" "
            + "rx=\"\(number(radius))\"/></clipPath>\n<g clip-path=\"url(#bar-\(position))\">\n"
        for segment in route.segments where segment.width > 0 {
            svg +=
                "<rect class=\"segment \(segment.kind.rawValue)\" x=\"\(number(segment.x))\" y=\"0\" width=\"\(number(segment.width))\" "
                + "height=\"\(number(options.height))\" fill=\"\(segment.color ?? fallbackColor)\"/>\n"
        }
        svg += "</g>\n"
        var belowEnd = -Double.infinity
        for segment in route.segments where segment.width > 0 {
            let text = SegmentText(segment, options: options)
            if let inside = text.inside {
                svg +=
                    "<text class=\"label inside\" x=\"\(number(segment.x + segment.width / 2))\" y=\"\(number(options.height / 2))\" "
                    + "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"\(segment.textColor ?? "#000000")\" "
                    + "data-segment-x=\"\(number(segment.x))\" data-segment-width=\"\(number(segment.width))\">\(inside)</text>\n"
            }
            if let below = segment.label, text.inside == nil || !text.insideHasLabel {
                let width = SegmentLabel.estimatedWidth(below, fontSize: options.labelFontSize)
                let center = min(max(segment.x + segment.width / 2, width / 2), options.width - width / 2)
                guard center - width / 2 >= belowEnd + options.labelFontSize * 0.25 else { continue }
                belowEnd = center + width / 2
                svg +=
                    "<text class=\"label below\" x=\"\(number(center))\" y=\"\(number(options.height + options.labelFontSize * 1.2))\" "
                    + "text-anchor=\"middle\" fill=\"\(belowColor)\">\(escape(below))</text>\n"
            }
        }
        svg += "</g>\n"
        return svg
    }

    /// What goes inside a segment: badge and label, the label alone, or the badge alone, the
    /// first that fits (by `SegmentLabel`'s generous estimate), as escaped SVG text.
    struct SegmentText {
        var inside: String?
        var insideHasLabel = false

        init(_ segment: BarSegment, options: LayoutOptions) {
            let badge =
                segment.kind == .transit
                ? segment.line.flatMap { LinePalette.badge(mode: segment.mode, line: $0, trainType: segment.trainType, locale: options.locale) }
                : nil
            func fits(_ text: String) -> Bool { SegmentLabel.fits(text, fontSize: options.labelFontSize, width: segment.width) }
            if let badge, let label = segment.label, fits(badge + " " + label) {
                inside = "<tspan class=\"badge\" font-weight=\"bold\">\(escape(badge))</tspan> \(escape(label))"
                insideHasLabel = true
            } else if let label = segment.label, segment.labelFits == true {
                inside = escape(label)
                insideHasLabel = true
            } else if let badge, fits(badge) {
                inside = "<tspan class=\"badge\" font-weight=\"bold\">\(escape(badge))</tspan>"
            }
        }
    }

    static func number(_ value: Double) -> String {
        value.shortDescription
    }

    /// Text as XML character data: markup escaped, and every character XML 1.0 does not
    /// allow (controls other than tab, newline and return; U+FFFE, U+FFFF) replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case _
            where (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
                || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped.unicodeScalars.append("\u{FFFD}")
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
