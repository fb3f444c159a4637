internal import StrictJSON

/// HAFAS as hafas-client writes it: `journeys[].legs`, or one journey as the whole body
/// (`{"type": "journey", "legs": …}`, read as the body's own members).
enum HAFASAdapter: PlannerAdapter {
    static let planner = Planner("hafas")
    static let title = "HAFAS"
    static let shape = "journeys[].legs, or one journey"
    static let claimingNames: [StaticString] = ["earlierRef", "laterRef", "realtimeDataUpdatedAt", "refreshToken"]

    static let readsJourneys = true

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("journeys") {
            try decoder.decodeJourneys()
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// Journeys of legs whose `mode` is not an object (TfL's is).
    static func claims(journeys reader: JSONReader) -> Bool {
        reader.firstElementHas("legs") && !TfLAdapter.claims(journeys: reader)
    }
}

extension Planner {
    public static let hafas = HAFASAdapter.planner
}
