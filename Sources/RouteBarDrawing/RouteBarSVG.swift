import RouteBar

/// The routes as one SVG picture, drawn as a route list draws them: a bar per route with
/// rounded ends, stacked like table rows, each visible segment in its colour with the gaps
/// between them; in and under each segment what its display plan (`SegmentDisplay`) shows,
/// in its `textColor` on a block; the route's accessibility sentence as the row's `<title>`.
/// In a right-to-left language the rows run right to left. The dark theme draws on #121212.
public enum RouteBarSVG {
    static let rowGap = 8.0
    static let fallbackColor = "#9E9E9E"
    /// Names that draw Hangul on Apple platforms, Android, Windows and Linux (Noto CJK), then
    /// the generic family: a machine without any of them still shows text, not empty boxes.
    static let fontFamily =
        "-apple-system, 'SF Pro Text', Roboto, 'Apple SD Gothic Neo', 'Malgun Gothic', 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif"

    public static func render(_ routes: [LaidOutRoute], options: LayoutOptions) -> [UInt8] {
        render(routes, options: options, clock: nil)
    }

    /// The picture, with `timeScale` `clock`'s hours written by `clock` (minutes past local
    /// midnight to the locale's clock text: "5:00 PM" in English, "17:00" in German, as the
    /// service writes them with CLDR through ICU); without it, "17:00".
    public static func render(_ routes: [LaidOutRoute], options: LayoutOptions, clock: ClockText?) -> [UInt8] {
        var svg = head(routeCount: routes.count, options: options)
        for (position, route) in routes.enumerated() {
            svg += row(route, at: position, options: options, clock: clock)
        }
        svg += foot
        return Array(svg.utf8)
    }

    /// A time of day (minutes past local midnight) as the reader's clock shows it.
    public typealias ClockText = @Sendable (_ minuteOfDay: Int) -> String

    /// "17:00": the clock text without CLDR data.
    package static func twentyFourHourText(_ minute: Int) -> String {
        "\(twoDigits(minute / 60)):\(twoDigits(minute % 60))"
    }

    /// The height of a row: the bar, the band of labels under it, and the gap to the next.
    static func rowHeight(_ options: LayoutOptions) -> Double {
        options.height + options.labelFontSize * 1.5 + rowGap
    }

    /// The document up to its first row: `routeCount` rows tall.
    static func head(routeCount: Int, options: LayoutOptions) -> String {
        let totalHeight = max(clockBand(options) + rowHeight(options) * Double(routeCount) - rowGap, 1)
        // The language of its text, for readers and fonts; right-to-left scripts read so, and
        // their rows run right to left (`row`). Korean and English drawings are as in 1.x.
        let locale = options.locale
        let language =
            locale.hasOwnLabels ? "" : " xml:lang=\"\(escape(locale.rawValue))\"" + (locale.isRightToLeft ? " direction=\"rtl\"" : "")
        // Text measured in a named font is drawn as it was measured: advances alone.
        let measured = options.labelFont == .estimate ? "" : " style=\"font-kerning:none;font-variant-ligatures:none\""
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(options.width))" height="\(number(totalHeight))" \
            viewBox="0 0 \(number(options.width)) \(number(totalHeight))" font-family="\(options.labelFont.families.map { $0 + ", " } ?? "")\(fontFamily)" \
            font-size="\(number(options.labelFontSize))"\(measured)\(language)>

            """
        if options.theme == .dark {
            svg += "<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"\(ColorContrast.darkBackground)\"/>\n"
        }
        return svg
    }

    static let foot = "</svg>\n"

    /// The band above the rows where `timeScale` `clock` writes its hours; 0 otherwise.
    static func clockBand(_ options: LayoutOptions) -> Double {
        options.timeScale == .clock ? options.labelFontSize * 1.5 : 0
    }

    /// The axis's marks (hours, or minutes on a short axis): a line through the row at each,
    /// behind the bar but never through a text or icon the row shows inside it (`clear`, from
    /// the row's left edge), and above the first row their times in the reader's clock
    /// ("14:00", "2:30 PM"), spaced for the widest of them.
    static func hourMarks(
        _ axis: ClockAxis, labelled: Bool, options: LayoutOptions, colors: ThemeColors, clock: ClockText?,
        avoiding taken: [(Double, Double)] = []
    ) -> String {
        let fontSize = options.labelFontSize * 0.85
        let text = clock ?? twentyFourHourText
        // The widest times a clock writes: two-digit hours, morning and afternoon.
        let textWidth = [10 * 60 + 58, 22 * 60 + 58].map { SegmentLabel.estimatedWidth(text($0), fontSize: fontSize) }.max() ?? 0
        var svg = "<g class=\"rb-hours\" aria-hidden=\"true\">"
        let margin = options.labelFontSize * 0.25
        for (minute, x) in axis.marks(width: options.width, spacing: textWidth * 2) {
            if !taken.contains(where: { x >= $0.0 - margin && x <= $0.1 + margin }) {
                svg +=
                    "<line class=\"rb-hour\" x1=\"\(number(x))\" y1=\"0\" x2=\"\(number(x))\" y2=\"\(number(options.height))\" "
                    + "stroke=\"\(colors.hourLine)\" stroke-width=\"1\"/>"
            }
            if labelled {
                let center = min(max(x, textWidth / 2), options.width - textWidth / 2)
                svg +=
                    "<text class=\"rb-hour-label\" x=\"\(number(center))\" y=\"\(number(-clockBand(options) / 2))\" "
                    + "\(unmirrored(center, options))text-anchor=\"middle\" "
                    + "dominant-baseline=\"central\" font-size=\"\(number(fontSize))\" fill=\"\(colors.text)\">\(escape(text(minute)))</text>"
            }
        }
        return svg + "</g>\n"
    }

    /// Stands for a row's id prefix until `withIDs` knows it.
    static let idMark = "\u{1}id"

    /// The row with its ids made unique to its content: `rb-` and the FNV-1a hash of the row as
    /// drawn. A row defines every id it uses, so any number of answers share one web page (two
    /// equal rows define equal shapes under one id, which is harmless); a streamed answer names
    /// them as the whole one does.
    static func withIDs(_ row: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in row.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return row.replacing(idMark, with: "rb-" + String(repeating: "0", count: 16 - hex.count) + hex)
    }

    /// One route's row, the `position`th from the top.
    static func row(_ route: LaidOutRoute, at position: Int, options: LayoutOptions, clock: ClockText? = nil) -> String {
        let radius = min(options.cornerRadius ?? options.height / 2, options.height / 2)
        let colors = ThemeColors(options.theme)
        let clip = "\(idMark)-bar-\(position)"
        var svg =
            "<g class=\"route rb-route\" data-index=\"\(route.index)\" transform=\"translate(0 \(number(clockBand(options) + rowHeight(options) * Double(position))))\" role=\"img\">"
        // A sentence said in another language than the drawing's (one without words) says so.
        let sentence = options.locale.sentenceLocale
        let titleLanguage = sentence.rawValue == options.locale.rawValue ? "" : " xml:lang=\"\(escape(sentence.rawValue))\""
        svg += "<title\(titleLanguage)>\(escape(route.accessibilityLabel))</title>\n"
        // Right to left, the row is drawn mirrored: the first leg (and the earliest time) at the
        // right; texts are mirrored back (`unmirrored`), so they read as written.
        let mirrored = options.locale.isRightToLeft
        if mirrored { svg += "<g class=\"rb-rtl\" transform=\"matrix(-1 0 0 1 \(number(options.width)) 0)\">" }
        let contents = SegmentDisplay.plan(route, options: options).map(SegmentContent.init)
        // The bar from its start (`timeScale` `clock`); segments count from there.
        let start = route.barStart
        if let axis = route.clockAxis {
            let taken = contents.compactMap { $0.extent.map { ($0.0 + start, $0.1 + start) } }
            svg += hourMarks(axis, labelled: position == 0, options: options, colors: colors, clock: clock, avoiding: taken)
        }
        if start != 0 { svg += "<g class=\"rb-bar\" transform=\"translate(\(number(start)) 0)\">" }
        svg +=
            "<clipPath id=\"\(clip)\"><rect width=\"\(number(route.barWidth))\" height=\"\(number(options.height))\" "
            + "rx=\"\(number(radius))\"/></clipPath>\n<g clip-path=\"url(#\(clip))\">\n"
        var previous: BarSegment?
        for (item, segment) in route.segments.enumerated() where segment.width > 0 {
            svg += shape(segment, content: contents[item], id: "\(idMark)-\(position)-\(item)", options: options, colors: colors)
            // Neighbours of one colour keep an edge; a change of vehicle gets its mark.
            if let previous, previous.x + previous.width == segment.x, previous.color == segment.color, drawsBlock(previous, options),
                drawsBlock(segment, options)
            {
                svg +=
                    "<line class=\"rb-edge\" x1=\"\(number(segment.x))\" y1=\"0\" x2=\"\(number(segment.x))\" "
                    + "y2=\"\(number(options.height))\" stroke=\"\(colors.background)\" stroke-width=\"1\"/>\n"
            }
            previous = segment
        }
        svg += "</g>\n"
        // A change of vehicle: a cut through the bar, and a ring on it where both sides leave room.
        let ring = min(options.height * 0.15, 5)
        var before: (segment: BarSegment, content: SegmentContent)?
        for (item, segment) in route.segments.enumerated() where segment.width > 0 {
            defer { before = (segment, contents[item]) }
            guard segment.transferBefore == true else { continue }
            let x = segment.x - options.gap / 2
            svg +=
                "<g class=\"rb-transfer\" aria-hidden=\"true\"><line x1=\"\(number(x))\" y1=\"0\" x2=\"\(number(x))\" y2=\"\(number(options.height))\" "
                + "stroke=\"\(colors.background)\" stroke-width=\"2\"/>"
            let room = contents[item].clearOf(segment, options: options)[0]
            if room.1 - room.0 >= ring + 1, let before, let left = before.content.clearOf(before.segment, options: options).last,
                left.1 - left.0 >= ring + 1
            {
                svg +=
                    "<circle cx=\"\(number(x))\" cy=\"\(number(options.height / 2))\" r=\"\(number(ring))\" fill=\"\(colors.background)\" "
                    + "stroke=\"\(colors.text)\" stroke-width=\"1.5\"/>"
            }
            svg += "</g>\n"
        }
        for (item, segment) in route.segments.enumerated() where segment.width > 0 {
            svg += contents[item].svg(segment, options: options, colors: colors, barStart: start)
            svg += contents[item].belowSVG(segment, options: options, colors: colors)
        }
        if start != 0 { svg += "</g>" }
        if mirrored { svg += "</g>" }
        svg += "</g>\n"
        return withIDs(svg)
    }

    /// In a right-to-left drawing, a transform that mirrors a text back around its centre `x`,
    /// inside the mirrored row; nothing otherwise. Ends with a space.
    static func unmirrored(_ x: Double, _ options: LayoutOptions) -> String {
        options.locale.isRightToLeft ? "transform=\"matrix(-1 0 0 1 \(number(2 * x)) 0)\" " : ""
    }

    /// Whether the segment is drawn as a block of its colour (rides, and walks in `block` style).
    static func drawsBlock(_ segment: BarSegment, _ options: LayoutOptions) -> Bool {
        switch segment.kind {
        case .walking: options.walkStyle == .block
        case .waiting: false
        case .transit, .other: true
        }
    }

    /// The text colour and background of a theme.
    struct ThemeColors {
        let text: String
        let background: String
        /// The clock axis's hour lines, faint behind the bars.
        let hourLine: String

        init(_ theme: ColorTheme) {
            text = theme == .dark ? "#E0E0E0" : "#333333"
            background = theme == .dark ? ColorContrast.darkBackground : "#FFFFFF"
            hourLine = theme == .dark ? "#424242" : "#D6D6D6"
        }
    }

    /// A segment's shape: a block of its colour; a walk's dots or line on the centre line, left
    /// clear where its text is; a wait hatched in its colour.
    static func shape(_ segment: BarSegment, content: SegmentContent, id: String, options: LayoutOptions, colors: ThemeColors) -> String {
        let color = segment.color ?? fallbackColor
        let parts =
            "class=\"segment \(segment.kind.rawValue) rb-segment rb-\(segment.kind == .walking ? "walk" : segment.kind == .waiting ? "wait" : "ride")\" "
            + "data-mode=\"\(segment.mode.rawValue)\" data-segment=\"\(segment.index)\""
        if drawsBlock(segment, options) {
            return
                "<rect \(parts) x=\"\(number(segment.x))\" y=\"0\" width=\"\(number(segment.width))\" height=\"\(number(options.height))\" "
                + "fill=\"\(color)\"/>\n"
        }
        let clear = content.clearOf(segment, options: options)
        if segment.kind == .waiting {
            let stripe = max(options.height / 8, 2)
            var svg =
                "<g \(parts)><pattern id=\"\(id)\" patternUnits=\"userSpaceOnUse\" width=\"\(number(stripe * 2))\" height=\"\(number(stripe * 2))\" "
                + "patternTransform=\"rotate(45)\"><rect width=\"\(number(stripe))\" height=\"\(number(stripe * 2))\" fill=\"\(color)\"/></pattern>"
            for (from, to) in clear where to > from {
                svg +=
                    "<rect x=\"\(number(from))\" y=\"0\" width=\"\(number(to - from))\" height=\"\(number(options.height))\" fill=\"url(#\(id))\"/>"
            }
            return svg + "</g>\n"
        }
        // A walk: dots or a line, on both sides of its text.
        let middle = options.height / 2
        let thickness = SegmentDisplay.dotRadius(height: options.height) * 2
        var svg = "<g \(parts)>"
        var drawn = false
        for (from, to) in clear where to > from {
            if options.walkStyle == .line {
                svg +=
                    "<line x1=\"\(number(from + thickness / 2))\" y1=\"\(number(middle))\" x2=\"\(number(max(to - thickness / 2, from + thickness / 2)))\" "
                    + "y2=\"\(number(middle))\" stroke=\"\(color)\" stroke-width=\"\(number(thickness))\" stroke-linecap=\"round\"/>"
            } else {
                let radius = thickness / 2
                let step = radius * 3
                let count = Int(((to - from) / step).rounded(.down))
                let start = from + (to - from - Double(max(count - 1, 0)) * step) / 2
                for dot in 0..<max(count, 1) where to - from >= radius * 2 {
                    svg += "<circle cx=\"\(number(start + Double(dot) * step))\" cy=\"\(number(middle))\" r=\"\(number(radius))\" fill=\"\(color)\"/>"
                    drawn = true
                }
            }
        }
        // Every walk is drawn, however short: one dot in its middle, as wide as it is at most.
        if options.walkStyle != .line, !drawn, segment.width > 0 {
            let radius = min(thickness / 2, segment.width / 2)
            svg +=
                "<circle cx=\"\(number(segment.x + segment.width / 2))\" cy=\"\(number(middle))\" r=\"\(number(radius))\" fill=\"\(color)\"/>"
        }
        return svg + "</g>\n"
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
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
