import RouteBar
internal import StrictJSON

/// Google: the Directions API (legacy) `routes[].legs[].steps[]` with `travel_mode`,
/// `duration.value` and `transit_details`, and the Routes API `routes[].legs[].steps[]` with
/// `travelMode`, `staticDuration` ("123s") and `transitDetails`. A route's legs are one
/// itinerary; consecutive untimed steps of a walk, a drive or a ride by bicycle (a step per
/// instruction) are one leg, and Directions' legs' `duration` add up to the route's total.
extension PlannerReader {
    /// `routes`: each an itinerary of its `legs`, with Directions' `fare`
    /// (`{"currency": "USD", "value": 2.75, "text": "$2.75"}`) and the Routes API's `duration`.
    mutating func decodeGoogleRoutes() throws(JSONSyntaxError) {
        try eachItinerary(at: "/routes", legs: "legs") { decoder, itinerary throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("legs") {
                try decoder.decodeGoogleLegs(into: &itinerary, at: itinerary.pointer)
            } else if decoder.reader.keyEquals("duration") {
                // The Routes API's whole route ("1860s"), the wait for the first ride included: the
                // total, since its walks carry no times and the route's own none either.
                itinerary.seconds = try decoder.plannerWord().flatMap(PlannerTime.seconds(duration:))
            } else if decoder.reader.keyEquals("travelAdvisory") {
                // The Routes API's fare: `{"transitFare": {"currencyCode": "JPY", "units": "11410",
                // "nanos": 0}}` (google.type.Money: whole units as a string, and billionths).
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    guard decoder.reader.keyEquals("transitFare") else { return try decoder.reader.skipValue() }
                    var money: (units: Double?, nanos: Double, currency: String?) = (nil, 0, nil)
                    try decoder.eachMember { decoder throws(JSONSyntaxError) in
                        if decoder.reader.keyEquals("units") {
                            let text = try decoder.reader.peekKind() == .string
                            money.units = text ? try decoder.plannerWord().flatMap(Double.init) : try decoder.plannerNumber()
                        } else if decoder.reader.keyEquals("nanos") {
                            money.nanos = try decoder.plannerNumber() ?? 0
                        } else if decoder.reader.keyEquals("currencyCode") {
                            money.currency = try decoder.plannerWord()
                        } else {
                            try decoder.reader.skipValue()
                        }
                    }
                    guard let currency = money.currency else { return }
                    let amount = (money.units ?? 0) + money.nanos / 1_000_000_000
                    guard amount.isFinite, amount >= 0 else { return }
                    (itinerary.fareAmount, itinerary.fareCurrency) = (amount, currency)
                }
            } else if decoder.reader.keyEquals("fare") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("value") {
                        itinerary.fareAmount = try decoder.plannerNumber()
                    } else if decoder.reader.keyEquals("currency") {
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

    /// The `legs` of a route in `routes`.
    mutating func decodeGoogleLegs(into itinerary: inout PlannerItinerary, at pointer: String) throws(JSONSyntaxError) {
        // Directions' legs' `duration`, added up: the route's total only where every leg has one.
        var total: Double? = 0
        try eachElement { decoder, legIndex throws(JSONSyntaxError) in
            var legSeconds: Double?
            var steps = 0
            defer { total = total.flatMap { total in legSeconds.map { total + $0 } } }
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("steps") {
                    try decoder.eachElement { decoder, index throws(JSONSyntaxError) in
                        steps += 1
                        guard try decoder.withinLegLimit(itinerary.legs.count, at: "\(pointer)/\(legIndex)/steps"),
                            try decoder.readsLeg(at: "\(pointer)/\(legIndex)/steps/\(index)")
                        else { return }
                        var step = try decoder.decodeGoogleStep()
                        step.pointer = "\(pointer)/\(legIndex)/steps/\(index)"
                        // A step without minutes is pointed at itself, before it joins a walk.
                        guard decoder.keepsLeg(step, at: "\(pointer)/\(legIndex)/steps/\(index)") else { return }
                        // A walk, drive or ride by bicycle is a step per instruction ("Turn left
                        // onto W 16th St"): consecutive untimed steps of one such mode are one leg.
                        if step.mode.kind != .transit, step.start == nil, let last = itinerary.legs.last, last.mode == step.mode,
                            last.start == nil
                        {
                            itinerary.legs[itinerary.legs.count - 1].seconds = (last.seconds ?? 0) + (step.seconds ?? 0)
                            itinerary.legs[itinerary.legs.count - 1].distance = last.distance.flatMap { a in step.distance.map { a + $0 } }
                        } else {
                            itinerary.legs.append(step)
                        }
                    }
                } else if decoder.reader.keyEquals("duration"), try decoder.reader.peekKind() == .object {
                    // Directions' leg, `{"value": 1492, "text": "25 mins"}`: the route's legs add up
                    // to its total, which its steps' times, where it has none, cannot give.
                    legSeconds = try decoder.googleValue()
                } else if decoder.reader.keyEquals("departure_time") {
                    let time = try decoder.googleTime()
                    if itinerary.start == nil { (itinerary.start, itinerary.departure) = (time.value, time.value.map(PlannerTime.iso)) }
                    itinerary.timeZone = itinerary.timeZone ?? time.zone
                } else if decoder.reader.keyEquals("arrival_time") {
                    let time = try decoder.googleTime()
                    (itinerary.end, itinerary.arrival) = (time.value, time.value.map(PlannerTime.iso))
                    itinerary.timeZone = itinerary.timeZone ?? time.zone
                } else {
                    try decoder.reader.skipValue()
                }
            }
            // What moves a leg is in its steps: a leg without them (an answer cut down to its
            // addresses) would leave the route with nothing to draw, said as if it were so.
            if steps == 0 {
                decoder.note(
                    .init(
                        .missingField, "the leg has no steps: Google says what moves a leg, and for how long, in its steps[]",
                        pointer: "\(pointer)/\(legIndex)"))
            }
        }
        if let total, total > 0 { itinerary.seconds = itinerary.seconds ?? total }
    }

    /// A step: a walk, a transit ride, or a drive or ride by bicycle.
    mutating func decodeGoogleStep() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var travelMode: String?
        var routesAPI = false
        var vehicle: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("travel_mode") || decoder.reader.keyEquals("travelMode") {
                routesAPI = decoder.reader.keyEquals("travelMode")
                travelMode = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("duration") {
                let seconds = try decoder.googleValue()
                leg.seconds = leg.seconds ?? seconds
            } else if decoder.reader.keyEquals("staticDuration") {
                leg.seconds = try decoder.plannerWord().flatMap(PlannerTime.seconds(duration:))
            } else if decoder.reader.keyEquals("distance") {
                leg.distance = try decoder.googleValue()
            } else if decoder.reader.keyEquals("distanceMeters") {
                leg.distance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("transit_details") || decoder.reader.keyEquals("transitDetails") {
                try decoder.decodeGoogleTransit(into: &leg, vehicle: &vehicle)
            } else {
                try decoder.reader.skipValue()
            }
        }
        let transit = travelMode.map { $0 == "TRANSIT" } ?? (vehicle != nil)
        leg.mode = transit ? (vehicle.flatMap(PlannerMode.named) ?? .other) : (travelMode.flatMap(PlannerMode.named) ?? .other)
        // Every transit step names its vehicle's type (an unknown one is `OTHER`, read as other).
        if travelMode == nil, vehicle == nil {
            leg.missingMode = "travel_mode` (Routes API: `travelMode"
        } else if transit, vehicle == nil {
            leg.missingMode = routesAPI ? "transitDetails.transitLine.vehicle.type" : "transit_details.line.vehicle.type"
        }
        return leg
    }

    mutating func decodeGoogleTransit(into leg: inout PlannerLeg, vehicle: inout String?) throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("departure_time") {
                let time = try decoder.googleTime()
                (leg.start, leg.timeZone) = (time.value, time.zone ?? leg.timeZone)
                leg.departure = leg.start.map(PlannerTime.iso)
            } else if decoder.reader.keyEquals("arrival_time") {
                let time = try decoder.googleTime()
                (leg.end, leg.timeZone) = (time.value, time.zone ?? leg.timeZone)
                leg.arrival = leg.end.map(PlannerTime.iso)
            } else if decoder.reader.keyEquals("departure_stop") {
                leg.from = try decoder.plannerName()
            } else if decoder.reader.keyEquals("arrival_stop") {
                leg.to = try decoder.plannerName()
            } else if decoder.reader.keyEquals("localizedValues") {
                // The Routes API's local times: `{"departureTime": {"time": {"text": "11:05 PM"},
                // "timeZone": "Asia/Tokyo"}, …}`: the zone its clocks are in (its times are UTC).
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    guard decoder.reader.keyEquals("departureTime") || decoder.reader.keyEquals("arrivalTime") else {
                        return try decoder.reader.skipValue()
                    }
                    if let zone = try decoder.plannerMember("timeZone").flatMap(ZoneDatabase.system.known) { leg.timeZone = leg.timeZone ?? zone }
                }
            } else if decoder.reader.keyEquals("headsign") {
                leg.headsign = try decoder.plannerText()
            } else if decoder.reader.keyEquals("num_stops") || decoder.reader.keyEquals("stopCount") {
                // Stops after boarding, the one left at included (Directions; Routes' `stopCount`).
                leg.facts.stops = try decoder.plannerNumber().flatMap(Self.smallInteger)
            } else if decoder.reader.keyEquals("stopDetails") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("departureTime") {
                        let time = try decoder.plannerTimeAndText()
                        (leg.start, leg.departure) = (time?.seconds, time?.text)
                    } else if decoder.reader.keyEquals("arrivalTime") {
                        let time = try decoder.plannerTimeAndText()
                        (leg.end, leg.arrival) = (time?.seconds, time?.text)
                    } else if decoder.reader.keyEquals("departureStop") {
                        leg.from = try decoder.plannerName()
                    } else if decoder.reader.keyEquals("arrivalStop") {
                        leg.to = try decoder.plannerName()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("line") || decoder.reader.keyEquals("transitLine") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("short_name") || decoder.reader.keyEquals("nameShort") {
                        leg.shortName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("name") {
                        leg.longName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("color") {
                        leg.color = try decoder.plannerColor()
                    } else if decoder.reader.keyEquals("text_color") || decoder.reader.keyEquals("textColor") {
                        leg.textColor = try decoder.plannerColor()
                    } else if decoder.reader.keyEquals("vehicle") {
                        try decoder.eachMember { decoder throws(JSONSyntaxError) in
                            if decoder.reader.keyEquals("type") { vehicle = try decoder.plannerWord() } else { try decoder.reader.skipValue() }
                        }
                    } else if decoder.reader.keyEquals("agencies") {
                        try decoder.eachElement { decoder, index throws(JSONSyntaxError) in
                            let name = try decoder.plannerName()
                            if leg.agency == nil { leg.agency = name }
                        }
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    /// Directions' time, `{"value": 1652912039, "text": "6:13pm", "time_zone": "America/New_York"}`:
    /// the instant and the zone it is shown in.
    mutating func googleTime() throws(JSONSyntaxError) -> (value: Double?, zone: String?) {
        guard try reader.peekKind() == .object else { return (try plannerTime(), nil) }
        var time: (value: Double?, zone: String?) = (nil, nil)
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("value") {
                time.value = try decoder.plannerTime()
            } else if decoder.reader.keyEquals("time_zone") {
                time.zone = try decoder.plannerZone()
            } else {
                try decoder.reader.skipValue()
            }
        }
        return time
    }

    /// Directions' `{"value": …, "text": …}` (seconds, or a time in seconds), or a bare value.
    mutating func googleValue() throws(JSONSyntaxError) -> Double? {
        guard try reader.peekKind() == .object else { return try plannerTime() }
        var value: Double?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("value") { value = try decoder.plannerNumber() } else { try decoder.reader.skipValue() }
        }
        return value
    }
}
