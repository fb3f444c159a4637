/// Where and how an `HTTPServer` listens, and the limits it enforces.
public struct HTTPServerConfiguration: Sendable, Hashable {
    /// An IPv4 or IPv6 address, or a name; `0.0.0.0` for every interface.
    public var host = "127.0.0.1"
    /// 0 picks a free port; `HTTPServer.port` tells which.
    public var port: UInt16 = 8080
    /// Worker threads, each running its own poll() loop.
    public var threads = HTTPServerConfiguration.processorCount
    /// Larger bodies get 413, by `Content-Length` before they are read or as soon as a chunked body passes it.
    public var maxBodyBytes = 1 << 20
    /// Connections beyond this are refused.
    public var connectionLimit = 1024
    /// Seconds a connection may sit idle, and seconds a request may take to arrive completely
    /// (from the connection's start or its previous answer), before the connection is closed.
    public var connectionTimeoutSeconds = 10
    /// On shutdown, how long requests in flight may take to finish.
    public var shutdownGraceSeconds = 10
    /// One JSON line per request on stderr.
    public var accessLog = false
    /// Where the server answers with its metrics (Prometheus text), or nil for nowhere.
    public var metricsPath: String? = "/metrics"
    /// The prefix of every metric's name.
    public var metricsNamespace = "http_server"

    public init() {}

    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
