import RouteBar

/// A fact of the route card that planners give beyond times, places and lines: each is a member
/// of the answer (a segment's, or the route's `fare` and `fares`). Each adapter's `cardFacts` says where its
/// planner writes it; docs/planners.md's table is that, and PlannerFactsTests checks every cell
/// against a recording or a body written from the planner's documentation.
enum CardFact: String, CaseIterable, Sendable {
    case departurePlatform, arrivalPlatform, stops, network, realTime, departureDelay, arrivalDelay, occupancy, alerts,
        cancelled, reachable, fareProducts, fare, fares

    /// The answer's member: a segment's, but `fare` and `fares`, a route's.
    var member: String { rawValue }
}
