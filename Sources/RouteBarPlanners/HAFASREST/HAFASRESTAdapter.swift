import RouteBar
internal import StrictJSON

/// HAFAS's own REST API (HaCon's "ReST", as ResRobot v2.1, SL Reseplanerare 3.1 and
/// Rejseplanen serve it), `GET /trip`: `Trip[].LegList.Leg[]` (`PlannerReader+HAFASREST.swift`,
/// products in `HAFASRESTProduct.swift`). Its times are local, with no offset and no zone in the
/// answer: `?timeZone=` names it (Europe/Stockholm for ResRobot and SL, Europe/Copenhagen for
/// Rejseplanen); without it the cards' times carry no offset.
enum HAFASRESTAdapter: PlannerAdapter {
    static let planner = Planner("hafas-rest")
    static let title = "HAFAS REST"
    static let shape = "Trip[].LegList.Leg, or one trip"
    static let claimingNames: [StaticString] = ["Trip", "TechnicalMessages", "serverVersion", "dialectVersion", "errorCode", "errorText"]

    /// A trip (https://www.trafiklab.se/api/our-apis/resrobot-v21/route-planner/): `LegList.Leg`,
    /// a list or, for one leg, an object, each with its `type` and its `Origin` time; in `Trip`,
    /// or one trip as the body (the one a rider chose, as an app keeps it); an error is
    /// `{errorCode, errorText}`.
    static let signatures: [PlannerSignature] = {
        let trip = [
            "LegList.Leg:ao", "LegList.Leg[].type:s | LegList.Leg.type:s", "LegList.Leg[].Origin.time:s | LegList.Leg.Origin.time:s",
        ]
        return [.itineraries(at: "Trip", each: trip), .oneItinerary(trip), .answer(["errorCode:s", "errorText:s"])]
    }()

    /// The error table of ResRobot v2.1 (https://www.trafiklab.se/api/our-apis/resrobot-v21/error-codes),
    /// HAFAS's own: `SVC_NO_RESULT` is no route, not an error.
    static let errorReasons: KeyValuePairs<String, PlannerErrorReason> = [
        "API_AUTH": .unauthorized, "API_QUOTA": .rateLimited, "API_TOO_MANY_REQUESTS": .rateLimited,
        "API_PARAM": .invalidRequest, "API_FORMAT": .invalidRequest, "SVC_PARAM": .invalidRequest, "SVC_LOC": .invalidRequest,
        "SVC_LOC_ARR": .invalidRequest, "SVC_LOC_DEP": .invalidRequest, "SVC_LOC_VIA": .invalidRequest,
        "SVC_LOC_EQUAL": .invalidRequest, "SVC_LOC_NEAR": .invalidRequest, "SVC_DATATIME": .invalidRequest,
        "SVC_DATATIME_PERIOD": .invalidRequest, "SVC_PROD": .invalidRequest, "SVC_CTX": .invalidRequest,
        "SVC_FAILED_SEARCH": .plannerFailure, "INT_ERR": .plannerFailure, "INT_GATEWAY": .plannerFailure,
        "INT_TIMEOUT": .plannerFailure,
    ]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`Origin.rtTrack`, else `Origin.track`",
        .arrivalPlatform: "`Destination.rtTrack`, else `Destination.track`",
        .stops: "`Stops.Stop` not `cancelled` nor closed (`boarding` and `alighting` false), minus 1",
        .realTime: "`Origin.rtTime` or `Destination.rtTime` given",
        .departureDelay: "`Origin.rtDate`/`rtTime` − `date`/`time`",
        .arrivalDelay: "`Destination.rtDate`/`rtTime` − `date`/`time`",
        .cancelled: "`cancelled`, or the first or last `Stops.Stop` `cancelled` (the rider's stop)",
        .reachable: "`reachable`",
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("Trip") {
            try decoder.decodeHAFASRESTTrips()
        } else if decoder.reader.keyEquals("errorCode") || decoder.reader.keyEquals("errorText") {
            let name = decoder.reader.key
            decoder.plannerOutcome.facts[name] = try decoder.plannerWord()
        } else {
            // One trip as the whole body: `LegList`, `Origin`, `Destination` at the top.
            var itinerary = decoder.documentItinerary ?? PlannerItinerary(pointer: "/LegList/Leg")
            itinerary.itineraryPointer = ""
            try decoder.decodeHAFASRESTTripMember(into: &itinerary)
            decoder.documentItinerary = itinerary
        }
    }

    /// `{errorCode, errorText}`: `SVC_NO_RESULT` says there is no route; any other code is an error.
    static func settle(_ outcome: inout PlannerOutcome) {
        guard let code = outcome.facts["errorCode"] else { return }
        let text = outcome.facts["errorText"] ?? code
        if code == "SVC_NO_RESULT" {
            outcome.noRoute = text
        } else {
            outcome.error = (text, code, nil)
        }
    }
}

extension Planner {
    public static let hafasREST = HAFASRESTAdapter.planner
}
