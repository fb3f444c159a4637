import RouteBar
internal import StrictJSON

// Reading a leg's facts (`LegFacts`) where planners write them alike: counted arrays of stops,
// alerts with headlines, delays, fare products. Which planner writes which is
// docs/planners.md ("The route card"), and each planner's reader says where it finds them.
extension PlannerReader {
    /// An alert's headline: OpenTripPlanner's (REST and GraphQL) header, else its description;
    /// MOTIS 2's `headerText`, else `descriptionText`.
    static let alertHeadlines: [StaticString] = ["alertHeaderText", "headerText", "alertDescriptionText", "descriptionText"]

    /// The number of elements of the array that comes next (reading none of them); nil if it
    /// is not an array.
    mutating func plannerCount() throws(JSONSyntaxError) -> Int? {
        guard try reader.peekKind() == .array else {
            try reader.skipValue()
            return nil
        }
        var count = 0
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            try decoder.reader.skipValue()
            count += 1
        }
        return count
    }

    /// The stops a ride calls at after boarding (`LegFacts.stops`) from an array of stops:
    /// of the stops in between (`ends: false`: OpenTripPlanner's, MOTIS's and HERE's
    /// `intermediateStops`), one more; of all its stops (`ends: true`: Navitia's
    /// `stop_date_times`, hafas-client's `stopovers`, transport.opendata.ch's `passList`), one fewer.
    mutating func plannerStops(ends: Bool) throws(JSONSyntaxError) -> Int? {
        try plannerCount().map { ends ? max($0 - 1, 0) : $0 + 1 }
    }

    /// As `plannerStops(ends:)`, without each stop between the ends that `calls` (reading the
    /// stop, an object) says the ride does not call at: one it runs through (EFA's stops
    /// without a time), or one no longer served (a cancelled stop). The ends are where the
    /// rider boards and alights, whatever they say; where no stop is called at (a ride
    /// cancelled whole), the count is the planned one.
    mutating func plannerStops(
        ends: Bool, calls: (inout PlannerReader) throws(JSONSyntaxError) -> Bool
    ) throws(JSONSyntaxError) -> Int? {
        guard try reader.peekKind() == .array else {
            try reader.skipValue()
            return nil
        }
        var (listed, passed, lastPassed, called) = (0, 0, false, false)
        try eachElement { decoder, index throws(JSONSyntaxError) in
            let call = try decoder.reader.peekKind() == .object ? try calls(&decoder) : (try decoder.reader.skipValue(), true).1
            listed += 1
            lastPassed = !call
            called = called || call
            if !call, !(ends && index == 0) { passed += 1 }
        }
        if ends, lastPassed, listed > 1 { passed -= 1 }
        let count = called ? listed - passed : listed
        return ends ? max(count - 1, 0) : count + 1
    }

    /// Whether the object that comes next has a string under any of `names` (a stop's time).
    mutating func plannerHasString(_ names: [StaticString]) throws(JSONSyntaxError) -> Bool {
        var found = false
        try eachMember { decoder throws(JSONSyntaxError) in
            if !found, names.contains(where: { decoder.reader.keyEquals($0) }) { found = try decoder.reader.peekKind() == .string }
            try decoder.reader.skipValue()
        }
        return found
    }

    /// An array of alerts: each counted, and the first `LegFacts.maxAlerts` headlines kept
    /// (the first member of each that `headlines` names and holds text, or the alert itself
    /// where it is a string). `include` picks which alerts count (hafas-client's warnings).
    mutating func decodeAlerts(
        into facts: inout LegFacts, headlines: [StaticString], include: [(StaticString, StaticString)] = []
    ) throws(JSONSyntaxError) {
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            var headline: (rank: Int, text: String)?
            var included = include.isEmpty
            if try decoder.reader.peekKind() == .string {
                headline = try decoder.plannerText().flatMap(PlannerText.trimmed).map { (0, $0) }
            } else {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if let rank = headlines.firstIndex(where: { decoder.reader.keyEquals($0) }) {
                        // The earlier name in `headlines` wins, wherever it comes in the alert.
                        if let text = try decoder.plannerText().flatMap(PlannerText.trimmed), rank < (headline?.rank ?? .max) {
                            headline = (rank, text)
                        }
                    } else if let rule = include.first(where: { decoder.reader.keyEquals($0.0) }) {
                        included = try decoder.plannerWord() == rule.1.description || included
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            }
            guard included else { return }
            facts.alertCount = (facts.alertCount ?? 0) + 1
            if let text = headline?.text, facts.alerts.count < LegFacts.maxAlerts, !facts.alerts.contains(text) { facts.alerts.append(text) }
        }
    }

    /// A delay in seconds (a number), within a day either way; else nil.
    mutating func plannerDelay(unit: Double = 1) throws(JSONSyntaxError) -> Int? {
        guard let value = try plannerNumber().map({ $0 * unit }), abs(value) <= 86_400 else { return nil }
        return Int(value.rounded())
    }
}

extension LegFacts {
    /// Delays say how late a real-time prediction is: where the planner says its times are the
    /// timetable's (OpenTripPlanner's `realTime: false` beside delays of 0), or the ride does
    /// not run (a cancelled MOTIS leg keeps its timetable's times and `realTime: true`), there
    /// are none.
    mutating func dropDelaysWithoutRealTime() {
        if realTime == false || cancelled == true { (departureDelay, arrivalDelay) = (nil, nil) }
    }

    /// Whether the times are a real-time forecast: the planner says so, or gives a delay.
    var hasForecast: Bool { realTime == true || departureDelay != nil || arrivalDelay != nil }
}
