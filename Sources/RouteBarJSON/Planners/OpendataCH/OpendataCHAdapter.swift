internal import StrictJSON

/// transport.opendata.ch `GET /v1/connections`, Switzerland (`RequestDecoder+OpendataCH.swift`,
/// modes in `OpendataCHCategory.swift`).
enum OpendataCHAdapter: PlannerAdapter {
    static let planner = Planner("opendatach")
    static let title = "transport.opendata.ch"
    static let shape = "connections[].sections"
    static let claimingNames: [StaticString] = ["connections", "stations"]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`departure.prognosis.platform`, else `departure.platform`",
        .arrivalPlatform: "`arrival.prognosis.platform`, else `arrival.platform`",
        .stops: "`journey.passList`, minus 1",
        .departureDelay: "`departure.delay` (min)",
        .arrivalDelay: "`arrival.delay` (min)",
    ]

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("connections") {
            try decoder.decodeOpendataCHConnections()
        } else {
            try decoder.reader.skipValue()
        }
    }
}

extension Planner {
    public static let opendatach = OpendataCHAdapter.planner
}
