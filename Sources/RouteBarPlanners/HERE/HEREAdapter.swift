internal import StrictJSON

/// HERE Public Transit API v8, `GET /v8/routes` (`PlannerReader+HERE.swift`, modes in
/// `HEREMode.swift`). Its `routes` share the name with ours and Google's; a route of
/// `sections` is HERE's (RouteBarJSON's `RequestDecoder.decodeRoute` sketches such routes for recognition).
enum HEREAdapter: PlannerAdapter {
    static let planner = Planner("here")
    static let title = "HERE"
    static let shape = "routes[].sections, or one route"
    static let claimingNames: [StaticString] = ["notices", "correlationId", "cause", "action", "error_description"]

    /// v8 `routes[].sections[]` (https://www.here.com/docs/bundle/public-transit-api-reference/page/index.html):
    /// each with `type` and `transport` (and `departure`, `arrival`, `travelSummary`), or one such
    /// route as the body; no route is `routes: []` with
    /// `notices`; errors are `{title, status, code, cause, action, correlationId}`, and the
    /// gateway's `{error, error_description}` (a bad key, too many requests).
    static let signatures: [PlannerSignature] = [
        .itineraries(at: "routes", each: ["sections:a", "sections[].type:s", "sections[].transport:o"]),
        .oneItinerary(["sections:a", "sections[].type:s", "sections[].transport:o"]),
        .answer(["routes:a", "notices[].code:s"]),
        .answer(["title:s", "status:n", "code:s", "cause:s | action:s | correlationId:s"]),
        .answer(["error:s", "error_description:s"]),
    ]

    /// The gateway's `error` words; v8's own codes (`E6…`) come with their HTTP `status`,
    /// which gives the reason.
    static let errorReasons: KeyValuePairs<String, PlannerErrorReason> = [
        "Unauthorized": .unauthorized, "Forbidden": .unauthorized, "Too Many Requests": .rateLimited,
    ]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`departure.place.platform`",
        .arrivalPlatform: "`arrival.place.platform`",
        .stops: "`intermediateStops`, plus 1",
        .departureDelay: "`departure.delay` (s)",
        .arrivalDelay: "`arrival.delay` (s)",
        .cancelled: "`departure.status` `cancelled`",
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("routes") {
            try decoder.decodeHERERoutes()
        } else if decoder.reader.keyEquals("notices") {
            try decoder.decodeHERENotices()
        } else if decoder.reader.keyEquals("title") || decoder.reader.keyEquals("code") || decoder.reader.keyEquals("cause")
            || decoder.reader.keyEquals("error") || decoder.reader.keyEquals("error_description")
        {
            let name = decoder.reader.key
            decoder.plannerOutcome.facts[name] = try decoder.plannerWord()
        } else if decoder.reader.keyEquals("status") {
            decoder.plannerOutcome.facts["status"] = try decoder.plannerNumber().flatMap(PlannerReader.smallInteger).map { String($0) }
        } else if decoder.reader.keyEquals("sections") {
            // One route sent as the whole body (the one a rider chose, as an app keeps it).
            var itinerary = decoder.documentItinerary ?? PlannerItinerary(pointer: "/sections")
            try decoder.decodeHERESections(into: &itinerary)
            decoder.documentItinerary = itinerary
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// v8's error `{title, status, code, cause}`, or its gateway's `{error, error_description}`
    /// (no code of its own: `error` is its word, "Unauthorized"), where no notice says no route.
    static func settle(_ outcome: inout PlannerOutcome) {
        guard outcome.noRoute == nil, let title = outcome.facts["title"] ?? outcome.facts["error"] else { return }
        let cause = (outcome.facts["cause"] ?? outcome.facts["error_description"]).map { $0 == title ? "" : " (\($0))" } ?? ""
        outcome.error = (title + cause, outcome.facts["code"] ?? outcome.facts["error"], outcome.facts["status"].flatMap { Int($0) })
    }
}

extension Planner {
    public static let here = HEREAdapter.planner
}
