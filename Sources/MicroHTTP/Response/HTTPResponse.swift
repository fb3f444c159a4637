/// A response: status, headers, and a body in one of three forms.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: Body
    /// The problem type, when the body is a problem: the access log names it.
    public var problemType: String?

    /// How the body's bytes reach the socket.
    public enum Body: Sendable {
        /// Copied once into libmicrohttpd's response.
        case bytes([UInt8])
        /// Sent in place, without a copy, and released once sent (or dropped).
        case owned(HTTPOwnedBytes)
        /// Produced piece by piece as the socket drains, and sent chunked.
        case stream(HTTPBodyStream)

        /// The memory the body holds while libmicrohttpd sends it.
        var heldBytes: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .owned(let owned): owned.bytes.count
            case .stream(let stream): stream.heldBytes
            }
        }

        /// The byte count, where it is known before sending.
        var knownCount: Int? {
            switch self {
            case .bytes(let bytes): bytes.count
            case .owned(let owned): owned.bytes.count
            case .stream: nil
            }
        }
    }

    public init(status: Int, headers: [HTTPHeader] = [], body: Body = .bytes([]), problemType: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.problemType = problemType
    }

    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8", status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
    }
}

/// Bytes that an object keeps alive: a body sent without a copy.
public struct HTTPOwnedBytes: @unchecked Sendable {
    // @unchecked: `bytes` points into memory that `owner` owns and never writes again once
    // handed over (the caller's promise at init); the server only reads it while it holds `owner`.
    let bytes: UnsafeRawBufferPointer
    let owner: any AnyObject & Sendable

    /// `bytes` must stay valid and unchanged for as long as `owner` lives.
    public init(_ bytes: UnsafeRawBufferPointer, owner: any AnyObject & Sendable) {
        self.bytes = bytes
        self.owner = owner
    }
}
