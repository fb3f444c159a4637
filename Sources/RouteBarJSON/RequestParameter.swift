import RouteBar
import RouteBarPlanners

/// A query parameter of `POST /v1/route-bars` that is not a layout option, declared once: the
/// server's query string, `routebar layout`'s flags (`--source`), its help, the hint of an
/// unknown parameter and the spec's test read this table.
public struct RequestParameter: Sendable, Hashable {
    /// The name in the query string; the command's flag is `--` and the name.
    public let name: String
    /// Every value it takes; empty for free text (`timeZone`) and numbers (`shortLegSeconds`).
    public let values: [String]
    /// What the help shows for its value: the values, or what a free one is ("ZONE").
    public var placeholder: String { values.isEmpty ? freeValue : values.joined(separator: "|") }
    /// One line for `routebar --help`.
    public let summary: String
    /// What a free value is, for the help.
    let freeValue: String
    /// The range of a number's value, and its default.
    public let range: ValueRange?
    public let defaultNumber: Double?
    /// The request header that carries the same value where the query string cannot be
    /// touched (`X-Fields` for `fields`); the query string wins. A problem with a value that came
    /// from it names the header, not the parameter.
    public let header: String?

    init(
        name: String, values: [String] = [], freeValue: String = "VALUE", range: ValueRange? = nil,
        defaultNumber: Double? = nil, header: String? = nil, summary: String
    ) {
        self.name = name
        self.header = header
        self.values = values
        self.freeValue = freeValue
        self.range = range
        self.defaultNumber = defaultNumber
        self.summary = summary
    }

    /// `--` and the name in kebab case, as layout options' flags: `--time-zone`.
    public var flag: String {
        var flag = "--"
        for character in name {
            if character.isUppercase { flag += "-" + character.lowercased() } else { flag.append(character) }
        }
        return flag
    }

    public static let source = RequestParameter(
        name: "source", values: Planner.allCases.map(\.rawValue),
        summary: "the shape the body has (default: told by its members)")
    public static let waits = RequestParameter(
        name: "waits", values: ["show", "omit"], summary: "a planner's gaps between legs as wait segments (default show)")

    public static let timeZone = RequestParameter(
        name: "timeZone", freeValue: "ZONE",
        summary: "the IANA time zone of a planner's times where its answer names none (MOTIS, Digitransit, EFA)")

    /// A planner's leg shorter than this many seconds is no segment: its seconds join the wait
    /// beside it and the sentence says it (`PlannerItinerary.route`). 0 draws every leg.
    public static let shortLegSeconds = RequestParameter(
        name: "shortLegSeconds", freeValue: "SECONDS", range: .closed(0, 300), defaultNumber: 30,
        summary: "a planner's legs shorter than this are no segments (0 to 300, default 30)")

    /// A field mask (`AnswerFields`): the answer's members to write; the header `X-Fields` takes
    /// the same list where the query string cannot be touched.
    public static let fields = RequestParameter(
        name: "fields", freeValue: "PATHS", header: "X-Fields",
        summary: "only these members of the answer, comma-separated paths (routes.segments.width,routes.transitCount)")

    /// The HTTP status the planner answered with, for a planner error's `reason` where the body
    /// alone does not say (a 401, a 429, TfL's 300).
    public static let plannerStatus = RequestParameter(
        name: "plannerStatus", freeValue: "STATUS", range: .closed(100, 599),
        summary: "the HTTP status the planner answered with, for its error's reason (401, 429, 300)")

    public static let all: [RequestParameter] = [.source, .waits, .timeZone, .shortLegSeconds, .plannerStatus, .fields]
}
