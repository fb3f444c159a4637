import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A request whose head and body have arrived, handed to a route's handler.
///
/// Valid only during the handler call: header and query look-ups read the connection.
public struct HTTPRequest {
    public let method: String
    /// The path without the query string, percent-decoded.
    public let path: String
    public internal(set) var body: [UInt8]
    private let connection: OpaquePointer
    /// Most requests have no query string: their parameter look-ups then cost nothing.
    private let hasQueryParameters: Bool

    init(method: String, path: String, body: [UInt8], connection: OpaquePointer) {
        self.method = method
        self.path = path
        self.body = body
        self.connection = connection
        hasQueryParameters = LibMicroHTTPD.valueCount(connection, .GET_ARGUMENT_KIND) > 0
    }

    /// A request header's value; names are case-insensitive (RFC 9110).
    public func header(_ name: String) -> String? {
        Self.lookUp(connection, .HEADER_KIND, name)
    }

    /// A query-string parameter's value, percent-decoded; names are case-sensitive, and the
    /// server has already refused a request that repeats one.
    public func queryParameter(_ name: String) -> String? {
        // libmicrohttpd's own look-up ignores case: when it finds nothing, neither would an
        // exact search, and most requests carry no query string at all.
        guard hasQueryParameters, Self.withValue(connection, .GET_ARGUMENT_KIND, name, { $0 != nil }) else { return nil }
        var found: String?
        var name = name
        name.withUTF8 { wanted in
            LibMicroHTTPD.forEachValue(connection, .GET_ARGUMENT_KIND) { key, value in
                guard key.elementsEqual(wanted) else { return true }
                found = value.map { String(decoding: $0, as: UTF8.self) } ?? ""
                return false
            }
        }
        return found
    }

    /// Lends a header's bytes, without copying them into a String.
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
