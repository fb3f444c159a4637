/// Where an `HTTPServer` reports what happens: one event at a time, from any thread.
///
/// The application chooses the format (routebar writes one JSON object per line on stderr);
/// the server writes nothing itself, libmicrohttpd's own messages included.
public protocol HTTPServerLogger: Sendable {
    func log(_ event: HTTPServerEvent)
}

/// Something an `HTTPServer` reports.
public enum HTTPServerEvent: Sendable {
    /// A request is over (answered, or its connection went); only with `accessLog` on.
    case request(HTTPAccessRecord)
    /// A message of libmicrohttpd's, such as a connection closed mid-request.
    case library(String)
    /// Something the operator should know that did not stop the server.
    case warning(String)
}

/// One finished request, for the access log.
public struct HTTPAccessRecord: Sendable {
    public var method: String
    public var path: String
    public var status: Int
    public var requestBytes: Int
    public var responseBytes: Int
    public var durationMicroseconds: Int
    public var requestId: String
    /// The problem type, when the answer was a problem.
    public var problemType: String?
}
