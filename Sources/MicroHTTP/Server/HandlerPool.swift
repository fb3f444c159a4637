import Dispatch
import Synchronization

/// Where the handlers of large requests run (`HTTPServerConfiguration.offloadBodyBytes`):
/// Dispatch's threads, at most one per processor for work that does not block, shared by
/// every connection whichever worker took it.
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
    private let state = Mutex<(queued: Int, open: Bool)>((0, true))

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
    func run(_ request: SuspendedRequest, suspend: () -> Void) throws(Refusal) {
        try state.withLock { state throws(Refusal) in
            guard state.open else { throw .closed }
            guard state.queued < limit else { throw .full }
            state.queued += 1
            running.enter()
            suspend()
        }
        queue.async { [self] in
            request.answer()
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
