import CMicroHTTPD

/// A request whose headers and body have arrived, handed to a route's handler.
///
/// Valid only during the handler call: header and query look-ups read the connection.
public struct HTTPRequest {
    public let method: String
    /// The path without the query string.
    public let path: String
    public let body: [UInt8]
    private let connection: OpaquePointer

    init(method: String, path: String, body: [UInt8], connection: OpaquePointer) {
        self.method = method
        self.path = path
        self.body = body
        self.connection = connection
    }

    /// A request header's value; names are case-insensitive.
    public func header(_ name: String) -> String? {
        Self.lookUp(connection, .HEADER_KIND, name)
    }

    /// A query-string parameter's value, percent-decoded.
    public func queryParameter(_ name: String) -> String? {
        Self.lookUp(connection, .GET_ARGUMENT_KIND, name)
    }

    static func lookUp(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        guard let value = MHD_lookup_connection_value(connection, kind, name) else { return nil }
        return String(cString: value)
    }
}
