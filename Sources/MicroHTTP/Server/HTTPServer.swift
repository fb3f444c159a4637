import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An HTTP/1.1 server on libmicrohttpd: an internal epoll thread per worker, a thread pool,
/// a connection limit and timeout, a body cap, and a graceful shutdown.
///
/// ```swift
/// var router = Router()
/// router.get("/healthz") { _ in .text("ok\n") }
/// let server = HTTPServer(configuration: HTTPServerConfiguration(), router: router)
/// try server.run { port in print("listening on \(port)") }   // returns after SIGTERM or SIGINT
/// ```
///
/// Handlers run on libmicrohttpd's threads, so they must be `Sendable` and must not block.
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    let router: Router
    /// Counted on every request; served at `configuration.metricsPath`.
    public let metrics: HTTPMetrics
    let watchdog: ConnectionWatchdog

    private let daemon = Mutex<OpaquePointer?>(nil)
    private let boundPort = Atomic<UInt16>(0)
    /// Set when shutdown begins: answers then carry `Connection: close`.
    let draining = Atomic<Bool>(false)
    /// For `X-Request-Id`s this process makes up: a random prefix and a sequence number.
    let requestIdPrefix = String(UInt32.random(in: .min ... .max), radix: 16)
    let requestSequence = Atomic<UInt64>(0)
    /// Connections libmicrohttpd has taken on since start.
    let connectionsStarted = Atomic<Int>(0)

    /// `extraMetrics` appends the application's own families to the metrics page.
    public init(configuration: HTTPServerConfiguration, router: Router,
                extraMetrics: @escaping @Sendable (inout String) -> Void = { _ in }) {
        self.configuration = configuration
        var router = router
        let metrics = HTTPMetrics(namespace: configuration.metricsNamespace,
                                  routes: router.paths + (configuration.metricsPath.map { [$0] } ?? []))
        if let path = configuration.metricsPath {
            router.get(path) { _ in
                var text = ""
                metrics.render(into: &text)
                extraMetrics(&text)
                return .text(text, contentType: "text/plain; version=0.0.4; charset=utf-8")
            }
        }
        self.router = router
        self.metrics = metrics
        watchdog = ConnectionWatchdog(deadlineSeconds: configuration.connectionTimeoutSeconds)
    }

    deinit {
        stopDaemon()
    }

    /// The port the server listens on, once started (the kernel's choice for port 0).
    public var port: UInt16 { boundPort.load(ordering: .acquiring) }

    /// Starts listening and serving on background threads.
    public func start() throws(HTTPServerError) {
        try daemon.withLock { (daemon: inout OpaquePointer?) throws(HTTPServerError) in
            guard daemon == nil else { throw .alreadyStarted }
            var failure: Int32 = 0
            let context = Unmanaged.passUnretained(self).toOpaque()
            // libmicrohttpd clears a connection's memory pool for every request, so its size is a
            // per-request cost: 16 KiB holds any sane request head (larger ones get 431).
            let started = cmhd_start_daemon(
                configuration.host, configuration.port, 0,
                UInt32(max(1, configuration.threads)), UInt32(max(1, configuration.connectionLimit)),
                UInt32(max(0, configuration.connectionTimeoutSeconds)), 16 * 1024,
                httpServerAccessHandler, context, httpServerRequestCompleted, context,
                httpServerConnectionNotified, context, &failure)
            guard let started else {
                throw failure == Int32(CMHD_START_BAD_HOST.rawValue)
                    ? .invalidHost(configuration.host)
                    : .cannotListen(host: configuration.host, port: configuration.port)
            }
            daemon = started
            boundPort.store(cmhd_bound_port(started), ordering: .releasing)
            watchdog.start()
        }
    }

    /// Stops taking connections, lets the requests in flight finish (up to the grace
    /// period), then closes every connection and stops the threads.
    public func shutdown() {
        let listening: OpaquePointer? = daemon.withLock { $0 }
        guard let listening else { return }
        draining.store(true, ordering: .releasing)
        let startedBefore = connectionsStarted.load(ordering: .acquiring)
        let handed = Int(cmhd_quiesce_and_drain_backlog(listening))

        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(configuration.shutdownGraceSeconds)
        while clock.now < deadline {
            // Connections handed over from the queue reach a worker (and its open notification)
            // later: until they all have, an empty server is not yet idle.
            let arrived = connectionsStarted.load(ordering: .acquiring) - startedBefore >= handed
            if arrived && metrics.requestsInFlight.load(ordering: .acquiring) == 0
                && metrics.openConnections.load(ordering: .acquiring) == 0 { break }
            usleep(5_000)
        }
        stopDaemon()
    }

    /// Starts, reports the port, serves until SIGTERM or SIGINT, then shuts down gracefully.
    /// Returns the signal that ended it.
    @discardableResult
    public func run(onStart: (UInt16) -> Void = { _ in }) throws(HTTPServerError) -> Int32 {
        // Block the signals before libmicrohttpd starts its threads, so they inherit the mask
        // and the signal is delivered to sigwait below, not to a random worker.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)

        try start()
        onStart(port)
        var received: Int32 = 0
        sigwait(&signals, &received)
        shutdown()
        return received
    }

    private func stopDaemon() {
        let stopping: OpaquePointer? = daemon.withLock { daemon in
            defer { daemon = nil }
            return daemon
        }
        if let stopping { MHD_stop_daemon(stopping) }
        watchdog.stop()
    }
}
