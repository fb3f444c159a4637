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

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }
}
