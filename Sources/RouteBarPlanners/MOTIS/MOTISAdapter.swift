import RouteBar
internal import StrictJSON

/// MOTIS 2 `plan`: `itineraries` and `direct`, legs as OpenTripPlanner's
/// (`PlannerReader+Itineraries.swift`).
enum MOTISAdapter: PlannerAdapter {
    static let planner = Planner("motis")
    static let title = "MOTIS"
    static let shape = "itineraries, direct, or one itinerary"
    static let claimingNames: [StaticString] = ["itineraries", "direct"]

    /// MOTIS 2's `plan` answer (https://github.com/motis-project/motis/blob/master/openapi.yaml,
    /// `/api/v1/plan`): `itineraries` (and `direct`) at the top, no other planner's place for
    /// them, with legs of `mode` and `startTime` (a timestamp string). Its `/api/v1/trip` answer
    /// is one itinerary as the body, told from OpenTripPlanner's by the timetable's times its
    /// legs always have (`scheduledStartTime`, required by its `Leg`).
    static let signatures: [PlannerSignature] = {
        let itinerary = ["legs:a", "legs[].mode:s", "legs[].startTime:s | legs[].duration:n"]
        return [
            .itineraries(at: "itineraries", each: itinerary), .itineraries(at: "direct", each: itinerary),
            .oneItinerary(["legs:a", "legs[].mode:s", "legs[].startTime:s", "legs[].scheduledStartTime:s"]),
        ]
    }()

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`from.track`",
        .arrivalPlatform: "`to.track`",
        .stops: "`intermediateStops` not `cancelled` nor closed (`pickupType` and `dropoffType` `NOT_ALLOWED`), plus 1",
        .realTime: "`realTime`",
        .departureDelay: "`startTime` − `scheduledStartTime`, where `realTime`",
        .arrivalDelay: "`endTime` − `scheduledEndTime`, where `realTime`",
        .alerts: "`alerts[].headerText`, else `descriptionText`",
        .cancelled: "`cancelled`, or `from.cancelled` or `to.cancelled` (the rider's stop)",
    ]

    /// MOTIS 2's `Mode` (its openapi.yaml, https://github.com/motis-project/motis/blob/master/openapi.yaml;
    /// `BIKE_RENTAL` is its betas' name for a rented bike, in the enum until v2.0.0-beta.27).
    /// Its street modes are drives whatever they add: `HGV` (a lorry, on direct connections),
    /// `CAR_PARKING` (to a car park), `CAR_DROPOFF` (to be dropped off), `RIDE_SHARING` and `ODM`
    /// (its on-demand taxis); `FLEX` (flexible transports: on-demand buses and taxis alike) is
    /// left to `other`, as are `TRANSIT` and `OTHER`.
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["WALK"]), (.bus, ["BUS"]), (.subway, ["SUBWAY"]), (.tram, ["TRAM"]),
        (.train, ["RAIL", "HIGHSPEED_RAIL", "LONG_DISTANCE", "NIGHT_RAIL", "REGIONAL_FAST_RAIL", "REGIONAL_RAIL", "SUBURBAN"]),
        (.intercityBus, ["COACH"]), (.ferry, ["FERRY"]), (.cableCar, ["FUNICULAR", "AERIAL_LIFT", "CABLE_CAR"]),
        (.airplane, ["AIRPLANE"]), (.bicycle, ["BIKE", "RENTAL", "BIKE_RENTAL"]),
        (.car, ["CAR", "ODM", "HGV", "CAR_PARKING", "CAR_DROPOFF", "RIDE_SHARING"]),
    ]

    /// API v1 to v4's `METRO` is suburban rail (v5 renamed it `SUBURBAN`, "suburban trains
    /// (e.g. S-Bahn, RER)"; its subway is `SUBWAY`, and `METRO` is listed as deprecated), where
    /// other planners' metro is a subway.
    static let ownModeNames: [(TransitMode, [String])] = [(.train, ["METRO"])]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("itineraries") {
            try decoder.decodeItineraries(at: "/itineraries")
        } else if decoder.reader.keyEquals("direct") {
            try decoder.decodeMOTISDirect()
        } else {
            // One itinerary as the whole body (`/api/v1/trip`): `legs`, `startTime`… at the top.
            try decoder.decodeDocumentItineraryMember()
        }
    }
}

extension Planner {
    public static let motis = MOTISAdapter.planner
}
