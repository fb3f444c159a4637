internal import StrictJSON

/// MOTIS 2 `plan`: `itineraries` and `direct`, legs as OpenTripPlanner's
/// (`RequestDecoder+Itineraries.swift`).
enum MOTISAdapter: PlannerAdapter {
    static let planner = Planner("motis")
    static let title = "MOTIS"
    static let shape = "itineraries, direct"
    static let claimingNames: [StaticString] = ["itineraries", "direct"]

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("itineraries") {
            try decoder.decodeItineraries(at: "/itineraries")
        } else {
            try decoder.decodeMOTISDirect()
        }
    }
}

extension Planner {
    public static let motis = MOTISAdapter.planner
}
