internal import StrictJSON

/// SK TMAP `transit/routes` (`RequestDecoder+TMAP.swift`).
enum TMAPAdapter: PlannerAdapter {
    static let planner = Planner("tmap")
    static let title = "TMAP"
    static let shape = "metaData.plan.itineraries"
    static let claimingNames: [StaticString] = ["metaData"]

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        try decoder.decodeTMAPMetaData()
    }
}

extension Planner {
    public static let tmap = TMAPAdapter.planner
}
