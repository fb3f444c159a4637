import RouteBar
internal import StrictJSON

/// SK TMAP `transit/routes` (`RequestDecoder+TMAP.swift`).
enum TMAPAdapter: PlannerAdapter {
    static let planner = Planner("tmap")
    static let title = "TMAP"
    static let shape = "metaData.plan.itineraries"
    static let claimingNames: [StaticString] = ["metaData"]

    static let cardFacts: KeyValuePairs<CardFact, String> = [.fare: "`fare.regular.totalFare` (`currency.currencyCode`)"]

    /// TMAP transit's leg `mode` (SK open API `transit/routes`).
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["WALK"]), (.bus, ["BUS"]), (.subway, ["SUBWAY"]), (.expressBus, ["EXPRESSBUS"]), (.train, ["TRAIN"]),
        (.airplane, ["AIRPLANE"]), (.ferry, ["FERRY"]),
    ]

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        try decoder.decodeTMAPMetaData()
    }
}

extension Planner {
    public static let tmap = TMAPAdapter.planner
}
