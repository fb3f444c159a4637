import RouteBar
internal import StrictJSON

/// The itinerary shape OpenTripPlanner (REST and GraphQL), MOTIS and hafas-client share: an
/// object with `legs`, each leg with a mode, times and a route or line. One reader takes all
/// their spellings; where two members say the same, the more precise wins (times over
/// durations, `line.product` over `line.mode`).
extension PlannerReader {
    /// An array of itineraries at `pointer`; `wrapped` reads GraphQL's `edges[].node`.
    mutating func decodeItineraries(at pointer: String, wrapped: Bool = false) throws(JSONSyntaxError) {
        try eachElement { decoder, index throws(JSONSyntaxError) in
            guard try decoder.withinRouteLimit(decoder.plannerItineraries.count, at: pointer) else { return }
            if wrapped {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("node") {
                        decoder.addItinerary(try decoder.decodeItinerary(at: "\(pointer)/\(index)/node"))
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                decoder.addItinerary(try decoder.decodeItinerary(at: "\(pointer)/\(index)"))
            }
        }
    }

    /// One itinerary object (or hafas-client journey).
    mutating func decodeItinerary(at pointer: String) throws(JSONSyntaxError) -> PlannerItinerary {
        var itinerary = PlannerItinerary(pointer: pointer + "/legs")
        try eachMember { decoder throws(JSONSyntaxError) in
            try decoder.decodeItineraryMember(into: &itinerary)
        }
        return itinerary
    }

    /// A member of an itinerary: its legs and its own times; others are skipped.
    mutating func decodeItineraryMember(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        if reader.keyEquals("legs") {
            try eachLeg(into: &itinerary) { decoder throws(JSONSyntaxError) in try decoder.decodeLeg() }
        } else if reader.keyEquals("startTime") || reader.keyEquals("start") {
            let time = try plannerTimeAndText()
            (itinerary.start, itinerary.departure) = (time?.seconds, time?.text)
        } else if reader.keyEquals("endTime") || reader.keyEquals("end") {
            let time = try plannerTimeAndText()
            (itinerary.end, itinerary.arrival) = (time?.seconds, time?.text)
        } else if reader.keyEquals("walkDistance") {
            itinerary.walkDistance = try plannerNumber()
        } else if reader.keyEquals("transfers") || reader.keyEquals("numberOfTransfers") {
            itinerary.transfers = try plannerNumber().flatMap(Self.smallInteger)
        } else if reader.keyEquals("fare") {
            try decodeOTPFare(into: &itinerary)
        } else if reader.keyEquals("fares") {
            try decodeItineraryFares(into: &itinerary)
        } else {
            try reader.skipValue()
        }
    }

    /// One leg of OpenTripPlanner, MOTIS or hafas-client.
    mutating func decodeLeg() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var modeName: String?
        var product: String?
        var productName: String?
        var walking = false
        var rentalFormFactor: String?
        var plannedStart: (seconds: Double, text: String)?
        // OpenTripPlanner's trip headsign, for a leg without its own `headsign` (what the vehicle
        // shows where the rider boards), whichever of the two members comes first.
        var tripHeadsign: String?
        var plannedEnd: (seconds: Double, text: String)?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("mode") {
                modeName = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("duration") {
                leg.seconds = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("startTime") || decoder.reader.keyEquals("departure") {
                let time = try decoder.plannerTimeAndText()
                (leg.start, leg.departure) = (time?.seconds, time?.text)
            } else if decoder.reader.keyEquals("endTime") || decoder.reader.keyEquals("arrival") {
                let time = try decoder.plannerTimeAndText()
                (leg.end, leg.arrival) = (time?.seconds, time?.text)
            } else if decoder.reader.keyEquals("distance") {
                leg.distance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("from") || decoder.reader.keyEquals("origin") {
                let place = try decoder.plannerPlace()
                (leg.from, leg.timeZone) = (place.name, leg.timeZone ?? place.zone)
                leg.facts.departurePlatform = leg.facts.departurePlatform ?? place.platform
                // The stop the rider boards at no longer called at: the ride is cancelled for them.
                if place.cancelled { leg.facts.cancelled = true }
            } else if decoder.reader.keyEquals("to") || decoder.reader.keyEquals("destination") {
                let place = try decoder.plannerPlace()
                (leg.to, leg.timeZone) = (place.name, leg.timeZone ?? place.zone)
                leg.facts.arrivalPlatform = leg.facts.arrivalPlatform ?? place.platform
                if place.cancelled { leg.facts.cancelled = true }
            } else if decoder.reader.keyEquals("departurePlatform") {
                // hafas-client: the real-time platform where known, else the planned one.
                leg.facts.departurePlatform = try decoder.plannerText().flatMap(PlannerText.trimmed) ?? leg.facts.departurePlatform
            } else if decoder.reader.keyEquals("plannedDeparturePlatform") {
                let planned = try decoder.plannerText().flatMap(PlannerText.trimmed)
                leg.facts.departurePlatform = leg.facts.departurePlatform ?? planned
            } else if decoder.reader.keyEquals("arrivalPlatform") {
                leg.facts.arrivalPlatform = try decoder.plannerText().flatMap(PlannerText.trimmed) ?? leg.facts.arrivalPlatform
            } else if decoder.reader.keyEquals("plannedArrivalPlatform") {
                let planned = try decoder.plannerText().flatMap(PlannerText.trimmed)
                leg.facts.arrivalPlatform = leg.facts.arrivalPlatform ?? planned
            } else if decoder.reader.keyEquals("intermediateStops") || decoder.reader.keyEquals("intermediatePlaces") {
                leg.facts.stops = try decoder.plannerStops(ends: false) { decoder throws(JSONSyntaxError) in try decoder.plannerStopCall() }
            } else if decoder.reader.keyEquals("stopovers") {
                // hafas-client's stopovers.
                leg.facts.stops = try decoder.plannerStops(ends: true) { decoder throws(JSONSyntaxError) in try decoder.plannerStopCall() }
            } else if decoder.reader.keyEquals("realTime") {
                leg.facts.realTime = try decoder.plannerBool()
            } else if decoder.reader.keyEquals("realtimeState") {
                // OpenTripPlanner: SCHEDULED, UPDATED, CANCELED, ADDED, MODIFIED.
                if try decoder.plannerWord() == "CANCELED" { leg.facts.cancelled = true }
            } else if decoder.reader.keyEquals("cancelled") {
                if try decoder.plannerBool() == true { leg.facts.cancelled = true }
            } else if decoder.reader.keyEquals("reachable") {
                leg.facts.reachable = try decoder.plannerBool()
            } else if decoder.reader.keyEquals("departureDelay") {
                leg.facts.departureDelay = try decoder.plannerDelay()
            } else if decoder.reader.keyEquals("arrivalDelay") {
                leg.facts.arrivalDelay = try decoder.plannerDelay()
            } else if decoder.reader.keyEquals("loadFactor") {
                leg.facts.occupancy = try decoder.plannerWord().flatMap(PlannerOccupancy.loadFactor)
            } else if decoder.reader.keyEquals("alerts") {
                try decoder.decodeAlerts(into: &leg.facts, headlines: Self.alertHeadlines)
            } else if decoder.reader.keyEquals("remarks") {
                // hafas-client: hints and warnings; a warning is an alert.
                try decoder.decodeAlerts(into: &leg.facts, headlines: ["summary", "text"], include: [("type", "warning")])
            } else if decoder.reader.keyEquals("fareProducts") {
                try decoder.decodeFareProducts(into: &leg.facts)
            } else if decoder.reader.keyEquals("agencyTimeZoneOffset") {
                // OpenTripPlanner 1: milliseconds east of UTC, on every leg.
                leg.utcOffset = try decoder.plannerNumber().flatMap { PlannerTime.offset(milliseconds: $0) }
            } else if decoder.reader.keyEquals("headsign") || decoder.reader.keyEquals("direction") {
                leg.headsign = try decoder.plannerText()
            } else if decoder.reader.keyEquals("plannedDeparture") || decoder.reader.keyEquals("scheduledStartTime") {
                plannedStart = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("plannedArrival") || decoder.reader.keyEquals("scheduledEndTime") {
                plannedEnd = try decoder.plannerTimeAndText()
            } else if decoder.reader.keyEquals("start") || decoder.reader.keyEquals("end") {
                // GraphQL: {"scheduledTime": "…", "estimated": {"time": "…", "delay": "PT10M"}}; the
                // estimate is real-time data (null without), as the deprecated `startTime` was.
                let isStart = decoder.reader.keyEquals("start")
                var scheduled: (seconds: Double, text: String)?
                var estimated: (seconds: Double, text: String)?
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("scheduledTime") {
                        scheduled = try decoder.plannerTimeAndText()
                    } else if decoder.reader.keyEquals("estimated"), try decoder.reader.peekKind() == .object {
                        try decoder.eachMember { decoder throws(JSONSyntaxError) in
                            if decoder.reader.keyEquals("time") {
                                estimated = try decoder.plannerTimeAndText()
                            } else {
                                try decoder.reader.skipValue()
                            }
                        }
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
                if estimated != nil {
                    leg.facts.realTime = true
                    if isStart { plannedStart = scheduled } else { plannedEnd = scheduled }
                }
                let time = estimated ?? scheduled
                if isStart, leg.start == nil || estimated != nil {
                    (leg.start, leg.departure) = (time?.seconds, time?.text)
                } else if !isStart, leg.end == nil || estimated != nil {
                    (leg.end, leg.arrival) = (time?.seconds, time?.text)
                }
            } else if decoder.reader.keyEquals("walking") {
                walking = try decoder.plannerBool() ?? false
            } else if decoder.reader.keyEquals("rental") {
                // MOTIS: {"formFactor": "CAR", …}: what a `RENTAL` leg rents (a car is no bicycle).
                rentalFormFactor = try decoder.plannerMember("formFactor")
            } else if decoder.reader.keyEquals("interlineWithPreviousLeg") {
                leg.interlined = try decoder.plannerBool() ?? false
            } else if decoder.reader.keyEquals("route") {
                if try decoder.reader.peekKind() == .object {
                    try decoder.decodeRouteObject(into: &leg)
                } else if let name = try decoder.plannerText(), !name.isEmpty {
                    leg.longName = leg.longName ?? name  // OpenTripPlanner 1 REST: a name, often the long one
                }
            } else if decoder.reader.keyEquals("trip") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("route") {
                        try decoder.decodeRouteObject(into: &leg)
                    } else if decoder.reader.keyEquals("tripHeadsign") {
                        tripHeadsign = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("occupancy") {
                        // Digitransit: {"occupancyStatus": "FEW_SEATS_AVAILABLE"}.
                        if let status = try decoder.plannerMember("occupancyStatus") { leg.facts.occupancy = PlannerOccupancy.gtfs(status) }
                    } else if decoder.reader.keyEquals("alerts") {
                        try decoder.decodeAlerts(into: &leg.facts, headlines: Self.alertHeadlines)
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("line") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("name") {
                        leg.shortName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("product") {
                        product = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("mode") {
                        let mode = try decoder.plannerWord()
                        modeName = modeName ?? mode
                    } else if decoder.reader.keyEquals("productName") {
                        productName = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("operator") {
                        leg.agency = try decoder.plannerName()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("routeShortName") {
                leg.shortName = try decoder.plannerText()
            } else if decoder.reader.keyEquals("routeLongName") {
                leg.longName = try decoder.plannerText()
            } else if decoder.reader.keyEquals("routeColor") {
                leg.color = try decoder.plannerColor()
            } else if decoder.reader.keyEquals("routeTextColor") {
                leg.textColor = try decoder.plannerColor()
            } else if decoder.reader.keyEquals("agencyName") {
                leg.agency = try decoder.plannerText()
            } else if decoder.reader.keyEquals("agency") {
                // OpenTripPlanner 2: {"name": …, "timezone": "America/Los_Angeles"}.
                let agency = try decoder.plannerPlace()
                (leg.agency, leg.timeZone) = (agency.name, agency.zone ?? leg.timeZone)
            } else {
                try decoder.reader.skipValue()
            }
        }
        // MOTIS gives no delays: its real-time times beside the timetable's say them.
        if leg.facts.realTime == true, leg.facts.departureDelay == nil {
            leg.facts.departureDelay = PlannerTime.delay(planned: plannedStart?.seconds, forecast: leg.start)
        }
        if leg.facts.realTime == true, leg.facts.arrivalDelay == nil {
            leg.facts.arrivalDelay = PlannerTime.delay(planned: plannedEnd?.seconds, forecast: leg.end)
        }
        leg.facts.dropDelaysWithoutRealTime()
        if leg.headsign == nil { leg.headsign = tripHeadsign }
        // hafas-client: a cancelled leg keeps only its planned times, which its card shows.
        if leg.start == nil, let plannedStart { (leg.start, leg.departure) = (plannedStart.seconds, plannedStart.text) }
        if leg.end == nil, let plannedEnd { (leg.end, leg.arrival) = (plannedEnd.seconds, plannedEnd.text) }
        let planner = self.planner
        let named = { (name: String) in PlannerMode.named(name, in: planner) }
        leg.mode = walking ? .walk : product.flatMap(named) ?? modeName.flatMap(named) ?? productName.flatMap(named) ?? .other
        if let rented = rentalFormFactor.flatMap(PlannerMode.named), rented.kind == .other { leg.mode = rented }
        return leg
    }

    /// OpenTripPlanner GraphQL's `route`: `{shortName longName color textColor agency {name}}`.
    mutating func decodeRouteObject(into leg: inout PlannerLeg) throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("shortName") {
                leg.shortName = try decoder.plannerText()
            } else if decoder.reader.keyEquals("longName") {
                leg.longName = try decoder.plannerText()
            } else if decoder.reader.keyEquals("color") {
                leg.color = try decoder.plannerColor()
            } else if decoder.reader.keyEquals("textColor") {
                leg.textColor = try decoder.plannerColor()
            } else if decoder.reader.keyEquals("agency") {
                // OpenTripPlanner 2: {"name": …, "timezone": "America/Los_Angeles"}.
                let agency = try decoder.plannerPlace()
                (leg.agency, leg.timeZone) = (agency.name, agency.zone ?? leg.timeZone)
            } else if decoder.reader.keyEquals("alerts") {
                try decoder.decodeAlerts(into: &leg.facts, headlines: Self.alertHeadlines)
            } else {
                try decoder.reader.skipValue()
            }
        }
    }
}
