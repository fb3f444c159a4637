/// What carries a leg: one vocabulary for every planner's modes (ODsay's `trafficType` codes,
/// OpenTripPlanner's and Google's vehicle types, Navitia's physical modes, …).
public enum TransitMode: String, Sendable, Hashable, CaseIterable {
    // ODsay's seven, in the order of their codes, then the others.
    case subway
    case bus
    case walk
    case train
    case expressBus
    case intercityBus
    case airplane
    case other
    /// Tram, light rail, monorail.
    case tram
    case ferry
    /// Cable car, gondola, aerial lift, funicular.
    case cableCar
    case bicycle
    case car
    /// Time spent waiting between two legs.
    case wait

    @inlinable
    public init(trafficType: Int) {
        self = Self.traitsTable.first { $0.trafficType == trafficType }?.mode ?? .other
    }

    /// ODsay's `trafficType` for the mode, where it has one.
    @inlinable
    public var trafficType: Int? { traits.trafficType }

    /// Whether a line's colour applies to a leg of this mode: colours belong to rides. A
    /// planner's or a named leg's colour on a walk, a wait, a bicycle or a car is not drawn;
    /// the palette's colour for the mode is.
    @inlinable
    public var takesLineColor: Bool { kind == .transit }

    /// What a leg of this mode counts as: a walk, public transport, a wait, or neither
    /// (a bicycle or a car, counted in neither `walkingCount` nor `transitCount`).
    @inlinable
    public var kind: SegmentKind { traits.kind }
}
