import RouteBar
internal import StrictJSON

/// EFA rapidJSON's `journeys[]`: each journey's `legs[]`, each with `duration` (seconds),
/// `origin` and `destination` (`name`, `departureTimePlanned`/`departureTimeEstimated` and
/// `arrivalTimePlanned`/`arrivalTimeEstimated` in UTC, `properties.platformName` or `platform`),
/// `transportation` (`disassembledName`, the line; `number` and `name`; `product.class`;
/// `operator.name`; `destination.name`, the headsign) and `isRealtimeControlled`. A ride may
/// fold in the walk to or from it (`footPathInfo[]`, `position` `BEFORE` or `AFTER`, `duration`
/// in seconds), which has no leg of its own then: it becomes a walk beside the ride.
extension PlannerReader {
    /// A stop's times in `stopSequence[]`: a stop with none is one the ride runs through.
    static let efaStopTimes: [StaticString] = [
        "departureTimePlanned", "arrivalTimePlanned", "departureTimeEstimated", "arrivalTimeEstimated",
    ]

    mutating func decodeEFAJourneys() throws(JSONSyntaxError) {
        // A journey's tickets name its legs by index: they are applied once both are read,
        // whichever comes first (the journey's pointer tells one journey's from the next's).
        var tickets: (journey: String, tickets: [EFATicket]) = ("", [])
        try eachItinerary(at: "/journeys", legs: "legs") { decoder, itinerary throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("legs") {
                try decoder.eachLeg(into: &itinerary) { decoder throws(JSONSyntaxError) in try decoder.decodeEFALeg() }
                if tickets.journey == itinerary.pointer { EFATicket.apply(tickets.tickets, to: &itinerary) }
            } else if decoder.reader.keyEquals("fare") {
                tickets = (itinerary.pointer, try decoder.decodeEFAFare())
                if !itinerary.legs.isEmpty { EFATicket.apply(tickets.tickets, to: &itinerary) }
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    mutating func decodeEFALeg() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var productClass: Int?
        var realTime: Bool?
        var origin = EFAStop(), destination = EFAStop()
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("duration") {
                leg.seconds = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("distance") {
                leg.distance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("isRealtimeControlled") {
                realTime = try decoder.plannerBool()
            } else if decoder.reader.keyEquals("origin") {
                origin = try decoder.efaStop()
            } else if decoder.reader.keyEquals("destination") {
                destination = try decoder.efaStop()
            } else if decoder.reader.keyEquals("stopSequence") {
                // "All stops that are made for this leg" (TfNSW's schema), with the ones a train
                // runs through listed without a time: those are not called at (Krail drops them).
                leg.facts.stops = try decoder.plannerStops(ends: true) { decoder throws(JSONSyntaxError) in
                    try decoder.plannerHasString(Self.efaStopTimes) ? .served : .notCalled
                }
            } else if decoder.reader.keyEquals("footPathInfo") {
                (leg.walkBefore, leg.walkAfter) = try decoder.efaFootPaths()
            } else if decoder.reader.keyEquals("infos") {
                // Service alerts (TfNSW's schema: `subtitle`, "a heading for the alert content").
                try decoder.decodeAlerts(into: &leg.facts, headlines: ["subtitle", "urlText"])
            } else if decoder.reader.keyEquals("transportation") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("disassembledName") {
                        leg.shortName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("number") {
                        leg.longName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("product") {
                        try decoder.eachMember { decoder throws(JSONSyntaxError) in
                            if decoder.reader.keyEquals("class") {
                                productClass = try decoder.plannerNumber().flatMap(Self.smallInteger)
                            } else {
                                try decoder.reader.skipValue()
                            }
                        }
                    } else if decoder.reader.keyEquals("operator") {
                        leg.agency = try decoder.plannerName()
                    } else if decoder.reader.keyEquals("destination") {
                        leg.headsign = try decoder.plannerName()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        leg.mode = productClass.flatMap(EFAProductClass.mode) ?? .other
        let departure = origin.departure, arrival = destination.arrival
        (leg.start, leg.departure, leg.from, leg.facts.departurePlatform) = (departure?.seconds, departure?.text, origin.name, origin.platform)
        // How full the ride is where the rider boards.
        leg.facts.occupancy = origin.occupancy.flatMap(EFAAdapter.occupancy)
        (leg.end, leg.arrival, leg.to, leg.facts.arrivalPlatform) = (arrival?.seconds, arrival?.text, destination.name, destination.platform)
        if leg.mode == .walk {
            // A footpath's own `footPathInfo` (`IDEST`, or its steps) is the leg itself.
            (leg.walkBefore, leg.walkAfter) = (nil, nil)
            (leg.shortName, leg.longName, leg.agency, leg.headsign) = (nil, nil, nil, nil)
            (leg.facts.departurePlatform, leg.facts.arrivalPlatform) = (nil, nil)
        } else if let realTime {
            leg.facts.realTime = realTime
            if realTime { (leg.facts.departureDelay, leg.facts.arrivalDelay) = (origin.departureDelay, destination.arrivalDelay) }
        }
        return leg
    }

    /// `footPathInfo[]`: the seconds walked before the ride (`BEFORE`) and after it (`AFTER`);
    /// `IDEST`, a walk that is the whole leg, is a footpath's, which is a leg of its own.
    mutating func efaFootPaths() throws(JSONSyntaxError) -> (before: Double?, after: Double?) {
        var before: Double?, after: Double?
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            var position: String?, seconds: Double?
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("position") {
                    position = try decoder.plannerWord()
                } else if decoder.reader.keyEquals("duration") {
                    seconds = try decoder.plannerNumber()
                } else {
                    try decoder.reader.skipValue()
                }
            }
            guard let seconds, seconds > 0 else { return }
            switch position {
            case "BEFORE": before = (before ?? 0) + seconds
            case "AFTER": after = (after ?? 0) + seconds
            default: break
            }
        }
        return (before, after)
    }

    /// An `origin` or a `destination`.
    mutating func efaStop() throws(JSONSyntaxError) -> EFAStop {
        var stop = EFAStop()
        var platformName: String?
        var platform: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("name") {
                stop.name = try decoder.plannerText()
            } else if decoder.reader.keyEquals("departureTimePlanned") {
                stop.departurePlanned = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("departureTimeEstimated") {
                stop.departureEstimated = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("arrivalTimePlanned") {
                stop.arrivalPlanned = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("arrivalTimeEstimated") {
                stop.arrivalEstimated = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("properties") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("platformName") {
                        platformName = try decoder.plannerText().flatMap(PlannerText.trimmed)
                    } else if decoder.reader.keyEquals("platform") {
                        platform = try decoder.plannerText().flatMap(PlannerText.trimmed)
                    } else if decoder.reader.keyEquals("occupancy") {
                        stop.occupancy = try decoder.plannerWord()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        stop.platform = platformName ?? platform
        return stop
    }

    /// `systemMessages[]`: the first of `type` `error`, its `text` and `code`, as facts.
    mutating func decodeEFASystemMessages() throws(JSONSyntaxError) {
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            var message: (type: String?, text: String?, code: String?) = (nil, nil, nil)
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("type") {
                    message.type = try decoder.plannerWord()
                } else if decoder.reader.keyEquals("text") {
                    message.text = try decoder.plannerWord()
                } else if decoder.reader.keyEquals("code") {
                    message.code = try decoder.plannerNumber().flatMap(Self.smallInteger).map { String($0) }
                } else {
                    try decoder.reader.skipValue()
                }
            }
            guard message.type == "error", decoder.plannerOutcome.facts["systemMessages.error"] == nil else { return }
            decoder.plannerOutcome.facts["systemMessages.error"] = message.text ?? message.code ?? "error"
            decoder.plannerOutcome.facts["systemMessages.code"] = message.code
        }
    }
}

/// A leg's `origin` or `destination`: its planned and estimated (real-time) times.
struct EFAStop {
    var name: String?
    var platform: String?
    /// `properties.occupancy` ("MANY_SEATS").
    var occupancy: String?
    var departurePlanned: (seconds: Double, text: String)?
    var departureEstimated: (seconds: Double, text: String)?
    var arrivalPlanned: (seconds: Double, text: String)?
    var arrivalEstimated: (seconds: Double, text: String)?

    var departure: (seconds: Double, text: String)? { departureEstimated ?? departurePlanned }
    var arrival: (seconds: Double, text: String)? { arrivalEstimated ?? arrivalPlanned }

    var departureDelay: Int? { PlannerTime.delay(planned: departurePlanned?.seconds, forecast: departureEstimated?.seconds) }
    var arrivalDelay: Int? { PlannerTime.delay(planned: arrivalPlanned?.seconds, forecast: arrivalEstimated?.seconds) }
}
