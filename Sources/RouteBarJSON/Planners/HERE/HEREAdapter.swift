internal import StrictJSON

/// HERE Public Transit API v8, `GET /v8/routes` (`RequestDecoder+HERE.swift`, modes in
/// `HEREMode.swift`). Its `routes` share the name with ours and Google's; a route of
/// `sections` is HERE's (`RequestDecoder.decodeRoute`).
enum HEREAdapter: PlannerAdapter {
    static let planner = Planner("here")
    static let title = "HERE"
    static let shape = "routes[].sections"
    static let claimingNames: [StaticString] = ["notices", "correlationId", "cause", "action", "error_description"]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`departure.place.platform`",
        .arrivalPlatform: "`arrival.place.platform`",
        .stops: "`intermediateStops`, plus 1",
        .departureDelay: "`departure.delay` (s)",
        .arrivalDelay: "`arrival.delay` (s)",
        .cancelled: "`departure.status` `cancelled`",
    ]

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("notices") {
            try decoder.decodeHERENotices()
        } else if decoder.reader.keyEquals("cause") || decoder.reader.keyEquals("error_description") {
            decoder.plannerOutcome.cause = try decoder.plannerWord()
        } else {
            try decoder.reader.skipValue()
        }
    }
}

extension Planner {
    public static let here = HEREAdapter.planner
}
