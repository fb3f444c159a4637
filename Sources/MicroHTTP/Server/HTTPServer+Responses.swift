#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Handing answers to libmicrohttpd, or, where it cannot take one, to the socket.
extension HTTPServer {
    /// Answers with a problem, rendered by the application.
    func answer(_ problem: HTTPProblem, _ context: RequestContext, _ connection: MHDConnection, close: Bool) -> AccessResult {
        queue(problems.response(for: problem), context, connection, close: close)
    }

    /// Hands a response to libmicrohttpd; `.closeNow` (the connection is then closed) when it
    /// refuses. `close` ends the connection after the answer.
    func queue(_ response: HTTPResponse, _ context: RequestContext, _ connection: MHDConnection, close: Bool) -> AccessResult {
        queueEncoded(encoded(response, context, connection), context, connection, close: close)
    }

    /// `queue` for a response already encoded for the client (`encoded(_:_:)`).
    func queueEncoded(_ response: HTTPResponse, _ context: RequestContext, _ connection: MHDConnection, close: Bool) -> AccessResult {
        var response = response
        if !configuration.corsOrigins.isEmpty { addCORSHeaders(&response.headers, origin: context.corsOrigin) }
        let hold = holdAnswer(&response, context)
        context.phase = .answered
        context.status = response.status
        // A 304 keeps its 200's body to state its length (`revalidate`), but sends none of it.
        context.responseBytes = response.status == 304 ? 0 : response.body.knownCount ?? 0
        context.problemType = response.problemType
        return connection.queue(
            response, requestId: context.requestId, closing: close || draining.load(ordering: .acquiring),
            countingInto: context, hold: hold)
    }

    /// Counts the answer's bytes in the memory account until libmicrohttpd lets go of it (the
    /// returned hold's end), or, past the budget or the connection's share, replaces it with a
    /// 503. Answers under `AnswerHold.uncountedBytes` are covered by their connection's fixed part.
    private func holdAnswer(_ response: inout HTTPResponse, _ context: RequestContext) -> AnswerHold? {
        let bytes = response.body.heldBytes
        guard bytes >= AnswerHold.uncountedBytes else { return nil }
        if let hold = AnswerHold(bytes, context.memory) { return hold }
        metrics.answersOverBudget.wrappingAdd(1, ordering: .relaxed)
        response = problems.response(for: memory.problem())
        return nil
    }

    /// Answers in the middle of a body, where libmicrohttpd 0.9.75 refuses to queue anything:
    /// the answer goes straight to the socket, and `.closeNow` has libmicrohttpd close the
    /// connection without reading the rest.
    func answerMidBody(_ problem: HTTPProblem, _ context: RequestContext, socket: ConnectionSocket) -> AccessResult {
        answerDirectly(problem, context, socket: socket, then: .write)
        return .closeNow
    }

    /// Writes a whole answer straight to the socket and shuts it (`.write`, or `.readAndWrite`
    /// where libmicrohttpd must not read on); the request counts as answered.
    /// For where libmicrohttpd cannot take an answer: mid-body, or before its head is parsed.
    func answerDirectly(_ problem: HTTPProblem, _ context: RequestContext, socket: ConnectionSocket, then direction: ConnectionSocket.Direction) {
        var response = problems.response(for: problem)
        if !configuration.corsOrigins.isEmpty { addCORSHeaders(&response.headers, origin: context.corsOrigin) }
        context.phase = .answered
        context.status = response.status
        context.problemType = response.problemType
        // Refused at the request line, before the head's fields are read: an id of our own.
        if context.requestId.isEmpty { context.requestId = requestId(nil) }
        let bytes = Self.wireBytes(response, extraHeaders: [HTTPHeader("X-Request-Id", context.requestId)])
        // A 304 keeps its 200's body to state its length (`revalidate`), but sends none of it.
        context.responseBytes = response.status == 304 ? 0 : response.body.knownCount ?? 0
        bytes.withUnsafeBytes { sendWhole($0, to: socket, thenShutDown: direction) }
    }

    /// Sends a whole answer without waiting, then shuts the socket down: for answers that
    /// libmicrohttpd does not send (refusals), on the connection's thread, which must not block.
    ///
    /// A fresh socket's send buffer (16 KiB at least) takes such an answer whole. Should it take
    /// less, the rest is dropped: waiting would stall every connection of the worker, and the
    /// answer's `Content-Length` tells the client it was cut. A client that has gone (`EPIPE`,
    /// `ECONNRESET`, `ENOTCONN`) gets nothing, and there is nobody to tell; any other failure
    /// would be a bug of ours, and is logged.
    func sendWhole(_ bytes: UnsafeRawBufferPointer, to socket: ConnectionSocket, thenShutDown direction: ConnectionSocket.Direction) {
        do throws(SystemCallError) {
            // How much went does not change what follows (see above).
            _ = try socket.sendWithoutWaiting(bytes)
        } catch  where Self.isClientGone(error) {
        } catch {
            logger.log(.warning("while answering a connection directly: \(error)"))
        }
        do throws(SystemCallError) {
            try socket.shutDown(direction)
        } catch  where Self.isClientGone(error) {
        } catch {
            logger.log(.warning("while ending a connection: \(error)"))
        }
    }

    /// The errors a socket reports once its client has gone.
    static func isClientGone(_ error: SystemCallError) -> Bool {
        error.errno == EPIPE || error.errno == ECONNRESET || error.errno == ENOTCONN
    }

    /// A whole HTTP/1.1 answer with a byte body, as it goes on the wire, ending the connection.
    /// On every answer: a browser takes each as the type it says (an SVG stays an image, a
    /// problem stays JSON), never as the type its bytes look like.
    static let noSniff = HTTPHeader("X-Content-Type-Options", "nosniff")

    static func wireBytes(_ response: HTTPResponse, extraHeaders: [HTTPHeader] = []) -> [UInt8] {
        guard case .bytes(let body) = response.body else { return [] }
        var head = "HTTP/1.1 \(response.status) \(HTTPStatus.reasonPhrase(response.status))\r\n"
        for header in response.headers + extraHeaders + [noSniff] { head += "\(header.name): \(header.value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
