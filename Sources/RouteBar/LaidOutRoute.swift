/// One route's bar: its segments' positions and widths in points, left to right.
public struct LaidOutRoute: Sendable, Hashable {
    public var id: String?
    /// The route's `totalTime` as given, or the legs' sum when it was not.
    public var totalTime: Double
    /// Visible walking legs.
    public var walkingCount: Int
    /// Visible legs of any other kind.
    public var transitCount: Int
    /// The minimum width each visible walking segment got, in points.
    public var minWalkingLength: Double
    /// The minimum width each visible transit segment got, in points.
    public var minTransitLength: Double
    /// Points per minute beyond the minimums.
    public var minuteLength: Double
    public var height: Double
    /// True when the minimums alone would overflow the bar and were shared evenly instead.
    public var compressed: Bool
    /// One per leg, in order; invisible legs have width 0.
    public var segments: [BarSegment]
    /// One sentence for screen readers: "총 47분: 도보 6분, 버스 421 14분, …".
    public var accessibilityLabel: String
}

extension LaidOutRoute {
    /// An empty route, for `RouteBarLayout.layOut(_:reusing:each:)` to fill in.
    public init() {
        self.init(id: nil, totalTime: 0, walkingCount: 0, transitCount: 0, minWalkingLength: 0, minTransitLength: 0,
                  minuteLength: 0, height: 0, compressed: false, segments: [], accessibilityLabel: "")
    }
}

/// One leg's place in the bar.
public struct BarSegment: Sendable, Hashable {
    /// The leg's position in the route's `subPaths`.
    public var index: Int
    public var trafficType: Int
    public var kind: SegmentKind
    public var mode: TransitMode
    public var sectionTime: Double
    /// Distance from the bar's left edge, in points.
    public var x: Double
    /// In points; 0 for a leg of zero minutes.
    public var width: Double
    /// "6분" or "6 min"; nil for an invisible leg.
    public var label: String?
    /// Whether `label` fits inside `width` at the request's font size; nil for an invisible leg.
    public var labelFits: Bool?
    /// The line, when the source names it.
    public var line: TransitLine?
    /// "#RRGGBB", unless colours were turned off.
    public var color: String?
}
