import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where the handlers of large requests run (`HTTPServerConfiguration.offloadBodyBytes`):
/// Dispatch's threads, at most one per processor for work that does not block, shared by
/// every connection whichever worker took it.
///
/// Requests waiting for a thread are taken in order of their connection's recent handler time
/// (`HandlerDebt`), not in order of arrival: a connection that keeps the pool busy (32 clients
/// looping cheap-to-send, costly-to-refuse bodies) waits behind one that has used little, so it
/// cannot starve the others; on loopback every client has the same address, so this is per
/// connection. Each call of `run` schedules one turn on Dispatch's pool, and each turn takes the
/// waiting request with the least debt, so turns and requests stay one for one.
///
/// The queue is bounded (`HTTPServerConfiguration.offloadQueueLimit`): past it a request is
/// answered 503 at once rather than held, body and all, behind the others. A stopping server
/// `close()`s the pool before it `drain()`s it and stops libmicrohttpd: a handler still running
/// holds a suspended connection, which libmicrohttpd must see resumed before it frees it, and
/// once closed no worker can suspend another.
final class HandlerPool: Sendable {
    private let queue = DispatchQueue(label: "MicroHTTP.handlers", attributes: .concurrent)
    private let running = DispatchGroup()
    private let limit: Int
    /// Requests handed over and not yet finished, and whether new ones are still taken; one
    /// lock, so that no request can be handed over after `close()` has returned.
    private let state = Mutex<State>(State())

    private struct State: ~Copyable {
        var queued = 0
        var open = true
        /// Handed over and not yet started, with their connection's debt.
        var waiting: [(request: SuspendedRequest, debt: HandlerDebt)] = []

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

    init(limit: Int) {
        self.limit = limit
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
            running.enter()
            suspend()
        }
        queue.async { [self] in
            guard let (next, debt) = state.withLock({ $0.takeLeastIndebted(now: monotonicNanoseconds()) }) else { return }
            let started = monotonicNanoseconds()
            next.answer()
            let ended = monotonicNanoseconds()
            debt.add(ended &- started, now: ended)
            state.withLock { $0.queued -= 1 }
            running.leave()
        }
    }

    /// Requests handed over and not finished.
    var queued: Int { state.withLock { $0.queued } }

    /// Takes no more requests.
    func close() {
        state.withLock { $0.open = false }
    }

    /// Takes requests again (a stopped server that starts afresh).
    func open() {
        state.withLock { $0.open = true }
    }

    /// Returns once every handler handed over has finished and resumed its connection.
    func drain() {
        running.wait()
    }
}

/// The handler time a connection has used lately: each request's time on the pool, halving
/// every second, so that it measures the last few seconds' use.
final class HandlerDebt: Sendable {
    private let state = Mutex<(nanoseconds: Double, at: UInt64)>((0, 0))

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
