import CMicroHTTPD
import StrictJSON

/// A complete response: status, headers and body bytes.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: [UInt8]
    /// The problem type, when the body is a problem: the access log names it.
    public var problemType: String?
    /// A body produced piece by piece as the client reads it (sent chunked), instead of `body`.
    public var stream: HTTPBodyStream?
    /// A finished JSON document sent as it is, without a copy, instead of `body`.
    public var document: JSONBytes?

    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = [], problemType: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.problemType = problemType
    }

    public static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")], body: body)
    }

    /// `Content-Type: application/json`, as one shared array: passing it costs no allocation.
    public static let jsonHeaders = [HTTPHeader("Content-Type", "application/json")]

    /// A JSON answer handed to libmicrohttpd as it is: it frees the document when it is sent.
    /// `headers` must name the content type; a shared constant array costs no allocation.
    public static func json(_ document: JSONBytes, status: Int = 200, headers: [HTTPHeader] = jsonHeaders) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.document = document
        return response
    }

    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8", status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", contentType)], body: Array(text.utf8))
    }
}

/// Pieces of a streamed body: `next()` returns the next piece, or nil at the end. libmicrohttpd
/// asks for a piece whenever the socket can take more, so a slow client slows the producer.
public struct HTTPBodyStream: Sendable {
    let next: @Sendable () -> [UInt8]?

    public init(next: @escaping @Sendable () -> [UInt8]?) {
        self.next = next
    }
}

public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    func add(to response: OpaquePointer) {
        // withCString lends short strings from the stack; passing the Strings would copy them to the heap.
        name.withCString { name in value.withCString { value in _ = MHD_add_response_header(response, name, value) } }
    }
}
