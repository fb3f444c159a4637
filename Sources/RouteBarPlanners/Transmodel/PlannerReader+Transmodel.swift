import RouteBar
internal import StrictJSON

/// Transmodel's `trip`: `tripPatterns[]` (each a route) and `routingErrors[]` (why there is
/// none). A pattern's and a leg's times are `aimedStartTime`/`expectedStartTime` and
/// `aimedEndTime`/`expectedEndTime` (ISO 8601 with offset; the expected ones are what happens),
/// `duration` in seconds; a leg's `mode`, `line {publicCode name presentation {colour
/// textColour}}`, `authority {name}`, `fromPlace`/`toPlace {name}`, `fromEstimatedCall` and
/// `toEstimatedCall` (`quay.publicCode`, the platform; `destinationDisplay.frontText`, the
/// headsign), `intermediateEstimatedCalls`, `realtime`, `distance`.
extension PlannerReader {
    mutating func decodeTransmodelTrip(at pointer: String) throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("tripPatterns") {
                try decoder.eachElement { decoder, index throws(JSONSyntaxError) in
                    guard try decoder.withinRouteLimit(decoder.plannerItineraries.count, at: pointer + "/tripPatterns") else { return }
                    decoder.addItinerary(try decoder.decodeTransmodelPattern(at: "\(pointer)/tripPatterns/\(index)/legs"))
                }
            } else if decoder.reader.keyEquals("routingErrors") {
                // [{"code": "noTransitConnection", "description": "…"}]: why there is no pattern.
                try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                    let description = try decoder.plannerMember("description")
                    decoder.plannerOutcome.noRoute = decoder.plannerOutcome.noRoute ?? description
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    mutating func decodeTransmodelPattern(at pointer: String) throws(JSONSyntaxError) -> PlannerItinerary {
        var itinerary = PlannerItinerary(pointer: pointer)
        var times = TransmodelTimes()
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("legs") {
                try decoder.eachLeg(into: &itinerary) { decoder throws(JSONSyntaxError) in try decoder.decodeTransmodelLeg() }
            } else if !(try decoder.decodeTransmodelTime(into: &times)) {
                try decoder.reader.skipValue()
            }
        }
        (itinerary.start, itinerary.departure) = (times.start?.seconds, times.start?.text)
        (itinerary.end, itinerary.arrival) = (times.end?.seconds, times.end?.text)
        return itinerary
    }

    mutating func decodeTransmodelLeg() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var times = TransmodelTimes()
        var realTime: Bool?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("mode") {
                leg.mode = try decoder.plannerWord().flatMap(PlannerMode.named) ?? .other
            } else if decoder.reader.keyEquals("duration") {
                leg.seconds = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("distance") {
                leg.distance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("realtime") {
                realTime = try decoder.plannerBool()
            } else if decoder.reader.keyEquals("line") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("publicCode") {
                        leg.shortName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("name") {
                        leg.longName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("presentation") {
                        try decoder.eachMember { decoder throws(JSONSyntaxError) in
                            if decoder.reader.keyEquals("colour") {
                                leg.color = try decoder.plannerColor()
                            } else if decoder.reader.keyEquals("textColour") {
                                leg.textColor = try decoder.plannerColor()
                            } else {
                                try decoder.reader.skipValue()
                            }
                        }
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("authority") {
                leg.agency = try decoder.plannerName()
            } else if decoder.reader.keyEquals("fromPlace") {
                leg.from = try decoder.plannerMember("name")
            } else if decoder.reader.keyEquals("toPlace") {
                leg.to = try decoder.plannerMember("name")
            } else if decoder.reader.keyEquals("fromEstimatedCall") || decoder.reader.keyEquals("toEstimatedCall") {
                let isFrom = decoder.reader.keyEquals("fromEstimatedCall")
                let call = try decoder.transmodelCall()
                if call.cancelled { leg.facts.cancelled = true }
                if isFrom {
                    (leg.facts.departurePlatform, leg.headsign) = (call.platform, call.headsign ?? leg.headsign)
                } else {
                    leg.facts.arrivalPlatform = call.platform
                    leg.headsign = leg.headsign ?? call.headsign
                }
            } else if decoder.reader.keyEquals("intermediateEstimatedCalls") {
                leg.facts.stops = try decoder.plannerStops(ends: false) { decoder throws(JSONSyntaxError) in try decoder.plannerStopCall() }
            } else if decoder.reader.keyEquals("interchangeFrom") {
                // The interchange from the leg before: `staySeated`, the same vehicle goes on.
                if try decoder.reader.peekKind() == .object, let seated = try decoder.transmodelStaySeated() { leg.interlined = seated }
            } else if !(try decoder.decodeTransmodelTime(into: &times)) {
                try decoder.reader.skipValue()
            }
        }
        (leg.start, leg.departure) = (times.start?.seconds, times.start?.text)
        (leg.end, leg.arrival) = (times.end?.seconds, times.end?.text)
        if let realTime, leg.mode != .walk {
            leg.facts.realTime = realTime
            if realTime { (leg.facts.departureDelay, leg.facts.arrivalDelay) = (times.startDelay, times.endDelay) }
        }
        if leg.mode == .walk { (leg.shortName, leg.longName, leg.color, leg.textColor, leg.agency) = (nil, nil, nil, nil, nil) }
        return leg
    }

    /// An interchange's `staySeated`.
    mutating func transmodelStaySeated() throws(JSONSyntaxError) -> Bool? {
        var seated: Bool?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("staySeated") { seated = try decoder.plannerBool() } else { try decoder.reader.skipValue() }
        }
        return seated
    }

    /// An estimated call: its quay's `publicCode` (the platform), its
    /// `destinationDisplay.frontText` (the headsign), and its `cancellation` (the call, planned
    /// or by real-time data, does not happen).
    mutating func transmodelCall() throws(JSONSyntaxError) -> (platform: String?, headsign: String?, cancelled: Bool) {
        var call: (platform: String?, headsign: String?, cancelled: Bool) = (nil, nil, false)
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("cancellation") {
                call.cancelled = try decoder.plannerBool() == true
            } else if decoder.reader.keyEquals("quay") {
                call.platform = try decoder.plannerMember("publicCode").flatMap(PlannerText.trimmed)
            } else if decoder.reader.keyEquals("destinationDisplay") {
                call.headsign = try decoder.plannerMember("frontText")
            } else {
                try decoder.reader.skipValue()
            }
        }
        return call
    }

    /// One of the four times, into `times`; false when the member is none of them.
    mutating func decodeTransmodelTime(into times: inout TransmodelTimes) throws(JSONSyntaxError) -> Bool {
        if reader.keyEquals("aimedStartTime") {
            times.aimedStart = try plannerTimeAndText()
        } else if reader.keyEquals("expectedStartTime") {
            times.expectedStart = try plannerTimeAndText()
        } else if reader.keyEquals("aimedEndTime") {
            times.aimedEnd = try plannerTimeAndText()
        } else if reader.keyEquals("expectedEndTime") {
            times.expectedEnd = try plannerTimeAndText()
        } else {
            return false
        }
        return true
    }
}

/// A pattern's or a leg's aimed (timetabled) and expected (real-time) times.
struct TransmodelTimes {
    var aimedStart: (seconds: Double, text: String)?
    var expectedStart: (seconds: Double, text: String)?
    var aimedEnd: (seconds: Double, text: String)?
    var expectedEnd: (seconds: Double, text: String)?

    /// What happens: the expected time, else the timetabled one.
    var start: (seconds: Double, text: String)? { expectedStart ?? aimedStart }
    var end: (seconds: Double, text: String)? { expectedEnd ?? aimedEnd }

    /// Seconds late against the timetable, where both are given.
    var startDelay: Int? { PlannerTime.delay(planned: aimedStart?.seconds, forecast: expectedStart?.seconds) }
    var endDelay: Int? { PlannerTime.delay(planned: aimedEnd?.seconds, forecast: expectedEnd?.seconds) }
}
