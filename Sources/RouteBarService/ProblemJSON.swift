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
        write(problem.members, to: &writer)
        writer.endObject()
        return writer.bytes
    }

    private static func write(_ members: [HTTPProblem.Member], to writer: inout JSONWriter) {
        for member in members {
            writer.key(named: member.name)
            switch member.value {
            case .string(let value): writer.string(value)
            case .integer(let value): writer.number(value)
            case .objects(let objects):
                writer.beginArray()
                for object in objects {
                    writer.beginObject()
                    write(object, to: &writer)
                    writer.endObject()
                }
                writer.endArray()
            }
        }
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
        if let header = error.header { members.append(Member("header", header)) }
        if let limit = error.limit { members.append(Member("limit", limit)) }
        if let code = error.odsayCode { members.append(Member("odsayCode", code)) }
        if let planner = error.planner { members.append(Member("planner", planner)) }
        if let reason = error.reason { members.append(Member("reason", reason.rawValue)) }
        if let code = error.plannerCode { members.append(Member("plannerCode", code)) }
        if let message = error.plannerMessage { members.append(Member("plannerMessage", message)) }
        if !error.options.isEmpty {
            let options = error.options.map { option in
                [Member("end", option.end), Member("name", option.name)] + (option.id.map { [Member("id", $0)] } ?? [])
            }
            members.append(Member("options", objects: options))
        }
        for value in error.values { members.append(Member(value.name, value.value)) }
        self.init(
            status: error.type.status, type: error.type.uri,
            title: error.type.title, detail: error.detail, members: members)
    }
}
