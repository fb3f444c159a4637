import RouteBar
internal import StrictJSON

/// SK TMAP's `transit/routes`: `{"metaData": {"plan": {"itineraries": [{"totalTime": s,
/// "legs": [{"mode", "sectionTime": s, "route": "간선:421", "routeColor": "RRGGBB", "type",
/// "Lane": [...]}]}]}}}`; its error answer is `{"result": {"status", "message"}}`.
extension PlannerReader {
    mutating func decodeTMAPMetaData() throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            guard decoder.reader.keyEquals("plan") else { return try decoder.reader.skipValue() }
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                guard decoder.reader.keyEquals("itineraries") else { return try decoder.reader.skipValue() }
                let base = "/metaData/plan/itineraries"
                try decoder.eachElement { decoder, index throws(JSONSyntaxError) in
                    guard try decoder.withinRouteLimit(decoder.plannerItineraries.count, at: base) else { return }
                    decoder.addItinerary(try decoder.decodeTMAPItinerary(at: "\(base)/\(index)"))
                }
            }
        }
    }

    mutating func decodeTMAPItinerary(at pointer: String) throws(JSONSyntaxError) -> PlannerItinerary {
        var itinerary = PlannerItinerary(pointer: pointer + "/legs")
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("totalTime") {
                itinerary.seconds = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("totalWalkDistance") {
                itinerary.walkDistance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("transferCount") {
                itinerary.transfers = try decoder.plannerNumber().flatMap(Self.smallInteger)
            } else if decoder.reader.keyEquals("fare") {
                // {"regular": {"totalFare": 1650, "currency": {"currencyCode": "KRW"}}}
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    guard decoder.reader.keyEquals("regular") else { return try decoder.reader.skipValue() }
                    try decoder.eachMember { decoder throws(JSONSyntaxError) in
                        if decoder.reader.keyEquals("totalFare") {
                            itinerary.fareAmount = try decoder.plannerNumber()
                        } else if decoder.reader.keyEquals("currency") {
                            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                                if decoder.reader.keyEquals("currencyCode") {
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
            } else if decoder.reader.keyEquals("legs") {
                try decoder.eachElement { decoder, index throws(JSONSyntaxError) in
                    guard try decoder.withinLegLimit(itinerary.legs.count, at: "\(pointer)/legs"),
                        try decoder.readsLeg(at: "\(pointer)/legs/\(index)")
                    else { return }
                    let leg = try decoder.decodeTMAPLeg()
                    if decoder.keepsLeg(leg, at: "\(pointer)/legs/\(index)") { itinerary.legs.append(leg) }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        return itinerary
    }

    mutating func decodeTMAPLeg() throws(JSONSyntaxError) -> PlannerLeg {
        var leg = PlannerLeg()
        var route: String?
        var type: Int?
        // Named once the leg's mode is known, whichever member came first.
        var lanes: [(route: String?, type: Int?)] = []
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("mode") {
                leg.mode = try decoder.plannerWord().flatMap(PlannerMode.named) ?? .other
            } else if decoder.reader.keyEquals("sectionTime") {
                leg.seconds = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("route") {
                route = try decoder.plannerText()
            } else if decoder.reader.keyEquals("routeColor") {
                leg.color = try decoder.plannerColor()
            } else if decoder.reader.keyEquals("distance") {
                leg.distance = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("start") {
                leg.from = try decoder.plannerName()
            } else if decoder.reader.keyEquals("end") {
                leg.to = try decoder.plannerName()
            } else if decoder.reader.keyEquals("type") {
                type = try decoder.plannerNumber().flatMap(Self.smallInteger)
            } else if decoder.reader.keyEquals("Lane") {
                try decoder.eachElement { decoder, index throws(JSONSyntaxError) in
                    guard lanes.count < SubPath.maxOtherLines else { return try decoder.reader.skipValue() }
                    var otherRoute: String?
                    var otherType: Int?
                    try decoder.eachMember { decoder throws(JSONSyntaxError) in
                        if decoder.reader.keyEquals("route") {
                            otherRoute = try decoder.plannerText()
                        } else if decoder.reader.keyEquals("type") {
                            otherType = try decoder.plannerNumber().flatMap(Self.smallInteger)
                        } else {
                            try decoder.reader.skipValue()
                        }
                    }
                    lanes.append((otherRoute, otherType))
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        Self.nameTMAPLine(&leg, route: route, type: type)
        for lane in lanes {
            var other = PlannerLeg(mode: leg.mode)
            Self.nameTMAPLine(&other, route: lane.route, type: lane.type)
            if let line = other.line { leg.otherLines.append(line) }
        }
        return leg
    }

    /// TMAP names a bus `"간선:421"` (its class, then the badge) and a subway line "수도권2호선",
    /// with ODsay's codes in `type`: the subway's line, the bus's class.
    static func nameTMAPLine(_ leg: inout PlannerLeg, route: String?, type: Int?) {
        guard let route, !route.isEmpty else { return }
        switch leg.mode {
        case .subway:
            leg.longName = route
            leg.subwayCode = type
        case .bus:
            let number = route.split(separator: ":", maxSplits: 1).last.map(String.init) ?? route
            leg.shortName = number
            leg.longName = number
            leg.busType = type
        default:
            let number = route.split(separator: ":", maxSplits: 1).last.map(String.init) ?? route
            leg.shortName = number
            leg.longName = number
        }
    }

    /// TMAP's error answer, `{"result": {"status": 11, "message": "…"}}`.
    mutating func decodeTMAPError(_ message: inout String?) throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("message") { message = try decoder.plannerWord() } else { try decoder.reader.skipValue() }
        }
    }
}
