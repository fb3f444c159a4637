import RouteBar
internal import StrictJSON

/// bahn.de's `verbindungen[]`: each connection's `verbindungsAbschnitte[]` and `angebotsPreis`
/// (`betrag`, `waehrung`). A section: `verkehrsmittel` (`typ` `PUBLICTRANSPORT`, `WALK` or
/// `TRANSFER`; `produktGattung`; `name`, "ICE 101"; `langText`; `richtung`, the headsign;
/// `zugattribute` `BEF`, the operator), `abfahrtsZeitpunkt`/`ankunftsZeitpunkt` (local; the
/// real-time `ezAbfahrtsZeitpunkt`/`ezAnkunftsZeitpunkt` where given), `abschnittsDauer`
/// (seconds), `abfahrtsOrt`/`ankunftsOrt`, `halte[]` (each stop, with its `gleis`), `distanz`.
extension PlannerReader {
    mutating func decodeDBWebConnections() throws(JSONSyntaxError) {
        let zone = plannerTimeZone ?? DBWebAdapter.timeZone
        try eachItinerary(at: "/verbindungen", legs: "verbindungsAbschnitte", timeZone: zone) { decoder, itinerary throws(JSONSyntaxError) in
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
        var planned: (departure: (seconds: Double, text: String)?, arrival: (seconds: Double, text: String)?)
        var realTime: (departure: (seconds: Double, text: String)?, arrival: (seconds: Double, text: String)?)
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("verkehrsmittel") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("typ") {
                        type = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("produktGattung") {
                        product = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("name") {
                        leg.shortName = try decoder.plannerText()
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
            } else {
                try decoder.reader.skipValue()
            }
        }
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

    /// `halte[]`: the first and the last stop's `gleis` (the platforms), and the stops between
    /// the two ends (one fewer than the stops listed).
    mutating func dbWebStops() throws(JSONSyntaxError) -> (first: String?, last: String?, count: Int?) {
        var result: (first: String?, last: String?, count: Int?) = (nil, nil, nil)
        var listed = 0
        try eachElement { decoder, index throws(JSONSyntaxError) in
            var platform: String?
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("gleis") {
                    platform = try decoder.plannerText().flatMap(PlannerText.trimmed)
                } else {
                    try decoder.reader.skipValue()
                }
            }
            if index == 0 { result.first = platform }
            result.last = platform
            listed += 1
        }
        result.count = listed > 1 ? listed - 1 : nil
        if listed < 2 { result.last = nil }
        return result
    }
}
