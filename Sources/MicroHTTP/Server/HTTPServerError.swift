/// Why a server could not start.
public enum HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidHost(String)
    case cannotListen(host: String, port: UInt16)
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidHost(let host): "cannot resolve host '\(host)'"
        case .cannotListen(let host, let port): "cannot listen on \(host):\(port) (address in use, or not permitted)"
        case .alreadyStarted: "the server is already running"
        }
    }
}
