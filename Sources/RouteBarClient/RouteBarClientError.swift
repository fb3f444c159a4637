/// Why a call to the service did not give an answer.
public enum RouteBarClientError: Error, Sendable {
    /// The service refused the request with a problem (RFC 9457).
    case problem(RouteBarProblem)
    /// The request did not reach the service, or its answer did not arrive whole.
    case transport(String)
    /// The service answered something this client cannot read (a status without a problem, or
    /// JSON of another shape).
    case unreadableAnswer(status: Int, String)
}

/// A problem the service answered with (`application/problem+json`): clients switch on `type`,
/// such as `urn:routebar:problem:out-of-range`, and show `detail`.
public struct RouteBarProblem: Error, Codable, Sendable, Hashable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    /// An RFC 6901 JSON pointer to the value at fault in the body.
    public var pointer: String?
    /// The query-string parameter at fault.
    public var parameter: String?
    /// The request header at fault, where the value came from one (`X-Fields`).
    public var header: String?
    /// The limit the request went past (bytes, segments or connections).
    public var limit: Int?
    /// ODsay's own error code, when the body was an ODsay error response ("-98").
    public var odsayCode: String?
    /// For `planner-error`: the planner whose error answer the body was ("HERE").
    public var planner: String?
    /// For `planner-error`: what it means for the app, as the service says it.
    public var reasonName: String?
    /// For `planner-error`: the planner's own code ("E602000", "API_AUTH").
    public var plannerCode: String?
    /// For `planner-error`: the planner's message, whole.
    public var plannerMessage: String?
    /// For `planner-error` with reason `ambiguous-place`: the places the planner offers.
    public var options: [PlaceOption]?

    /// For `planner-error`: what the planner's error means for the app; nil for other problems.
    public var reason: Reason? { reasonName.map(Reason.init(rawValue:)) }

    private enum CodingKeys: String, CodingKey {
        case type, title, status, detail, pointer, parameter, header, limit, odsayCode, planner, plannerCode, plannerMessage, options
        case reasonName = "reason"
    }
}
