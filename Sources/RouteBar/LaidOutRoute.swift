/// One route's bar: its segments' positions and widths in points, left to right.
public struct LaidOutRoute: Sendable, Hashable {
    /// The route's position in the request (ODsay's paths carry no id).
    public var index: Int
    public var id: String?
    /// The route's `totalTime` as given, or the legs' sum when it was not.
    public var totalTime: Double
    /// Visible walking legs.
    public var walkingCount: Int
    /// Visible legs of any other kind.
    public var transitCount: Int
    /// Changes from one vehicle to another: visible transit legs minus one, less the legs that
    /// continue the same vehicle (interlined), at least 0.
    public var transferCount: Int
    /// The bar's length in points: the visible segments and the gaps between them fill it. The
    /// whole width's device pixels unless `timeScale` is `shared` or `clock`.
    public var barWidth: Double
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
    /// One sentence for screen readers: "총 47분: 도보 6분, 버스 421, 14분, …".
    public var accessibilityLabel: String
    /// The route's card, passed through from the planner.
    public var card: RouteCard? = nil
    /// `totalTime` in whole minutes, rounded once, as the sentence says it: the visible
    /// segments' `minutes` add up to it wherever the legs account for the total.
    public var minutes = 0
    /// Points from the row's left edge to the bar's start, where the segments' `x` count from:
    /// the departure's place on the axis with `timeScale` `clock`, else 0.
    public var barStart = 0.0
    /// With `timeScale` `clock`: the axis the list shares, for drawing its hours.
    public var clockAxis: ClockAxis?
}

extension LaidOutRoute {
    /// An empty route, for `RouteBarLayout.layOutEach(_:reusing:each:)` to fill in.
    public init() {
        self.init(
            index: 0, id: nil, totalTime: 0, walkingCount: 0, transitCount: 0, transferCount: 0, barWidth: 0,
            minWalkingLength: 0, minTransitLength: 0, minuteLength: 0, height: 0, compressed: false, segments: [],
            accessibilityLabel: "")
    }

    /// Its segments and sentence, taken out and left empty: passed on from here, they move
    /// into the route's next value; passed as `laidOut.segments`, each was retained for the
    /// new value and released with the old.
    mutating func takeStorage() -> (segments: [BarSegment], sentence: String) {
        var segments: [BarSegment] = []
        swap(&segments, &self.segments)
        var sentence = ""
        swap(&sentence, &accessibilityLabel)
        return (segments, sentence)
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
    /// The whole minutes `label` shows; 0 for an invisible leg. The visible segments' minutes
    /// add up to the route's total (`SegmentLabel.apportion`).
    public var minutes = 0
    /// For a leg too short to draw (under a planner request's `shortLeg` seconds): its real
    /// seconds, which joined the wait beside it and which the sentence says. Such a leg is
    /// invisible (`width` 0) but not unseen.
    public var shortSeconds: Double?
    /// Whether `label` is shown inside the segment, after its badge, at the request's font
    /// size: the badge comes first (`SegmentLabel.inside`); nil for an invisible leg.
    public var labelFits: Bool?
    /// The badge a transit segment shows inside it (the line's short name, "3" for 3호선);
    /// nil for other segments and lines without one.
    public var badge: String?
    /// Whether the whole `badge` fits inside the segment; where it does not, a drawing shortens
    /// it to its first whole words or leaves it out (`SegmentDisplay`). Nil without a badge.
    public var badgeFits: Bool?
    /// The line, when the source names it; for a train, its class when ODsay's `trainType` names it.
    public var line: TransitLine?
    /// The other candidate lines, in the source's order (`line` is the first).
    public var otherLines: [TransitLine]
    /// ODsay's `trainType`, for a train leg.
    public var trainType: Int?
    /// For a visible transit segment: whether another visible transit segment comes before it
    /// with no visible walk between (a transfer); nil for walks and invisible legs.
    public var transferBefore: Bool?
    /// "#RRGGBB" for the request's theme, unless colours were turned off.
    public var color: String?
    /// White or black, whichever contrasts more with `color` (at least 4.5:1 on every palette
    /// colour), or the planner's own where it reaches 4.5:1 on the planner's colour.
    public var textColor: String?
    /// The leg continues the previous one in the same vehicle: not a transfer.
    public var interlined = false
    /// The leg's card, passed through from the planner.
    public var card: LegCard?

    public init(
        index: Int, trafficType: Int, kind: SegmentKind, mode: TransitMode, sectionTime: Double, x: Double, width: Double,
        label: String? = nil, labelFits: Bool? = nil, line: TransitLine? = nil, otherLines: [TransitLine] = [],
        trainType: Int? = nil, transferBefore: Bool? = nil, color: String? = nil, textColor: String? = nil,
        interlined: Bool = false, card: LegCard? = nil
    ) {
        self.index = index
        self.trafficType = trafficType
        self.kind = kind
        self.mode = mode
        self.sectionTime = sectionTime
        self.x = x
        self.width = width
        self.label = label
        self.labelFits = labelFits
        self.line = line
        self.otherLines = otherLines
        self.trainType = trainType
        self.transferBefore = transferBefore
        self.color = color
        self.textColor = textColor
        self.interlined = interlined
        self.card = card
    }
}
