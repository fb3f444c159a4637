import RouteBar
internal import StrictJSON

/// transport.opendata.ch: `connections[]`, each with `sections[]` that hold either `journey`
/// (`category`, `number`, `operator`, `to`) or `walk` (its `duration` may be null), and
/// `departure`/`arrival` with `departureTimestamp`/`arrivalTimestamp` (epoch seconds) and
/// `station.name`, `platform`, `delay` (minutes) and `prognosis` (the forecast's `departure` or
/// `arrival` and `platform`, which win over the timetable's); a journey's
/// `passList` holds its stops. Waits are the gaps between sections. No route is `connections: []`; its
/// error answer `{"errors": [{"message"}]}`.
extension PlannerReader {
    mutating func decodeOpendataCHConnections() throws(JSONSyntaxError) {
        try eachItinerary(at: "/connections", legs: "sections") { decoder, itinerary throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("sections") {
                try decoder.eachLeg(into: &itinerary) { decoder throws(JSONSyntaxError) in
                    try decoder.decodeOpendataCHSection()
                }
            } else if decoder.reader.keyEquals("transfers") {
                itinerary.transfers = try decoder.plannerNumber().flatMap(Self.smallInteger)
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    mutating func decodeOpendataCHSection() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var category: String?
        var categoryCode: Double?
        var number: String?
        var walks = false
        var rides = false
        var forecast: (departure: (seconds: Double, text: String)?, arrival: (seconds: Double, text: String)?)
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("journey") {
                rides = try decoder.reader.peekKind() == .object
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("category") {
                        category = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("categoryCode") {
                        categoryCode = try decoder.plannerNumber()
                    } else if decoder.reader.keyEquals("number") {
                        number = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("operator") {
                        leg.agency = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("to") {
                        leg.headsign = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("passList") {
                        leg.facts.stops = try decoder.plannerStops(ends: true)
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("walk") {
                walks = try decoder.reader.peekKind() == .object
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("duration") {
                        // Seconds, "00:05:00" (its schema's string), or null (OpendataCH/Transport#206):
                        // the times then say it.
                        if try decoder.reader.peekKind() == .string {
                            leg.seconds = try decoder.plannerWord().flatMap(OpendataCHCategory.seconds(clock:))
                        } else {
                            leg.seconds = try decoder.plannerNumber()
                        }
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("departure") || decoder.reader.keyEquals("arrival") {
                let isDeparture = decoder.reader.keyEquals("departure")
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    // A stop has both times; the section's end that it is says which to read.
                    if decoder.reader.keyEquals(isDeparture ? "departureTimestamp" : "arrivalTimestamp") {
                        let seconds = try decoder.plannerNumber()
                        if isDeparture { leg.start = seconds } else { leg.end = seconds }
                    } else if decoder.reader.keyEquals(isDeparture ? "departure" : "arrival") {
                        let text = try decoder.plannerWord()
                        if isDeparture { leg.departure = text } else { leg.arrival = text }
                    } else if decoder.reader.keyEquals("station") {
                        let name = try decoder.plannerName()
                        if isDeparture { leg.from = name } else { leg.to = name }
                    } else if decoder.reader.keyEquals("platform") {
                        let platform = try decoder.plannerText().flatMap(PlannerText.trimmed)
                        if isDeparture {
                            leg.facts.departurePlatform = leg.facts.departurePlatform ?? platform
                        } else {
                            leg.facts.arrivalPlatform = leg.facts.arrivalPlatform ?? platform
                        }
                    } else if decoder.reader.keyEquals("prognosis") {
                        // The real-time forecast: its time and a changed platform win over the
                        // timetable's (`departure` is the timetable's; `delay` the difference).
                        try decoder.eachMember { decoder throws(JSONSyntaxError) in
                            if decoder.reader.keyEquals("platform") {
                                guard let platform = try decoder.plannerText().flatMap(PlannerText.trimmed) else { return }
                                if isDeparture { leg.facts.departurePlatform = platform } else { leg.facts.arrivalPlatform = platform }
                            } else if decoder.reader.keyEquals(isDeparture ? "departure" : "arrival") {
                                guard let time = try decoder.plannerTimeAndText() else { return }
                                if isDeparture { forecast.departure = time } else { forecast.arrival = time }
                            } else {
                                try decoder.reader.skipValue()
                            }
                        }
                    } else if decoder.reader.keyEquals("delay") {
                        // Minutes late, where the forecast knows.
                        let delay = try decoder.plannerDelay(unit: 60)
                        if isDeparture { leg.facts.departureDelay = delay } else { leg.facts.arrivalDelay = delay }
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        // Times are forecasts where there is one, as every planner's are: the delay is said of them.
        if let departure = forecast.departure { (leg.start, leg.departure) = (departure.seconds, departure.text) }
        if let arrival = forecast.arrival { (leg.end, leg.arrival) = (arrival.seconds, arrival.text) }
        if !walks, !rides { leg.missingMode = "journey` or `walk" }
        if walks {
            leg.mode = .walk
        } else {
            leg.mode = category.flatMap(OpendataCHCategory.named) ?? categoryCode.flatMap(OpendataCHCategory.classed) ?? .other
            // "12" with category "S" is the S12; "IC 738" (older answers) names itself.
            if let number, !number.isEmpty {
                if let category, number.first?.isNumber == true {
                    leg.shortName = category + (category.count > 1 ? " " : "") + number
                } else {
                    leg.shortName = number
                }
            }
        }
        return leg
    }
}
