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
