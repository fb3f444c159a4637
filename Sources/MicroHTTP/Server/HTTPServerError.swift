#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Why a server could not start.
public enum HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host is neither an address nor a name the resolver knows; `reason` is the resolver's.
    case invalidHost(String, reason: String)
    /// The socket could not be bound (`EADDRINUSE`, `EACCES`, ...); `reason` is the system's.
    case cannotBind(host: String, port: UInt16, errno: Int32, reason: String)
    /// Another step of setting up the listening socket failed.
    case cannotListen(host: String, port: UInt16, errno: Int32, reason: String)
    /// libmicrohttpd refused to start (its log says why).
    case daemonFailed
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidHost(let host, let reason): "cannot resolve host '\(host)': \(reason)"
        case .cannotBind(let host, let port, _, let reason): "cannot bind \(host):\(port): \(reason)"
        case .cannotListen(let host, let port, _, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .daemonFailed: "libmicrohttpd could not start (see its message above)"
        case .alreadyStarted: "the server is already running"
        }
    }

    static func systemMessage(_ number: Int32) -> String {
        String(cString: strerror(number))
    }
}
