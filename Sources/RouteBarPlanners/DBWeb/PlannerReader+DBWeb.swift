import RouteBar
internal import StrictJSON

/// bahn.de's `verbindungen[]`: each connection's `verbindungsAbschnitte[]` and `angebotsPreis`
/// (`betrag`, `waehrung`). A section: `verkehrsmittel` (`typ` `PUBLICTRANSPORT`, `WALK` or
/// `TRANSFER`; `produktGattung`; `mittelText`, the line as signs show it ("RE 5", "ICE 101"),
/// else `name`, which for a regional train is its number ("RE 28526"); `langText` ("RE 5
/// (28526)"); `richtung`, the headsign;
/// `zugattribute` `BEF`, the operator), `abfahrtsZeitpunkt`/`ankunftsZeitpunkt` (local; the
/// real-time `ezAbfahrtsZeitpunkt`/`ezAnkunftsZeitpunkt` where given), `abschnittsDauer`
/// (seconds), `abfahrtsOrt`/`ankunftsOrt`, `halte[]` (each stop, with its `gleis`), `distanz`.
extension PlannerReader {
    mutating func decodeDBWebConnections() throws(JSONSyntaxError) {
        // Berlin's, whatever `?timeZone=` says (db-vendo-client reads them so too): an app
        // that sends its own zone for every planner must not move a Köln departure to Tokyo.
        try eachItinerary(at: "/verbindungen", legs: "verbindungsAbschnitte", timeZone: DBWebAdapter.timeZone) {
            decoder, itinerary throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("verbindungsAbschnitte") {
                try decoder.eachLeg(into: &itinerary) { decoder throws(JSONSyntaxError) in try decoder.decodeDBWebSection() }
            } else if decoder.reader.keyEquals("angebotsPreis") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("betrag") {
                        itinerary.fareAmount = try decoder.plannerNumber()
                    } else if decoder.reader.keyEquals("waehrung") {
                        itinerary.fareCurrency = try decoder.plannerText()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    mutating func decodeDBWebSection() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var type: String?
        var product: String?
        var name: String?
        var planned: (departure: (seconds: Double, text: String)?, arrival: (seconds: Double, text: String)?)
        var realTime: (departure: (seconds: Double, text: String)?, arrival: (seconds: Double, text: String)?)
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("verkehrsmittel") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("typ") {
                        type = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("produktGattung") {
                        product = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("mittelText") {
                        leg.shortName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("name") {
                        name = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("langText") {
                        leg.longName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("richtung") {
                        leg.headsign = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("zugattribute") {
                        try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                            var attribute: (key: String?, value: String?) = (nil, nil)
                            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                                if decoder.reader.keyEquals("key") {
                                    attribute.key = try decoder.plannerWord()
                                } else if decoder.reader.keyEquals("value") {
                                    attribute.value = try decoder.plannerText()
                                } else {
                                    try decoder.reader.skipValue()
                                }
                            }
                            if attribute.key == "BEF", leg.agency == nil { leg.agency = attribute.value }
                        }
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("abfahrtsZeitpunkt") {
                planned.departure = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("ankunftsZeitpunkt") {
                planned.arrival = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("ezAbfahrtsZeitpunkt") {
                realTime.departure = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("ezAnkunftsZeitpunkt") {
                realTime.arrival = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("abschnittsDauer") {
                leg.seconds = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("abfahrtsOrt") {
                leg.from = try decoder.plannerText()
            } else if decoder.reader.keyEquals("ankunftsOrt") {
                leg.to = try decoder.plannerText()
            } else if decoder.reader.keyEquals("distanz") {
                leg.distance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("halte") {
                let stops = try decoder.dbWebStops()
                (leg.facts.departurePlatform, leg.facts.arrivalPlatform, leg.facts.stops) = (stops.first, stops.last, stops.count)
                if stops.endCancelled { leg.facts.cancelled = true }
            } else if decoder.reader.keyEquals("risNotizen") {
                if try decoder.dbWebCancellation().any { leg.facts.cancelled = true }
            } else {
                try decoder.reader.skipValue()
            }
        }
        if leg.shortName == nil { leg.shortName = name }
        // The `ez` times are the forecast (db-vendo-client's `parseWhen`): a delay is the
        // forecast less the timetable's, and a missed connection is the forecast's, not a
        // contradiction (PlannerLeg).
        if realTime.departure != nil || realTime.arrival != nil { leg.facts.realTime = true }
        leg.facts.departureDelay = PlannerTime.delay(planned: planned.departure?.seconds, forecast: realTime.departure?.seconds)
        leg.facts.arrivalDelay = PlannerTime.delay(planned: planned.arrival?.seconds, forecast: realTime.arrival?.seconds)
        let departure = realTime.departure ?? planned.departure, arrival = realTime.arrival ?? planned.arrival
        (leg.start, leg.departure) = (departure?.seconds, departure?.text)
        (leg.end, leg.arrival) = (arrival?.seconds, arrival?.text)
        switch type {
        case "WALK", "TRANSFER": leg.mode = .walk
        case "PUBLICTRANSPORT": leg.mode = product.flatMap(PlannerMode.named) ?? .other
        default: leg.mode = .other
        }
        if leg.mode == .walk { (leg.shortName, leg.longName, leg.agency, leg.headsign) = (nil, nil, nil, nil) }
        return leg
    }

    /// `halte[]`: the first and the last stop's `gleis` (the platforms), the stops the ride
    /// calls at after boarding (one fewer than the stops listed, less the ones between whose
    /// `risNotizen` say the stop is cancelled, unless every stop's do: a ride cancelled whole
    /// keeps its planned count), and whether the ride does not call where the rider boards or
    /// alights (either end's `risNotizen` says the stop or ride is cancelled).
    mutating func dbWebStops() throws(JSONSyntaxError) -> (first: String?, last: String?, count: Int?, endCancelled: Bool) {
        var result: (first: String?, last: String?, count: Int?, endCancelled: Bool) = (nil, nil, nil, false)
        var listed = 0
        var lastCancelled = false
        // Counted as every planner's stops are (`plannerStops`), each stop's own notes read here.
        let count = try plannerStops(ends: true) { decoder throws(JSONSyntaxError) in
            var platform: String?
            var cancellation = (stop: false, ride: false)
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("gleis") {
                    platform = try decoder.plannerText().flatMap(PlannerText.trimmed)
                } else if decoder.reader.keyEquals("risNotizen") {
                    cancellation = try decoder.dbWebCancellation().notes
                } else {
                    try decoder.reader.skipValue()
                }
            }
            let cancelled = cancellation.stop || cancellation.ride
            if listed == 0 { (result.first, result.endCancelled) = (platform, cancelled) }
            (result.last, lastCancelled) = (platform, cancelled)
            listed += 1
            return cancellation.stop ? .notCalled : .served
        }
        result.count = listed > 1 ? count : nil
        if listed < 2 { result.last = nil }
        if listed > 1, lastCancelled { result.endCancelled = true }
        return result
    }

    /// What real-time notes (`risNotizen[]`, `{key, value}`) say is cancelled, as
    /// db-vendo-client's `parseCancelled` reads them (parse/remarks.js): the stop
    /// (`text.realtime.stop.cancelled`, or a note of `type` `HALT_AUSFALL`), the ride
    /// (`text.realtime.connection.cancelled`), and whether either.
    mutating func dbWebCancellation() throws(JSONSyntaxError) -> (notes: (stop: Bool, ride: Bool), any: Bool) {
        var notes = (stop: false, ride: false)
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("key") {
                    let key = try decoder.plannerWord()
                    if key == "text.realtime.stop.cancelled" { notes.stop = true }
                    if key == "text.realtime.connection.cancelled" { notes.ride = true }
                } else if decoder.reader.keyEquals("type") {
                    if try decoder.plannerWord() == "HALT_AUSFALL" { notes.stop = true }
                } else {
                    try decoder.reader.skipValue()
                }
            }
        }
        return (notes, notes.stop || notes.ride)
    }
}
