/// A request whose head and body have arrived, handed to a route's handler.
///
/// Valid only during the handler call: header look-ups read the connection.
public struct HTTPRequest {
    public let method: String
    /// The path without the query string, percent-decoded.
    public let path: String
    public internal(set) var body: [UInt8]
    private let connection: MHDConnection
    /// The query string's parameters, percent-decoded, in order, read once: a handler may look
    /// up many (a layout request asks for every option), and each walk of libmicrohttpd's list
    /// crosses into C and back for every value (29,000 instructions of a 178,000-instruction
    /// request with a field mask). Empty for most requests, which have no query string. Its
    /// bytes are at most the request line's, which the connection's memory limit bounds.
    private let queryParameters: [(name: String, value: String)]

    /// The connection's part of the server's memory account.
    private let memory: ConnectionMemory
    /// Whether a field name may come on several lines, whose values `header` then joins.
    private let repeatsFieldNames: Bool

    init(method: String, path: String, body: [UInt8], connection: MHDConnection, memory: ConnectionMemory, repeatsFieldNames: Bool = false) {
        self.method = method
        self.path = path
        self.body = body
        self.connection = connection
        self.memory = memory
        self.repeatsFieldNames = repeatsFieldNames
        var parameters: [(name: String, value: String)] = []
        connection.forEachValue(.query) { key, value in
            guard !Self.isEmptyPair(name: key, value: value) else { return true }
            parameters.append((String(decoding: key, as: UTF8.self), value.map { String(decoding: $0, as: UTF8.self) } ?? ""))
            return true
        }
        queryParameters = parameters
    }

    /// A query string's empty pair (`?width=343&`, `?&`: no name, no value), which URL builders
    /// leave and which names no parameter: passed over, as WHATWG's URLSearchParams does.
    static func isEmptyPair(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?) -> Bool {
        name.isEmpty && (value?.isEmpty ?? true)
    }

    /// A request header's value; names are case-insensitive, and several lines of one name are
    /// one list, their values joined by ", " (RFC 9110, section 5.3).
    public func header(_ name: String) -> String? {
        connection.fieldValue(name, combining: repeatsFieldNames)
    }

    /// The first query-string parameter whose name is not in `known`, if any: for an
    /// application that refuses parameters it does not take (a typo should not pass silently).
    public func firstQueryParameter(notIn known: Set<String>) -> String? {
        queryParameters.first { !known.contains($0.name) }?.name
    }

    /// Whether the target has a query string with at least one parameter.
    public var hasQueryParameters: Bool { !queryParameters.isEmpty }

    /// A query-string parameter's value, percent-decoded; names are case-sensitive, and the
    /// server has already refused a request that repeats one. A name without `=` (`?scale`)
    /// has the empty value, so that the application refuses it as it would `?scale=`.
    /// (libmicrohttpd's own look-up ignores case, and reports a name without a value as NULL.)
    public func queryParameter(_ name: String) -> String? {
        for parameter in queryParameters where parameter.name == name { return parameter.value }
        return nil
    }

    /// Counts `bytes` the handler is about to build from the request and keep while it
    /// answers (a decoded model) in the server's memory account, before it builds them; the
    /// 503 to answer with when there is no room. The count lasts as long as the returned object.
    public func holdMemory(_ bytes: Int) throws(HTTPProblem) -> HeldMemory {
        guard let held = HeldMemory(bytes, connection: memory) else { throw memory.account.problem() }
        return held
    }

    /// The largest answer worth holding whole now: while memory is short (the account over
    /// half full), answers larger than this go out in pieces, each held only until sent.
    public func wholeAnswerBytes(upTo wanted: Int) -> Int {
        memory.account.isShort ? min(wanted, Self.wholeAnswerBytesWhenShort) : wanted
    }

    static let wholeAnswerBytesWhenShort = 256 * 1024
}
