import RouteBar
internal import StrictJSON

/// Navitia `journeys[].sections[]`: `public_transport` with `display_informations`,
/// `street_network` and `crow_fly` by `mode`, `transfer` (walking, or `stay_in`: the next ride
/// continues the vehicle), `waiting`; local times "20181202T220451".
extension PlannerReader {
    /// `journeys[]`: each a route of its `sections`, with its times, transfers and fare.
    mutating func decodeNavitiaJourneys() throws(JSONSyntaxError) {
        try eachItinerary(at: "/journeys", legs: "sections", timeZone: plannerTimeZone) { decoder, itinerary throws(JSONSyntaxError) in
            try decoder.decodeNavitiaJourneyMember(into: &itinerary)
        }
    }

    /// A top-level member of one journey sent as the whole body (the one a rider chose, as an
    /// app keeps it): Navitia's answer has no zone then, so its clocks need `?timeZone=`.
    mutating func decodeNavitiaDocumentJourneyMember() throws(JSONSyntaxError) {
        var itinerary = documentItinerary ?? PlannerItinerary(pointer: "/sections")
        try decodeNavitiaJourneyMember(into: &itinerary)
        documentItinerary = itinerary
    }

    /// A member of a journey: its sections, times, transfers and fare; others are skipped.
    mutating func decodeNavitiaJourneyMember(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        if reader.keyEquals("sections") {
            try decodeNavitiaSections(into: &itinerary, at: itinerary.pointer)
        } else if reader.keyEquals("departure_date_time") {
            let time = try plannerTimeAndText()
            (itinerary.start, itinerary.departure) = (time?.seconds, time?.text)
        } else if reader.keyEquals("arrival_date_time") {
            let time = try plannerTimeAndText()
            (itinerary.end, itinerary.arrival) = (time?.seconds, time?.text)
        } else if reader.keyEquals("nb_transfers") {
            itinerary.transfers = try plannerNumber().flatMap(Self.smallInteger)
        } else if reader.keyEquals("fare") {
            try decodeNavitiaFare(into: &itinerary)
        } else {
            try reader.skipValue()
        }
    }

    /// `fare`: `{"found": true, "total": {"value": "190.0", "currency": "centime"}}`, a string
    /// of centimes (of the coverage's currency, which Navitia does not name); `found: false`
    /// (a total of "0.0") is no fare.
    mutating func decodeNavitiaFare(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        var found = false
        var value: Double?
        var currency: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("found") {
                found = try decoder.plannerBool() ?? false
            } else if decoder.reader.keyEquals("total") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("value") {
                        value = try decoder.plannerWord().flatMap(Double.init) ?? nil
                    } else if decoder.reader.keyEquals("currency") {
                        currency = try decoder.plannerWord()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        guard found, let value, value.isFinite, value >= 0 else { return }
        if currency?.lowercased() == "centime" {
            itinerary.fareAmount = value / 100
        } else {
            (itinerary.fareAmount, itinerary.fareCurrency) = (value, currency)
        }
    }

    /// A journey's `sections`.
    mutating func decodeNavitiaSections(into itinerary: inout PlannerItinerary, at pointer: String) throws(JSONSyntaxError) {
        var stayIn = false
        try eachElement { decoder, index throws(JSONSyntaxError) in
            guard try decoder.withinLegLimit(itinerary.legs.count, at: pointer), try decoder.readsLeg(at: "\(pointer)/\(index)") else { return }
            let (section, stays) = try decoder.decodeNavitiaSection()
            if stays {
                stayIn = true
                return
            }
            guard var section else { return }
            if stayIn, section.mode.kind == .transit {
                section.interlined = true
                stayIn = false
            }
            itinerary.legs.append(section)
        }
    }

    /// A section as a leg, or nil for one that is not drawn; `staysIn` for a `stay_in` transfer.
    mutating func decodeNavitiaSection() throws(JSONSyntaxError) -> (PlannerLeg?, staysIn: Bool) {
        var leg = PlannerLeg()
        var type: String?
        var streetMode: String?
        var transferType: String?
        var physicalMode: String?
        var physicalModeID: String?
        var commercialMode: String?
        var tripNumber: String?
        var direction: String?
        // The timetable's times beside the real-time ones, for the delays.
        var plannedStart: Double?
        var plannedEnd: Double?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("type") {
                type = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("mode") {
                streetMode = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("transfer_type") {
                transferType = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("duration") {
                leg.seconds = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("departure_date_time") {
                let time = try decoder.plannerTimeAndText()
                (leg.start, leg.departure) = (time?.seconds, time?.text)
            } else if decoder.reader.keyEquals("arrival_date_time") {
                let time = try decoder.plannerTimeAndText()
                (leg.end, leg.arrival) = (time?.seconds, time?.text)
            } else if decoder.reader.keyEquals("base_departure_date_time") {
                plannedStart = try decoder.plannerTimeAndText()?.seconds
            } else if decoder.reader.keyEquals("base_arrival_date_time") {
                plannedEnd = try decoder.plannerTimeAndText()?.seconds
            } else if decoder.reader.keyEquals("from") {
                leg.from = try decoder.plannerName()
            } else if decoder.reader.keyEquals("to") {
                leg.to = try decoder.plannerName()
            } else if decoder.reader.keyEquals("display_informations") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("code") {
                        leg.shortName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("name") {
                        leg.longName = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("network") {
                        leg.agency = try decoder.plannerText()
                        leg.facts.network = leg.agency
                    } else if decoder.reader.keyEquals("color") {
                        leg.color = try decoder.plannerColor()
                    } else if decoder.reader.keyEquals("text_color") {
                        leg.textColor = try decoder.plannerColor()
                    } else if decoder.reader.keyEquals("physical_mode") {
                        physicalMode = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("commercial_mode") {
                        commercialMode = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("headsign") {
                        leg.headsign = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("trip_short_name") {
                        tripNumber = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("direction") {
                        direction = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("links") {
                        try decoder.decodeNavitiaLinks(&physicalModeID)
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else if decoder.reader.keyEquals("links") {
                try decoder.decodeNavitiaLinks(&physicalModeID)
            } else if decoder.reader.keyEquals("stop_date_times") {
                leg.facts.stops = try decoder.plannerStops(ends: true)
            } else if decoder.reader.keyEquals("data_freshness") {
                // "realtime", or "base_schedule" / "adapted_schedule" (the timetable's, adapted
                // to planned disruptions).
                leg.facts.realTime = try decoder.plannerWord().map { $0 == "realtime" }
            } else {
                try decoder.reader.skipValue()
            }
        }
        // A real-time section's times against the timetable's (`base_…`): both local, so their
        // difference is the delay.
        if leg.facts.realTime == true {
            leg.facts.departureDelay = PlannerTime.delay(planned: plannedStart, forecast: leg.start)
            leg.facts.arrivalDelay = PlannerTime.delay(planned: plannedEnd, forecast: leg.end)
        }
        switch type {
        case "public_transport", "on_demand_transport":
            leg.mode =
                physicalModeID.flatMap(PlannerMode.named) ?? physicalMode.flatMap(PlannerMode.named)
                ?? commercialMode.flatMap(PlannerMode.named) ?? (type == "on_demand_transport" ? .bus : .other)
            // SNCF's trains have no line code: the commercial mode and the trip's number are
            // their name ("TGV INOUI 6613"). The number is `trip_short_name`, else a headsign
            // of digits (a train's; a bus's headsign is where it goes).
            if leg.shortName.flatMap(PlannerText.trimmed) == nil, let mode = commercialMode.flatMap(PlannerText.trimmed),
                let number = (tripNumber ?? leg.headsign).flatMap(PlannerText.trimmed), number.allSatisfy(\.isNumber)
            {
                leg.shortName = "\(mode) \(number)"
            }
            if leg.longName == leg.shortName { leg.longName = nil }
        case "transfer":
            if transferType == "stay_in" { return (nil, true) }
            leg.mode = .walk
        case "waiting", "boarding", "landing", "alighting":
            leg.mode = .wait
        case "street_network", "crow_fly":
            leg.mode = streetMode.flatMap(PlannerMode.named) ?? .walk
        case "bss_rent", "bss_put_back":
            leg.mode = .bicycle
        case "park", "leave_parking", "ridesharing":
            leg.mode = .car
        default:
            leg.mode = .other
        }
        // A walk's section names no line (colours are dropped for every planner: `takesLineColor`).
        if leg.mode.kind != .transit { (leg.shortName, leg.longName) = (nil, nil) }
        // "RER" beside "B": the commercial mode names the line as riders say it ("RER B").
        if leg.mode.kind == .transit, let commercialMode, let code = leg.shortName, leg.longName == nil || leg.longName == code,
            !code.hasPrefix(commercialMode)
        {
            leg.longName = PlannerText.trimmed(commercialMode).map { "\($0) \(code)" }
        }
        // The direction ("Denfert Rochereau (Paris)") is the headsign riders read; Navitia's
        // `headsign` is the train's mission code ("JANO"), kept only where there is no direction.
        if let direction { leg.headsign = direction }
        return (leg, false)
    }

    /// The physical mode's id among `links`: "physical_mode:RapidTransit" gives "RapidTransit".
    mutating func decodeNavitiaLinks(_ physicalModeID: inout String?) throws(JSONSyntaxError) {
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            var type: String?
            var id: String?
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("type") {
                    type = try decoder.plannerWord()
                } else if decoder.reader.keyEquals("id") {
                    id = try decoder.plannerWord()
                } else {
                    try decoder.reader.skipValue()
                }
            }
            if type == "physical_mode", let id, physicalModeID == nil {
                physicalModeID = id.split(separator: ":", maxSplits: 1).last.map(String.init)
            }
        }
    }
}
