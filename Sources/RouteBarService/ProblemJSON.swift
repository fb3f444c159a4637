import MicroHTTP
import RouteBarJSON
internal import StrictJSON

/// Problems as `application/problem+json` (RFC 9457), the one error format routebar sends.
public struct ProblemJSON: HTTPProblemRenderer {
    public init() {}

    public func response(for problem: HTTPProblem) -> HTTPResponse {
        var problem = problem
        if problem.status == 415 { problem.detail += Self.curlHint(problem) }
        return HTTPResponse(
            status: problem.status, headers: [HTTPHeader("Content-Type", "application/problem+json"), RouteBarAPI.noStore] + problem.headers,
            body: .bytes(Self.body(problem)), problemType: problem.type)
    }

    /// The problem's JSON object, as `routebar layout` prints it too.
    public static func body(_ problem: HTTPProblem) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("type", problem.type)
        writer.field("title", problem.title)
        writer.field("status", problem.status)
        writer.field("detail", problem.detail)
        for member in problem.members {
            writer.key(named: member.name)
            switch member.value {
            case .string(let value): writer.string(value)
            case .integer(let value): writer.number(value)
            }
        }
        writer.endObject()
        return writer.bytes
    }

    /// The usual cause of a 415 is curl's `-d`, which sends a form type.
    private static func curlHint(_ problem: HTTPProblem) -> String {
        guard let expected = problem.headers.first(where: { $0.name == "Accept-Post" })?.value else { return "" }
        return expected == "application/json"
            ? " With curl, send the body with --json @file.json, or add -H 'Content-Type: application/json'."
            : " With curl, add -H 'Content-Type: \(expected)'."
    }
}

extension HTTPProblem {
    /// Problem types of the route-bar API are `urn:routebar:problem:<name>`.
    public init(_ error: RouteBarInputError) {
        var members: [Member] = []
        if let pointer = error.pointer { members.append(Member("pointer", pointer)) }
        if let parameter = error.parameter { members.append(Member("parameter", parameter)) }
        if let limit = error.limit { members.append(Member("limit", limit)) }
        if let code = error.odsayCode { members.append(Member("odsayCode", code)) }
        if let planner = error.planner { members.append(Member("planner", planner)) }
        for value in error.values { members.append(Member(value.name, value.value)) }
        self.init(
            status: error.type.status, type: error.type.uri,
            title: error.type.title, detail: error.detail, members: members)
    }
}
