/// A request whose connection libmicrohttpd has suspended while a pool thread runs its handler.
///
/// `@unchecked Sendable` because the context and the connection belong to the connection's
/// worker. They are safe to hand over: libmicrohttpd does not process a suspended connection
/// (it leaves its poll set) until `MHDConnection.resume()`, which `answer()` calls last, and
/// the resume takes libmicrohttpd's cleanup mutex, which the worker takes before it looks at
/// the connection again; so the worker sees everything the handler wrote, and nothing else
/// touches the context meanwhile.
struct SuspendedRequest: @unchecked Sendable {
    let server: HTTPServer
    let context: RequestContext
    let connection: MHDConnection
    let route: Router.Route
    /// The connection's socket, read on its worker: libmicrohttpd closes it only after the
    /// connection is resumed.
    let socket: ConnectionSocket

    /// Runs the handler, encodes its answer for the client (gzip included), and resumes the
    /// connection, whose worker then queues it. A client that has gone while the request
    /// waited gets no handler run: its worker closes the connection instead.
    func answer() {
        if socket.peerHasClosed() {
            context.clientGone = true
        } else {
            let response = server.runHandler(route, context, connection)
            context.handled = server.encoded(response, context, connection)
        }
        connection.resume()
    }
}
