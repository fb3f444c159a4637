internal import StrictJSON

/// Transport for London's Unified API, `GET /Journey/JourneyResults/{from}/to/{to}`
/// (`RequestDecoder+TfL.swift`, modes in `TfLMode.swift`). Every object carries a `$type`
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
        .alerts: "`disruptions[]`: `summary`, else `description`",
        .fare: "`fare.totalCost` (pence)",
    ]

    static let readsJourneys = true

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("journeys") {
            try decoder.decodeTfLJourneys()
        } else if decoder.reader.keyEquals("$type") {
            decoder.plannerOutcome.type = try decoder.plannerWord()
        } else if decoder.reader.keyEquals("fromLocationDisambiguation") {
            try decoder.decodeTfLDisambiguation(end: "from")
        } else if decoder.reader.keyEquals("toLocationDisambiguation") {
            try decoder.decodeTfLDisambiguation(end: "to")
        } else if decoder.reader.keyEquals("viaLocationDisambiguation") {
            try decoder.decodeTfLDisambiguation(end: "via")
        } else if decoder.reader.keyEquals("exceptionType") {
            decoder.plannerOutcome.code = try decoder.plannerWord()
        } else if decoder.reader.keyEquals("httpStatusCode") {
            decoder.plannerOutcome.status = try decoder.plannerNumber().flatMap(RequestDecoder.smallInteger)
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// Journeys whose legs' `mode` is an object (`{"id": "bus", …}`).
    static func claims(journeys reader: JSONReader) -> Bool {
        reader.firstElementMember("legs")?.firstElementMember("mode")?.kindAhead() == .object
    }
}

extension Planner {
    public static let tfl = TfLAdapter.planner
}
