import RouteBar
internal import StrictJSON

/// HAFAS REST's `Trip[]`: each trip's `LegList.Leg` (a list, or one leg as an object), each leg
/// with `type` (`JNY` a ride, `WALK`, `TRSF` a transfer, `BIKE`, `KISS`, `PARK`, `TAXI`),
/// `Origin`/`Destination` (`name`, local `date` and `time`, real-time `rtDate`/`rtTime`, their
/// offsets from UTC in minutes `tz`/`rtTz` where the deployment writes them (Deutsche Bahn's
/// does, ResRobot's does not), `track`/`rtTrack`), `duration` (ISO 8601, "PT7M"),
/// `direction`, and `Product` (a list in v2.1, an object in SL's 3.1: `line`, `displayNumber`,
/// `name`, `catOutL`, `catOut`, `operator`, `icon.backgroundColor.hex`/`foregroundColor.hex`).
extension PlannerReader {
    mutating func decodeHAFASRESTTrips() throws(JSONSyntaxError) {
        try eachItinerary(at: "/Trip", legs: "LegList/Leg", timeZone: plannerTimeZone) { decoder, itinerary throws(JSONSyntaxError) in
            try decoder.decodeHAFASRESTTripMember(into: &itinerary)
        }
    }

    /// A member of a trip (`LegList`, `Origin`, `Destination`; others skipped), in `Trip[]` or,
    /// one trip sent as the whole body, at the top.
    mutating func decodeHAFASRESTTripMember(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        if reader.keyEquals("LegList") {
            try eachMember { decoder throws(JSONSyntaxError) in
                guard decoder.reader.keyEquals("Leg") else { return try decoder.reader.skipValue() }
                if try decoder.reader.peekKind() == .object {
                    // One leg, written as the object itself.
                    let leg = try decoder.decodeHAFASRESTLeg()
                    if decoder.keepsLeg(leg, at: itinerary.pointer) { itinerary.legs.append(leg) }
                } else {
                    try decoder.eachLeg(into: &itinerary) { decoder throws(JSONSyntaxError) in try decoder.decodeHAFASRESTLeg() }
                }
            }
        } else if reader.keyEquals("Origin") {
            let time = try hafasRESTStop().time
            (itinerary.start, itinerary.departure) = (time?.seconds, time?.text)
        } else if reader.keyEquals("Destination") {
            let time = try hafasRESTStop().time
            (itinerary.end, itinerary.arrival) = (time?.seconds, time?.text)
        } else {
            try reader.skipValue()
        }
    }

    mutating func decodeHAFASRESTLeg() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var type: String?
        var category: String?
        var name: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("type") {
                type = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("Origin") {
                let stop = try decoder.hafasRESTStop()
                (leg.start, leg.departure, leg.from, leg.facts.departurePlatform) = (stop.time?.seconds, stop.time?.text, stop.name, stop.track)
                if let delay = stop.delay { (leg.facts.realTime, leg.facts.departureDelay) = (true, delay) }
            } else if decoder.reader.keyEquals("Destination") {
                let stop = try decoder.hafasRESTStop()
                (leg.end, leg.arrival, leg.to, leg.facts.arrivalPlatform) = (stop.time?.seconds, stop.time?.text, stop.name, stop.track)
                if let delay = stop.delay { (leg.facts.realTime, leg.facts.arrivalDelay) = (true, delay) }
            } else if decoder.reader.keyEquals("duration") {
                leg.seconds = try decoder.plannerWord().flatMap(PlannerTime.seconds(isoDuration:))
            } else if decoder.reader.keyEquals("dist") {
                leg.distance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("direction") {
                leg.headsign = try decoder.plannerText()
            } else if decoder.reader.keyEquals("name") {
                name = try decoder.plannerText()
            } else if decoder.reader.keyEquals("Product") {
                // A list in v2.1 (the first is the ride's), one object in SL's 3.1.
                if try decoder.reader.peekKind() == .array {
                    try decoder.eachElement { decoder, index throws(JSONSyntaxError) in
                        guard index == 0 else { return try decoder.reader.skipValue() }
                        category = try decoder.decodeHAFASRESTProduct(into: &leg) ?? category
                    }
                } else {
                    category = try decoder.decodeHAFASRESTProduct(into: &leg) ?? category
                }
            } else if decoder.reader.keyEquals("Stops") {
                let stops = try decoder.hafasRESTStops()
                leg.facts.stops = stops.count
                // The stop the rider boards or alights at no longer called at (`partCancelled`):
                // the ride is cancelled for them.
                if stops.endCancelled { leg.facts.cancelled = true }
            } else if decoder.reader.keyEquals("cancelled") {
                // The HAFAS REST schema's `Leg`: "Will be true if this journey is cancelled".
                if try decoder.plannerBool() == true { leg.facts.cancelled = true }
            } else if decoder.reader.keyEquals("reachable") {
                leg.facts.reachable = try decoder.plannerBool()
            } else {
                try decoder.reader.skipValue()
            }
        }
        switch type {
        case "WALK", "TRSF": leg.mode = .walk
        case "BIKE": leg.mode = .bicycle
        case "KISS", "PARK", "TAXI": leg.mode = .car
        case "JNY": leg.mode = category.flatMap(HAFASRESTProduct.mode) ?? name.flatMap(HAFASRESTProduct.mode) ?? .other
        default: leg.mode = .other
        }
        if leg.mode == .walk { (leg.shortName, leg.longName, leg.color, leg.textColor, leg.agency) = (nil, nil, nil, nil, nil) }
        return leg
    }

    /// A `Product`: the line into `leg`; its category text (`catOutL`, else `catOut`) returned.
    mutating func decodeHAFASRESTProduct(into leg: inout PlannerLeg) throws(JSONSyntaxError) -> String? {
        var long: String?
        var short: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("displayNumber") {
                leg.shortName = try decoder.plannerText()
            } else if decoder.reader.keyEquals("line") {
                let line = try decoder.plannerText()
                leg.shortName = leg.shortName ?? line
            } else if decoder.reader.keyEquals("name") {
                leg.longName = try decoder.plannerText()
            } else if decoder.reader.keyEquals("catOutL") {
                long = try decoder.plannerText()
            } else if decoder.reader.keyEquals("catOut") {
                short = try decoder.plannerText()
            } else if decoder.reader.keyEquals("operator") {
                leg.agency = try decoder.plannerText()
            } else if decoder.reader.keyEquals("icon") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("backgroundColor") {
                        leg.color = try decoder.plannerMember("hex").flatMap(PlannerText.color)
                    } else if decoder.reader.keyEquals("foregroundColor") {
                        leg.textColor = try decoder.plannerMember("hex").flatMap(PlannerText.color)
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        return long ?? short
    }

    /// An `Origin` or `Destination`: its name, its time (the real-time `rtDate`/`rtTime` where
    /// given, else `date`/`time`; with its offset where `tz`/`rtTz` give it, else local), the
    /// forecast's delay in seconds (nil without a forecast), and its track (`rtTrack`, else
    /// `track`).
    mutating func hafasRESTStop() throws(JSONSyntaxError) -> (
        name: String?, time: (seconds: Double, text: String)?, delay: Int?, track: String?
    ) {
        var name: String?
        var planned: (date: String?, time: String?, offset: Double?)
        var realTime: (date: String?, time: String?, offset: Double?)
        var track: String?
        var realTimeTrack: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("name") {
                name = try decoder.plannerText()
            } else if decoder.reader.keyEquals("date") {
                planned.date = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("time") {
                planned.time = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("rtDate") {
                realTime.date = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("rtTime") {
                realTime.time = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("tz") {
                planned.offset = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("rtTz") {
                realTime.offset = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("track") {
                track = try decoder.plannerText().flatMap(PlannerText.trimmed)
            } else if decoder.reader.keyEquals("rtTrack") {
                realTimeTrack = try decoder.plannerText().flatMap(PlannerText.trimmed)
            } else {
                try decoder.reader.skipValue()
            }
        }
        func time(_ date: String?, _ clock: String?, _ minutes: Double?) -> (seconds: Double, text: String)? {
            let offset = minutes.flatMap { PlannerTime.offset(milliseconds: $0 * 60_000) }.map(PlannerTime.offsetText) ?? ""
            let text = date.flatMap { date in clock.map { date + "T" + $0 + offset } }.flatMap { $0.utf8.count <= 64 ? $0 : nil }
            return text.flatMap { text in PlannerTime.seconds(iso: text).map { (seconds: $0, text: text) } }
        }
        let scheduled = time(planned.date, planned.time, planned.offset)
        guard realTime.time != nil else { return (name, scheduled, nil, realTimeTrack ?? track) }
        let forecast = time(realTime.date ?? planned.date, realTime.time, realTime.offset ?? planned.offset)
        let delay = PlannerTime.delay(planned: scheduled?.seconds, forecast: forecast?.seconds)
        return (name, forecast ?? scheduled, delay, realTimeTrack ?? track)
    }

    /// `Stops.Stop[]`: the stops a ride calls at, both ends included, each with its `cancelled`,
    /// `boarding` and `alighting` (`plannerStopCall`); its stops are one fewer. `endCancelled`:
    /// the first or the last is cancelled.
    mutating func hafasRESTStops() throws(JSONSyntaxError) -> (count: Int?, endCancelled: Bool) {
        var result: (count: Int?, endCancelled: Bool) = (nil, false)
        try eachMember { decoder throws(JSONSyntaxError) in
            guard decoder.reader.keyEquals("Stop") else { return try decoder.reader.skipValue() }
            guard try decoder.reader.peekKind() == .array else { return try decoder.reader.skipValue() }
            var listed = 0
            var (first, last) = (PlannerStopCall.served, PlannerStopCall.served)
            let stops = try decoder.plannerStops(ends: true) { decoder throws(JSONSyntaxError) in
                listed += 1
                last = try decoder.plannerStopCall()
                if listed == 1 { first = last }
                return last
            }
            result = (listed > 1 ? stops : nil, listed > 1 && (first == .notCalled || last == .notCalled))
        }
        return result
    }
}
