import RouteBar
internal import StrictJSON

/// TfL's `ItineraryResult`: `journeys[]` with `startDateTime`, `arrivalDateTime` (London time,
/// no offset), `duration` in whole minutes and an optional `fare.totalCost` in pence; each leg
/// with `mode.id`, `duration` in minutes, `departureTime`/`arrivalTime`, `routeOptions[0].name`
/// (the line, "" on walks) and `directions[0]`, `departurePoint`/`arrivalPoint` `{commonName,
/// platformName}` and `disruptions[]`.
/// Waits are the gaps between legs. A disambiguation answer (HTTP 300) is TfL's error.
extension PlannerReader {
    mutating func decodeTfLJourneys() throws(JSONSyntaxError) {
        // TfL's times are London's, without an offset.
        try eachItinerary(at: "/journeys", legs: "legs", timeZone: TfLAdapter.timeZone) { decoder, itinerary throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("legs") {
                try decoder.eachLeg(into: &itinerary) { decoder throws(JSONSyntaxError) in try decoder.decodeTfLLeg() }
                // `interchange-keep-sitting` (a wait, the only one TfL has): the ride after it goes
                // on in the same vehicle, no change (it was counted as a transfer).
                for index in itinerary.legs.indices.dropFirst() where itinerary.legs[index - 1].mode == .wait {
                    itinerary.legs[index].interlined = itinerary.legs[index].mode.kind == .transit
                }
            } else if decoder.reader.keyEquals("startDateTime") {
                let time = try decoder.plannerTimeAndText()
                (itinerary.start, itinerary.departure) = (time?.seconds, time?.text)
            } else if decoder.reader.keyEquals("arrivalDateTime") {
                let time = try decoder.plannerTimeAndText()
                (itinerary.end, itinerary.arrival) = (time?.seconds, time?.text)
            } else if decoder.reader.keyEquals("fare") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("totalCost") {
                        itinerary.fareAmount = try decoder.plannerNumber().map { $0 / 100 }
                        itinerary.fareCurrency = itinerary.fareAmount == nil ? nil : "GBP"
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    mutating func decodeTfLLeg() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var modeID: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("mode") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("id") { modeID = try decoder.plannerWord() } else { try decoder.reader.skipValue() }
                }
            } else if decoder.reader.keyEquals("duration") {
                leg.seconds = try decoder.plannerNumber().map { $0 * 60 }
            } else if decoder.reader.keyEquals("departureTime") {
                let time = try decoder.plannerTimeAndText()
                (leg.start, leg.departure) = (time?.seconds, time?.text)
            } else if decoder.reader.keyEquals("arrivalTime") {
                let time = try decoder.plannerTimeAndText()
                (leg.end, leg.arrival) = (time?.seconds, time?.text)
            } else if decoder.reader.keyEquals("distance") {
                leg.distance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("departurePoint") {
                (leg.from, leg.facts.departurePlatform) = try decoder.tflPoint()
            } else if decoder.reader.keyEquals("arrivalPoint") {
                (leg.to, leg.facts.arrivalPlatform) = try decoder.tflPoint()
            } else if decoder.reader.keyEquals("path") {
                // `stopPoints`: the stops after boarding, the one the ride is left at included.
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    guard decoder.reader.keyEquals("stopPoints") else { return try decoder.reader.skipValue() }
                    leg.facts.stops = try decoder.plannerCount()
                }
            } else if decoder.reader.keyEquals("disruptions") {
                try decoder.decodeAlerts(into: &leg.facts, headlines: ["summary", "description"])
            } else if decoder.reader.keyEquals("routeOptions") {
                try decoder.eachElement { decoder, index throws(JSONSyntaxError) in
                    guard index == 0 else { return try decoder.reader.skipValue() }
                    try decoder.eachMember { decoder throws(JSONSyntaxError) in
                        if decoder.reader.keyEquals("name") {
                            leg.shortName = try decoder.plannerText().flatMap { $0.isEmpty ? nil : $0 }
                        } else if decoder.reader.keyEquals("directions") {
                            try decoder.eachElement { decoder, direction throws(JSONSyntaxError) in
                                guard direction == 0 else { return try decoder.reader.skipValue() }
                                leg.headsign = try decoder.plannerText()
                            }
                        } else {
                            try decoder.reader.skipValue()
                        }
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        leg.mode = modeID.flatMap(TfLMode.named) ?? .other
        if modeID == nil { leg.missingMode = "mode.id" }
        return leg
    }

    /// A `departurePoint` or `arrivalPoint`: its `commonName`, and its `platformName` ("CS",
    /// a bus stop's letter), which TfL leaves "" where there is none.
    mutating func tflPoint() throws(JSONSyntaxError) -> (name: String?, platform: String?) {
        var point: (name: String?, platform: String?) = (nil, nil)
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("commonName") {
                point.name = try decoder.plannerText()
            } else if decoder.reader.keyEquals("platformName") {
                point.platform = try decoder.plannerText().flatMap(PlannerText.trimmed)
            } else {
                try decoder.reader.skipValue()
            }
        }
        return point
    }

    /// A disambiguation answer (HTTP 300): TfL could not tell which place was meant, and lists
    /// `disambiguationOptions[]` `{parameterValue, place {commonName}}`: each an option of `end`.
    mutating func decodeTfLDisambiguation(end: String) throws(JSONSyntaxError) {
        var status: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("matchStatus") {
                status = try decoder.plannerWord()
            } else if decoder.reader.keyEquals("disambiguationOptions") {
                try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                    var option = PlannerPlaceOption(end: end, name: "", id: nil)
                    try decoder.eachMember { decoder throws(JSONSyntaxError) in
                        if decoder.reader.keyEquals("parameterValue") {
                            option.id = try decoder.plannerText()
                        } else if decoder.reader.keyEquals("place") {
                            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                                if decoder.reader.keyEquals("commonName") {
                                    option.name = try decoder.plannerText() ?? ""
                                } else {
                                    try decoder.reader.skipValue()
                                }
                            }
                        } else {
                            try decoder.reader.skipValue()
                        }
                    }
                    // Bounded as a route's legs are: an answer echoes at most so many.
                    if !option.name.isEmpty, decoder.plannerOutcome.options.count < TfLAdapter.maxPlaceOptions {
                        decoder.plannerOutcome.options.append(option)
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        if let status, status != "identified" {
            plannerOutcome.facts["matchStatus"] = plannerOutcome.facts["matchStatus"] ?? status
        }
    }
}
