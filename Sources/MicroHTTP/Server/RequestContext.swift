#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the server keeps about one request between libmicrohttpd's calls: the route, the
/// body so far, and an answer decided before the body was read.
///
/// Touched only by the thread that serves the connection; it crosses into C as an
/// `Unmanaged` pointer in libmicrohttpd's per-request slot. A connection serves its requests
/// one after another, so it reuses one context, body buffer included (see `ConnectionState`).
final class RequestContext {
    var method = ""
    var path = ""
    var route: Router.Route?
    var body: [UInt8] = []
    /// An answer decided early (404, 405, 413, 415): the body is then discarded, not stored.
    var earlyAnswer: HTTPResponse?
    /// The answer has been queued already.
    var answered = false
    /// Between `start` and the request's completion: a context in use is not reused.
    private(set) var inUse = false

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

    /// Resets every field for a new request.
    func start(method: String, path: String, unmatchedIndex: Int) {
        self.method = method
        self.path = path
        route = nil
        body.removeAll(keepingCapacity: body.capacity <= Self.keptBodyCapacity)
        earlyAnswer = nil
        answered = false
        inUse = true
        startNanoseconds = monotonicNanoseconds()
        pathIndex = unmatchedIndex
        requestId = ""
        requestBytes = 0
        status = 0
        responseBytes = 0
        problemType = nil
    }

    /// The request is over; the context may serve the connection's next one.
    func end() {
        inUse = false
        earlyAnswer = nil
        route = nil
    }
}

/// What the server keeps about one connection, as libmicrohttpd's socket context: the
/// watchdog's record, and the request context its requests reuse.
final class ConnectionState {
    let watched: ConnectionWatchdog.Connection
    let context = RequestContext()

    init(watched: ConnectionWatchdog.Connection) {
        self.watched = watched
    }
}

func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
