import RouteBar
internal import StrictJSON

// Reading the members of a planner's answer that routebar uses, leniently: a member of an
// unexpected type decorates nothing and is skipped, as an unknown one is. What a bar cannot do
// without (a leg's time) is checked when the itinerary becomes a route.
extension PlannerReader {
    /// Calls `body` for each member of the object that comes next; skips anything else.
    mutating func eachMember(_ body: (inout PlannerReader) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        guard !isRefused, try reader.peekKind() == .object else { return try reader.skipValue() }
        try reader.beginObject()
        while try reader.nextKey() {
            // A refused body is only read for bad JSON, which wins over it: the rest in one go.
            if isRefused {
                try reader.skipValue()
            } else {
                try body(&self)
            }
        }
    }

    /// Whether the next element is a leg to read: once the body is refused, or when the element
    /// is not an object (noted), it is skipped instead, so that a refused body builds no record
    /// of its legs (a body of `0`s made one of some 280 bytes for each of its 2).
    mutating func readsLeg(at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> Bool {
        guard !isRefused else {
            try reader.skipValue()
            return false
        }
        let found = try reader.peekKind()
        guard found == .object else {
            note(.init(.invalidType, "a leg must be \(JSONValueKind.object.phrase), got \(found.phrase)", pointer: pointer()))
            try reader.skipValue()
            return false
        }
        return true
    }

    /// Whether a leg just read has what every leg needs, its minutes (a duration, or both
    /// times); noted, and left out, when it has not.
    mutating func keepsLeg(_ leg: PlannerLeg, at pointer: @autoclosure () -> String) -> Bool {
        if let (text, offset) = unreadableTime {
            unreadableTime = nil
            let detail = "the leg has a time that is not one (RFC 3339 or ISO 8601): \"\(text)\""
            note(.init(.invalidType, detail, pointer: self.pointer(toTimeAt: offset, in: pointer())))
            return false
        }
        if let member = leg.missingMode {
            note(.init(.missingField, "the leg says nothing of what moves it: it has no `\(member)`", pointer: pointer()))
            return false
        }
        // A leg that arrives before it departs has both times: kept, for its itinerary to be
        // refused as inconsistent (`PlannerItinerary.check`), which says more than "missing".
        guard leg.minutes == nil, leg.start == nil || leg.end == nil else { return true }
        note(.init(.missingField, "the leg has neither a duration nor departure and arrival times", pointer: pointer()))
        return false
    }

    /// A member's name as a JSON Pointer reference token (RFC 6901: `~` as `~0`, `/` as `~1`), for
    /// a pointer through a name the body chose (a GraphQL alias).
    static func pointerToken(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return name }
        var token = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.unicodeScalars.append(scalar)
            }
        }
        return token
    }

    /// Calls `body` with each element of the array that comes next and its index; skips anything else.
    mutating func eachElement(_ body: (inout PlannerReader, Int) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        guard !isRefused, try reader.peekKind() == .array else { return try reader.skipValue() }
        try reader.beginArray()
        var index = 0
        while try reader.nextElement() {
            // A refused body is only read for bad JSON, which wins over it: the rest in one go.
            if isRefused {
                try reader.skipValue()
                continue
            }
            try body(&self, index)
            index += 1
        }
    }

    /// A string the answer may echo (a line's name, a stop, a headsign): past
    /// `PlannerText.maxNameBytes` it is shortened, with "…", on a character's boundary, so
    /// that a planner's long stop name decorates a leg instead of refusing the answer (our own
    /// shape refuses its long names: `boundedString`); not a string, nil.
    mutating func plannerText() throws(JSONSyntaxError) -> String? {
        guard try reader.peekKind() == .string else {
            try reader.skipValue()
            return nil
        }
        let text = PlannerText.withoutBidiControls(try reader.readString())
        guard text.utf8.count > PlannerText.maxNameBytes else { return text }
        return PlannerText.shortened(text, toBytes: PlannerText.maxNameBytes)
    }

    /// A string the answer does not echo (a mode's name, a time); not a string, nil.
    mutating func plannerWord() throws(JSONSyntaxError) -> String? {
        guard try reader.peekKind() == .string else {
            try reader.skipValue()
            return nil
        }
        // Some words reach the answer inside others (Navitia's commercial mode in a badge).
        return PlannerText.withoutBidiControls(try reader.readString())
    }

    /// A finite number; anything else, nil.
    mutating func plannerNumber() throws(JSONSyntaxError) -> Double? {
        guard try reader.peekKind() == .number else {
            try reader.skipValue()
            return nil
        }
        let value = try reader.readNumber()
        return value.isFinite ? value : nil
    }

    mutating func plannerBool() throws(JSONSyntaxError) -> Bool? {
        guard try reader.peekKind() == .bool else {
            try reader.skipValue()
            return nil
        }
        return try reader.readBool()
    }

    /// A time in seconds: epoch milliseconds (OpenTripPlanner) or seconds (Google) as a number,
    /// or ISO 8601 text; anything else, nil.
    mutating func plannerTime() throws(JSONSyntaxError) -> Double? {
        try plannerTimeAndText()?.seconds
    }

    /// A time in seconds and as the card shows it: the planner's ISO 8601 text, or an epoch
    /// time in UTC.
    mutating func plannerTimeAndText() throws(JSONSyntaxError) -> (seconds: Double, text: String)? {
        switch try reader.peekKind() {
        case .number:
            guard let value = try plannerNumber() else { return nil }
            let seconds = value > 100_000_000_000 ? value / 1000 : value
            guard PlannerTime.plausible.contains(seconds) else { return nil }
            return (seconds, PlannerTime.iso(seconds: seconds))
        case .string:
            let start = reader.offset
            let text = try reader.readString()
            guard let seconds = PlannerTime.seconds(iso: text), text.utf8.count <= 64 else {
                // Never a time left out in silence (the leg would take another's, or none):
                // the leg or itinerary it is in is refused (`keepsLeg`, `eachItinerary`).
                if !text.isEmpty, unreadableTime == nil {
                    unreadableTime = (text.utf8.count <= 64 ? text : PlannerText.shortened(text, toBytes: 64), start)
                }
                return nil
            }
            return (seconds, text)
        default:
            try reader.skipValue()
            return nil
        }
    }

    /// A colour, normalised to `#RRGGBB`; anything else, nil.
    mutating func plannerColor() throws(JSONSyntaxError) -> String? {
        try plannerWord().flatMap(PlannerText.color)
    }

    /// An IANA zone a planner names for its times; nil for a name the server's tz database
    /// does not know ("America/Nowhere", "Europe/Pariss"), which is then as none named:
    /// `?timeZone=` places the times where given. Kept, it placed none, in silence.
    mutating func plannerZone() throws(JSONSyntaxError) -> String? {
        try plannerWord().flatMap(ZoneDatabase.system.known)
    }

    /// The `name` member of the object that comes next (an agency, an operator).
    mutating func plannerName() throws(JSONSyntaxError) -> String? {
        try plannerMember("name")
    }

    /// A place or an agency: its `name`, its IANA time zone where it names one (`tz`, MOTIS;
    /// `timezone`, OpenTripPlanner), and a stop's platform or track (`platformCode`,
    /// OpenTripPlanner REST, and GraphQL's `stop.platformCode`; `track`, MOTIS; `platform`,
    /// HERE), and whether the stop is `cancelled` (MOTIS's `Place`: "cancelled due to the
    /// realtime situation"). A bare string is a name.
    mutating func plannerPlace() throws(JSONSyntaxError) -> (name: String?, zone: String?, platform: String?, cancelled: Bool) {
        guard try reader.peekKind() == .object else { return (try plannerText(), nil, nil, false) }
        var place: (name: String?, zone: String?, platform: String?, cancelled: Bool) = (nil, nil, nil, false)
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("name") {
                place.name = try decoder.plannerText()
            } else if decoder.reader.keyEquals("tz") || decoder.reader.keyEquals("timezone") || decoder.reader.keyEquals("timeZone") {
                place.zone = try decoder.plannerZone()
            } else if decoder.reader.keyEquals("platformCode") || decoder.reader.keyEquals("track") || decoder.reader.keyEquals("platform") {
                place.platform = try decoder.plannerText().flatMap(PlannerText.trimmed) ?? place.platform
            } else if decoder.reader.keyEquals("stop") {
                let stop = try decoder.plannerPlace()
                place.platform = place.platform ?? stop.platform
            } else if decoder.reader.keyEquals("cancelled") {
                place.cancelled = try decoder.plannerBool() == true
            } else {
                try decoder.reader.skipValue()
            }
        }
        return place
    }

    /// The text of member `name` of the object that comes next (a stop's `commonName`).
    mutating func plannerMember(_ name: StaticString) throws(JSONSyntaxError) -> String? {
        var text: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals(name) {
                text = try decoder.plannerText()
            } else {
                try decoder.reader.skipValue()
            }
        }
        return text
    }

    /// Each itinerary of the array that comes next, which is at `pointer` ("/journeys"), within
    /// `RouteBarLayout.maxRoutes`: a `PlannerItinerary` whose legs are at
    /// `<pointer>/<index>/<legs>`, in the zone `timeZone`, filled by `member` from each of the
    /// element's members, then added (`addItinerary`).
    mutating func eachItinerary(
        at pointer: String, legs: String, timeZone: String? = nil,
        _ member: (inout PlannerReader, inout PlannerItinerary) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try eachElement { decoder, index throws(JSONSyntaxError) in
            guard try decoder.withinRouteLimit(decoder.plannerItineraries.count, at: pointer) else { return }
            var itinerary = PlannerItinerary(pointer: "\(pointer)/\(index)/\(legs)")
            if legs.contains("/") { itinerary.itineraryPointer = "\(pointer)/\(index)" }
            itinerary.timeZone = timeZone
            try decoder.eachMember { decoder throws(JSONSyntaxError) in try member(&decoder, &itinerary) }
            decoder.addItinerary(itinerary)
        }
    }

    /// Reads the array of legs that comes next into `itinerary` (whose `pointer` is the array's
    /// place), one at a time by `decodeLeg`: each within `RouteBarLayout.maxSubPaths`, an
    /// object (`readsLeg`) and with its minutes (`keepsLeg`).
    mutating func eachLeg(
        into itinerary: inout PlannerItinerary, _ decodeLeg: (inout PlannerReader) throws(JSONSyntaxError) -> PlannerLeg
    ) throws(JSONSyntaxError) {
        let pointer = itinerary.pointer
        try eachElement { decoder, index throws(JSONSyntaxError) in
            // The leg's pointer is made only for its error.
            guard try decoder.withinLegLimit(itinerary.legs.count, at: pointer), try decoder.readsLeg(at: "\(pointer)/\(index)") else { return }
            let leg = try decodeLeg(&decoder)
            if decoder.keepsLeg(leg, at: "\(pointer)/\(index)") { itinerary.legs.append(leg) }
        }
    }

    /// Whether an itinerary with `count` legs read may take one more: past
    /// `RouteBarLayout.maxSubPaths` the body is refused, in every shape (it was cut silently),
    /// and the element that comes next is skipped.
    mutating func withinLegLimit(_ count: Int, at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> Bool {
        guard count >= RouteBarLayout.maxSubPaths else { return true }
        try reader.skipValue()
        if !isRefused {
            note(.init(.tooMany, "at most \(RouteBarLayout.maxSubPaths) legs per itinerary", pointer: pointer(), limit: RouteBarLayout.maxSubPaths))
        }
        return false
    }

    /// Whether an answer with `count` itineraries read may take one more (`RouteBarLayout.maxRoutes`).
    mutating func withinRouteLimit(_ count: Int, at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> Bool {
        guard count >= RouteBarLayout.maxRoutes else { return true }
        try reader.skipValue()
        if !isRefused {
            note(.init(.tooMany, "at most \(RouteBarLayout.maxRoutes) routes per request", pointer: pointer(), limit: RouteBarLayout.maxRoutes))
        }
        return false
    }
}
