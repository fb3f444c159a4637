internal import StrictJSON

/// OpenTripPlanner, REST and GraphQL (`RequestDecoder+OpenTripPlanner.swift`); one itinerary
/// as the whole body is read as the body's own members (`RequestDecoder+Planners.swift`).
enum OpenTripPlannerAdapter: PlannerAdapter {
    static let planner = Planner("otp")
    static let title = "OpenTripPlanner"
    static let shape = "plan.itineraries, data.plan, data.planConnection.edges, or one itinerary"
    static let claimingNames: [StaticString] = ["plan", "data", "elevationMetadata"]

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("plan") {
            try decoder.decodeOTPPlan(at: "/plan")
        } else if decoder.reader.keyEquals("data") {
            try decoder.decodeGraphQLData()
        } else {
            try decoder.reader.skipValue()
        }
    }
}

extension Planner {
    public static let otp = OpenTripPlannerAdapter.planner
}
