internal import StrictJSON

/// Navitia `journeys[].sections[]` (`RequestDecoder+Navitia.swift`).
enum NavitiaAdapter: PlannerAdapter {
    static let planner = Planner("navitia")
    static let title = "Navitia"
    static let shape = "journeys[].sections"
    static let claimingNames: [StaticString] = ["feed_publishers", "links", "context", "exceptions", "notes", "disruptions"]

    static let readsJourneys = true

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("journeys") {
            try decoder.decodeJourneys()
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// Journeys of sections.
    static func claims(journeys reader: JSONReader) -> Bool {
        reader.firstElementHas("sections")
    }
}

extension Planner {
    public static let navitia = NavitiaAdapter.planner
}
