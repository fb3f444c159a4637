import StrictJSON

/// An RFC 9457 problem detail, served as `application/problem+json`.
///
/// Throw one from a handler, or build its `response`. HTTP-level problems (404, 405, 413,
/// 415, 500) use the type `about:blank` with the status's reason phrase as the title.
public struct Problem: Error, Sendable, Hashable {
    public var status: Int
    /// A URI naming the kind of problem; clients switch on it.
    public var type: String
    public var title: String
    public var detail: String
    /// Extension members, such as `pointer` (RFC 6901) for a bad field.
    public var members: [Member]
    public var headers: [HTTPHeader]

    public struct Member: Sendable, Hashable {
        public enum Value: Sendable, Hashable {
            case string(String)
            case integer(Int)
        }

        public var name: String
        public var value: Value

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = .string(value)
        }

        public init(_ name: String, _ value: Int) {
            self.name = name
            self.value = .integer(value)
        }
    }

    public init(status: Int, type: String = "about:blank", title: String? = nil, detail: String,
                members: [Member] = [], headers: [HTTPHeader] = []) {
        self.status = status
        self.type = type
        self.title = title ?? HTTPStatus.reasonPhrase(status)
        self.detail = detail
        self.members = members
        self.headers = headers
    }

    public var response: HTTPResponse {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("type", type)
        writer.field("title", title)
        writer.field("status", status)
        writer.field("detail", detail)
        for member in members {
            writer.key(named: member.name)
            switch member.value {
            case .string(let value): writer.string(value)
            case .integer(let value): writer.number(value)
            }
        }
        writer.endObject()
        return HTTPResponse(
            status: status,
            headers: [HTTPHeader("Content-Type", "application/problem+json")] + headers,
            body: writer.bytes, problemType: type)
    }
}

enum HTTPStatus {
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }
}
