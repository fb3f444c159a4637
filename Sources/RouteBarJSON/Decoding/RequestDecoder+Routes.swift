import RouteBar
import RouteBarPlanners
internal import StrictJSON

/// Our own shape, `{"routes": [{"id": …, "totalTime": …, "subPaths": [...]}]}`, and the legs,
/// which ODsay's shape shares.
extension RequestDecoder {
    /// An array of routes at `pointer`, each read by `decodeRoute`, past the limit skipped.
    mutating func decodeRoutes(
        at pointer: String, name: String, _ decodeRoute: (inout RequestDecoder, Int) throws(JSONSyntaxError) -> Route
    ) throws(JSONSyntaxError) -> [Route]? {
        guard try expect(.array, name, at: pointer) else { return nil }
        try reader.beginArray()
        workspace.routes.removeAll(keepingCapacity: true)
        var index = 0
        while try reader.nextElement() {
            if index < RouteBarLayout.maxRoutes {
                let route = try decodeRoute(&self, index)
                // Only a body large enough to pass what was set aside is counted (`ModelBytes`).
                if modelBytes.counts, !modelBytes.add(route) { note(modelBytes.problem(at: "\(pointer)/\(index)")) }
                workspace.routes.append(route)
            } else {
                if index == RouteBarLayout.maxRoutes {
                    note(.init(.tooMany, "at most \(RouteBarLayout.maxRoutes) routes per request", pointer: pointer, limit: RouteBarLayout.maxRoutes))
                }
                try reader.skipValue()
            }
            index += 1
        }
        return RouteBarWorkspace.exactCopy(of: workspace.routes)
    }

    /// One of our routes: `id`, `totalTime` and `subPaths`.
    mutating func decodeRoute(index: Int) throws(JSONSyntaxError) -> Route {
        var route = Route(subPaths: [])
        // Pointers are built only for an error, not for every route.
        func base() -> String { "/routes/\(index)" }
        guard try expect(.object, "a route", at: base()) else { return route }
        var sawSubPaths = false
        var sawPlannersLegs = false
        // The first member that is none of ours: a hint that the body is another API's.
        var foreign: String?
        var times: (departure: String?, arrival: String?, zone: String?)
        try reader.beginObject()
        while try reader.nextKey() {
            if reader.keyEquals("subPaths") {
                sawSubPaths = true
                route.subPaths = try decodeSubPaths(at: base() + "/subPaths")
            } else if reader.keyEquals("legs") || reader.keyEquals("sections") {
                // Planners' routes share the name with ours (Google's have legs, HERE's
                // sections): sketched for recognition as they pass, and read again by the
                // recognised planner's adapter.
                sawPlannersLegs = true
                sawForeignRoutes = true
                try sketchPlannersRouteMember()
            } else if reader.keyEquals("departure") || reader.keyEquals("arrival") {
                let isDeparture = reader.keyEquals("departure")
                let text = try cardTime(isDeparture ? "departure" : "arrival", at: base())
                if isDeparture { times.departure = text } else { times.arrival = text }
            } else if reader.keyEquals("timeZone") {
                times.zone = try timeZone(at: base() + "/timeZone")
            } else if reader.keyEquals("totalTime") {
                route.totalTime = try number("totalTime", at: base() + "/totalTime")
            } else if reader.keyEquals("id") {
                if try !skipNull(), try expect(.string, "id", at: base() + "/id") {
                    route.id = try boundedString("id", limit: RouteBarRequest.maxIdBytes, at: base() + "/id")
                }
            } else {
                if foreign == nil { foreign = reader.key }
                try reader.skipValue()
            }
        }
        if !sawSubPaths && !sawPlannersLegs {
            let hint = foreign.map {
                "; the route has \(quoted($0)), which routebar's routes do not: if the body is a planner's answer, "
                    + "routebar reads \(Planner.supportedShapes)"
            }
            note(.init(.missingField, "subPaths is required: every route needs its legs" + (hint ?? ""), pointer: base()))
        }
        if times.departure != nil || times.arrival != nil || route.subPaths.contains(where: { $0.card != nil }) {
            placeTimes(of: &route, times, at: base())
        }
        return route
    }

    /// A planner's member of a route of `routes` (`legs`, `sections`), into the sketch.
    @inline(never)
    mutating func sketchPlannersRouteMember() throws(JSONSyntaxError) {
        let paths = PlannerRecognition.routePaths, tree = PlannerRecognition.compiled.tree
        if sketch == nil { sketch = PlannerSketch(tree: tree) }
        sketch?.note(.array, at: paths.routes)
        sketch?.note(.object, at: paths.route)
        try sketch?.value(&reader, at: reader.keyEquals("legs") ? paths.legs : paths.sections, tree: tree)
    }

    /// Our shape's `departure` or `arrival` (a route's or a leg's): RFC 3339 text exactly
    /// (`RFC3339`), at most 64 bytes; anything else is noted.
    mutating func cardTime(_ name: String, at pointer: String) throws(JSONSyntaxError) -> String? {
        guard try !skipNull(), try expect(.string, name, at: pointer + "/" + name) else { return nil }
        let text = try reader.readString()
        guard text.utf8.count <= 64, RFC3339.isDateTime(text), let parsed = PlannerTime.parse(iso: text), parsed.suffix != .local
        else {
            note(
                .init(
                    .invalidType, "\(name) must be an RFC 3339 date and time with its offset (\"2024-05-18T18:08:00+09:00\"), got \(quoted(text))",
                    pointer: pointer + "/" + name))
            return nil
        }
        return text
    }

    /// Our shape's `timeZone`: an IANA zone the system's tz database has; else noted.
    mutating func timeZone(at pointer: String) throws(JSONSyntaxError) -> String? {
        guard try !skipNull(), try expect(.string, "timeZone", at: pointer) else { return nil }
        let text = try reader.readString()
        guard ZoneDatabase.system.knows(text) else {
            note(
                .init(
                    .unknownValue, "timeZone must be an IANA time zone the server's tz database has (\"Europe/Paris\"), got \(quoted(text))",
                    pointer: pointer))
            return nil
        }
        return text
    }

    /// Our route's and legs' times as the cards give them: each with its place's offset (the
    /// text's own, or the route's `timeZone`, else `?timeZone=`, where the text says `Z`). A
    /// time that arrives before it departs is refused, pointing at the arrival.
    @inline(never)
    mutating func placeTimes(of route: inout Route, _ times: (departure: String?, arrival: String?, zone: String?), at pointer: String) {
        let place = PlannerPlace(timeZone: times.zone ?? queryTimeZone, utcOffset: nil)
        func time(_ text: String?) -> CardTime? {
            text.flatMap { text in PlannerTime.seconds(iso: text).flatMap { place.time(text, $0) } }
        }
        func check(_ departure: String?, _ arrival: String?, at pointer: String) {
            if let departure, let arrival, let start = PlannerTime.seconds(iso: departure), let end = PlannerTime.seconds(iso: arrival),
                end < start
            {
                note(
                    .inconsistent(
                        "the arrival (\(arrival)) is before the departure (\(departure))", at: pointer + "/arrival",
                        ("departure", departure), ("arrival", arrival)))
            }
        }
        check(times.departure, times.arrival, at: pointer)
        if times.departure != nil || times.arrival != nil {
            let card = route.card
            route.card = RouteCard(
                departure: times.departure, arrival: times.arrival, walkDistance: card?.walkDistance, fareAmount: card?.fareAmount,
                fareCurrency: card?.fareCurrency, transfers: card?.transfers, departureTime: time(times.departure),
                arrivalTime: time(times.arrival))
        }
        for index in route.subPaths.indices {
            guard let card = route.subPaths[index].card else { continue }
            check(card.departure, card.arrival, at: pointer + "/subPaths/\(index)")
            route.subPaths[index].card = LegCard(
                departure: card.departure, arrival: card.arrival, distance: card.distance, from: card.from, to: card.to,
                headsign: card.headsign, departureTime: time(card.departure), arrivalTime: time(card.arrival), facts: card.facts)
        }
    }

    mutating func decodeSubPaths(at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> [SubPath] {
        guard try expect(.array, "subPaths", at: pointer()) else { return [] }
        try reader.beginArray()
        // Read straight into the route's own array, sized for a route of up to four transfers (9
        // legs; ODsay's samples have 3 to 7): one allocation, and no copy of each leg out of a
        // reused buffer.
        var legs: [SubPath] = []
        legs.reserveCapacity(Self.usualLegs)
        var index = 0
        while try reader.nextElement() {
            if index < RouteBarLayout.maxSubPaths {
                if isRefused {
                    // A refused body builds no more legs.
                    try reader.skipValue()
                } else if try expect(.object, "a subPath", at: "\(pointer())/\(index)") {
                    // Decoded where it stays: a leg is too large to copy in and out for free.
                    legs.append(SubPath(trafficType: 0, sectionTime: 0))
                    try decodeSubPath(into: &legs[legs.count - 1], at: "\(pointer())/\(index)")
                }
            } else {
                if index == RouteBarLayout.maxSubPaths {
                    note(
                        .init(
                            .tooMany, "at most \(RouteBarLayout.maxSubPaths) subPaths per route", pointer: pointer(),
                            limit: RouteBarLayout.maxSubPaths))
                }
                try reader.skipValue()
            }
            index += 1
        }
        return legs
    }

    static let usualLegs = 9

    /// A leg: `trafficType` and `sectionTime`, with ODsay's `lane` and `trainType` where given;
    /// or, named as any app can send it, `mode` and `seconds` (or `sectionTime`), with
    /// `color`, `textColor`, `shortName`, `name` and `agency`.
    mutating func decodeSubPath(into subPath: inout SubPath, at pointer: @autoclosure () -> String) throws(JSONSyntaxError) {
        guard try expect(.object, "a subPath", at: pointer()) else { return }
        var sawTrafficType = false
        var sawSectionTime = false
        var named: PlannerLeg?
        var times: (departure: String?, arrival: String?)
        defer {
            if times.departure != nil || times.arrival != nil { subPath.card = LegCard(departure: times.departure, arrival: times.arrival) }
        }
        try reader.beginObject()
        while try reader.nextKey() {
            // ODsay's members first: they are nearly every leg's.
            if reader.keyEquals("trafficType") {
                sawTrafficType = true
                if let value = try number("trafficType", at: pointer() + "/trafficType", nullable: false) {
                    if value >= Double(Int32.min), value <= Double(Int32.max), Double(Int(value)) == value {
                        subPath.trafficType = Int(value)
                    } else {
                        noteBadTrafficType(value, at: pointer() + "/trafficType")
                    }
                }
            } else if reader.keyEquals("sectionTime") {
                sawSectionTime = true
                subPath.sectionTime = try number("sectionTime", at: pointer() + "/sectionTime", nullable: false) ?? 0
            } else if reader.keyEquals("lane") {
                try decodeLanes(into: &subPath, at: pointer() + "/lane")
            } else if reader.keyEquals("trainType"), try reader.peekKind() == .number {
                subPath.trainType = Self.smallInteger(try reader.readNumber())
            } else if reader.keyEquals("departure") || reader.keyEquals("arrival") {
                // Texts for now: the route's `timeZone`, which may come after, places them.
                let isDeparture = reader.keyEquals("departure")
                let text = try cardTime(isDeparture ? "departure" : "arrival", at: pointer())
                times = isDeparture ? (text, times.arrival) : (times.departure, text)
            } else if reader.keyEquals("mode") || reader.keyEquals("seconds") || reader.keyEquals("color")
                || reader.keyEquals("textColor") || reader.keyEquals("shortName") || reader.keyEquals("name")
                || reader.keyEquals("agency")
            {
                var leg = named ?? PlannerLeg.unknown
                try decodeNamedLegMember(into: &leg, at: pointer())
                named = leg
            } else {
                try reader.skipValue()
            }
        }
        if let named {
            if sawTrafficType || sawSectionTime { checkAgreement(named, subPath, sawSectionTime: sawSectionTime, at: pointer()) }
            // A named leg: its mode and minutes win over ODsay's code and minutes, if both came.
            let minutes = named.seconds.map { $0 / 60 } ?? subPath.sectionTime
            var leg = SubPath(
                mode: named.mode, minutes: minutes, line: named.line ?? subPath.line,
                color: named.mode.takesLineColor ? named.color : nil, textColor: named.mode.takesLineColor ? named.textColor : nil)
            if sawTrafficType, !named.modeGiven { leg.trafficType = subPath.trafficType }
            leg.otherLines = subPath.otherLines
            leg.trainType = subPath.trainType
            if (!named.modeGiven && !sawTrafficType) || (named.seconds == nil && !sawSectionTime) {
                noteMissing(trafficType: !named.modeGiven && !sawTrafficType, at: pointer())
            }
            subPath = leg
            return
        }
        if !sawTrafficType || !sawSectionTime {
            noteMissing(trafficType: !sawTrafficType, at: pointer())
        }
    }

    /// A member of a named leg: `mode` (any planner's name for it), `seconds`, `color`,
    /// `textColor`, `shortName`, `name`, `agency`.
    mutating func decodeNamedLegMember(into leg: inout PlannerLeg, at pointer: String) throws(JSONSyntaxError) {
        if reader.keyEquals("mode") {
            // A null optional member counts as absent (docs/api.md), as it does for every other.
            guard try !skipNull(), try expect(.string, "mode", at: pointer + "/mode") else { return }
            let text = try reader.readString()
            guard let mode = TransitMode(rawValue: text) ?? PlannerMode.named(text) else {
                return note(
                    .init(
                        .unknownValue,
                        "mode must be one of " + TransitMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                            + ", or a planner's name for one, got \(quoted(text))", pointer: pointer + "/mode"))
            }
            leg.mode = mode
            leg.modeGiven = true
        } else if reader.keyEquals("seconds") {
            leg.seconds = try number("seconds", at: pointer + "/seconds", nullable: true)
            if let seconds = leg.seconds, seconds < 0 || seconds > RouteBarLayout.maxMinutes * 60 {
                note(
                    .init(
                        .outOfRange, "seconds must be a number from 0 to \(Int(RouteBarLayout.maxMinutes * 60)), got \(seconds)",
                        pointer: pointer + "/seconds"))
            }
        } else if reader.keyEquals("color") || reader.keyEquals("textColor") {
            let isColor = reader.keyEquals("color")
            let name = isColor ? "color" : "textColor"
            guard try !skipNull(), try expect(.string, name, at: pointer + "/" + name) else { return }
            let text = try reader.readString()
            guard let color = PlannerText.color(text) else {
                return note(.init(.invalidType, "\(name) must be a colour as #RRGGBB, got \(quoted(text))", pointer: pointer + "/" + name))
            }
            if isColor { leg.color = color } else { leg.textColor = color }
        } else {
            let member = reader.keyEquals("shortName") ? "shortName" : reader.keyEquals("name") ? "name" : "agency"
            guard try !skipNull(), try expect(.string, member, at: pointer + "/" + member) else { return }
            let text = try boundedString(member, limit: RouteBarRequest.maxNameBytes, at: pointer + "/" + member)
            switch member {
            case "shortName": leg.shortName = text
            case "name": leg.longName = text
            default: leg.agency = text
            }
        }
    }

    /// A leg that says its mode or length twice must say the same: `seconds` within a minute
    /// of `sectionTime`, and a `mode` of the kind (and, where it has one, the code) that
    /// `trafficType` names. Otherwise one of the two is wrong, and which cannot be told.
    @inline(never)
    mutating func checkAgreement(_ named: PlannerLeg, _ subPath: SubPath, sawSectionTime: Bool, at pointer: String) {
        if sawSectionTime, let seconds = named.seconds, abs(seconds - subPath.sectionTime * 60) > PlannerItinerary.timeTolerance {
            note(
                .inconsistent(
                    "seconds (\(seconds.shortDescription)) and sectionTime (\(subPath.sectionTime.shortDescription) minutes) differ "
                        + "by more than a minute; give one of them", at: pointer + "/seconds",
                    ("seconds", seconds.shortDescription), ("sectionTime", subPath.sectionTime.shortDescription)))
        }
        let coded = TransitMode(trafficType: subPath.trafficType)
        if named.modeGiven, coded != .other,
            coded.kind != named.mode.kind || (named.mode.trafficType != nil && named.mode.trafficType != subPath.trafficType)
        {
            note(
                .inconsistent(
                    "mode \"\(named.mode.rawValue)\" contradicts trafficType \(subPath.trafficType) (\(coded.rawValue)); give one of them",
                    at: pointer + "/mode", ("mode", named.mode.rawValue), ("trafficType", String(subPath.trafficType))))
        }
    }

    @inline(never)
    mutating func noteBadTrafficType(_ value: Double, at pointer: String) {
        if value.rounded(.towardZero) != value {
            note(.init(.invalidType, "trafficType must be an integer (ODsay's mode code), got \(value)", pointer: pointer))
        } else {
            note(
                .init(
                    .outOfRange, "trafficType must be an integer from \(Int32.min) to \(Int32.max), got \(value.shortDescription)",
                    pointer: pointer))
        }
    }

    /// A leg without `trafficType` (checked first) or without `sectionTime`.
    @inline(never)
    mutating func noteMissing(trafficType: Bool, at pointer: String) {
        let member = trafficType ? "trafficType" : "sectionTime"
        note(.init(.missingField, "\(member) is required", pointer: pointer))
    }

    /// ODsay's `lane`: every entry that names a line (`name` and `subwayCode` for subways,
    /// `busNo` and `type` for buses) is a candidate, in order; the first is the leg's `line`.
    /// Anything unexpected in it is ignored, not refused: it only decorates the bar.
    mutating func decodeLanes(into subPath: inout SubPath, at pointer: @autoclosure () -> String) throws(JSONSyntaxError) {
        guard try reader.peekKind() == .array else {
            try reader.skipValue()
            return
        }
        try reader.beginArray()
        var index = -1
        while try reader.nextElement() {
            index += 1
            guard try reader.peekKind() == .object else {
                try reader.skipValue()
                continue
            }
            var name: String?
            var busNumber: String?
            var subwayCode: Int?
            var busType: Int?
            try reader.beginObject()
            while try reader.nextKey() {
                if reader.keyEquals("name"), try reader.peekKind() == .string {
                    name = try boundedString("name", limit: RouteBarRequest.maxNameBytes, at: "\(pointer())/\(index)/name")
                } else if reader.keyEquals("busNo"), try reader.peekKind() == .string {
                    busNumber = try boundedString("busNo", limit: RouteBarRequest.maxNameBytes, at: "\(pointer())/\(index)/busNo")
                } else if reader.keyEquals("subwayCode"), try reader.peekKind() == .number {
                    subwayCode = Self.smallInteger(try reader.readNumber())
                } else if reader.keyEquals("type"), try reader.peekKind() == .number {
                    busType = Self.smallInteger(try reader.readNumber())
                } else {
                    try reader.skipValue()
                }
            }
            guard let label = busNumber ?? name else { continue }
            let line = TransitLine(name: label, subwayCode: subwayCode, busType: busType)
            if subPath.line == nil {
                subPath.line = line
            } else if subPath.otherLines.count < SubPath.maxOtherLines {
                subPath.otherLines.append(line)
            }
        }
    }

    static func smallInteger(_ value: Double) -> Int? { PlannerReader.smallInteger(value) }
}
