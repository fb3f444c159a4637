import RouteBar
internal import StrictJSON

/// OpenTripPlanner: REST `{"plan": {"itineraries": [...]}}`, GraphQL `{"data": {"plan": …}}` or
/// `{"data": {"planConnection": {"edges": [{"node": …}]}}}`, without the `data` wrapper, or under
/// an alias (Digitransit answers `plan: planConnection(...)`), and its error answer.
extension PlannerReader {
    /// A `plan` (or aliased) object: `itineraries`, or GraphQL's `edges`.
    mutating func decodeOTPPlan(at pointer: String) throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("itineraries") {
                try decoder.decodeItineraries(at: pointer + "/itineraries")
            } else if decoder.reader.keyEquals("edges") {
                try decoder.decodeItineraries(at: pointer + "/edges", wrapped: true)
            } else if decoder.reader.keyEquals("routingErrors") {
                // Why there is no itinerary: [{"code": "NO_TRANSIT_CONNECTION", "description": "…"}].
                try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                    try decoder.eachMember { decoder throws(JSONSyntaxError) in
                        if decoder.reader.keyEquals("description") || decoder.reader.keyEquals("code") {
                            let isDescription = decoder.reader.keyEquals("description")
                            if let text = try decoder.plannerWord(), decoder.plannerOutcome.noRoute == nil || isDescription {
                                decoder.plannerOutcome.noRoute = text
                            }
                        } else {
                            try decoder.reader.skipValue()
                        }
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    /// GraphQL's `data`: every member is a query's answer, under its name or an alias;
    /// Digitransit's relay answers under `viewer` (`{"data": {"viewer": {"plan": …}}}`).
    mutating func decodeGraphQLData(at pointer: String = "/data") throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            let name = decoder.reader.key
            if pointer == "/data", name == "viewer" {
                try decoder.decodeGraphQLData(at: "/data/viewer")
            } else {
                try decoder.decodeOTPPlan(at: "\(pointer)/\(PlannerReader.pointerToken(name))")
            }
        }
    }
}
