import RouteBar
internal import StrictJSON

/// SK TMAP `transit/routes` (`PlannerReader+TMAP.swift`).
enum TMAPAdapter: PlannerAdapter {
    static let planner = Planner("tmap")
    static let title = "TMAP"
    static let shape = "metaData.plan.itineraries"
    static let claimingNames: [StaticString] = ["metaData"]

    /// `transit/routes` (https://skopenapi.readme.io/reference/%EB%8C%80%EC%A4%91%EA%B5%90%ED%86%B5-%EC%9A%94%EC%B2%AD-api):
    /// `metaData.plan.itineraries[].legs[]` with `mode` and `sectionTime`; its error or no-route
    /// answer is `result {status, message}`.
    static let signatures: [PlannerSignature] = [
        .itineraries(at: "metaData.plan.itineraries", each: ["legs:a", "legs[].mode:s", "legs[].sectionTime:n"]),
        .answer(["result.status:n", "result.message:s"]),
    ]

    /// `result.status` of `transit/routes` (SK open API's error table); 11 to 14 are no route.
    static let errorReasons: KeyValuePairs<String, PlannerErrorReason> = [
        "21": .invalidRequest, "22": .invalidRequest, "23": .invalidRequest, "31": .invalidRequest, "32": .invalidRequest,
    ]

    static let cardFacts: KeyValuePairs<CardFact, String> = [.fare: "`fare.regular.totalFare` (`currency.currencyCode`)"]

    /// TMAP transit's leg `mode` (SK open API `transit/routes`).
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["WALK"]), (.bus, ["BUS"]), (.subway, ["SUBWAY"]), (.expressBus, ["EXPRESSBUS"]), (.train, ["TRAIN"]),
        (.airplane, ["AIRPLANE"]), (.ferry, ["FERRY"]),
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("metaData") {
            try decoder.decodeTMAPMetaData()
        } else if decoder.reader.keyEquals("result") {
            // Its error or no-route answer: {"result": {"status": 11, "message": "…"}}.
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("status") {
                    decoder.plannerOutcome.facts["result.status"] =
                        try decoder.plannerNumber().flatMap(PlannerReader.smallInteger).map { String($0) }
                } else if decoder.reader.keyEquals("message") {
                    decoder.plannerOutcome.facts["result.message"] = try decoder.plannerWord() ?? ""
                } else {
                    try decoder.reader.skipValue()
                }
            }
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// `result.status` 11 to 14 say there is no route (too close, no stop near either end, no
    /// transit between them); others are errors.
    static func settle(_ outcome: inout PlannerOutcome) {
        guard let message = outcome.facts["result.message"] else { return }
        let status = outcome.facts["result.status"]
        if let code = status.flatMap({ Int($0) }), (11...14).contains(code) {
            outcome.noRoute = message
        } else {
            outcome.error = (message, status, nil)
        }
    }
}

extension Planner {
    public static let tmap = TMAPAdapter.planner
}
