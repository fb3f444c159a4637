import RouteBar
internal import StrictJSON

/// HERE v8: `routes[].sections[]`, each `pedestrian` or `transit`, with `transport {mode, name,
/// shortName, headsign, color, textColor}`, `departure`/`arrival {time (with offset), place
/// {name, platform}, delay, status}`, `intermediateStops`, `travelSummary {duration (s), length
/// (m)}` and `agency {name}`. There is no
/// route total: it runs from the first departure to the last arrival. No route is `routes: []`
/// with `notices[]` whose `code` is `noRouteFound` or `noTransitRouteFound`.
extension PlannerReader {
    /// `routes`: each an itinerary of its `sections`.
    mutating func decodeHERERoutes() throws(JSONSyntaxError) {
        try eachItinerary(at: "/routes", legs: "sections") { decoder, itinerary throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("sections") {
                try decoder.decodeHERESections(into: &itinerary)
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    /// A route's `sections`.
    mutating func decodeHERESections(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        try eachLeg(into: &itinerary) { decoder throws(JSONSyntaxError) in try decoder.decodeHERESection() }
    }

    mutating func decodeHERESection() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var mode: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("transport") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("mode") {
                        mode = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("shortName") {
                        leg.shortName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("name") {
                        leg.longName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("headsign") {
                        leg.headsign = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("color") {
                        leg.color = try decoder.plannerColor()
                    } else if decoder.reader.keyEquals("textColor") {
                        leg.textColor = try decoder.plannerColor()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("departure") || decoder.reader.keyEquals("arrival") {
                let isDeparture = decoder.reader.keyEquals("departure")
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("time") {
                        let time = try decoder.plannerTimeAndText()
                        if isDeparture {
                            (leg.start, leg.departure) = (time?.seconds, time?.text)
                        } else {
                            (leg.end, leg.arrival) = (time?.seconds, time?.text)
                        }
                    } else if decoder.reader.keyEquals("place") {
                        let place = try decoder.plannerPlace()
                        if isDeparture {
                            (leg.from, leg.facts.departurePlatform) = (place.name, place.platform)
                        } else {
                            (leg.to, leg.facts.arrivalPlatform) = (place.name, place.platform)
                        }
                    } else if decoder.reader.keyEquals("delay") {
                        // Seconds late against the timetable, where HERE has real-time data.
                        let delay = try decoder.plannerDelay()
                        if isDeparture { leg.facts.departureDelay = delay } else { leg.facts.arrivalDelay = delay }
                    } else if decoder.reader.keyEquals("status") {
                        if try decoder.plannerWord() == "cancelled" { leg.facts.cancelled = true }
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("travelSummary") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("duration") {
                        leg.seconds = try decoder.plannerNumber()
                    } else if decoder.reader.keyEquals("length") {
                        leg.distance = try decoder.plannerNumber()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("agency") {
                leg.agency = try decoder.plannerName()
            } else if decoder.reader.keyEquals("intermediateStops") {
                leg.facts.stops = try decoder.plannerStops(ends: false)
            } else {
                try decoder.reader.skipValue()
            }
        }
        leg.mode = mode.flatMap(HEREMode.named) ?? .other
        if mode == nil { leg.missingMode = "transport.mode" }
        // The line's name is `name` ("810"); `shortName` is the same or shorter.
        if leg.shortName == nil { leg.shortName = leg.longName }
        if leg.longName == leg.shortName { leg.longName = nil }
        return leg
    }

    /// `notices[]`: why there is no route (`noRouteFound`, `noTransitRouteFound`), in HERE's words.
    mutating func decodeHERENotices() throws(JSONSyntaxError) {
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            var title: String?
            var code: String?
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("title") {
                    title = try decoder.plannerWord()
                } else if decoder.reader.keyEquals("code") {
                    code = try decoder.plannerWord()
                } else {
                    try decoder.reader.skipValue()
                }
            }
            if let code, ["noRouteFound", "noTransitRouteFound", "departureArrivalTooClose", "noRoutesFound"].contains(code) {
                decoder.plannerOutcome.noRoute = decoder.plannerOutcome.noRoute ?? (title ?? code)
            }
        }
    }
}
