import RouteBar

/// The routes as one SVG picture: a bar per route, stacked like the table view's rows, each
/// segment in its colour with its label under it where the label fits, and the route's
/// accessibility sentence as the row's `<title>`.
public enum RouteBarSVG {
    static let rowGap = 8.0
    static let fallbackColor = "#9E9E9E"

    public static func render(_ routes: [LaidOutRoute], options: LayoutOptions) -> [UInt8] {
        let labelBand = options.labelFontSize * 1.5
        let row = options.height + labelBand + rowGap
        let totalHeight = max(row * Double(routes.count) - rowGap, 1)
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(options.width))" height="\(number(totalHeight))" \
            viewBox="0 0 \(number(options.width)) \(number(totalHeight))" font-family="-apple-system, Roboto, 'Noto Sans KR', sans-serif" \
            font-size="\(number(options.labelFontSize))">

            """
        for (index, route) in routes.enumerated() {
            svg += "<g class=\"route\" transform=\"translate(0 \(number(row * Double(index))))\" role=\"img\">"
            svg += "<title>\(escape(route.accessibilityLabel))</title>\n"
            for segment in route.segments where segment.width > 0 {
                svg += "<rect class=\"segment \(segment.kind.rawValue)\" x=\"\(number(segment.x))\" y=\"0\" width=\"\(number(segment.width))\" "
                    + "height=\"\(number(options.height))\" fill=\"\(segment.color ?? fallbackColor)\"/>\n"
                if let label = segment.label, segment.labelFits == true {
                    svg += "<text x=\"\(number(segment.x + segment.width / 2))\" y=\"\(number(options.height + options.labelFontSize * 1.2))\" "
                        + "text-anchor=\"middle\" fill=\"#333333\">\(escape(label))</text>\n"
                }
            }
            svg += "</g>\n"
        }
        svg += "</svg>\n"
        return Array(svg.utf8)
    }

    static func number(_ value: Double) -> String {
        value.shortDescription
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            // XML 1.0 has no form for most control characters, escaped or not.
            case _ where character.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }:
                escaped += "\u{FFFD}"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
