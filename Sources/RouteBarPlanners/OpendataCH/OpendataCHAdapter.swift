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

    /// Its `errors[]` carry no code: they answer a query it could not read (an unknown station,
    /// an incomplete route), so they are the request's.
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

    /// `{"errors": [{"message": …}]}`.
    static func settle(_ outcome: inout PlannerOutcome) {
        if let message = outcome.facts["errors"] { outcome.error = (message, nil, nil) }
    }
}

extension Planner {
    public static let opendatach = OpendataCHAdapter.planner
}
