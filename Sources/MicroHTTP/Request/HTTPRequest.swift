/// A request whose head and body have arrived, handed to a route's handler.
///
/// Valid only during the handler call: header and query look-ups read the connection.
public struct HTTPRequest {
    public let method: String
    /// The path without the query string, percent-decoded.
    public let path: String
    public internal(set) var body: [UInt8]
    private let connection: MHDConnection
    /// Most requests have no query string: their parameter look-ups then cost nothing.
    private let hasQueryParameters: Bool

    init(method: String, path: String, body: [UInt8], connection: MHDConnection) {
        self.method = method
        self.path = path
        self.body = body
        self.connection = connection
        hasQueryParameters = connection.valueCount(.query) > 0
    }

    /// A request header's value; names are case-insensitive (RFC 9110).
    public func header(_ name: String) -> String? {
        connection.value(.header, name)
    }

    /// The first query-string parameter whose name is not in `known`, if any: for an
    /// application that refuses parameters it does not take (a typo should not pass silently).
    public func firstQueryParameter(notIn known: Set<String>) -> String? {
        guard hasQueryParameters else { return nil }
        var unknown: String?
        connection.forEachValue(.query) { key, _ in
            let name = String(decoding: key, as: UTF8.self)
            guard known.contains(name) else {
                unknown = name
                return false
            }
            return true
        }
        return unknown
    }

    /// A query-string parameter's value, percent-decoded; names are case-sensitive, and the
    /// server has already refused a request that repeats one.
    public func queryParameter(_ name: String) -> String? {
        // libmicrohttpd's own look-up ignores case: when it finds nothing, neither would an
        // exact search, and most requests carry no query string at all.
        guard hasQueryParameters, connection.withValue(.query, name, { $0 != nil }) else { return nil }
        var found: String?
        var name = name
        name.withUTF8 { wanted in
            connection.forEachValue(.query) { key, value in
                guard key.elementsEqual(wanted) else { return true }
                found = value.map { String(decoding: $0, as: UTF8.self) } ?? ""
                return false
            }
        }
        return found
    }
}
