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
/// try server.start()        // serves on background threads; `server.port` is bound
/// …
/// server.shutdown()         // answers the requests in flight, then stops
/// ```
///
/// or, in a task, `try await server.run()`, which serves until the task is cancelled.
///
/// Handlers run on libmicrohttpd's threads (those of large requests on a shared pool, see
/// `HTTPServerConfiguration.offloadBodyBytes`), so they must be `Sendable` and must not block.
/// `start()` and `shutdown()` may be called from any thread, and again after each other: a
/// stopped server starts afresh. A running server keeps itself alive until `shutdown()`.
///
/// The server sets no process-wide policy: it blocks, ignores and waits for no signals (it
/// writes with `MSG_NOSIGNAL`, and libmicrohttpd does too, so no SIGPIPE comes of it) and
/// leaves the allocator's settings alone. The application decides those (routebar does, in
/// its `serve` command).
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

    /// The running daemon. `start` and `shutdown` hold the lock throughout, so they never
    /// interleave.
    private let running = PthreadLocked<MHDDaemon?>(nil)
    private let boundPort = Atomic<UInt16>(0)
    /// Set when shutdown begins: answers then carry `Connection: close`.
    let draining = Atomic<Bool>(false)
    /// For `X-Request-Id`s this process makes up: a random prefix and a sequence number.
    let requestIdPrefix = String(UInt32.random(in: .min ... .max), radix: 16)
    let requestSequence = Atomic<UInt64>(0)
    /// Connections past the limit on trial now (`ConnectionWatchdog.Watched.onTrial`).
    let connectionsOnTrial = Atomic<Int>(0)
    /// Connections libmicrohttpd has taken on since start.
    let connectionsStarted = Atomic<Int>(0)
    let idleTrim: IdleMemoryTrim
    /// Everything the server holds for its clients, against `configuration.maxMemoryBytes`.
    let memory: MemoryAccount
    let handlerPool: HandlerPool

    /// `extraMetrics` appends the application's own families to the metrics page; `onIdle`
    /// frees what the application keeps for reuse while busy, once the server is idle
    /// (`IdleMemoryTrim`), before the allocator's trim.
    public init(
        configuration: HTTPServerConfiguration, router: Router, problems: any HTTPProblemRenderer,
        logger: any HTTPServerLogger, extraMetrics: @escaping @Sendable (inout String) -> Void = { _ in },
        onIdle: @escaping @Sendable () -> Void = {}
    ) {
        self.configuration = configuration
        handlerPool = HandlerPool(
            limit: configuration.offloadQueueLimit, threads: HTTPServerConfiguration.processorCount, niceness: configuration.handlerNiceness)
        self.problems = problems
        self.logger = logger
        var router = router
        let memory = MemoryAccount(
            limit: configuration.maxMemoryBytes, share: configuration.connectionShareBytes, cached: configuration.cacheBytes)
        self.memory = memory
        let metrics = HTTPMetrics(
            namespace: configuration.metricsNamespace,
            routes: router.paths + (configuration.metricsPath.map { [$0] } ?? []), memory: memory)
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
        let refusal = Self.refusal(configuration, problems)
        self.refusal = refusal
        let idleTrim = IdleMemoryTrim(trimsAllocator: configuration.trimsIdleMemory, onIdle: onIdle)
        self.idleTrim = idleTrim
        watchdog = ConnectionWatchdog(
            headerTimeoutSeconds: configuration.headerTimeoutSeconds,
            requestTimeoutSeconds: configuration.requestTimeoutSeconds,
            readWindowSeconds: configuration.readFloorWindowSeconds, logger: logger,
            slowClosed: { [metrics] in metrics.slowConnectionsClosed.wrappingAdd(1, ordering: .relaxed) },
            memoryIsShort: { [memory] in memory.isShort },
            trialExpired: { [metrics] socket in
                // The connection's client sent no head in its second on trial: told 503, then shut.
                metrics.connectionsRefused.wrappingAdd(1, ordering: .relaxed)
                // A client that has gone gets nothing, and the sweep shuts the socket either way.
                _ = refusal.withUnsafeBytes { try? socket.sendWithoutWaiting($0) }
            }
        ) { [metrics] in
            idleTrim.trimIfIdle(requestsInFlight: metrics.requestsInFlight.load(ordering: .relaxed))
        }
    }

    /// The port the server listens on, once started (the kernel's choice for port 0).
    public var port: UInt16 { boundPort.load(ordering: .acquiring) }

    /// Starts listening and serving on background threads.
    public func start() throws(HTTPServerError) {
        try running.withLock { (running: inout MHDDaemon?) throws(HTTPServerError) in
            guard running == nil else { throw .alreadyStarted }
            draining.store(false, ordering: .releasing)
            handlerPool.open()
            let daemon = try MHDDaemon.start(self)
            running = daemon
            boundPort.store(daemon.port, ordering: .releasing)
            watchdog.start()
        }
    }

    /// Stops taking connections, closes the idle ones, lets the requests in flight finish (up
    /// to the grace period), then closes every connection and stops the threads. Returns how
    /// many requests the grace period ran out on (cut off with their connections); at once, 0,
    /// when the server is not running; a second caller waits for the first.
    ///
    /// A handler must not call it (it would wait for itself): that is a precondition failure.
    @discardableResult
    public func shutdown() -> Int {
        precondition(
            !HandlerThreadMark.isSet, "HTTPServer.shutdown() called from a request handler, which it would wait for; call it from another thread")
        return running.withLock { running -> Int in
            guard let daemon = running else { return 0 }
            draining.store(true, ordering: .releasing)
            // First of all: no worker may suspend a connection for the pool from here on.
            handlerPool.close()
            let startedBefore = connectionsStarted.load(ordering: .acquiring)
            var handed = connections(handedOver: daemon.quiesce())

            let clock = ContinuousClock()
            // The listener ignores new SYNs but stays open this long, so handshakes under way
            // (one round trip) land in its queue instead of being reset when it closes.
            let listenerCloses = clock.now + .milliseconds(50)
            var listening = true
            let deadline = clock.now + .seconds(configuration.shutdownGraceSeconds)
            while clock.now < deadline {
                if listening {
                    handed += connections(handedOver: daemon.takeQueued())
                    if clock.now >= listenerCloses {
                        do throws(SystemCallError) {
                            try daemon.closeListener()
                        } catch {
                            // Released all the same (close is not retried): new clients are refused.
                            logger.log(.warning("while closing the listening socket: \(error)"))
                        }
                        listening = false
                    }
                }
                // Connections handed over from the queue reach a worker (and its open notification)
                // later: until they all have, an empty server is not yet idle.
                let arrived = connectionsStarted.load(ordering: .acquiring) - startedBefore >= handed
                if arrived && !listening {
                    // Connections between requests would hold the exit until their idle timeout.
                    watchdog.closeIdleConnections()
                    if metrics.requestsInFlight.load(ordering: .acquiring) == 0
                        && metrics.openConnections.load(ordering: .acquiring) == 0
                    {
                        break
                    }
                }
                usleep(5_000)
            }
            let cutOff = metrics.requestsInFlight.load(ordering: .acquiring)
            // Past the grace period a handler may still hold a suspended connection.
            handlerPool.drain()
            do throws(SystemCallError) {
                try daemon.stop()
            } catch {
                // Stopped all the same: only closing the listening socket failed, and it is released.
                logger.log(.warning("while closing the listening socket: \(error)"))
            }
            watchdog.stop()
            running = nil
            return cutOff
        }
    }

    /// The connections a queue taker handed to libmicrohttpd; logs the call that failed, if one did.
    private func connections(handedOver handover: MHDDaemon.Handover) -> Int {
        if let failure = handover.failure {
            logger.log(.warning("while taking the last queued connections: \(failure)"))
        }
        return handover.connections
    }

    /// Starts, serves until the calling task is cancelled, then shuts down gracefully (as
    /// `shutdown()` does: the requests in flight are answered) and returns. Throws only when
    /// the server cannot start. A task cancelled before it starts gets a server started and
    /// stopped at once.
    ///
    /// ```swift
    /// let serving = Task { try await server.run() }
    /// …
    /// serving.cancel()
    /// try await serving.value   // returns once the server has stopped
    /// ```
    public func run() async throws(HTTPServerError) {
        try start()
        let cancelled = CancellationWait()
        await withTaskCancellationHandler {
            await withCheckedContinuation { cancelled.wait(resuming: $0) }
        } onCancel: {
            cancelled.cancel()
        }
        // shutdown() blocks for up to the grace period: on a thread of its own, so that it holds
        // none of the concurrency pool's threads meanwhile.
        await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
            guard
                let thread = startThread({ [self] in
                    shutdown()
                    stopped.resume()
                })
            else {
                // No thread to be had: block this one instead, rather than not stop.
                shutdown()
                stopped.resume()
                return
            }
            // Nobody joins it: it ends by itself once the server has stopped.
            let detached = pthread_detach(thread)
            assert(detached == 0, "a thread just made could not be detached")
        }
    }

    /// The whole HTTP answer for a connection past the limit, sent before its head is read.
    private static func refusal(_ configuration: HTTPServerConfiguration, _ problems: any HTTPProblemRenderer) -> [UInt8] {
        let problem = HTTPProblem(
            status: 503, detail: "The server is at its limit of \(configuration.connectionLimit) open connections; try again shortly.",
            members: [.init("limit", configuration.connectionLimit)], headers: [HTTPHeader("Retry-After", "1")])
        var response = problems.response(for: problem)
        // Sent before the head is read: no origin is known, but under `*` any may read it.
        if configuration.corsOrigins.contains("*") {
            response.headers += [
                HTTPHeader("Access-Control-Allow-Origin", "*"), HTTPHeader("Access-Control-Expose-Headers", corsExposedHeaders),
            ]
        }
        return wireBytes(response)
    }
}

/// The point where `HTTPServer.run()` waits for its task's cancellation: the continuation is
/// resumed exactly once, by whichever of `wait` and `cancel` comes second.
private final class CancellationWait: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Void, Never>)
        case cancelled
    }

    private let state = PthreadLocked(State.idle)

    func wait(resuming continuation: CheckedContinuation<Void, Never>) {
        let cancelled = state.withLock { state -> Bool in
            guard case .idle = state else { return true }
            state = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume() }
    }

    func cancel() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state = .cancelled }
            guard case .waiting(let continuation) = state else { return nil }
            return continuation
        }
        waiting?.resume()
    }
}
