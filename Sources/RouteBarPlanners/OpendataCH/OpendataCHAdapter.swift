internal import StrictJSON

/// transport.opendata.ch `GET /v1/connections`, Switzerland (`PlannerReader+OpendataCH.swift`,
/// modes in `OpendataCHCategory.swift`).
enum OpendataCHAdapter: PlannerAdapter {
    static let planner = Planner("opendatach")
    static let title = "transport.opendata.ch"
    static let shape = "connections[].sections"
    static let claimingNames: [StaticString] = ["connections", "stations"]

    /// `connections[].sections[]` (https://transport.opendata.ch/docs.html#connections), each
    /// with `departure` and `arrival` checkpoints and a `journey` or a `walk`; an error is `errors[].message`.
    static let signatures: [PlannerSignature] = [
        .itineraries(
            at: "connections", each: ["sections:a", "sections[].departure:o", "sections[].arrival:o", "sections[].journey:o | sections[].walk:o"]),
        .answer(["errors[].message:s"]),
    ]

    /// Its `errors[]` carry no code, but its messages begin with what went wrong, in its own
    /// words (`lib/Transport/API.php`, https://github.com/OpendataCH/Transport): these beginnings
    /// are the error's `plannerCode`. Its timetable source failing or rate-limiting it is not the
    /// request's fault; the rest answer a query it could not read (`Error from
    /// timetable.search.ch: Incomplete route description.`, an unknown station, a limit past
    /// its maximum), so they are the request's.
    static let errorReasons: KeyValuePairs<String, PlannerErrorReason> = [
        "Server error from timetable.search.ch": .plannerFailure,
        "Invalid JSON from timetable.search.ch": .plannerFailure,
        "Rate limit": .rateLimited,
    ]
    static let unlistedErrorReason = PlannerErrorReason.invalidRequest

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`departure.prognosis.platform`, else `departure.platform`",
        .arrivalPlatform: "`arrival.prognosis.platform`, else `arrival.platform`",
        .stops: "`journey.passList`, minus 1",
        .departureDelay: "`departure.delay` (min)",
        .arrivalDelay: "`arrival.delay` (min)",
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("connections") {
            try decoder.decodeOpendataCHConnections()
        } else if decoder.reader.keyEquals("errors") {
            try decoder.decodeErrorList()
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// `{"errors": [{"message": …}]}`; its code, the beginning `errorReasons` lists, if it has one.
    static func settle(_ outcome: inout PlannerOutcome) {
        guard let message = outcome.facts["errors"] else { return }
        outcome.error = (message, errorReasons.first { message.hasPrefix($0.key) }?.key, nil)
    }
}

extension Planner {
    public static let opendatach = OpendataCHAdapter.planner
}
