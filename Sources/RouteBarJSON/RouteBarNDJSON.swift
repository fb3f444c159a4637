import RouteBar
import RouteBarPlanners
internal import StrictJSON

/// The answer as newline-delimited JSON: one route object per line, the same object as in
/// the JSON answer's `routes`, encoded only when the caller is ready for it.
public struct RouteBarNDJSON: Sendable {
    private let routes: [LaidOutRoute]
    private let options: LayoutOptions
    private var next = 0

    public init(_ routes: [LaidOutRoute], options: LayoutOptions) {
        self.routes = routes
        self.options = options
    }

    /// The next line (with its newline), or nil after the last.
    public mutating func nextLine() -> [UInt8]? {
        guard next < routes.count else { return nil }
        defer { next += 1 }
        return RouteBarNDJSONPieces.line(routes[next], options: options)
    }
}

/// The NDJSON answer laid out a route at a time: each piece is one line, laid out when the
/// client is ready for it, so a client that stops reading holds one route.
package struct RouteBarNDJSONPieces: AnswerPieces {
    private var cursor: RouteCursor
    private var clock: CardFormatter?
    private var fields: AnswerFields
    private var laidOut = LaidOutRoute()

    /// Checks every route (errors thrown here, before the first line).
    package init(_ request: RouteBarRequest) throws(RouteBarInputError) {
        try request.checkOneWidth(for: .ndjson)
        fields = request.fields
        do {
            var layout = try RouteBarLayout(request.options)
            layout.buildsAccessibilityLabels = false  // written from the segments
            layout.buildsPresentation = request.fields.needsPresentation
            cursor = try RouteCursor(layout, routes: request.routes)
            clock = request.cardFormatter
        } catch {
            throw RouteBarInputError(error, in: request)
        }
    }

    package mutating func nextPiece() throws(RouteBarError) -> [UInt8]? {
        guard try cursor.layOutNext(into: &laidOut) else { return nil }
        return Self.line(laidOut, options: cursor.layout.options, clock: clock, fields: fields)
    }

    static func line(_ route: LaidOutRoute, options: LayoutOptions, clock: CardFormatter? = nil, fields: AnswerFields = .all) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + 200 * route.segments.count)
        RouteBarResponse.write(route, options: options, clock: clock, fields: fields, to: &writer)
        var line = writer.bytes
        line.append(UInt8(ascii: "\n"))
        return line
    }
}

extension RouteBarRequest {
    /// Refuses a field mask for the SVG, which is a picture of every member it draws.
    package func checkFields(for format: RouteBarResponse.Format) throws(RouteBarInputError) {
        guard format == .svg, !fields.isAll else { return }
        let mask = RequestParameter.fields
        let source = fieldsFromHeader ? mask.header ?? mask.name : mask.name
        throw RouteBarInputError(
            .unsupportedForFormat, "\(source) chooses members of the JSON answer; an SVG is drawn whole: leave fields (and X-Fields) out",
            naming: source)
    }

    /// Refuses `widths` for a format that draws one layout.
    package func checkOneWidth(for format: RouteBarResponse.Format) throws(RouteBarInputError) {
        guard widths == nil else {
            throw RouteBarInputError(
                .unsupportedForFormat,
                "widths gives one layout per width, which only the JSON answer holds; send width for \(format == .svg ? "an SVG" : "NDJSON")",
                pointer: "/widths")
        }
    }
}
