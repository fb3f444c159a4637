import Foundation

/// The query parameters of `POST /v1/route-bars` besides the layout options: one property for
/// each of the service's (openapi.yaml's parameters, `RequestParameter.all` in RouteBarJSON).
/// Each is sent only when set.
///
/// ```swift
/// var parameters = RequestParameters()
/// parameters.waits = .omit
/// parameters.timeZone = "America/New_York"
/// let answer = try await client.layOut(plannerAnswer: body, options: options, parameters: parameters)
/// ```
public struct RequestParameters: Sendable, Hashable {
    /// The planner the body is (`"otp"`, `"google"`, …, `PlannerName`), where its shape alone
    /// does not tell it; nil to let the service tell it.
    public var source: String?
    /// Whether a planner's gaps between legs are drawn as wait segments (the service's default: shown).
    public var waits: Waits?
    /// The IANA time zone of a planner's times where its answer names none ("Europe/Paris").
    public var timeZone: String?
    /// A planner's legs shorter than this many seconds are no segments (the service's default: 30).
    public var shortLegSeconds: Double?
    /// The HTTP status the planner answered with, where its body does not say (100 to 599).
    public var plannerStatus: Int?
    /// A field mask: the paths of the answer's members to get (`["routes.segments.width"]`);
    /// nil for the whole answer. The members left out read as 0, false or empty.
    public var fields: [String]?

    /// `waits=show` or `waits=omit`.
    public enum Waits: String, Sendable, Hashable, CaseIterable {
        case show, omit
    }

    public init() {}

    /// The parameters as the query string carries them, by the service's names.
    var query: [String: String] {
        var query: [String: String] = [:]
        if let source { query["source"] = source }
        if let waits { query["waits"] = waits.rawValue }
        if let timeZone { query["timeZone"] = timeZone }
        if let shortLegSeconds { query["shortLegSeconds"] = shortLegSeconds.description }
        if let plannerStatus { query["plannerStatus"] = String(plannerStatus) }
        if let fields { query["fields"] = fields.joined(separator: ",") }
        return query
    }
}
