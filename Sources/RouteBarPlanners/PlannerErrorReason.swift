/// What a journey planner's error answer means for an app, whichever planner said it: show a
/// login error (`unauthorized`), retry later (`rateLimited`), fix the query (`invalidRequest`),
/// ask the rider to pick a place (`ambiguousPlace`), or try again or elsewhere
/// (`plannerFailure`). A `planner-error` problem carries it as `reason`.
///
/// The vocabulary is open: a client must accept a value it does not know, and routebar may add
/// values in a minor version.
public struct PlannerErrorReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// A bad or missing key, or a key without the right to this service.
    public static let unauthorized = PlannerErrorReason(rawValue: "unauthorized")
    /// Too many requests for the key's quota: retry later.
    public static let rateLimited = PlannerErrorReason(rawValue: "rate-limited")
    /// The planner refused the query: a bad parameter, a date out of range, a place it does not know.
    public static let invalidRequest = PlannerErrorReason(rawValue: "invalid-request")
    /// The planner could not tell which place was meant, and lists candidates (`options`).
    public static let ambiguousPlace = PlannerErrorReason(rawValue: "ambiguous-place")
    /// The planner failed on its side.
    public static let plannerFailure = PlannerErrorReason(rawValue: "planner-failure")

    /// Every reason routebar gives today, for the spec and the docs.
    public static let all: [PlannerErrorReason] = [.unauthorized, .rateLimited, .invalidRequest, .ambiguousPlace, .plannerFailure]

    /// The reason an HTTP status of the planner's says (RFC 9110): 300 Multiple Choices (TfL's
    /// disambiguation), 401 and 403, 429, another 4xx, a 5xx; nil for any other.
    public init?(httpStatus: Int) {
        switch httpStatus {
        case 300: self = .ambiguousPlace
        case 401, 403, 407: self = .unauthorized
        case 429: self = .rateLimited
        case 400..<500: self = .invalidRequest
        case 500..<600: self = .plannerFailure
        default: return nil
        }
    }
}

/// A place a planner offers where it could not tell which was meant (`ambiguous-place`): which
/// end of the journey (`from`, `to`, `via`), its name, and the planner's id to ask again with.
public struct PlannerPlaceOption: Sendable, Hashable {
    public var end: String
    public var name: String
    public var id: String?

    public init(end: String, name: String, id: String?) {
        self.end = end
        self.name = name
        self.id = id
    }
}
