import RouteBar

/// The SVG answer laid out and drawn a few rows at a time, as the client reads it: byte for
/// byte `RouteBarSVG.render`'s document, holding one piece of it, never all of it.
package struct RouteBarSVGPieces: AnswerPieces {
    private var cursor: RouteCursor
    private let routeCount: Int
    private var laidOut = LaidOutRoute()
    private let clock: RouteBarSVG.ClockText?
    private var begun = false
    package private(set) var isFinished = false

    /// Checks every route; the errors an answer can meet are thrown here, before its first byte.
    package init(_ routes: [Route], options: LayoutOptions) throws(RouteBarError) {
        try self.init(routes, options: options, clock: nil)
    }

    /// With `timeScale` `clock`'s hours written by `clock` (`RouteBarSVG.render(_:options:clock:)`).
    package init(_ routes: [Route], options: LayoutOptions, clock: RouteBarSVG.ClockText?) throws(RouteBarError) {
        cursor = try RouteCursor(RouteBarLayout(options), routes: routes)  // sentences on: each row's title
        routeCount = routes.count
        self.clock = clock
    }

    package mutating func nextPiece() throws(RouteBarError) -> [UInt8]? {
        guard !isFinished else { return nil }
        var piece = ""
        if !begun {
            begun = true
            piece = RouteBarSVG.head(routeCount: routeCount, options: cursor.layout.options)
        }
        while piece.utf8.count < Self.pieceBytes {
            let position = cursor.position
            guard try cursor.layOutNext(into: &laidOut) else {
                piece += RouteBarSVG.foot
                isFinished = true
                break
            }
            piece += RouteBarSVG.row(laidOut, at: position, options: cursor.layout.options, clock: clock)
        }
        return Array(piece.utf8)
    }
}
