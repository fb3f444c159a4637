import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where the handlers of large requests run (`HTTPServerConfiguration.offloadBodyBytes`):
/// threads of the pool's own, one per processor, shared by every connection whichever worker
/// took it. They run at a lower priority than libmicrohttpd's workers
/// (`HTTPServerConfiguration.handlerNiceness`): a worker answers small requests (`/healthz`)
/// in place, and with 250 large requests being laid out on a machine of two processors it
/// waited its turn beside them (the slowest `/healthz` 23–136 ms in 16 runs, 17–64 ms niced).
///
/// Requests waiting for a thread are taken in order of their connection's recent handler time
/// (`HandlerDebt`), not in order of arrival: a connection that keeps the pool busy (32 clients
/// looping cheap-to-send, costly-to-refuse bodies) waits behind one that has used little, so it
/// cannot starve the others; on loopback every client has the same address, so this is per
/// connection. Each call of `run` gives the threads one turn, and each turn takes the waiting
/// request with the least debt, so turns and requests stay one for one.
///
/// The queue is bounded (`HTTPServerConfiguration.offloadQueueLimit`): past it a request is
/// answered 503 at once rather than held, body and all, behind the others. A stopping server
/// `close()`s the pool before it `drain()`s it and stops libmicrohttpd: a handler still running
/// holds a suspended connection, which libmicrohttpd must see resumed before it frees it, and
/// once closed no worker can suspend another. `drain()` also ends the threads; `open()`
/// starts them again.
final class HandlerPool: Sendable {
    private let limit: Int
    private let threadCount: Int
    private let niceness: Int32
    /// One signal per request handed over, and one per thread to end it.
    private let turns = DispatchSemaphore(value: 0)
    /// Requests handed over and not yet finished, and whether new ones are still taken; one
    /// lock, so that no request can be handed over after `close()` has returned. A pthread
    /// mutex (`PthreadLocked`), not `Mutex`: ThreadSanitizer does not see `Mutex`'s futex in
    /// the uninstrumented standard library, and between the pool's own threads it reported
    /// the accesses under it as races (`make sanitize`).
    private let state = PthreadLocked<State>(State())

    private struct State {
        var queued = 0
        var open = false
        /// Handed over and not yet started, with their connection's debt.
        var waiting: [(request: SuspendedRequest, debt: HandlerDebt)] = []
        var threads: [pthread_t] = []

        /// The waiting request whose connection has used the pool least lately.
        mutating func takeLeastIndebted(now: UInt64) -> (request: SuspendedRequest, debt: HandlerDebt)? {
            guard !waiting.isEmpty else { return nil }
            var best = 0
            var least = Double.infinity
            for (index, entry) in waiting.enumerated() {
                let debt = entry.debt.nanoseconds(now: now)
                if debt < least { (best, least) = (index, debt) }
            }
            return waiting.remove(at: best)
        }
    }

    init(limit: Int, threads: Int, niceness: Int32) {
        self.limit = limit
        self.threadCount = max(1, threads)
        self.niceness = niceness
    }

    /// Why the pool did not take a request.
    enum Refusal: Error {
        /// The queue is full: answer 503.
        case full
        /// The server is stopping: answer in place.
        case closed
    }

    /// Takes a request, or says why not. `suspend` runs under the pool's lock once the
    /// request is taken, before it can run: the connection must be suspended before its
    /// handler resumes it.
    func run(_ request: SuspendedRequest, debt: HandlerDebt, suspend: () -> Void) throws(Refusal) {
        try state.withLock { state throws(Refusal) in
            guard state.open else { throw .closed }
            guard state.queued < limit else { throw .full }
            state.queued += 1
            state.waiting.append((request, debt))
            suspend()
        }
        turns.signal()
    }

    /// A pool thread: one request per turn, until a turn finds nothing waiting (`drain()`).
    private func serve() {
        #if os(Linux)
            // On Linux a niceness is a thread's own: this one yields to the connection threads.
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            _ = setpriority(which, 0, min(19, getpriority(which, 0) + niceness))
        #endif
        while true {
            turns.wait()
            guard let (next, debt) = state.withLock({ $0.takeLeastIndebted(now: monotonicNanoseconds()) }) else { return }
            let started = monotonicNanoseconds()
            next.answer()
            let ended = monotonicNanoseconds()
            debt.add(ended &- started, now: ended)
            state.withLock { $0.queued -= 1 }
        }
    }

    /// Requests handed over and not finished.
    var queued: Int { state.withLock { $0.queued } }

    /// Takes no more requests.
    func close() {
        state.withLock { $0.open = false }
    }

    /// Starts the threads, if they are not running, and takes requests.
    func open() {
        let missing = state.withLock { state in
            state.open = true
            return state.threads.isEmpty ? threadCount : 0
        }
        let started = (0..<missing).compactMap { _ in startThread { [self] in serve() } }
        state.withLock { $0.threads += started }
    }

    /// Returns once every handler handed over has finished and resumed its connection, and
    /// the threads have ended. Call it after `close()`.
    func drain() {
        let threads = state.withLock { state in
            defer { state.threads = [] }
            return state.threads
        }
        // Each thread ends at the first turn that finds nothing waiting: the requests handed
        // over before `close()` have their turns ahead of these.
        for _ in threads { turns.signal() }
        for thread in threads { pthread_join(thread, nil) }
    }
}

/// The handler time a connection has used lately: each request's time on the pool, halving
/// every second, so that it measures the last few seconds' use.
final class HandlerDebt: Sendable {
    private let state = PthreadLocked<(nanoseconds: Double, at: UInt64)>((0, 0))

    func add(_ nanoseconds: UInt64, now: UInt64) {
        state.withLock { state in
            state = (Self.decayed(state, now: now) + Double(nanoseconds), now)
        }
    }

    func nanoseconds(now: UInt64) -> Double {
        state.withLock { Self.decayed($0, now: now) }
    }

    private static func decayed(_ state: (nanoseconds: Double, at: UInt64), now: UInt64) -> Double {
        guard state.nanoseconds > 0, now > state.at else { return state.nanoseconds }
        return state.nanoseconds * exp2(-Double(now - state.at) / 1e9)
    }
}
