/// What the server keeps about the request in progress on a connection, between
/// libmicrohttpd's calls: the route, the body so far, and whether it has been answered.
///
/// A connection serves its requests one after another, so it has one, reused for each of them,
/// body buffer included; only the connection's thread touches it.
final class RequestContext {
    enum Phase {
        /// No request in progress.
        case idle
        /// The request line has arrived; the head has not been checked yet.
        case requestLine
        /// The head is in and checked; the body is arriving.
        case body
        /// An answer has been queued; anything more of the body is discarded.
        case answered
    }

    var phase = Phase.idle
    var method = ""
    var path = ""
    /// The request target's length as it arrived, still percent-encoded.
    var targetBytes = 0
    /// What is wrong with the target as it arrived, if anything (`RequestLine`).
    var targetFault: RequestLine.TargetFault?
    /// Some field name may come on several lines (`RequestFraming.repeatsFieldNames`).
    var repeatsFieldNames = false
    /// The target has a query string.
    var targetHasQuery = false
    /// Parameters in the query string, as `&` separates them.
    var targetQueryParameters = 0
    var route: Router.Route?
    /// A refusal decided before the body, sent when the (empty) body is complete: answering
    /// at libmicrohttpd's first call would close even a keep-alive GET.
    var pendingProblem: HTTPProblem?
    var body: [UInt8] = []
    /// The connection's part of the memory account, which counts `body` past the capacity a
    /// connection keeps (`bodyBytesCounted`).
    let memory: ConnectionMemory
    private(set) var bodyBytesCounted = 0
    /// The connection's recent time on the handler pool, which orders its turns there.
    let handlerDebt = HandlerDebt()
    /// The request's `Origin` when CORS lets it read the answer (`HTTPServer.allowedOrigin`).
    var corsOrigin: String?
    /// For a chunked body: the socket's bytes read when its head was in, so that the body's
    /// size on the wire (chunk sizes and extensions included) can be bounded.
    var chunkedFromByte: Int?
    /// Decodes a gzip-coded body into `body` as it arrives; its zlib state is counted in the
    /// memory account while it lives (`startDecoding`).
    private(set) var decoder: GzipDecoder? {
        didSet {
            if decoder == nil, oldValue != nil { memory.account.release(GzipDecoder.stateBytes, .body, for: memory) }
        }
    }

    /// Starts decoding a gzip body, its state counted first; false when the account refuses
    /// (or zlib finds no memory for it).
    func startDecoding() -> Bool {
        guard memory.account.reserve(GzipDecoder.stateBytes, .body, for: memory) else { return false }
        decoder = GzipDecoder()
        // zlib could not allocate its state: refused as a reservation would be.
        guard decoder != nil else {
            memory.account.release(GzipDecoder.stateBytes, .body, for: memory)
            return false
        }
        return true
    }
    /// The answer a handler thread left, encoded, before resuming the connection.
    var handled: HTTPResponse?
    /// The client left while its request waited for the handler pool: close, do not answer.
    var clientGone = false

    // For metrics and the access log.
    var startNanoseconds: UInt64 = 0
    var pathIndex = 0
    var requestId = ""
    var requestBytes = 0
    var status = 0
    var responseBytes = 0
    var problemType: String?

    /// A body buffer up to this size stays with the connection for its next request; a
    /// larger one is freed, so idle keep-alive connections hold little memory.
    static let keptBodyCapacity = 16 * 1024

    init(memory: ConnectionMemory) {
        self.memory = memory
    }

    /// Makes room for a body of `count` bytes, counted in the account before it is taken;
    /// false (nothing taken) when the account refuses. `body` grows as `append` would have
    /// grown it (doubling, up to `limit`), so that a body arriving in pieces is not copied per piece.
    func makeRoom(in body: inout [UInt8], for count: Int, limit: Int) -> Bool {
        guard count > body.capacity else { return true }
        let capacity = max(count, min(2 * body.capacity, limit))
        guard capacity > Self.keptBodyCapacity else {
            body.reserveCapacity(capacity)
            return true
        }
        guard memory.account.reserve(capacity - bodyBytesCounted, .body, for: memory) else { return false }
        body.reserveCapacity(capacity)
        // The allocator may round the capacity up: count what was taken.
        memory.account.count(body.capacity - capacity, .body, for: memory)
        bodyBytesCounted = body.capacity
        return true
    }

    /// Frees a body larger than the connection keeps, and its count.
    func dropLargeBody() {
        if body.capacity > Self.keptBodyCapacity { body = [] }
        memory.account.release(bodyBytesCounted, .body, for: memory)
        bodyBytesCounted = 0
    }

    /// Resets every field for a new request; `target` is its request target as it arrived,
    /// still percent-encoded, lent for the call.
    func start(rawTarget target: UnsafeBufferPointer<UInt8>, unmatchedIndex: Int) {
        phase = .requestLine
        method = ""
        path = ""
        targetBytes = target.count
        targetFault = RequestLine.fault(of: target)
        targetHasQuery = false
        targetQueryParameters = 0
        // One pass over the bytes: the query's parameters (`%00` is `RequestLine`'s).
        for byte in target {
            if byte == UInt8(ascii: "?") && !targetHasQuery {
                targetHasQuery = true; targetQueryParameters = 1
            } else if byte == UInt8(ascii: "&") && targetHasQuery {
                targetQueryParameters += 1
            }
        }
        route = nil
        pendingProblem = nil
        corsOrigin = nil
        chunkedFromByte = nil
        decoder = nil
        handled = nil
        clientGone = false
        dropLargeBody()
        body.removeAll(keepingCapacity: true)
        startNanoseconds = monotonicNanoseconds()
        pathIndex = unmatchedIndex
        requestId = ""
        requestBytes = 0
        status = 0
        responseBytes = 0
        problemType = nil
    }

    /// The request is over: drop what it held beyond the reusable buffers.
    func end() {
        phase = .idle
        route = nil
        pendingProblem = nil
        decoder = nil
        handled = nil
        clientGone = false
        dropLargeBody()
    }
}
