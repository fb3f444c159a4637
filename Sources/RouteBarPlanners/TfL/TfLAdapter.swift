internal import StrictJSON

/// Transport for London's Unified API, `GET /Journey/JourneyResults/{from}/to/{to}`
/// (`PlannerReader+TfL.swift`, modes in `TfLMode.swift`). Every object carries a `$type`
/// naming TfL's .NET class, which is how its answers are told from others with `journeys`.
enum TfLAdapter: PlannerAdapter {
    static let planner = Planner("tfl")
    static let title = "TfL"
    static let shape = "journeys[].legs[].mode.id"
    /// The zone of every time TfL writes ("2016-01-03T00:40:00"): London's.
    static let timeZone = "Europe/London"
    /// The most place options a disambiguation problem lists, for each end together.
    static let maxPlaceOptions = 60

    static let claimingNames: [StaticString] = [
        "$type", "searchCriteria", "journeyVector", "recommendedMaxAgeMinutes", "lines", "exceptionType", "httpStatusCode",
        "fromLocationDisambiguation", "toLocationDisambiguation", "viaLocationDisambiguation",
    ]

    /// `ItineraryResult.journeys[]` (https://api.tfl.gov.uk/swagger/ui/#!/Journey): legs with a
    /// `mode` object and minutes or a departure time; the disambiguation answer; `ApiError`.
    static let signatures: [PlannerSignature] = [
        .itineraries(at: "journeys", each: ["legs:a", "legs[].mode.id:s", "legs[].duration:n | legs[].departureTime:s"]),
        .answer([
            "fromLocationDisambiguation.matchStatus:s | toLocationDisambiguation.matchStatus:s | viaLocationDisambiguation.matchStatus:s"
        ]),
        .answer(["exceptionType:s", "httpStatusCode:n", "message:s"]),
    ]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`departurePoint.platformName`",
        .arrivalPlatform: "`arrivalPoint.platformName`",
        .stops: "`path.stopPoints` (after boarding)",
        .alerts: "`disruptions[]`: `summary`, else `description`",
        .fare: "`fare.totalCost` (pence)",
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("journeys") {
            try decoder.decodeTfLJourneys()
        } else if decoder.reader.keyEquals("$type") || decoder.reader.keyEquals("message") || decoder.reader.keyEquals("exceptionType") {
            let name = decoder.reader.key
            decoder.plannerOutcome.facts[name] = try decoder.plannerWord()
        } else if decoder.reader.keyEquals("fromLocationDisambiguation") {
            try decoder.decodeTfLDisambiguation(end: "from")
        } else if decoder.reader.keyEquals("toLocationDisambiguation") {
            try decoder.decodeTfLDisambiguation(end: "to")
        } else if decoder.reader.keyEquals("viaLocationDisambiguation") {
            try decoder.decodeTfLDisambiguation(end: "via")
        } else if decoder.reader.keyEquals("httpStatusCode") {
            decoder.plannerOutcome.facts["httpStatusCode"] =
                try decoder.plannerNumber().flatMap(PlannerReader.smallInteger).map { String($0) }
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// A disambiguation answer (HTTP 300) is an ambiguous place; an `ApiError` is an error but
    /// for "No journey found for your inputs.", TfL's no route.
    static func settle(_ outcome: inout PlannerOutcome) {
        if let status = outcome.facts["matchStatus"] {
            outcome.error = (
                "the journey's places are ambiguous (matchStatus \"\(status)\"): TfL lists candidates to choose from", nil, 300
            )
            return
        }
        let type = outcome.facts["$type"] ?? ""
        guard type.contains("ApiError") || outcome.facts["exceptionType"] != nil else { return }
        let message = outcome.facts["message"] ?? ""
        if message.lowercased().hasPrefix("no journey found") {
            outcome.noRoute = message
        } else {
            outcome.error = (message, outcome.facts["exceptionType"], outcome.facts["httpStatusCode"].flatMap { Int($0) })
        }
    }
}

extension Planner {
    public static let tfl = TfLAdapter.planner
}
