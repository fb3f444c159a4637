/// A `200` answer for one width (openapi.yaml, `RouteBarResponse`): every route laid out.
public struct Layout: Codable, Sendable, Hashable {
    public var width: Double
    public var scale: Double
    public var algorithm: LayoutRequest.Algorithm
    /// The drawing options, echoed (nil from a service before 1.1).
    public var gap: Double?
    public var theme: LayoutRequest.Theme?
    public var timeScale: LayoutRequest.TimeScale?
    public var routes: [BarRoute]
}

/// A `200` answer for a request with `widths` (openapi.yaml, `RouteBarLayoutsResponse`): one `Layout` per width, in order.
public struct MultiWidthLayout: Codable, Sendable, Hashable {
    public var scale: Double
    public var algorithm: LayoutRequest.Algorithm
    public var gap: Double?
    public var theme: LayoutRequest.Theme?
    public var timeScale: LayoutRequest.TimeScale?
    public var layouts: [Layout]
}

/// One route laid out: its counts, the minimums used, and a segment per leg.
public struct BarRoute: Codable, Sendable, Hashable {
    /// The route's position in the request (nil from a service before 1.1, like the other optionals below).
    public var index: Int?
    public var id: String?
    public var totalTime: Double
    public var walkingCount: Int
    public var transitCount: Int
    /// Changes of vehicle: visible transit legs minus one, at least 0.
    public var transferCount: Int?
    /// The bar's length in points, which the visible segments and gaps fill.
    public var barWidth: Double?
    public var minWalkingLength: Double
    public var minTransitLength: Double
    /// Points per minute beyond the minimums.
    public var minuteLength: Double
    public var height: Double
    /// The minimums alone overflowed the bar, so every visible segment got an equal share.
    public var compressed: Bool
    /// One sentence for screen readers.
    public var accessibilityLabel: String?
    public var segments: [BarSegment]
}

/// One leg's segment, in points; zero-minute legs have width 0.
public struct BarSegment: Codable, Sendable, Hashable {
    public var index: Int
    public var trafficType: Int
    /// `walking` or `transit`.
    public var kind: String
    /// `subway`, `bus`, `walk`, `train`, `expressBus`, `intercityBus`, `airplane` or `other`.
    public var mode: String
    public var sectionTime: Double
    public var x: Double
    public var width: Double
    public var label: String?
    public var labelFits: Bool?
    /// True for a transit segment right after another (no visible walk between); nil for walks.
    public var transferBefore: Bool?
    public var line: SegmentLine?
    /// Every candidate line for the leg, in order, each with its colour; the first is `line`.
    public var lines: [SegmentLine]?
    /// `#RRGGBB`, unless the request said `colors: false`.
    public var color: String?
    /// `#FFFFFF` or `#000000`, whichever contrasts more with `color`.
    public var textColor: String?
}

/// The line a transit segment rides, from ODsay's `lane`.
public struct SegmentLine: Codable, Sendable, Hashable {
    public var name: String
    /// ODsay's `subwayCode`, for a subway.
    public var code: Int?
    /// ODsay's bus `type`, for a bus.
    public var busType: Int?
    /// ODsay's `trainType`, for a train.
    public var trainType: Int?
    /// A badge's text: "3", "신분당", "421", "KTX".
    public var shortName: String?
    /// Where known: "Line 3", "Shinbundang Line".
    public var englishName: String?
    /// The line's colour, inside `lines`.
    public var color: String?
}
