import CMicroHTTPDShims
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An HTTP/1.1 server on libmicrohttpd: a poll() thread per worker, strict request framing,
/// a connection limit with a 503 past it, header and request deadlines, a body cap, and a
/// graceful shutdown.
///
/// ```swift
/// var router = Router()
/// router.get("/healthz") { _ in .text("ok\n") }
/// let server = HTTPServer(configuration: HTTPServerConfiguration(), router: router,
///                         problems: MyProblemRenderer(), logger: MyLogger())
/// try server.run { port in print("listening on \(port)") }   // returns after SIGTERM, SIGINT, SIGHUP or SIGQUIT
/// ```
///
/// Handlers run on libmicrohttpd's threads (those of large requests on a shared pool, see
/// `HTTPServerConfiguration.offloadBodyBytes`), so they must be `Sendable` and must not block.
/// `start()` and `shutdown()` may be called from any thread, and again after each other: a
/// stopped server starts afresh. A running server keeps itself alive until `shutdown()`.
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    let router: Router
    let problems: any HTTPProblemRenderer
    let logger: any HTTPServerLogger
    /// Counted on every request; served at `configuration.metricsPath`.
    public let metrics: HTTPMetrics
    let watchdog: ConnectionWatchdog
    /// What a connection past the limit is told, whole, before it is closed.
    let refusal: [UInt8]

    /// The running daemon and the retained pointer its callbacks use. `start` and `shutdown`
    /// hold the lock throughout, so they never interleave.
    private let running = PthreadLocked<(server: OpaquePointer, context: UnsafeMutableRawPointer)?>(nil)
    private let boundPort = Atomic<UInt16>(0)
    /// Set when shutdown begins: answers then carry `Connection: close`.
    let draining = Atomic<Bool>(false)
    /// For `X-Request-Id`s this process makes up: a random prefix and a sequence number.
    let requestIdPrefix = String(UInt32.random(in: .min ... .max), radix: 16)
    let requestSequence = Atomic<UInt64>(0)
    /// Connections libmicrohttpd has taken on since start.
    let connectionsStarted = Atomic<Int>(0)
    let memory: IdleMemoryTrim
    let handlerPool: HandlerPool

    /// `extraMetrics` appends the application's own families to the metrics page.
    public init(configuration: HTTPServerConfiguration, router: Router, problems: any HTTPProblemRenderer,
                logger: any HTTPServerLogger, extraMetrics: @escaping @Sendable (inout String) -> Void = { _ in }) {
        self.configuration = configuration
        handlerPool = HandlerPool(limit: configuration.offloadQueueLimit)
        self.problems = problems
        self.logger = logger
        var router = router
        let metrics = HTTPMetrics(namespace: configuration.metricsNamespace,
                                  routes: router.paths + (configuration.metricsPath.map { [$0] } ?? []))
        if let path = configuration.metricsPath {
            router.get(path) { _ in
                var text = ""
                metrics.render(into: &text)
                extraMetrics(&text)
                var response = HTTPResponse.text(text, contentType: "text/plain; version=0.0.4; charset=utf-8")
                // A scrape is of this moment: no cache may answer for it.
                response.headers.append(HTTPHeader("Cache-Control", "no-store"))
                return response
            }
        }
        self.router = router
        self.metrics = metrics
        refusal = Self.refusal(configuration, problems)
        let memory = IdleMemoryTrim()
        self.memory = memory
        watchdog = ConnectionWatchdog(
            headerTimeoutSeconds: configuration.headerTimeoutSeconds,
            requestTimeoutSeconds: configuration.connectionTimeoutSeconds
        ) { [metrics] in
            memory.trimIfIdle(requestsInFlight: metrics.requestsInFlight.load(ordering: .relaxed))
        }
    }

    /// The port the server listens on, once started (the kernel's choice for port 0).
    public var port: UInt16 { boundPort.load(ordering: .acquiring) }

    /// Starts listening and serving on background threads.
    public func start() throws(HTTPServerError) {
        try running.withLock { (running: inout (server: OpaquePointer, context: UnsafeMutableRawPointer)?) throws(HTTPServerError) in
            guard running == nil else { throw .alreadyStarted }
            draining.store(false, ordering: .releasing)
            handlerPool.open()
            let context = LibMicroHTTPD.retainServer(self)
            var failure = cmhd_start_failure()
            let started = configuration.host.withCString { host in
                var settings = LibMicroHTTPD.settings(host: host, configuration: configuration, context: context)
                return cmhd_start(&settings, &failure)
            }
            guard let started else {
                LibMicroHTTPD.releaseServer(context)
                throw HTTPServerError(failure, configuration)
            }
            running = (started, context)
            boundPort.store(cmhd_port(started), ordering: .releasing)
            watchdog.start()
        }
    }

    /// Stops taking connections, closes the idle ones, lets the requests in flight finish (up
    /// to the grace period), then closes every connection and stops the threads. Returns
    /// at once when the server is not running; a second caller waits for the first.
    ///
    /// A handler must not call it (it would wait for itself): that is a precondition failure.
    public func shutdown() {
        precondition(cmhd_in_handler() == 0, "HTTPServer.shutdown() called from a request handler, which it would wait for; call it from another thread")
        running.withLock { running in
            guard let (server, context) = running else { return }
            draining.store(true, ordering: .releasing)
            // First of all: no worker may suspend a connection for the pool from here on.
            handlerPool.close()
            let startedBefore = connectionsStarted.load(ordering: .acquiring)
            var handed = takeQueuedConnections { cmhd_quiesce(server, &$0) }

            let clock = ContinuousClock()
            // The listener ignores new SYNs but stays open this long, so handshakes under way
            // (one round trip) land in its queue instead of being reset when it closes.
            let listenerCloses = clock.now + .milliseconds(50)
            var listening = true
            let deadline = clock.now + .seconds(configuration.shutdownGraceSeconds)
            while clock.now < deadline {
                if listening {
                    handed += takeQueuedConnections { cmhd_take_queued(server, &$0) }
                    if clock.now >= listenerCloses {
                        cmhd_close_listener(server)
                        listening = false
                    }
                }
                // Connections handed over from the queue reach a worker (and its open notification)
                // later: until they all have, an empty server is not yet idle.
                let arrived = connectionsStarted.load(ordering: .acquiring) - startedBefore >= handed
                if arrived && !listening {
                    // Connections between requests would hold the exit until their idle timeout.
                    _ = watchdog.closeIdleConnections()
                    if metrics.requestsInFlight.load(ordering: .acquiring) == 0
                        && metrics.openConnections.load(ordering: .acquiring) == 0 { break }
                }
                usleep(5_000)
            }
            // Past the grace period a handler may still hold a suspended connection.
            handlerPool.drain()
            cmhd_stop(server)
            watchdog.stop()
            running = nil
            LibMicroHTTPD.releaseServer(context)
        }
    }

    /// Runs one of the shim's queue takers and logs its failure; returns how many connections
    /// it handed to libmicrohttpd.
    private func takeQueuedConnections(_ take: (inout Int32) -> Int32) -> Int {
        var error: Int32 = 0
        let handed = Int(max(0, take(&error)))
        if error != 0 {
            logger.log(.warning("while taking the last queued connections: \(HTTPServerError.systemMessage(error))"))
        }
        return handed
    }

    /// Starts, reports the port, serves until SIGTERM, SIGINT, SIGHUP or SIGQUIT, then shuts
    /// down gracefully (each of the four drains the requests in flight; none cuts an answer).
    /// Returns the signal that ended it.
    @discardableResult
    public func run(onStart: (UInt16) -> Void = { _ in }) throws(HTTPServerError) -> Int32 {
        // Block the signals before libmicrohttpd starts its threads, so they inherit the mask
        // and the signal is delivered to sigwait below, not to a random worker.
        var signals = sigset_t()
        sigemptyset(&signals)
        for stop in Self.stopSignals { sigaddset(&signals, stop) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        signal(SIGPIPE, SIG_IGN)

        try start()
        onStart(port)
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        shutdown()
        return received
    }

    /// The signals `run` stops on.
    public static let stopSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT]

    /// The whole HTTP answer for a connection past the limit.
    private static func refusal(_ configuration: HTTPServerConfiguration, _ problems: any HTTPProblemRenderer) -> [UInt8] {
        let problem = HTTPProblem(
            status: 503, detail: "The server is at its limit of \(configuration.connectionLimit) open connections; try again shortly.",
            members: [.init("limit", configuration.connectionLimit)], headers: [HTTPHeader("Retry-After", "1")])
        return wireBytes(problems.response(for: problem))
    }
}

extension HTTPServerError {
    init(_ failure: cmhd_start_failure, _ configuration: HTTPServerConfiguration) {
        let host = configuration.host, port = configuration.port
        let reason = failure.error_number != 0 ? Self.systemMessage(failure.error_number) : ""
        switch failure.step {
        case CMHD_FAILED_RESOLVE:
            self = .invalidHost(host, reason: failure.message.map { String(cString: $0) } ?? reason)
        case CMHD_FAILED_BIND: self = .cannotBind(host: host, port: port, errno: failure.error_number, reason: reason)
        case CMHD_FAILED_SOCKET, CMHD_FAILED_LISTEN:
            self = .cannotListen(host: host, port: port, errno: failure.error_number, reason: reason)
        default: self = .daemonFailed
        }
    }
}
