import CMicroHTTPD

/// A request whose headers and body have arrived, handed to a route's handler.
///
/// Valid only during the handler call: header and query look-ups read the connection.
public struct HTTPRequest {
    public let method: String
    /// The path without the query string.
    public let path: String
    public internal(set) var body: [UInt8]
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

    /// Lends a value's bytes, without copying them into a String.
    static func withValue<Result>(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String,
                                  _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        // withCString lends a short name from the stack; passing the String itself would copy it to the heap.
        guard let value = name.withCString({ MHD_lookup_connection_value(connection, kind, $0) }) else { return body(nil) }
        let count = strlen(value)
        return value.withMemoryRebound(to: UInt8.self, capacity: count) { body(UnsafeBufferPointer(start: $0, count: count)) }
    }

    static func lookUp(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        withValue(connection, kind, name) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
}
