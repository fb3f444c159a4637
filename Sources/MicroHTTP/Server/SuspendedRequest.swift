import CMicroHTTPD

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
