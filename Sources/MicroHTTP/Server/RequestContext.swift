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
    /// The target holds `%00`, which libmicrohttpd would decode into the end of the path.
    var targetHasEncodedNUL = false
    /// The target has a query string.
    var targetHasQuery = false
    /// Parameters in the query string, as `&` separates them.
    var targetQueryParameters = 0
    var route: Router.Route?
    /// A refusal decided before the body, sent when the (empty) body is complete: answering
    /// at libmicrohttpd's first call would close even a keep-alive GET.
    var pendingProblem: HTTPProblem?
    var body: [UInt8] = []
    /// Decodes a gzip-coded body into `body` as it arrives.
    var decoder: GzipDecoder?
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

    /// Resets every field for a new request; `target` is its request target as it arrived,
    /// still percent-encoded, lent for the call.
    func start(rawTarget target: UnsafeBufferPointer<UInt8>, unmatchedIndex: Int) {
        phase = .requestLine
        method = ""
        path = ""
        targetBytes = 0
        targetHasEncodedNUL = false
        targetHasQuery = false
        targetQueryParameters = 0
        // One pass over the bytes: length, and `%00` in any case.
        var percentAt = -2
        for byte in target {
            if byte == UInt8(ascii: "%") {
                percentAt = targetBytes
            } else if byte == UInt8(ascii: "?") && !targetHasQuery {
                targetHasQuery = true; targetQueryParameters = 1; percentAt = -2
            } else if byte == UInt8(ascii: "&") && targetHasQuery {
                targetQueryParameters += 1; percentAt = -2
            } else if byte == UInt8(ascii: "0") && (targetBytes == percentAt + 1 || targetBytes == percentAt + 2) {
                if targetBytes == percentAt + 2 { targetHasEncodedNUL = true }
            } else {
                percentAt = -2
            }
            targetBytes += 1
        }
        route = nil
        pendingProblem = nil
        decoder = nil
        handled = nil
        clientGone = false
        body.removeAll(keepingCapacity: body.capacity <= Self.keptBodyCapacity)
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
        if body.capacity > Self.keptBodyCapacity { body = [] }
    }
}
