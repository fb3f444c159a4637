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

    /// As `plannerStops(ends:)`, counting each stop between the ends as `call` (reading the
    /// stop, an object) says: a stop closed to riders (`skipped`) never counts; one not called
    /// at (a cancelled stop, one a train runs through: EFA's stops without a time) counts only
    /// where no stop of the list is called at (a ride cancelled whole, a list without times),
    /// which keeps the planned count. The ends are where the rider boards and alights,
    /// whatever they say.
    mutating func plannerStops(
        ends: Bool, call: (inout PlannerReader) throws(JSONSyntaxError) -> PlannerStopCall
    ) throws(JSONSyntaxError) -> Int? {
        guard try reader.peekKind() == .array else {
            try reader.skipValue()
            return nil
        }
        var (listed, counted, skipped, anyServed, last) = (0, 0, 0, false, PlannerStopCall.served)
        try eachElement { decoder, index throws(JSONSyntaxError) in
            last = try decoder.reader.peekKind() == .object ? try call(&decoder) : (try decoder.reader.skipValue(), .served).1
            listed += 1
            anyServed = anyServed || last == .served
            if last == .skipped { skipped += 1 }
            if last == .served || (ends && index == 0) { counted += 1 }
        }
        if ends, listed > 1, last != .served { counted += 1 }
        let count = anyServed ? counted : listed - skipped
        return ends ? max(count - 1, 0) : count + 1
    }

    /// Whether the stop that comes next (an object) is served: not cancelled (`cancelled`,
    /// hafas-client's stopovers and MOTIS's places; `cancellation`, Transmodel's calls), and
    /// not closed to boarding and alighting both (MOTIS's `pickupType` and `dropoffType`
    /// `NOT_ALLOWED`, "disallowed due to schedule, skipped stops or cancellations"; Transmodel's
    /// `forBoarding` and `forAlighting`, HAFAS REST's `boarding` and `alighting`, false): a stop
    /// the ride only halts at is no stop of the rider's.
    mutating func plannerStopCall() throws(JSONSyntaxError) -> PlannerStopCall {
        var (cancelled, noBoarding, noAlighting) = (false, false, false)
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("cancelled") || decoder.reader.keyEquals("cancellation") {
                cancelled = try decoder.plannerBool() == true
            } else if decoder.reader.keyEquals("pickupType") {
                noBoarding = try decoder.plannerWord() == "NOT_ALLOWED"
            } else if decoder.reader.keyEquals("dropoffType") {
                noAlighting = try decoder.plannerWord() == "NOT_ALLOWED"
            } else if decoder.reader.keyEquals("forBoarding") || decoder.reader.keyEquals("boarding") {
                noBoarding = try decoder.plannerBool() == false
            } else if decoder.reader.keyEquals("forAlighting") || decoder.reader.keyEquals("alighting") {
                noAlighting = try decoder.plannerBool() == false
            } else {
                try decoder.reader.skipValue()
            }
        }
        return cancelled ? .notCalled : noBoarding && noAlighting ? .skipped : .served
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
