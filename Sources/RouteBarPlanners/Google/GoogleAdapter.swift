import RouteBar
internal import StrictJSON

/// Google Directions and Routes (`PlannerReader+Google.swift`). Their `routes` share the name
/// with ours and HERE's, so routes are told apart one level down, by their `legs`
/// (RouteBarJSON's `RequestDecoder.decodeRoute` sketches such routes for recognition).
enum GoogleAdapter: PlannerAdapter {
    static let planner = Planner("google")
    static let title = "Google"
    static let shape = "routes[].legs[].steps"
    static let claimingNames: [StaticString] = ["geocoded_waypoints", "available_travel_modes", "error_message"]

    /// Directions' `DirectionsResponse`
    /// (https://developers.google.com/maps/documentation/directions/get-directions#DirectionsResponse):
    /// `status` and `routes[].legs[].steps[].travel_mode`; an error is `status` with
    /// `error_message`. The Routes API's `computeRoutes`
    /// (https://developers.google.com/maps/documentation/routes/reference/rest/v2/TopLevel/computeRoutes):
    /// `routes[].legs[].steps[].travelMode`, no status.
    static let signatures: [PlannerSignature] = [
        .itineraries(at: "routes", each: ["legs:a", "legs[].steps[].travel_mode:s"], body: ["status:s"]),
        .itineraries(at: "routes", each: ["legs:a", "legs[].steps[].travelMode:s"]),
        .answer(["status:s", "error_message:s"]),
        .answer(["status:s", "geocoded_waypoints:a"]),
        .answer(["error.code:n", "error.message:s", "error.status:s"]),
    ]

    /// Directions' `status` values
    /// (https://developers.google.com/maps/documentation/directions/get-directions#DirectionsStatus).
    static let errorReasons: KeyValuePairs<String, PlannerErrorReason> = [
        "INVALID_REQUEST": .invalidRequest, "NOT_FOUND": .invalidRequest, "MAX_WAYPOINTS_EXCEEDED": .invalidRequest,
        "MAX_ROUTE_LENGTH_EXCEEDED": .invalidRequest, "REQUEST_DENIED": .unauthorized, "OVER_DAILY_LIMIT": .unauthorized,
        "OVER_QUERY_LIMIT": .rateLimited, "UNKNOWN_ERROR": .plannerFailure,
    ]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .stops: "`transit_details.num_stops`; Routes `transitDetails.stopCount`",
        .fare: "`fare` (`value`, `currency`); Routes `travelAdvisory.transitFare` (`units`, `nanos`, `currencyCode`)",
    ]

    /// Google's transit `VehicleType` (Directions: https://developers.google.com/maps/documentation/directions/get-directions#VehicleType;
    /// Routes: `TransitVehicleType`) and `travel_mode`/`travelMode`. Its words for rail in a city
    /// are loose ("SUBWAY: Underground light rail", "METRO_RAIL: Light rail transit", "TRAM:
    /// Above ground light rail"): `METRO_RAIL` is the metro that is not underground (GTFS's
    /// extended type 401, "Metro Service"), a subway here, and its tram is a tram.
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["WALKING", "WALK"]), (.bus, ["BUS", "TROLLEYBUS", "SHARE_TAXI"]), (.subway, ["SUBWAY", "METRO_RAIL"]),
        (.tram, ["TRAM", "MONORAIL", "LIGHT_RAIL"]),
        (.train, ["RAIL", "HEAVY_RAIL", "COMMUTER_TRAIN", "HIGH_SPEED_TRAIN", "LONG_DISTANCE_TRAIN"]),
        (.intercityBus, ["INTERCITY_BUS"]), (.ferry, ["FERRY"]), (.cableCar, ["CABLE_CAR", "GONDOLA_LIFT", "FUNICULAR"]),
        (.bicycle, ["BICYCLING", "BICYCLE"]), (.car, ["DRIVING", "DRIVE", "TWO_WHEELER"]),
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("routes") {
            try decoder.decodeGoogleRoutes()
        } else if decoder.reader.keyEquals("status") || decoder.reader.keyEquals("error_message") {
            let name = decoder.reader.key
            decoder.plannerOutcome.facts[name] = try decoder.plannerWord()
        } else if decoder.reader.keyEquals("error") {
            // The Routes API's errors: {"error": {"code": 403, "message": …, "status": "PERMISSION_DENIED"}}.
            try decoder.decodeErrorObject()
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// `status` other than `OK` and `ZERO_RESULTS` is an error, with `error_message` where
    /// given; the Routes API's `error` names its HTTP status.
    static func settle(_ outcome: inout PlannerOutcome) {
        if let status = outcome.facts["status"] {
            if status == "ZERO_RESULTS" {
                outcome.noRoute = status
            } else if status != "OK" {
                outcome.error = (outcome.facts["error_message"] ?? status, status, nil)
            }
        }
        if let message = outcome.facts["error.message"] {
            outcome.error = (message, outcome.facts["error.status"], outcome.facts["error.code"].flatMap { Int($0) })
        }
    }
}

extension Planner {
    public static let google = GoogleAdapter.planner
}
