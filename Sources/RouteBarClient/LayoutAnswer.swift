import RouteBar

/// A `200` answer for one width (openapi.yaml, `RouteBarResponse`): every route laid out, as
/// the RouteBar library's own `LaidOutRoute`s, so code written for the library takes it as it is.
public struct LayoutAnswer: Decodable, Sendable, Hashable {
    public var width: Double
    public var scale: Double
    public var algorithm: LayoutAlgorithm
    /// The drawing options, echoed.
    public var gap: Double
    public var theme: ColorTheme
    public var timeScale: TimeScale
    /// The planner whose answer was posted (`"otp"`, `"here"`, …); nil for routebar's own shape.
    public var source: String?
    /// Why the planner's answer has no route, in the planner's words, when it says.
    public var notice: String?
    public var routes: [LaidOutRoute]

    /// The options that made this answer, for drawing it with the library (RouteBarDrawing).
    public var options: LayoutOptions {
        var options = LayoutOptions(width: width, scale: scale, algorithm: algorithm)
        options.gap = gap
        options.theme = theme
        options.timeScale = timeScale
        return options
    }
}

/// A `200` answer for a request with `widths` (openapi.yaml, `RouteBarLayoutsResponse`): one
/// `LayoutAnswer` per width, in order.
public struct MultiWidthLayoutAnswer: Decodable, Sendable, Hashable {
    public var scale: Double
    public var algorithm: LayoutAlgorithm
    public var gap: Double
    public var theme: ColorTheme
    public var timeScale: TimeScale
    public var source: String?
    public var notice: String?
    public var layouts: [LayoutAnswer]
}
