/// An error answer in the terms of RFC 9457: a status, a problem type, a title, a detail for a
/// person, and extension members (such as `pointer`).
///
/// Handlers throw one; the server raises its own (404, 405, 413, 415, framing errors, 503).
/// The server does not choose their wire format: the application's `HTTPProblemRenderer`
/// turns each into a response. HTTP-level problems use the type `about:blank` with the
/// status's reason phrase as the title.
public struct HTTPProblem: Error, Sendable, Hashable {
    public var status: Int
    /// A URI naming the kind of problem; clients switch on it.
    public var type: String
    public var title: String
    public var detail: String
    /// Extension members, in order.
    public var members: [Member]
    /// Headers the answer carries besides the body's (`Allow`, `Retry-After`, ...).
    public var headers: [HTTPHeader]

    public struct Member: Sendable, Hashable {
        public enum Value: Sendable, Hashable {
            case string(String)
            case integer(Int)
            /// A list of objects of string and integer members (a planner's place options).
            case objects([[Member]])
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

        public init(_ name: String, objects: [[Member]]) {
            self.name = name
            self.value = .objects(objects)
        }
    }

    public init(
        status: Int, type: String = "about:blank", title: String? = nil, detail: String,
        members: [Member] = [], headers: [HTTPHeader] = []
    ) {
        self.status = status
        self.type = type
        self.title = title ?? HTTPStatus.reasonPhrase(status)
        self.detail = detail
        self.members = members
        self.headers = headers
    }
}
