import RouteBar

/// A leg as a planner gives it, read before it becomes a `SubPath`: times and durations in
/// seconds, names, colours, and whether it continues the previous vehicle.
struct PlannerLeg {
    var mode = TransitMode.other
    /// Whether `mode` was given (a named leg of our own shape), not left at its default.
    var modeGiven = false
    /// The planner's duration in seconds.
    var seconds: Double?
    /// Departure and arrival, in seconds on one clock (Unix time, or a day's local time).
    var start: Double?
    var end: Double?
    var shortName: String?
    var longName: String?
    var agency: String?
    var color: String?
    var textColor: String?
    var interlined = false
    /// Other lines that serve the leg (TMAP's `Lane`).
    var otherLines: [TransitLine] = []
    /// ODsay-style codes where the planner uses them (TMAP: a subway's line, a bus's type).
    var subwayCode: Int?
    var busType: Int?
    /// The card: times as the planner writes them, metres, stops, headsign.
    var departure: String?
    var arrival: String?
    var distance: Double?
    var from: String?
    var to: String?
    var headsign: String?

    var card: LegCard? {
        guard departure != nil || arrival != nil || distance != nil || from != nil || to != nil || headsign != nil else { return nil }
        return LegCard(departure: departure, arrival: arrival, distance: distance, from: from, to: to, headsign: headsign)
    }

    /// The leg's minutes: from its times where it has both (durations have unit and rounding
    /// pitfalls: MOTIS wrote transit legs in minutes, Google leaves waits out), else its duration.
    var minutes: Double? {
        if let start, let end, end >= start { return (end - start) / 60 }
        return seconds.map { $0 / 60 }
    }

    var line: TransitLine? {
        let short = shortName.flatMap(PlannerText.trimmed)
        let long = longName.flatMap(PlannerText.trimmed)
        guard let name = long ?? short else { return nil }
        return TransitLine(
            name: name, subwayCode: subwayCode, busType: busType, shortName: short,
            agency: agency.flatMap(PlannerText.trimmed))
    }
}

/// An itinerary as a planner gives it: its legs, and its own departure and arrival where given.
struct PlannerItinerary {
    var legs: [PlannerLeg] = []
    var start: Double?
    var end: Double?
    /// The planner's total in seconds, for an itinerary without times (TMAP).
    var seconds: Double?
    /// The card: times as the planner writes them, metres walked, fare, transfers.
    var departure: String?
    var arrival: String?
    var walkDistance: Double?
    var fareAmount: Double?
    var fareCurrency: String?
    var transfers: Int?

    var card: RouteCard? {
        let departure = departure ?? legs.first?.departure, arrival = arrival ?? legs.last?.arrival
        guard departure != nil || arrival != nil || walkDistance != nil || fareAmount != nil || transfers != nil else { return nil }
        return RouteCard(
            departure: departure, arrival: arrival, walkDistance: walkDistance, fareAmount: fareAmount,
            fareCurrency: fareCurrency, transfers: transfers)
    }
    /// Where the itinerary's legs are in the body, for errors: "/plan/itineraries/0/legs".
    var pointer = ""

    /// Where the itinerary is: its legs' pointer without the last step ("/plan/itineraries/0").
    var routePointer: String {
        guard let slash = pointer.lastIndex(of: "/") else { return "" }
        return String(pointer[..<slash])
    }
    /// The route, or why there is none, made by `settle`, which lets go of the legs.
    var settled: Result<Route, RouteBarInputError>?

    /// Makes the route now, as `route(waits:)` would later, and frees the legs' records.
    mutating func settle(waits: Bool) {
        guard settled == nil else { return }
        settled = Result { () throws(RouteBarInputError) in try route(waits: waits) }
        legs = []
    }

    /// The shortest gap between two legs drawn as a wait, in seconds: a minute. Planners' times
    /// differ by a second where a ride departs as the walk to it ends (TriMet: 1 s), which is no wait.
    static let shortestWait = 60.0

    /// The route: each leg in whole or fractional minutes, a `wait` leg before each leg that
    /// departs a minute or more after the one before arrived (unless `waits` is false), and the
    /// total from the first departure to the last arrival where the planner gives times.
    func route(waits: Bool) throws(RouteBarInputError) -> Route {
        var subPaths: [SubPath] = []
        // A wait comes only before a leg with a departure time: room for those, and no more,
        // since a streamed answer keeps these arrays (and the memory account counts them).
        subPaths.reserveCapacity(legs.count + (waits ? legs.reduce(0) { $0 + ($1.start == nil ? 0 : 1) } : 0))
        // Legs without times (Google's walks) follow the one before; only given times make waits.
        var previousEnd = start ?? legs.first?.start
        var lastEnd = previousEnd
        for (index, leg) in legs.enumerated() {
            guard let minutes = leg.minutes else {
                throw RouteBarInputError(
                    .missingField, "the leg has neither a duration nor departure and arrival times",
                    pointer: "\(pointer)/\(index)")
            }
            if leg.mode == .wait && !waits { continue }
            if waits, let previousEnd, let start = leg.start, start - previousEnd >= Self.shortestWait {
                subPaths.append(SubPath(mode: .wait, minutes: (start - previousEnd) / 60))
            }
            let ride = leg.mode.takesLineColor
            var subPath = SubPath(
                mode: leg.mode, minutes: minutes, line: leg.line, color: ride ? leg.color : nil, textColor: ride ? leg.textColor : nil)
            subPath.interlined = leg.interlined
            // Set only when there is something to set: each setter makes the leg's details box.
            if !leg.otherLines.isEmpty { subPath.otherLines = Array(leg.otherLines.prefix(SubPath.maxOtherLines)) }
            if let card = leg.card { subPath.card = card }
            subPaths.append(subPath)
            if let end = leg.end {
                previousEnd = end
            } else if let begin = leg.start ?? previousEnd {
                previousEnd = begin + minutes * 60
            }
            lastEnd = previousEnd ?? lastEnd
        }
        var total = seconds.map { $0 / 60 }
        if let first = start ?? legs.first?.start, let last = end ?? lastEnd, last >= first { total = (last - first) / 60 }
        var route = Route(totalTime: total, subPaths: subPaths)
        route.card = card
        return route
    }
}

/// Text a planner sends, cleaned as the answer shows it.
enum PlannerText {
    /// Without surrounding whitespace ("B " from MOTIS), nil when nothing is left.
    /// `text` cut to at most `bytes` bytes of UTF-8, "…" included, between two characters.
    static func shortened(_ text: String, toBytes bytes: Int) -> String {
        let ellipsis = "…"
        var kept = ""
        var count = 0
        for character in text {
            let size = character.utf8.count
            guard count + size + ellipsis.utf8.count <= bytes else { break }
            kept.append(character)
            count += size
        }
        return kept + ellipsis
    }

    static func trimmed(_ text: String) -> String? {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return String(text[first...last])
    }

    /// A colour as `#RRGGBB`, upper case, from `RRGGBB` or `#rrggbb`; nil for anything else.
    static func color(_ text: String) -> String? {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.utf8.count == 6, digits.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) })
        else { return nil }
        return "#" + digits.uppercased()
    }
}
