#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the server keeps about one request between libmicrohttpd's calls: the route, the
/// body so far, and an answer decided before the body was read.
///
/// Touched only by the thread that serves the connection; it crosses into C as an
/// `Unmanaged` pointer in libmicrohttpd's per-request slot.
final class RequestContext {
    let method: String
    let path: String
    var route: Router.Route?
    var body: [UInt8] = []
    /// An answer decided early (404, 405, 413, 415): the body is then discarded, not stored.
    var earlyAnswer: HTTPResponse?
    /// The answer has been queued already.
    var answered = false

    // For metrics and the access log.
    let startNanoseconds: UInt64
    var pathIndex: Int
    var requestId = ""
    var requestBytes = 0
    var status = 0
    var responseBytes = 0
    var problemType: String?

    init(method: String, path: String, unmatchedIndex: Int) {
        self.method = method
        self.path = path
        pathIndex = unmatchedIndex
        startNanoseconds = monotonicNanoseconds()
    }
}

func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
