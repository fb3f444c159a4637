import RouteBar
internal import StrictJSON

/// `journeys`: Navitia's (`sections`) or hafas-client's (`legs`); MOTIS's `itineraries` and
/// `direct`; and one itinerary or journey object as the whole body.
extension RequestDecoder {
    mutating func decodeJourneys() throws(JSONSyntaxError) {
        try eachElement { decoder, index throws(JSONSyntaxError) in
            guard try decoder.withinRouteLimit(decoder.plannerItineraries.count, at: "/journeys") else { return }
            var itinerary = PlannerItinerary(pointer: "/journeys/\(index)/legs")
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("sections") {
                    itinerary.pointer = "/journeys/\(index)/sections"
                    try decoder.decodeNavitiaSections(into: &itinerary, at: itinerary.pointer)
                } else if decoder.reader.keyEquals("legs") {
                    try decoder.decodeItineraryMember(into: &itinerary)
                } else if decoder.reader.keyEquals("departure_date_time") {
                    let time = try decoder.plannerTimeAndText()
                    (itinerary.start, itinerary.departure) = (time?.seconds, time?.text)
                } else if decoder.reader.keyEquals("arrival_date_time") {
                    let time = try decoder.plannerTimeAndText()
                    (itinerary.end, itinerary.arrival) = (time?.seconds, time?.text)
                } else if decoder.reader.keyEquals("price") {
                    // hafas-client: {"amount": 55.9, "currency": "EUR"}.
                    try decoder.decodePrice(into: &itinerary)
                } else if decoder.reader.keyEquals("nb_transfers") {
                    itinerary.transfers = try decoder.plannerNumber().flatMap(Self.smallInteger)
                } else {
                    try decoder.reader.skipValue()
                }
            }
            decoder.addItinerary(itinerary)
        }
    }

    /// MOTIS's `direct`: street-only itineraries, laid out after the transit ones.
    mutating func decodeMOTISDirect() throws(JSONSyntaxError) {
        var transit: [PlannerItinerary] = []
        swap(&transit, &plannerItineraries)
        try decodeItineraries(at: "/direct")
        swap(&transit, &plannerItineraries)
        motisDirect += transit
    }
}
