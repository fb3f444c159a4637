/// How full a vehicle is, in GTFS Realtime's `OccupancyStatus` terms
/// (https://gtfs.org/documentation/realtime/reference/#enum-occupancystatus), which
/// OpenTripPlanner passes through; other planners' scales are mapped onto it (docs/planners.md, "The route card").
public enum Occupancy: String, Sendable, Hashable, CaseIterable {
    case empty
    case manySeatsAvailable
    case fewSeatsAvailable
    case standingRoomOnly
    case crushedStandingRoomOnly
    case full
    case notAcceptingPassengers

    /// The name in answers: the case's name ("fewSeatsAvailable").
    public var jsonName: String { rawValue }
}
