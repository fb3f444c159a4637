import RouteBar
internal import StrictJSON

/// OpenTripPlanner, REST and GraphQL (`RequestDecoder+OpenTripPlanner.swift`); one itinerary
/// as the whole body is read as the body's own members (`RequestDecoder+Planners.swift`).
enum OpenTripPlannerAdapter: PlannerAdapter {
    static let planner = Planner("otp")
    static let title = "OpenTripPlanner"
    static let shape = "plan.itineraries, data.plan, data.planConnection.edges, or one itinerary"
    static let claimingNames: [StaticString] = ["plan", "data", "elevationMetadata"]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`from.platformCode`; GraphQL `from.stop.platformCode`",
        .arrivalPlatform: "`to.platformCode`; GraphQL `to.stop.platformCode`",
        .stops: "`intermediateStops`, plus 1",
        .realTime: "`realTime`",
        .departureDelay: "`departureDelay` (s)",
        .arrivalDelay: "`arrivalDelay` (s)",
        .occupancy: "GraphQL `trip.occupancy.occupancyStatus`",
        .alerts: "`alerts[].alertHeaderText`; GraphQL `route.alerts`, `trip.route.alerts`",
        .cancelled: "`realtimeState` `CANCELED`",
        .fareProducts: "2.x `fareProducts[].product`",
        .fare: "`fare.fare.regular` (`cents`); GraphQL `fares[]` `regular`",
    ]

    /// OpenTripPlanner 2's `TransitMode` (https://docs.opentripplanner.org/api/dev-2.x/graphql-gtfs/types/TransitMode)
    /// and street modes, and OpenTripPlanner 1's `TraverseMode`.
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["WALK"]), (.bus, ["BUS", "TROLLEYBUS"]), (.subway, ["SUBWAY"]), (.tram, ["TRAM", "MONORAIL"]),
        (.train, ["RAIL"]), (.intercityBus, ["COACH"]), (.ferry, ["FERRY"]),
        (.cableCar, ["CABLE_CAR", "GONDOLA", "FUNICULAR"]), (.airplane, ["AIRPLANE"]),
        (.bicycle, ["BICYCLE", "SCOOTER"]), (.car, ["CAR", "TAXI", "CARPOOL"]),
    ]

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("plan") {
            try decoder.decodeOTPPlan(at: "/plan")
        } else if decoder.reader.keyEquals("data") {
            try decoder.decodeGraphQLData()
        } else {
            try decoder.reader.skipValue()
        }
    }
}

extension Planner {
    public static let otp = OpenTripPlannerAdapter.planner
}
