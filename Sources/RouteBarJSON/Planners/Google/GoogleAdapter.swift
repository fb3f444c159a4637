internal import StrictJSON

/// Google Directions and Routes (`RequestDecoder+Google.swift`). Their `routes` share the name
/// with ours and HERE's, so routes are told apart one level down, by their `legs`
/// (`RequestDecoder.decodeRoute`).
enum GoogleAdapter: PlannerAdapter {
    static let planner = Planner("google")
    static let title = "Google"
    static let shape = "routes[].legs[].steps"
    static let claimingNames: [StaticString] = ["geocoded_waypoints", "available_travel_modes", "error_message"]

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("error_message") {
            decoder.googleErrorMessage = try decoder.plannerWord()
        } else {
            try decoder.reader.skipValue()
        }
    }
}

extension Planner {
    public static let google = GoogleAdapter.planner
}
