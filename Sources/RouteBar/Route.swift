/// One leg of a route: ODsay's `subPath`, or a leg of any planner's itinerary.
public struct SubPath: Sendable, Hashable {
    /// ODsay's code: 1 subway, 2 bus, 3 walk, 4 train, 5 express bus, 6 intercity bus, 7 airplane;
    /// for a mode ODsay has no code for, 0. Setting it sets `mode` to the code's.
    public var trafficType: Int {
        didSet { mode = TransitMode(trafficType: trafficType) }
    }
    /// What carries the leg: ODsay's `trafficType` named, or the planner's mode.
    public var mode: TransitMode
    /// Minutes; a leg of zero minutes (a transfer walk, say) is invisible in the bar.
    public var sectionTime: Double
    /// The line, when the source names it (ODsay's first `lane`).
    public var line: TransitLine?
    /// The other candidate lines, in the source's order: ODsay lists every bus that serves a
    /// leg, and any of them will do.
    public var otherLines: [TransitLine] = []
    /// ODsay's `trainType` for a train leg: the train's class (KTX, ITX-새마을, 무궁화, …).
    public var trainType: Int?
    /// The planner's own line colour, `#RRGGBB`: it wins over the palette's.
    public var color: String?
    /// The planner's text colour for `color`, used where it reaches 4.5:1 on it.
    public var textColor: String?
    /// The leg continues the previous one in the same vehicle (OpenTripPlanner's and MOTIS's
    /// `interlineWithPreviousLeg`, Navitia's `stay_in`): not a transfer.
    public var interlined = false
    /// Times, distance, stops and headsign, where the planner gives them.
    public var card: LegCard?
    /// Candidate lines kept per leg: more would only lengthen the answer.
    public static let maxOtherLines = 15

    // Inlinable, like the properties below: the decoder makes one per leg from another module.
    @inlinable
    public init(
        trafficType: Int, sectionTime: Double, line: TransitLine? = nil, otherLines: [TransitLine] = [],
        trainType: Int? = nil
    ) {
        self.trafficType = trafficType
        self.mode = TransitMode(trafficType: trafficType)
        self.sectionTime = sectionTime
        self.line = line
        self.otherLines = otherLines
        self.trainType = trainType
    }

    /// A leg by mode and minutes, as a planner gives it (minutes may be fractional: seconds ÷ 60).
    @inlinable
    public init(mode: TransitMode, minutes: Double, line: TransitLine? = nil, color: String? = nil, textColor: String? = nil) {
        self.trafficType = mode.trafficType ?? 0
        self.mode = mode
        self.sectionTime = minutes
        self.line = line
        self.color = color
        self.textColor = textColor
    }

    @inlinable public var isVisible: Bool { sectionTime > 0 }
    @inlinable public var kind: SegmentKind { mode.kind }
}

/// One route of a search result: the legs drawn as one bar.
public struct Route: Sendable, Hashable {
    /// The client's identifier, echoed back.
    public var id: String?
    /// The route's total minutes as the source reports them; it may differ from the legs' sum.
    public var totalTime: Double?
    public var subPaths: [SubPath]
    /// Times, walking distance, fare and transfers, where the planner gives them.
    public var card: RouteCard?

    @inlinable
    public init(id: String? = nil, totalTime: Double? = nil, subPaths: [SubPath]) {
        self.id = id
        self.totalTime = totalTime
        self.subPaths = subPaths
    }
}
