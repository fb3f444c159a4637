import RouteBar

/// A leg as a planner gives it, read before it becomes a `SubPath`: times and durations in
/// seconds, names, colours, and whether it continues the previous vehicle.
package struct PlannerLeg {
    package var mode = TransitMode.other
    /// Whether `mode` was given (a named leg of our own shape), not left at its default.
    package var modeGiven = false
    /// Where the planner always says what moves the leg and this leg does not (the member it
    /// lacks, "mode.id"): refused, not drawn as a ride of another kind (`keepsLeg`).
    package var missingMode: String?
    /// Where the leg is in the body, for its errors, where that is not its place in its
    /// itinerary's list (Google's steps, inside the route's legs).
    package var pointer: String?
    /// The planner's duration in seconds.
    package var seconds: Double?
    /// Departure and arrival, in seconds on one clock (Unix time, or a day's local time).
    package var start: Double?
    package var end: Double?
    package var shortName: String?
    package var longName: String?
    package var agency: String?
    package var color: String?
    package var textColor: String?
    package var interlined = false
    /// Other lines that serve the leg (TMAP's `Lane`).
    package var otherLines: [TransitLine] = []
    /// ODsay-style codes where the planner uses them (TMAP: a subway's line, a bus's type).
    package var subwayCode: Int?
    package var busType: Int?
    /// The card: times as the planner writes them, metres, stops, headsign.
    package var departure: String?
    package var arrival: String?
    package var distance: Double?
    package var from: String?
    package var to: String?
    package var headsign: String?
    /// Where the leg is in the world, where the planner says: its UTC offset in seconds
    /// (OpenTripPlanner's `agencyTimeZoneOffset`), or its IANA time zone (Google's
    /// `time_zone`, OpenTripPlanner 2's `agency.timezone`, MOTIS's `tz`).
    package var utcOffset: Int32?
    package var timeZone: String?
    /// Platforms, stops, real time, occupancy, alerts, fares (docs/planners.md, "The route card").
    package var facts = LegFacts()
    /// Seconds of walking the planner folds into this ride's record instead of giving them a leg
    /// of their own (EFA's `footPathInfo`): to the ride before it departs, and on from it after it
    /// arrives. Each is drawn as a walk in the gap beside the ride (`withFoldedWalks`), its far
    /// end's time written in UTC: for planners whose times are instants (EFA's are UTC).
    package var walkBefore: Double?
    package var walkAfter: Double?

    /// The card, its times with their place's offset where `place` tells it.
    package func card(in place: PlannerPlace) -> LegCard? {
        let facts = cardFacts
        guard
            departure != nil || arrival != nil || start != nil || distance != nil || from != nil || to != nil || headsign != nil
                || !facts.isEmpty
        else { return nil }
        let place = place.narrowed(to: self)
        return LegCard(
            departure: departure, arrival: arrival, distance: distance, from: from, to: to, headsign: headsign,
            departureTime: place.time(departure, start), arrivalTime: place.time(arrival, end), facts: facts)
    }

    /// The facts a card shows: a ride's, and of a walk or a wait only what is not about a vehicle
    /// (OpenTripPlanner writes `realTime: false` and `intermediateStops: []` on its walks too).
    package var cardFacts: LegFacts {
        guard mode.kind != .transit else { return facts }
        var facts = self.facts
        (facts.stops, facts.realTime, facts.departureDelay, facts.arrivalDelay, facts.occupancy) = (nil, nil, nil, nil, nil)
        return facts
    }

    /// The leg's minutes: from its times where it has both (durations have unit and rounding
    /// pitfalls: MOTIS wrote transit legs in minutes, Google leaves waits out), else its duration.
    package var minutes: Double? {
        // MOTIS rounds times to the minute: a 26 s walk starts and ends at the same minute,
        // and only its duration says it is there.
        if let start, let end, end > start || (end == start && (seconds ?? 0) <= 0) { return (end - start) / 60 }
        return seconds.map { $0 / 60 }
    }

    package var line: TransitLine? {
        let short = shortName.flatMap(PlannerText.trimmed)
        let long = longName.flatMap(PlannerText.trimmed)
        guard let name = long ?? short else { return nil }
        return TransitLine(
            name: name, subwayCode: subwayCode, busType: busType, shortName: short,
            agency: agency.flatMap(PlannerText.trimmed))
    }
}

/// An itinerary as a planner gives it: its legs, and its own departure and arrival where given.
package struct PlannerItinerary {
    package var legs: [PlannerLeg] = []
    package var start: Double?
    package var end: Double?
    /// The planner's total in seconds, for an itinerary without times (TMAP).
    package var seconds: Double?
    /// The card: times as the planner writes them, metres walked, fare, transfers.
    package var departure: String?
    package var arrival: String?
    package var walkDistance: Double?
    package var fareAmount: Double?
    package var fareCurrency: String?
    package var transfers: Int?
    /// The planner's fares for the whole itinerary per rider category (OpenTripPlanner
    /// GraphQL's `fares[]`); where it gives none, the legs' products' totals are the route's.
    package var fares: [RouteFare] = []
    /// Products the planner lists for the itinerary with the legs each covers (OpenTripPlanner
    /// REST's `fare.legProducts`): each joins those legs' `fareProducts` as the route is made.
    package var legProducts: [(legs: [Int], product: FareProduct)] = []

    /// The itinerary's time zone where the planner names one for all of it (Navitia's
    /// `context.timezone`, TfL's London).
    package var timeZone: String?

    /// The itinerary with `zone` (`?timeZone=`) where neither it nor any of its legs names one:
    /// the planner's own zone wins for every leg (OpenTripPlanner 2 names `agency.timezone` on
    /// its rides and none on its walks, which took the query's: Seattle's walks at Tokyo's clock).
    package func inZone(_ zone: String?) -> PlannerItinerary {
        var itinerary = self
        itinerary.timeZone = timeZone ?? legs.first { $0.timeZone != nil }?.timeZone ?? zone
        return itinerary
    }

    /// Where the itinerary is: its own zone, else the first its legs name, else their offset.
    package var place: PlannerPlace {
        PlannerPlace(
            timeZone: timeZone ?? legs.first { $0.timeZone != nil }?.timeZone,
            utcOffset: legs.first { $0.utcOffset != nil }?.utcOffset)
    }

    package func card(in place: PlannerPlace) -> RouteCard? {
        let departure = departure ?? legs.first?.departure, arrival = arrival ?? legs.last?.arrival
        let fares = fares.isEmpty ? legFares : fares
        guard departure != nil || arrival != nil || walkDistance != nil || fareAmount != nil || transfers != nil || !fares.isEmpty
        else { return nil }
        let first = legs.first.map { place.narrowed(to: $0) } ?? place, last = legs.last.map { place.narrowed(to: $0) } ?? place
        return RouteCard(
            departure: departure, arrival: arrival, walkDistance: walkDistance, fareAmount: fareAmount,
            fareCurrency: fareCurrency, transfers: transfers, fares: fares,
            departureTime: first.time(departure, start ?? legs.first?.start), arrivalTime: last.time(arrival, end ?? legs.last?.end))
    }
    /// `legProducts` added to the fare products of the legs they cover, as far as each leg keeps them.
    mutating func attachLegProducts() {
        guard !legProducts.isEmpty else { return }
        for (covered, product) in legProducts {
            for index in covered where legs.indices.contains(index) {
                guard !legs[index].facts.fareProducts.contains(product) else { continue }
                guard legs[index].facts.fareProducts.count < LegFacts.maxFareProducts else {
                    legs[index].facts.fareProductsOmitted = (legs[index].facts.fareProductsOmitted ?? 0) + 1
                    continue
                }
                legs[index].facts.fareProducts.append(product)
            }
        }
        legProducts = []
    }

    /// The legs' fare products totalled per rider category and medium (`RouteFare.totals`);
    /// none where a leg listed more than it keeps, since a total could then miss a ride.
    private var legFares: [RouteFare] {
        guard legs.contains(where: { !$0.facts.fareProducts.isEmpty }), !legs.contains(where: { $0.facts.fareProductsOmitted != nil })
        else { return [] }
        return RouteFare.totals(of: legs.map(\.facts.fareProducts))
    }

    /// Where the itinerary's legs are in the body, for errors: "/plan/itineraries/0/legs".
    package var pointer = ""

    /// Where the itinerary is, where its legs are deeper than one step below it (HAFAS REST's
    /// `/Trip/0` for `/Trip/0/LegList/Leg`).
    package var itineraryPointer: String?

    /// Where the itinerary is: its own pointer, else its legs' without the last step
    /// ("/plan/itineraries/0").
    package var routePointer: String {
        if let itineraryPointer { return itineraryPointer }
        guard let slash = pointer.lastIndex(of: "/") else { return "" }
        return String(pointer[..<slash])
    }
    /// The route, or why there is none, made by `settle`, which lets go of the legs.
    package var settled: Result<Route, RouteBarInputError>?

    /// Makes the route now, as `route(waits:shortestLeg:)` would later, and frees the legs' records.
    package mutating func settle(waits: Bool, shortestLeg: Double) {
        guard settled == nil else { return }
        settled = Result { () throws(RouteBarInputError) in try route(waits: waits, shortestLeg: shortestLeg) }
        legs = []
    }

    /// The shortest gap between two legs drawn as a wait, in seconds: a minute. Planners' times
    /// differ by a second where a ride departs as the walk to it ends (TriMet: 1 s), which is no wait.
    package static let shortestWait = 60.0
    /// How far, in seconds, times may disagree before the itinerary is refused: planners round
    /// to the minute (TfL's walk starts a minute before its bus arrives).
    package static let timeTolerance = 60.0

    /// The route: each leg in whole or fractional minutes, a `wait` leg before each leg that
    /// departs a minute or more after the one before arrived (unless `waits` is false), and the
    /// total from the first departure to the last arrival where the planner gives times.
    /// Throws `inconsistent-leg` for a leg that ends before it starts, starts more than a
    /// minute before the one before it arrives, or lies outside the itinerary's own times.
    ///
    /// A leg shorter than `shortestLeg` seconds (`?shortLegSeconds=`, 30 by default) is too
    /// short to draw: a visible "1 min" would overstate a 2 s walk, and a bar without it would
    /// hide it. Its seconds join the wait beside it and the sentence names it ("transfer, walk").
    package func route(waits: Bool, shortestLeg: Double) throws(RouteBarInputError) -> Route {
        try withInstants().laidOut(waits: waits, shortestLeg: shortestLeg)
    }

    /// The itinerary with its local times (Navitia's "20241027T014500", TfL's
    /// "2024-03-31T00:50:00") as instants where a zone says where they are, so that a leg over a
    /// change of the clock lasts the time that passed, not the difference of the clocks (a 35
    /// minute ride from 01:35 to 03:10 on the night clocks go forward was drawn as 95 minutes).
    ///
    /// In the hour a clock repeats (01:00 to 02:00 in London on the last Sunday of October), a
    /// local time names two instants: the itinerary's order chooses. A leg departs at the first
    /// not before the leg before it arrived, and arrives at the one its own duration gives
    /// (TfL's night bus N18 from 01:06 to 01:06, 60 minutes, is 01:06 BST to 01:06 GMT), else the
    /// first not before it departs; the itinerary arrives when its last leg does. Its departure,
    /// where that too is in the hour, is the one whose legs then keep to their own durations
    /// (a journey from 01:30 to 02:10 GMT of 40 minutes starts at the second 01:30), else the
    /// earlier.
    func withInstants() -> PlannerItinerary {
        let place = self.place
        guard place.timeZone != nil || legs.contains(where: { $0.timeZone != nil }) else { return self }
        let earlier = instants(in: place, startingLater: false)
        let firstPlace = legs.first.map { place.narrowed(to: $0) } ?? place
        let (text, seconds) = departure != nil || start != nil ? (departure, start) : (legs.first?.departure, legs.first?.start)
        let startPlace = departure != nil || start != nil ? place : firstPlace
        guard startPlace.instant(text, seconds, notBefore: .infinity) != startPlace.instant(text, seconds) else { return earlier.itinerary }
        let later = instants(in: place, startingLater: true)
        return later.mismatch < earlier.mismatch ? later.itinerary : earlier.itinerary
    }

    /// The itinerary's times as instants (`withInstants`), departing at the later of two where
    /// `startingLater`, and how far, in seconds, its legs' times then stray from their own
    /// durations and from each other's order.
    private func instants(in place: PlannerPlace, startingLater: Bool) -> (itinerary: PlannerItinerary, mismatch: Double) {
        var itinerary = self
        let preference: Double? = startingLater ? .infinity : nil
        itinerary.start = place.instant(departure, start, notBefore: preference)
        var previousEnd = itinerary.start ?? preference
        var mismatch = 0.0
        for index in legs.indices {
            let leg = legs[index], legPlace = place.narrowed(to: leg)
            let legStart = legPlace.instant(leg.departure, leg.start, notBefore: previousEnd)
            let legEnd = legPlace.instant(
                leg.arrival, leg.end, notBefore: legStart, near: legStart.flatMap { start in leg.seconds.map { start + $0 } })
            (itinerary.legs[index].start, itinerary.legs[index].end) = (legStart, legEnd)
            if let legStart, let legEnd, let seconds = leg.seconds { mismatch += abs(legEnd - legStart - seconds) }
            if let legStart, let previousEnd, previousEnd.isFinite { mismatch += max(0, previousEnd - legStart) }
            previousEnd = legEnd ?? legStart ?? previousEnd
        }
        let lastEnd = previousEnd.flatMap { $0.isFinite ? $0 : nil }
        itinerary.end = place.instant(arrival, end, notBefore: itinerary.start, near: lastEnd)
        if let end = itinerary.end, let lastEnd { mismatch += abs(end - lastEnd) }
        return (itinerary, mismatch)
    }

    private func laidOut(waits: Bool, shortestLeg: Double) throws(RouteBarInputError) -> Route {
        var subPaths: [SubPath] = []
        let place = self.place
        var itinerary = self
        itinerary.attachLegProducts()
        let (legs, origins) = itinerary.withFoldedWalks()
        // Legs without times (Google's walks) follow the one before; only given times make waits.
        var previousEnd = start ?? legs.first?.start
        var lastEnd = previousEnd
        // The arrival before as the planner wrote it, for a problem to quote.
        var previousArrival: String?
        // When the rider can begin the next leg, where a forecast arrival later than the walk
        // after it was carried through that walk (`carriesLateArrival`); else the leg before's end.
        var readyAt: Double?
        // Whether the arrival before is a forecast: a ride's with real-time data, carried through
        // the walks and waits after it (their times follow it; they have no forecast of their own).
        var arrivalIsForecast = false
        // Seconds of a short leg waiting for a wait to join (the next one, if it comes next).
        var shortPending = 0.0
        // A wait comes only before a leg with a departure time: room for those, and no more,
        // since a streamed answer keeps these arrays (and the memory account counts them).
        subPaths.reserveCapacity(legs.count + (waits ? legs.reduce(0) { $0 + ($1.start == nil ? 0 : 1) } : 0))
        for (position, given) in legs.enumerated() {
            // Where the leg is in the planner's answer, for its errors (a folded walk: its ride's).
            let index = origins?[position] ?? position
            var leg = given
            // A leg without times (Google's walking steps) runs from the arrival before it for
            // its duration: its card says when, and the bar is as it was (no wait, same minutes).
            if leg.start == nil, leg.end == nil, let begin = previousEnd, let seconds = leg.seconds, seconds >= 0 {
                (leg.start, leg.end) = (begin, begin + seconds)
            }
            // A walk of no time that begins or ends the journey outside its own departure and
            // arrival (Navitia ends a journey arriving 12:48 with a 0 s walk at 12:58): nothing
            // to draw, no time to keep to, and no wait before it.
            if position == 0 || position == legs.count - 1, leg.mode.kind != .transit, (given.seconds ?? 0) == 0,
                let instant = leg.start, leg.end == instant, instant > (end ?? .infinity) || instant < (start ?? -.infinity)
            {
                continue
            }
            // A forecast that misses the connection (a late arrival after the next ride's departure)
            // is the planner's real-time data, not a contradiction: that ride cannot be reached.
            // A walk (or any leg but a ride) between them cannot be missed: the rider sets off on
            // arrival, and the walk carries the late arrival on to the ride after it, which is
            // the one missed (MOTIS's RER B forecast at 17:28, then a walk of 2 minutes planned
            // from 17:20, then RER A at 17:22: the RER A is unreachable, not the walk).
            let ready = readyAt ?? previousEnd
            let forecastBefore = readyAt != nil || (position > 0 && arrivalIsForecast)
            var carriesLateArrival = false
            if position > 0, let start = leg.start, let ready, start < ready - Self.timeTolerance, leg.facts.hasForecast || forecastBefore {
                if leg.mode.kind != .transit {
                    // A wait the late arrival eats into takes no time of its own.
                    readyAt = leg.mode.kind == .waiting ? ready : ready + max(0, (leg.end ?? start) - start)
                    carriesLateArrival = true
                } else {
                    leg.facts.reachable = false
                }
            }
            if !carriesLateArrival { readyAt = nil }
            arrivalIsForecast = leg.facts.hasForecast || (leg.mode.kind != .transit && arrivalIsForecast)
            try check(
                leg, index: index, after: position == 0 || leg.facts.reachable == false || carriesLateArrival ? nil : previousEnd,
                quoting: previousArrival)
            guard let minutes = leg.minutes else {
                throw RouteBarInputError(
                    .missingField, "the leg has neither a duration nor departure and arrival times",
                    pointer: leg.pointer ?? "\(pointer)/\(index)")
            }
            if leg.mode == .wait && !waits { continue }
            if waits, let previousEnd, let start = leg.start, start - previousEnd >= Self.shortestWait {
                subPaths.append(SubPath(mode: .wait, minutes: (start - previousEnd) / 60 + shortPending / 60))
                shortPending = 0
            }
            let ride = leg.mode.takesLineColor
            let seconds = minutes * 60
            let short = seconds > 0 && seconds < shortestLeg
            var subPath = SubPath(
                mode: leg.mode, minutes: short ? 0 : minutes, line: leg.line, color: ride ? leg.color : nil,
                textColor: ride ? leg.textColor : nil)
            subPath.interlined = leg.interlined
            // Set only when there is something to set: each setter makes the leg's details box.
            if !leg.otherLines.isEmpty { subPath.otherLines = Array(leg.otherLines.prefix(SubPath.maxOtherLines)) }
            if let card = leg.card(in: place) { subPath.card = card }
            if short {
                subPath.shortSeconds = seconds
                // Into the wait just before, else the next one if it comes right after.
                if let last = subPaths.indices.last, subPaths[last].mode == .wait, subPaths[last].isVisible {
                    subPaths[last].sectionTime += minutes
                } else {
                    shortPending += seconds
                }
            } else if leg.mode != .wait {
                shortPending = 0
            }
            subPaths.append(subPath)
            previousArrival = leg.end == nil ? nil : leg.arrival
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
        // Which itinerary of the body the bar is: an app matches it to what it parsed, and tells
        // apart the plans of a body that holds several (GraphQL aliases).
        route.id = routePointer
        // Without its waits the legs no longer span the journey: each label stays its leg's
        // minutes, and the route's total (when riders arrive) stays the journey's.
        route.legsSpanTotal = waits
        // From the legs as drawn: a walk folded in before the first ride is the journey's start.
        itinerary.legs = legs
        route.card = itinerary.card(in: place)
        return route
    }

    /// The legs, with each walk a ride folds in (`walkBefore`, `walkAfter`) as a walk of its own
    /// beside it, and for each the index of the leg it comes from in `legs` (the pointer of its
    /// errors); `legs` itself and no indices where no ride folds a walk (most planners). A folded
    /// walk takes the gap between the ride and its neighbour (or the itinerary's own departure or
    /// arrival), at most: where the times leave it less (a late ride), it is the gap; where they
    /// leave none, there is no walk. A walk leg of the planner's own beside the ride is the same
    /// walk, not another.
    func withFoldedWalks() -> (legs: [PlannerLeg], origins: [Int]?) {
        guard legs.contains(where: { $0.walkBefore != nil || $0.walkAfter != nil }) else { return (legs, nil) }
        var expanded: [PlannerLeg] = [], origins: [Int] = []
        expanded.reserveCapacity(legs.count + 2)
        origins.reserveCapacity(legs.count + 2)
        func add(_ leg: PlannerLeg, from index: Int) {
            expanded.append(leg)
            origins.append(index)
        }
        for (index, leg) in legs.enumerated() {
            let previous = index > 0 ? legs[index - 1] : nil, next = index + 1 < legs.count ? legs[index + 1] : nil
            // Only beside a neighbour whose time is given: an untimed one is placed right after
            // the leg before it (`laidOut`), and a walk beside it would overlap it.
            if let seconds = leg.walkBefore, seconds > 0, previous?.mode != .walk, let end = leg.start,
                let floor = expanded.isEmpty ? self.start ?? -.infinity : expanded[expanded.count - 1].end
            {
                // After what comes before, the walk the ride before folds in included.
                let start = max(end - seconds, floor)
                if start < end { add(.foldedWalk(from: start, to: end, before: leg, after: previous), from: index) }
            }
            add(leg, from: index)
            if let seconds = leg.walkAfter, seconds > 0, next?.mode != .walk, let start = leg.end,
                let ceiling = next == nil ? self.end ?? .infinity : next?.start
            {
                let end = min(start + seconds, ceiling)
                if start < end { add(.foldedWalk(from: start, to: end, after: leg, before: next), from: index) }
            }
        }
        return (expanded, origins)
    }

    /// Refuses a leg whose times cannot be drawn: it ends before it starts, starts more than a
    /// minute before `previousEnd`, or lies more than a minute outside the itinerary's times.
    /// A delay that makes a transfer unreachable is the planner's data, not this: its times
    /// are the real ones, which still follow each other.
    package func check(_ leg: PlannerLeg, index: Int, after previousEnd: Double?, quoting previousArrival: String? = nil) throws(RouteBarInputError) {
        let at = leg.pointer ?? "\(pointer)/\(index)"
        // Local times where nothing says the zone (HAFAS REST's `date` and `time`) are read as
        // the clocks' difference; over a change of the clock the planner's own duration tells
        // an hour apart, and which is right only the zone can say: refused, never a guess.
        if let start = leg.start, let end = leg.end, let seconds = leg.seconds, place.narrowed(to: leg).timeZone == nil,
            leg.departure.flatMap(PlannerTime.parse(iso:))?.suffix == .local,
            abs(abs((end - start) - seconds) - 3600) <= Self.timeTolerance
        {
            throw .inconsistent(
                "the leg's local times (\(leg.timeText(start, given: leg.departure)) to \(leg.timeText(end, given: leg.arrival))) "
                    + "are an hour off its duration (\(Int(seconds)) s), as over a change of the clock; "
                    + "name the place's zone with ?timeZone= to read them",
                at: at, ("departure", leg.timeText(start, given: leg.departure)), ("arrival", leg.timeText(end, given: leg.arrival)))
        }
        if let start = leg.start, let end = leg.end, end < start {
            throw .inconsistent(
                "the leg arrives (\(leg.timeText(end, given: leg.arrival))) before it departs (\(leg.timeText(start, given: leg.departure)))",
                at: at, ("departure", leg.timeText(start, given: leg.departure)), ("arrival", leg.timeText(end, given: leg.arrival)))
        }
        if let start = leg.start, let previousEnd, start < previousEnd - Self.timeTolerance {
            throw .inconsistent(
                "the leg departs (\(leg.timeText(start, given: leg.departure))) more than a minute before the leg before it arrives "
                    + "(\(previousArrival ?? PlannerTime.iso(seconds: previousEnd)))",
                at: at, ("departure", leg.timeText(start, given: leg.departure)),
                ("previousArrival", previousArrival ?? PlannerTime.iso(seconds: previousEnd)))
        }
        if let first = self.start, let start = leg.start, start < first - Self.timeTolerance {
            throw .inconsistent(
                "the leg departs (\(leg.timeText(start, given: leg.departure))) more than a minute before its itinerary does "
                    + "(\(departure ?? PlannerTime.iso(seconds: first)))",
                at: at, ("departure", leg.timeText(start, given: leg.departure)),
                ("itineraryDeparture", departure ?? PlannerTime.iso(seconds: first)))
        }
        if let last = self.end, let end = leg.end, end > last + Self.timeTolerance {
            throw .inconsistent(
                "the leg arrives (\(leg.timeText(end, given: leg.arrival))) more than a minute after its itinerary does "
                    + "(\(arrival ?? PlannerTime.iso(seconds: last)))",
                at: at, ("arrival", leg.timeText(end, given: leg.arrival)), ("itineraryArrival", arrival ?? PlannerTime.iso(seconds: last)))
        }
    }
}

extension PlannerLeg {
    /// The walk a ride folds in (`walkBefore`, `walkAfter`), from `start` to `end` beside it: it
    /// leaves from where the ride arrives, or reaches where it departs, at the ride's own time,
    /// and its other end is where the neighbouring leg is. That end's time, which the planner
    /// does not write, is written as the instant in UTC.
    static func foldedWalk(from start: Double, to end: Double, before ride: PlannerLeg, after previous: PlannerLeg?) -> PlannerLeg {
        var walk = foldedWalk(from: start, to: end, beside: ride)
        (walk.from, walk.to) = (previous?.to, ride.from)
        (walk.departure, walk.arrival) = (PlannerTime.iso(seconds: start), ride.departure)
        return walk
    }

    static func foldedWalk(from start: Double, to end: Double, after ride: PlannerLeg, before next: PlannerLeg?) -> PlannerLeg {
        var walk = foldedWalk(from: start, to: end, beside: ride)
        (walk.from, walk.to) = (ride.to, next?.from)
        (walk.departure, walk.arrival) = (ride.arrival, PlannerTime.iso(seconds: end))
        return walk
    }

    private static func foldedWalk(from start: Double, to end: Double, beside ride: PlannerLeg) -> PlannerLeg {
        var walk = PlannerLeg()
        (walk.mode, walk.start, walk.end, walk.seconds) = (.walk, start, end, end - start)
        (walk.utcOffset, walk.timeZone) = (ride.utcOffset, ride.timeZone)
        return walk
    }

    /// A time as the problem quotes it: as the planner wrote it, else in UTC.
    package func timeText(_ seconds: Double, given: String?) -> String {
        given ?? PlannerTime.iso(seconds: seconds)
    }
}

extension RouteBarInputError {
    /// `inconsistent-leg`: values that contradict each other, both named.
    package static func inconsistent(_ detail: String, at pointer: String, _ values: (String, String)...) -> RouteBarInputError {
        var error = RouteBarInputError(.inconsistentLeg, detail, pointer: pointer)
        error.values = values.map { RouteBarInputError.Value(name: $0.0, value: $0.1) }
        return error
    }
}

/// Where in the world an itinerary or a leg is, as far as the planner says: what turns its
/// times into `CardTime`s.
package struct PlannerPlace {
    package var timeZone: String?
    package var utcOffset: Int32?

    package init(timeZone: String? = nil, utcOffset: Int32? = nil) {
        (self.timeZone, self.utcOffset) = (timeZone, utcOffset)
    }

    /// The leg's own zone or offset where it names one, else this. A leg's offset alone
    /// (OpenTripPlanner 1's `agencyTimeZoneOffset`, the offset at its start) gives way to this
    /// place's zone where the zone has that offset then (`?timeZone=`): the zone places the
    /// arrival too, after a change of the clock, which the start's offset cannot.
    package func narrowed(to leg: PlannerLeg) -> PlannerPlace {
        guard leg.timeZone != nil || leg.utcOffset != nil else { return self }
        if leg.timeZone == nil, let offset = leg.utcOffset, let timeZone, let start = leg.start, PlannerTime.plausible.contains(start),
            ZoneDatabase.system.offset(zone: timeZone, at: Int64(start.rounded(.down))) == offset
        {
            return PlannerPlace(timeZone: timeZone)
        }
        return PlannerPlace(timeZone: leg.timeZone, utcOffset: leg.utcOffset)
    }

    /// A time as the planner wrote it (`text`, or an epoch time written in UTC) at `seconds`,
    /// with its place's offset: the one in the text ("+01:00"), else this place's offset or
    /// zone. A local time ("20181202T220451") becomes an instant through the zone. Nil where
    /// nothing says the offset: a planner's "Z" says the instant, not where it is.
    package func time(_ text: String?, _ seconds: Double?) -> CardTime? {
        guard let seconds, PlannerTime.plausible.contains(seconds) else { return nil }
        let given = Int64(seconds.rounded(.down))
        let parsed = text.flatMap(PlannerTime.parse(iso:))
        switch parsed?.suffix ?? .utc {
        case .offset(let offset):
            return CardTime(epochSeconds: given, utcOffset: offset)
        case .utc:
            if let utcOffset { return CardTime(epochSeconds: given, utcOffset: utcOffset) }
            guard let timeZone, let offset = ZoneDatabase.system.offset(zone: timeZone, at: given) else { return nil }
            return CardTime(epochSeconds: given, utcOffset: offset)
        case .local:
            // From the text, which says the local time whether `seconds` is still that time read
            // as UTC or already the instant (`PlannerItinerary.withInstants`); the instant
            // chosen there, in the hour a clock repeats, where `seconds` is one it names.
            guard let local = parsed.map({ Int64($0.seconds.rounded(.down)) }), let instants = localInstants(local) else { return nil }
            let chosen = instants.later.epochSeconds == given ? instants.later : instants.earlier
            return CardTime(epochSeconds: chosen.epochSeconds, utcOffset: chosen.offset)
        }
    }

    /// `seconds` as an instant: a local time (its text has no offset) through this place's zone;
    /// any other as it is, and a local time where no zone is known. In the hour a clock repeats,
    /// of its two instants: the one nearest `target` where given, else the first not before
    /// `earliest` (a minute's tolerance), else the earlier.
    package func instant(_ text: String?, _ seconds: Double?, notBefore earliest: Double? = nil, near target: Double? = nil) -> Double? {
        guard seconds != nil, let parsed = text.flatMap(PlannerTime.parse(iso:)), parsed.suffix == .local,
            let instants = localInstants(Int64(parsed.seconds.rounded(.down)))
        else { return seconds }
        let fraction = parsed.seconds - parsed.seconds.rounded(.down)
        let (earlier, later) = (Double(instants.earlier.epochSeconds) + fraction, Double(instants.later.epochSeconds) + fraction)
        if let target { return abs(later - target) < abs(earlier - target) ? later : earlier }
        if let earliest, earlier < earliest - PlannerItinerary.timeTolerance { return later }
        return earlier
    }

    /// The instant a local time (seconds since 1970 on the local clock) names in this place's
    /// zone: the earlier, in the hour a clock repeats.
    private func localInstant(_ local: Int64) -> (epochSeconds: Int64, offset: Int32)? {
        localInstants(local)?.earlier
    }

    /// The instants a local time names in this place's zone: one, twice (`earlier` and `later`
    /// the same), or two in the hour a clock repeats. A time the clock skips (02:30 on a night it
    /// goes forward from 02:00 to 03:00) is read with the offset before the change.
    private func localInstants(_ local: Int64) -> (earlier: (epochSeconds: Int64, offset: Int32), later: (epochSeconds: Int64, offset: Int32))? {
        guard let timeZone else { return nil }
        // The offsets a day either side: zones change theirs months apart, so the local time
        // is one of these two read back, or both (repeated), or neither (skipped).
        let database = ZoneDatabase.system
        guard let before = database.offset(zone: timeZone, at: local - 86_400), let after = database.offset(zone: timeZone, at: local + 86_400)
        else { return nil }
        let readings = [before, after].compactMap { offset -> (epochSeconds: Int64, offset: Int32)? in
            let instant = local - Int64(offset)
            return database.offset(zone: timeZone, at: instant) == offset ? (instant, offset) : nil
        }
        guard let first = readings.min(by: { $0.epochSeconds < $1.epochSeconds }),
            let last = readings.max(by: { $0.epochSeconds < $1.epochSeconds })
        else {
            let skipped = (epochSeconds: local - Int64(before), offset: before)
            return (skipped, skipped)
        }
        return (first, last)
    }
}

/// Text a planner sends, cleaned as the answer shows it.
package enum PlannerText {
    /// The longest line name in UTF-8 bytes (`RouteBarRequest.maxNameBytes`): the answer echoes a
    /// name up to five times per width, so its length is the answer's, not the request's.
    package static let maxNameBytes = 128

    /// `text` without bidi controls (U+202A to U+202E, embeddings and overrides; U+2066 to
    /// U+2069, isolates): a right-to-left override in a line's name reversed what a rider read
    /// after it, in the sentence and the drawing. The answer isolates names itself where
    /// directions mix (`AccessibilityLabel`).
    package static func withoutBidiControls(_ text: String) -> String {
        // Each is E2 80 AA-AE or E2 81 A6-A9 in UTF-8: text without an E2 byte has none.
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
        // Most text has none: read, not rebuilt (an en dash or "…" has the E2 byte too).
        // Native strings' bytes are contiguous: a buffer scan, not the UTF-8 view's iterator.
        let hasLeadByte = text.utf8.withContiguousStorageIfAvailable { $0.contains(0xE2) } ?? text.utf8.contains(0xE2)
        guard hasLeadByte, text.unicodeScalars.contains(where: isControl) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isControl(scalar) { kept.append(scalar) }
        return String(kept)
    }

    /// Without surrounding whitespace ("B " from MOTIS), nil when nothing is left.
    /// `text` cut to at most `bytes` bytes of UTF-8, "…" included, between two characters.
    package static func shortened(_ text: String, toBytes bytes: Int) -> String {
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

    package static func trimmed(_ text: String) -> String? {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return String(text[first...last])
    }

    /// A colour as `#RRGGBB`, upper case, from `RRGGBB` or `#rrggbb`; nil for anything else.
    /// Three digits are CSS's short form, doubled: GTFS asks for six, but a feed's `111` (RTD's
    /// LD3 in otp-ui's flex-itinerary mock) is `#111111` in the planner's own front end, which
    /// prefixes `#` and leaves the rest to the browser.
    package static func color(_ text: String) -> String? {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.utf8.count == 6 || digits.utf8.count == 3,
            digits.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) })
        else { return nil }
        let upper = digits.uppercased()
        return "#" + (upper.utf8.count == 6 ? upper : upper.map { "\($0)\($0)" }.joined())
    }
}

extension PlannerLeg {
    /// A leg with nothing known yet, for our own shape's reader to fill.
    package static var unknown: PlannerLeg { PlannerLeg() }
}
