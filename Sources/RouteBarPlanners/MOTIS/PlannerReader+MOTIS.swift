import RouteBar
internal import StrictJSON

/// MOTIS 2's `plan`: `itineraries[]`, then `direct[]`, legs as OpenTripPlanner's
/// (`PlannerReader+Itineraries.swift`).
extension PlannerReader {
    /// MOTIS's `direct`: street-only itineraries, laid out after the transit ones.
    mutating func decodeMOTISDirect() throws(JSONSyntaxError) {
        var transit: [PlannerItinerary] = []
        swap(&transit, &plannerItineraries)
        try decodeItineraries(at: "/direct")
        swap(&transit, &plannerItineraries)
        trailingItineraries += transit
    }
}
