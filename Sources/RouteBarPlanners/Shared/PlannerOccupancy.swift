import RouteBar

/// Planners' words for how full a vehicle is, as `Occupancy` (GTFS Realtime's scale).
package enum PlannerOccupancy {
    /// GTFS Realtime's `OccupancyStatus` names, as OpenTripPlanner passes them through
    /// (Digitransit's `trip.occupancy.occupancyStatus`); `NO_DATA_AVAILABLE` and
    /// `NOT_BOARDABLE` say nothing about how full it is.
    package static func gtfs(_ name: String) -> Occupancy? {
        switch name {
        case "EMPTY": .empty
        case "MANY_SEATS_AVAILABLE": .manySeatsAvailable
        case "FEW_SEATS_AVAILABLE": .fewSeatsAvailable
        case "STANDING_ROOM_ONLY": .standingRoomOnly
        case "CRUSHED_STANDING_ROOM_ONLY": .crushedStandingRoomOnly
        case "FULL": .full
        case "NOT_ACCEPTING_PASSENGERS": .notAcceptingPassengers
        default: nil
        }
    }

    /// `loadFactor` (hafas-client's), documented only in its source (`p/db/loadFactors.js` and
    /// `parse/load-factor.js`, public-transport/hafas-client): HAFAS's four levels of expected load. "low-to-medium" still has seats to choose from,
    /// "high" few, "very-high" standing room, "exceptionally-high" crowded.
    package static func loadFactor(_ name: String) -> Occupancy? {
        switch name {
        case "low-to-medium": .manySeatsAvailable
        case "high": .fewSeatsAvailable
        case "very-high": .standingRoomOnly
        case "exceptionally-high": .crushedStandingRoomOnly
        default: nil
        }
    }
}
