import CMicroHTTPD
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

/// A request whose connection libmicrohttpd has suspended while a pool thread runs its handler.
///
/// `@unchecked Sendable` because the context and the connection belong to the connection's
/// worker. They are safe to hand over: libmicrohttpd does not process a suspended connection
/// (it leaves its poll set) until `MHD_resume_connection`, which `answer()` calls last, and
/// the resume takes libmicrohttpd's cleanup mutex, which the worker takes before it looks at
/// the connection again; so the worker sees everything the handler wrote, and nothing else
/// touches the context meanwhile.
struct SuspendedRequest: @unchecked Sendable {
    let server: HTTPServer
    let context: RequestContext
    let connection: OpaquePointer
    let route: Router.Route

    /// Runs the handler, encodes its answer for the client (gzip included), and resumes the
    /// connection, whose worker then queues it.
    func answer() {
        let response = server.runHandler(route, context, connection)
        context.handled = server.encoded(response, connection)
        MHD_resume_connection(connection)
    }
}
