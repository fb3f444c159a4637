import RouteBar
internal import StrictJSON

/// hafas-client's (FPTF) `journeys[]`: each a route of its `legs` (read as OpenTripPlanner's,
/// `PlannerReader+Itineraries.swift`: `departure`/`arrival`, `walking`, `line {name product
/// mode productName operator}`), with its `price`.
extension PlannerReader {
    mutating func decodeHAFASJourneys() throws(JSONSyntaxError) {
        try eachItinerary(at: "/journeys", legs: "legs") { decoder, itinerary throws(JSONSyntaxError) in
            try decoder.decodeHAFASJourneyMember(into: &itinerary)
        }
    }

    /// One journey object at `pointer` (`refreshJourney`'s `journey`).
    mutating func decodeHAFASJourney(at pointer: String) throws(JSONSyntaxError) {
        guard try withinRouteLimit(plannerItineraries.count, at: pointer) else { return }
        var itinerary = PlannerItinerary(pointer: pointer + "/legs")
        try eachMember { decoder throws(JSONSyntaxError) in try decoder.decodeHAFASJourneyMember(into: &itinerary) }
        addItinerary(itinerary)
    }

    /// A member of a journey: its `price`, or what every itinerary has.
    mutating func decodeHAFASJourneyMember(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        if reader.keyEquals("price") {
            try decodePrice(into: &itinerary)
        } else {
            try decodeItineraryMember(into: &itinerary)
        }
    }

    /// hafas-client's `price`: `{"amount": 55.9, "currency": "EUR"}`.
    mutating func decodePrice(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("amount") {
                itinerary.fareAmount = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("currency") {
                itinerary.fareCurrency = try decoder.plannerText()
            } else {
                try decoder.reader.skipValue()
            }
        }
    }
}
