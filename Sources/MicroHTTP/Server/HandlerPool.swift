import Dispatch

/// Where the handlers of large requests run (`HTTPServerConfiguration.offloadBodyBytes`):
/// Dispatch's threads, at most one per processor for work that does not block, shared by
/// every connection whichever worker took it.
///
/// A stopping server calls `drain()` before it stops libmicrohttpd: a handler still running
/// holds a suspended connection, which libmicrohttpd must see resumed before it frees it.
final class HandlerPool: Sendable {
    private let queue = DispatchQueue(label: "MicroHTTP.handlers", attributes: .concurrent)
    private let running = DispatchGroup()

    func run(_ request: SuspendedRequest) {
        queue.async(group: running) { request.answer() }
    }

    /// Returns once every handler handed over has finished and resumed its connection.
    func drain() {
        running.wait()
    }
}
