internal import StrictJSON

/// transport.opendata.ch `GET /v1/connections`, Switzerland (`RequestDecoder+OpendataCH.swift`,
/// modes in `OpendataCHCategory.swift`).
enum OpendataCHAdapter: PlannerAdapter {
    static let planner = Planner("opendatach")
    static let title = "transport.opendata.ch"
    static let shape = "connections[].sections"
    static let claimingNames: [StaticString] = ["connections", "stations"]

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
