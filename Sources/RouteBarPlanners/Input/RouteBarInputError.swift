import RouteBar
package import StrictJSON

/// Why a request body (or its query string) cannot be laid out, in the terms of RFC 9457:
/// a problem type, a title, a detail for a person, and where the bad value is.
public struct RouteBarInputError: Error, Sendable, Hashable {
    /// Every kind of bad input, named as in the API's problem types.
    public enum ProblemType: String, Sendable, Hashable, CaseIterable {
        case emptyBody = "empty-body"
        case malformedJSON = "malformed-json"
        case invalidUTF8 = "invalid-utf8"
        case trailingData = "trailing-data"
        case tooDeep = "too-deep"
        case duplicateMember = "duplicate-member"
        case invalidType = "invalid-type"
        case missingField = "missing-field"
        case outOfRange = "out-of-range"
        case tooMany = "too-many"
        case tooLong = "too-long"
        case tooManySegments = "too-many-segments"
        case unknownAlgorithm = "unknown-algorithm"
        case noVisibleSegment = "no-visible-segment"
        case barTooNarrow = "bar-too-narrow"
        case classicUndefined = "classic-undefined"
        case odsayError = "odsay-error"
        case plannerError = "planner-error"
        case unknownShape = "unknown-shape"
        case ambiguousShape = "ambiguous-shape"
        case unknownParameter = "unknown-parameter"
        case unknownLocale = "unknown-locale"
        case unknownValue = "unknown-value"
        case unsupportedForFormat = "unsupported-for-format"
        case inconsistentLeg = "inconsistent-leg"

        /// The problem type's URI, `urn:routebar:problem:<name>`.
        public var uri: String { "urn:routebar:problem:" + rawValue }

        /// Not JSON at all (HTTP 400), rather than JSON we cannot lay out (HTTP 422).
        public var isMalformed: Bool {
            switch self {
            case .emptyBody, .malformedJSON, .invalidUTF8, .trailingData, .tooDeep, .duplicateMember: true
            default: false
            }
        }

        /// The HTTP status a problem of this type is answered with: 400 when the request is not
        /// one the API reads at all (not JSON, or a query parameter it does not take), else 422.
        public var status: Int {
            isMalformed || self == .unknownParameter ? 400 : 422
        }

        public var title: String {
            switch self {
            case .emptyBody, .malformedJSON, .invalidUTF8, .trailingData, .tooDeep: "Malformed JSON"
            case .duplicateMember: "Duplicate member name"
            case .invalidType: "Wrong type"
            case .missingField: "Missing field"
            case .outOfRange: "Value out of range"
            case .tooMany: "Too many items"
            case .tooLong: "Value too long"
            case .tooManySegments: "Too many segments to lay out"
            case .unknownAlgorithm: "Unknown algorithm"
            case .noVisibleSegment: "Route has no visible segment"
            case .barTooNarrow: "Bar too narrow"
            case .classicUndefined: "Classic layout undefined for this route"
            case .odsayError: "ODsay error response"
            case .plannerError: "Journey planner error response"
            case .unknownShape: "Unknown body shape"
            case .ambiguousShape: "Ambiguous body shape"
            case .unknownParameter: "Unknown query parameter"
            case .unknownLocale: "Unknown locale"
            case .unknownValue: "Unknown value"
            case .unsupportedForFormat: "Not available in this format"
            case .inconsistentLeg: "Inconsistent leg"
            }
        }
    }

    public var type: ProblemType
    /// A sentence for a person: what is wrong, and what would be right.
    public var detail: String
    /// An RFC 6901 JSON pointer to the offending value in the body, when there is one.
    public var pointer: String?
    /// The offending query-string parameter, when the value came from there.
    public var parameter: String?
    /// The offending request header, when the value came from one instead (`X-Fields`).
    public var header: String?
    /// The limit the request went past, where one did.
    public var limit: Int?
    /// ODsay's own error code, when the body is an ODsay error response ("-98", "500").
    public var odsayCode: String?
    /// The planner whose error answer the body is ("OpenTripPlanner", "TMAP"), for `planner-error`.
    public var planner: String?
    /// For `planner-error`: what the planner's error means for an app.
    public var reason: PlannerErrorReason?
    /// For `planner-error`: the planner's own code for it, as a string (`E602000`, `API_AUTH`, `404`).
    public var plannerCode: String?
    /// For `planner-error`: the planner's message, whole.
    public var plannerMessage: String?
    /// For `planner-error` with reason `ambiguous-place`: the places the planner offers.
    public var options: [PlannerPlaceOption] = []
    /// For `inconsistent-leg`: the values that contradict each other, as the body gives them;
    /// each is a member of the problem object (`"departure"`, `"arrival"`).
    public var values: [Value] = []

    /// One of the values a problem names: `departure` "2024-05-18T10:04:00+02:00".
    public struct Value: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(_ type: ProblemType, _ detail: String, pointer: String? = nil, parameter: String? = nil, limit: Int? = nil) {
        self.type = type
        // Details end with a full stop (or a question); they keep their first word's case,
        // often a field name.
        self.detail = detail.last == "." || detail.last == "?" ? detail : detail + "."
        self.pointer = pointer
        self.parameter = parameter
        self.limit = limit
    }

    package init(_ syntax: JSONSyntaxError) {
        let type: ProblemType
        switch syntax.reason {
        case .empty: type = .emptyBody
        case .invalidUTF8: type = .invalidUTF8
        case .tooDeep: type = .tooDeep
        case .trailingData: type = .trailingData
        case .duplicateMemberName: type = .duplicateMember
        default: type = .malformedJSON
        }
        self.init(type, "The body is not valid JSON: \(syntax.message)")
    }
}

/// A client's text as a problem quotes it: in quotes, without bidi controls (no answer carries
/// one: `PlannerText.withoutBidiControls`), and past 64 characters cut with "…", so that an
/// answer never echoes more of a request than that (a 1 MB `mode` made a 1 MB 422).
package func quoted(_ text: String) -> String {
    let text = PlannerText.withoutBidiControls(text)
    return text.count <= 64 ? "\"\(text)\"" : "\"\(text.prefix(64))…\""
}
