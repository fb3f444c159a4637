import CMicroHTTPD
import CMicroHTTPDShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Handing answers to libmicrohttpd, or, where it cannot take one, to the socket.
extension HTTPServer {
    /// Answers with a problem, rendered by the application.
    func answer(_ problem: HTTPProblem, _ context: RequestContext, _ connection: OpaquePointer, close: Bool) -> MHD_Result {
        queue(problems.response(for: problem), context, connection, close: close)
    }

    /// Hands a response to libmicrohttpd; `.NO` (the connection is then closed) when it refuses.
    /// `close` ends the connection after the answer.
    func queue(_ response: HTTPResponse, _ context: RequestContext, _ connection: OpaquePointer, close: Bool) -> MHD_Result {
        queueEncoded(encoded(response, context, connection), context, connection, close: close)
    }

    /// `queue` for a response already encoded for the client (`encoded(_:_:)`).
    func queueEncoded(_ response: HTTPResponse, _ context: RequestContext, _ connection: OpaquePointer, close: Bool) -> MHD_Result {
        var response = response
        let hold = holdAnswer(&response)
        context.phase = .answered
        context.status = response.status
        // A 304 keeps its 200's body to state its length (`revalidate`), but sends none of it.
        context.responseBytes = response.status == 304 ? 0 : response.body.knownCount ?? 0
        context.problemType = response.problemType
        guard let created = LibMicroHTTPD.makeResponse(response.body, countingInto: context, hold: hold) else { return .NO }
        defer { MHD_destroy_response(created) }
        for header in response.headers {
            // withCString lends short strings from the stack; passing the Strings would copy them to the heap.
            header.name.withCString { name in header.value.withCString { value in _ = MHD_add_response_header(created, name, value) } }
        }
        context.requestId.withCString { _ = MHD_add_response_header(created, "X-Request-Id", $0) }
        if close || draining.load(ordering: .acquiring) {
            _ = MHD_add_response_header(created, "Connection", "close")
        }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    /// Counts the answer's bytes against `maxAnswerMemoryBytes` until libmicrohttpd lets go of
    /// it (the returned hold's end), or, past the budget, replaces it with a 503. Answers
    /// under `AnswerHold.uncountedBytes` are not counted: the hold would be an allocation on
    /// every small request, and they add up to at most that times the connection limit.
    private func holdAnswer(_ response: inout HTTPResponse) -> AnswerHold? {
        let bytes = response.body.heldBytes
        guard bytes >= AnswerHold.uncountedBytes else { return nil }
        let total = metrics.answerBytesHeld.wrappingAdd(bytes, ordering: .relaxed).newValue
        guard total > configuration.maxAnswerMemoryBytes else { return AnswerHold(bytes, metrics) }
        metrics.answerBytesHeld.wrappingSubtract(bytes, ordering: .relaxed)
        metrics.answersOverBudget.wrappingAdd(1, ordering: .relaxed)
        let limit = configuration.maxAnswerMemoryBytes
        response = problems.response(for: HTTPProblem(
            status: 503, detail: "The server holds \(limit) bytes of answers for its clients already; try again shortly.",
            members: [.init("limit", limit)], headers: [HTTPHeader("Retry-After", "1")]))
        return nil
    }

    /// Answers in the middle of a body, where libmicrohttpd 0.9.75 refuses to queue anything:
    /// the answer goes straight to the socket, and `.NO` has libmicrohttpd close the connection
    /// without reading the rest.
    func answerMidBody(_ problem: HTTPProblem, _ context: RequestContext, socket: Int32) -> MHD_Result {
        answerDirectly(problem, context, socket: socket, how: Int32(SHUT_WR))
        return .NO
    }

    /// Writes a whole answer straight to the socket and shuts it (`how`: `SHUT_WR`, or
    /// `SHUT_RDWR` where libmicrohttpd must not read on); the request counts as answered.
    /// For where libmicrohttpd cannot take an answer: mid-body, or before its head is parsed.
    func answerDirectly(_ problem: HTTPProblem, _ context: RequestContext, socket: Int32, how: Int32) {
        let response = problems.response(for: problem)
        context.phase = .answered
        context.status = response.status
        context.problemType = response.problemType
        let bytes = Self.wireBytes(response, extraHeaders: [HTTPHeader("X-Request-Id", context.requestId)])
        // A 304 keeps its 200's body to state its length (`revalidate`), but sends none of it.
        context.responseBytes = response.status == 304 ? 0 : response.body.knownCount ?? 0
        // A fresh socket's send buffer takes a problem whole; a client that left gets nothing.
        _ = bytes.withUnsafeBytes { cmhd_send_nonblocking(socket, $0.baseAddress, $0.count) }
        _ = cmhd_shutdown(socket, how)
    }

    /// A whole HTTP/1.1 answer with a byte body, as it goes on the wire, ending the connection.
    static func wireBytes(_ response: HTTPResponse, extraHeaders: [HTTPHeader] = []) -> [UInt8] {
        guard case .bytes(let body) = response.body else { return [] }
        var head = "HTTP/1.1 \(response.status) \(HTTPStatus.reasonPhrase(response.status))\r\n"
        for header in response.headers + extraHeaders { head += "\(header.name): \(header.value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
