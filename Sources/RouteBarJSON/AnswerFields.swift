import RouteBar
import RouteBarPlanners

/// A field mask: the members of the answer a client asks for, as Google's APIs take `fields`
/// (and `X-Goog-FieldMask`): `fields=routes.segments.width,routes.transitCount` in the query
/// string, or the same list in the `X-Fields` header. Each path names a member of the answer
/// (`routes`), of a route (`routes.transitCount`) or of a segment (`routes.segments.width`), and
/// keeps it with everything under it (`routes.segments.line` keeps the whole line); the objects
/// on the way keep only what was asked. With `widths`, paths name the members of each layout
/// (`layouts.` before them may be left out). What no path asks for is not made: sentences,
/// labels, badges, colours and cards cost nothing when left out.
///
/// `Answer`, `Route` and `Segment` are the one table of the answer's member names: the writer
/// checks each member against them, and the spec and tests read them.
public struct AnswerFields: Sendable, Hashable, CustomStringConvertible {
    /// The members of the answer (of each layout, with `widths`).
    public enum Answer: Int, CaseIterable, Sendable {
        case width, scale, algorithm, gap, theme, timeScale, locale, source, notice, problems, routes
        // Last, so that the cases before keep their raw values (1.1.0 had them).
        case reason
        case labelFont
    }

    /// The members of a route.
    public enum Route: Int, CaseIterable, Sendable {
        case index, id, totalTime, minutes, walkingCount, transitCount, transferCount, barWidth, barStart
        case minWalkingLength, minTransitLength, minuteLength, height, compressed
        case departure, departureClock, departureEpoch, departureOffset, departureDate
        case arrival, arrivalClock, arrivalEpoch, arrivalOffset, arrivalDate
        case walkDistance, fare, transfers, accessibilityLabel, segments
        // After `segments`, so that the cases before keep their raw values (1.1.0 had them).
        case fares
    }

    /// The members of a segment.
    public enum Segment: Int, CaseIterable, Sendable {
        case index, trafficType, kind, mode, sectionTime, x, width, label, minutes, shortSeconds, labelFits, badgeFits
        case transferBefore, line, lines, color, textColor
        case departure, departureClock, departureEpoch, departureOffset, departureDate
        case arrival, arrivalClock, arrivalEpoch, arrivalOffset, arrivalDate
        case distance, from, to, headsign, departurePlatform, arrivalPlatform, stops, network, realTime
        case departureDelay, arrivalDelay, occupancy, alertCount, alerts, cancelled, reachable, fareProducts
        case fareProductsOmitted, badge, display
    }

    private var answer: UInt64
    private var route: UInt64
    private var segment: UInt64
    /// Whether a path names `routes.segments.display` itself, which asks for the display plan as
    /// `display=true` does; `routes` or `routes.segments` alone keep it only where it is asked for.
    public private(set) var namesDisplay = false

    /// Every member: the answer without a mask.
    public static let all = AnswerFields(answer: ~0, route: ~0, segment: ~0)

    private init(answer: UInt64, route: UInt64, segment: UInt64) {
        (self.answer, self.route, self.segment) = (answer, route, segment)
    }

    public var isAll: Bool { self == .all }

    // `&<<`: every raw value is below 64, and `<<` checked the shift in a call the writer
    // made for each member of each segment.
    @inline(__always) func has(_ member: Answer) -> Bool { answer & 1 &<< UInt64(member.rawValue) != 0 }
    @inline(__always) func has(_ member: Route) -> Bool { route & 1 &<< UInt64(member.rawValue) != 0 }
    @inline(__always) func has(_ member: Segment) -> Bool { segment & 1 &<< UInt64(member.rawValue) != 0 }

    /// Whether any member from `first` on, in the table's order, is asked for.
    @inline(__always) func hasAny(from first: Segment) -> Bool { segment &>> UInt64(first.rawValue) != 0 }

    /// A time's five members (its text, clock, epoch, offset and date, in that order from
    /// `first`) as bits 0 to 4, for `CardText`.
    func timeBits(_ first: Route) -> UInt8 { UInt8(truncatingIfNeeded: route >> UInt64(first.rawValue)) & 0x1F }
    func timeBits(_ first: Segment) -> UInt8 { UInt8(truncatingIfNeeded: segment >> UInt64(first.rawValue)) & 0x1F }

    /// Whether the layout must make labels, badges and colours (`RouteBarLayout.buildsPresentation`):
    /// a member that shows them, or the sentence, which names the lines.
    public var needsPresentation: Bool {
        segment & Self.shownBits != 0 || has(.accessibilityLabel) && has(.routes)
    }

    /// The segment's members that show labels, badges and colours, as bits.
    private static let shownBits = [Segment.label, .minutes, .labelFits, .badge, .badgeFits, .line, .lines, .color, .textColor, .display]
        .reduce(UInt64(0)) { $0 | 1 << $1.rawValue }

    /// The members' names, by level, in the tables' order (a case's name is its member's).
    static let answerNames = Answer.allCases.map { "\($0)" }
    static let routeNames = Route.allCases.map { "\($0)" }
    static let segmentNames = Segment.allCases.map { "\($0)" }
    private static let answerIndex = index(answerNames)
    private static let routeIndex = index(routeNames)
    private static let segmentIndex = index(segmentNames)

    private static func index(_ names: [String]) -> [Substring: Int] {
        Dictionary(uniqueKeysWithValues: names.enumerated().map { (Substring($1), $0) })
    }

    /// Every path this mask can hold, in the table's order: `width`, …, `routes.segments.fareProducts`.
    public static let paths: [String] =
        answerNames + routeNames.map { "routes.\($0)" } + segmentNames.map { "routes.segments.\($0)" }

    /// The paths kept, shortest first: the list a client would send for this mask.
    public var description: String {
        guard !isAll else { return "*" }
        var paths: [String] = []
        for member in Answer.allCases where has(member) {
            guard member == .routes else {
                paths.append(Self.answerNames[member.rawValue])
                continue
            }
            if route == ~0 && segment == ~0 {
                paths.append("routes")
                continue
            }
            for member in Route.allCases where has(member) {
                if member == .segments && segment != ~0 {
                    paths += Segment.allCases.filter { has($0) }.map { "routes.segments." + Self.segmentNames[$0.rawValue] }
                } else {
                    paths.append("routes." + Self.routeNames[member.rawValue])
                }
            }
        }
        return paths.joined(separator: ",")
    }

    /// Reads a comma-separated list of paths (spaces around a path are ignored); an empty list,
    /// an empty path or one that names no member is a 422 naming `parameter` (or the header,
    /// where `parameter` is `fields`' header: `X-Fields`), with the path nearest to a misspelt one.
    public init(parsing list: String, parameter: String = RequestParameter.fields.name) throws(RouteBarInputError) {
        self.init(answer: 0, route: 0, segment: 0)
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let path = item.trimmingASCIISpaces()
            guard try add(path) else {
                throw Self.unknown(path, list: list, parameter: parameter)
            }
        }
    }

    /// Adds one path; false when it names no member.
    private mutating func add(_ path: Substring) throws(RouteBarInputError) -> Bool {
        var parts = path.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1 && parts[0] == "layouts" { parts.removeFirst() }
        switch parts.count {
        case 1:
            guard let index = Self.answerIndex[parts[0]], let member = Answer(rawValue: index) else { return false }
            answer |= 1 << member.rawValue
            if member == .routes { (route, segment) = (~0, ~0) }
        case 2:
            guard parts[0] == "routes", let index = Self.routeIndex[parts[1]], let member = Route(rawValue: index) else { return false }
            answer |= 1 << Answer.routes.rawValue
            route |= 1 << member.rawValue
            if member == .segments { segment = ~0 }
        case 3:
            guard parts[0] == "routes", parts[1] == "segments", let index = Self.segmentIndex[parts[2]], let member = Segment(rawValue: index)
            else { return false }
            answer |= 1 << Answer.routes.rawValue
            route |= 1 << Route.segments.rawValue
            segment |= 1 << member.rawValue
            if member == .display { namesDisplay = true }
        default:
            return false
        }
        return true
    }

    private static func unknown(_ path: Substring, list: String, parameter: String) -> RouteBarInputError {
        let hint: String
        if path.isEmpty {
            return RouteBarInputError(
                .unknownValue, "\(parameter) is a comma-separated list of the answer's member paths, with no empty one: got \(quoted(list))",
                naming: parameter)
        } else if let nearest = nearestPath(to: path) {
            hint = "did you mean \"\(nearest)\"?"
        } else if path.split(separator: ".").count > 3 {
            hint = "paths go down to a segment's members (routes.segments.line keeps the whole line)"
        } else {
            hint = "paths are the answer's members, such as routes.transitCount or routes.segments.width"
        }
        return RouteBarInputError(
            .unknownValue, "\(parameter) names \(quoted(String(path))), which is not a member of the answer; \(hint)", naming: parameter)
    }

    /// The path nearest to `typed` by edit distance, if near enough to be a typo.
    static func nearestPath(to typed: Substring) -> String? {
        let bytes = Array(typed.lowercased().utf8.prefix(80))
        var best: (path: String, distance: Int)?
        for path in paths {
            let distance = RouteBarInputError.editDistance(bytes, Array(path.lowercased().utf8))
            if distance <= 3, distance < best?.distance ?? .max { best = (path, distance) }
        }
        return best?.path
    }
}

extension Substring {
    fileprivate func trimmingASCIISpaces() -> Substring {
        var trimmed = self
        while trimmed.first == " " || trimmed.first == "\t" { trimmed.removeFirst() }
        while trimmed.last == " " || trimmed.last == "\t" { trimmed.removeLast() }
        return trimmed
    }
}
