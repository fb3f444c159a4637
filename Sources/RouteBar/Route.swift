/// One leg of a route, as ODsay's `subPath` describes it.
public struct SubPath: Sendable, Hashable {
    /// ODsay's code: 1 subway, 2 bus, 3 walk, 4 train, 5 express bus, 6 intercity bus, 7 airplane.
    public var trafficType: Int
    /// Minutes; a leg of zero minutes (a transfer walk, say) is invisible in the bar.
    public var sectionTime: Double
    /// The line, when the source names it (ODsay's first `lane`).
    public var line: TransitLine?
    /// The other candidate lines, in the source's order: ODsay lists every bus that serves a
    /// leg, and any of them will do.
    public var otherLines: [TransitLine] = []
    /// ODsay's `trainType` for a train leg: the train's class (KTX, ITX-새마을, 무궁화, …).
    public var trainType: Int?
    /// Candidate lines kept per leg: more would only lengthen the answer.
    public static let maxOtherLines = 15

    // Inlinable, like the properties below: the decoder makes one per leg from another module.
    @inlinable
    public init(trafficType: Int, sectionTime: Double, line: TransitLine? = nil, otherLines: [TransitLine] = [],
                trainType: Int? = nil) {
        self.trafficType = trafficType
        self.sectionTime = sectionTime
        self.line = line
        self.otherLines = otherLines
        self.trainType = trainType
    }

    @inlinable public var isVisible: Bool { sectionTime > 0 }
    @inlinable public var kind: SegmentKind { trafficType == 3 ? .walking : .transit }
    @inlinable public var mode: TransitMode { TransitMode(trafficType: trafficType) }
}

/// One route of a search result: the legs drawn as one bar.
public struct Route: Sendable, Hashable {
    /// The client's identifier, echoed back.
    public var id: String?
    /// The route's total minutes as the source reports them; it may differ from the legs' sum.
    public var totalTime: Double?
    public var subPaths: [SubPath]

    @inlinable
    public init(id: String? = nil, totalTime: Double? = nil, subPaths: [SubPath]) {
        self.id = id
        self.totalTime = totalTime
        self.subPaths = subPaths
    }
}
