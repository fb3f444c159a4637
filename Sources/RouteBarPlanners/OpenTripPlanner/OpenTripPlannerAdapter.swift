import RouteBar
internal import StrictJSON

/// OpenTripPlanner, REST and GraphQL (`PlannerReader+OpenTripPlanner.swift`); one itinerary
/// as the whole body is read as the body's own members (`PlannerReader+Planners.swift`).
enum OpenTripPlannerAdapter: PlannerAdapter {
    static let planner = Planner("otp")
    static let title = "OpenTripPlanner"
    static let shape = "plan.itineraries, data.plan, data.planConnection.edges, or one itinerary"
    static let claimingNames: [StaticString] = ["plan", "data", "elevationMetadata"]

    /// REST's `plan` and GraphQL's (OpenTripPlanner 2's GTFS API,
    /// https://docs.opentripplanner.org/api/dev-2.x/graphql-gtfs/types/Itinerary): under `data`
    /// or without it, under any alias, Digitransit's relay `viewer`, `planConnection`'s edges;
    /// one itinerary as the body; REST's `error` (`id` a number) and GraphQL's `errors`. A
    /// GraphQL answer has only the fields its query asked for: a leg is known by `mode` and a time.
    /// Neither API has Transmodel's aimed and expected times: legs with them under these names are
    /// Transmodel's renamed by a query's aliases (KDE KPublicTransport asks Entur for `startTime:
    /// aimedStartTime` beside `expectedStartTime`), where `startTime` is no forecast, as it is here.
    static let signatures: [PlannerSignature] = {
        let itinerary = [
            "legs:a", "legs[].mode:s", "legs[].startTime:ns | legs[].start:o | legs[].duration:n",
            "!legs[].expectedStartTime", "!legs[].expectedEndTime", "!legs[].aimedStartTime", "!legs[].aimedEndTime",
        ]
        let plans = ["plan", "data.*", "data.viewer.*"]
        return plans.flatMap { plan in
            [
                PlannerSignature.itineraries(at: plan + ".itineraries", each: itinerary),
                .itineraries(at: plan + ".edges", each: itinerary.map { PlannerSignature.joined("node", $0) }),
            ]
        } + [
            .oneItinerary(itinerary),
            .answer(["error.id:n", "error.msg:s | error.message:s"]),
            .answer(["errors[].message:s", "errors[].locations:a | errors[].path:a | errors[].extensions:o"]),
        ]
    }()

    /// REST's error `id`s (OpenTripPlanner 1's `Message`: HTTP statuses of its own, read as
    /// statuses but for these); 404, 406 and 409 are no route. GraphQL's errors answer a query
    /// the server could not run, so an unlisted one is the request's.
    static let errorReasons: KeyValuePairs<String, PlannerErrorReason> = [
        "340": .ambiguousPlace, "350": .ambiguousPlace, "360": .ambiguousPlace, "408": .plannerFailure,
    ]
    static let unlistedErrorReason = PlannerErrorReason.invalidRequest

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`from.platformCode`; GraphQL `from.stop.platformCode`",
        .arrivalPlatform: "`to.platformCode`; GraphQL `to.stop.platformCode`",
        .stops: "`intermediateStops`; GraphQL `intermediatePlaces` (Digitransit); plus 1",
        .realTime: "`realTime`; `start.estimated` or `end.estimated` given (GraphQL)",
        .departureDelay: "`departureDelay` (s); `start.estimated.time` − `start.scheduledTime` (GraphQL)",
        .arrivalDelay: "`arrivalDelay` (s); `end.estimated.time` − `end.scheduledTime` (GraphQL)",
        .occupancy: "GraphQL `trip.occupancy.occupancyStatus`",
        .alerts: "`alerts[].alertHeaderText`; GraphQL `route.alerts`, `trip.route.alerts`",
        .cancelled: "`realtimeState` `CANCELED`",
        .fareProducts:
            "2.x `fareProducts[]`: the use `id`, `product` (`name`, `riderCategory.name`, `medium.name`, `price`); "
            + "REST `fare.legProducts[]` on each of its `legIndices`",
        .fare: "`fare.fare.regular` (`cents`); GraphQL `fares[]` `regular`",
        .fares:
            "2.x `fareProducts` per rider category and medium: each leg's `rideCost` or `regular`, a use `id` once; "
            + "GraphQL `fares[]` (`type`, `cents`, `components[].fareId`)",
    ]

    /// OpenTripPlanner 2's `TransitMode` (https://docs.opentripplanner.org/api/dev-2.x/graphql-gtfs/types/TransitMode)
    /// and street modes, and OpenTripPlanner 1's `TraverseMode`.
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["WALK"]), (.bus, ["BUS", "TROLLEYBUS"]), (.subway, ["SUBWAY"]), (.tram, ["TRAM", "MONORAIL"]),
        (.train, ["RAIL"]), (.intercityBus, ["COACH"]), (.ferry, ["FERRY"]),
        (.cableCar, ["CABLE_CAR", "GONDOLA", "FUNICULAR"]), (.airplane, ["AIRPLANE"]),
        (.bicycle, ["BICYCLE", "SCOOTER", "MICROMOBILITY"]), (.car, ["CAR", "TAXI", "CARPOOL"]),
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("plan") {
            try decoder.decodeOTPPlan(at: "/plan")
        } else if decoder.reader.keyEquals("data") {
            try decoder.decodeGraphQLData()
        } else if decoder.reader.keyEquals("error") {
            try decoder.decodeErrorObject()
        } else if decoder.reader.keyEquals("errors") {
            try decoder.decodeErrorList()
        } else {
            // One itinerary as the whole body: `legs`, `startTime`, `fare`… at the top.
            try decoder.decodeDocumentItineraryMember()
        }
    }

    /// REST's `error` (`id` a number, an HTTP status of its own: 404 `PATH_NOT_FOUND` and 406
    /// `NO_TRANSIT_TIMES` say there is no route) and GraphQL's `errors[]`.
    static func settle(_ outcome: inout PlannerOutcome) {
        if let message = outcome.facts["errors"] {
            outcome.error = (message, outcome.facts["errors.classification"], nil)
        }
        guard let id = outcome.facts["error.id"].flatMap({ Int($0) }) else { return }
        let message = outcome.facts["error.msg"] ?? outcome.facts["error.message"] ?? ""
        if id == 404 || id == 406 {
            outcome.noRoute = outcome.noRoute ?? (message.isEmpty ? nil : message)
        } else {
            outcome.error = (message, String(id), id)
        }
    }
}

extension Planner {
    public static let otp = OpenTripPlannerAdapter.planner
}
