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
        queueEncoded(encoded(response, connection), context, connection, close: close)
    }

    /// `queue` for a response already encoded for the client (`encoded(_:_:)`).
    func queueEncoded(_ response: HTTPResponse, _ context: RequestContext, _ connection: OpaquePointer, close: Bool) -> MHD_Result {
        context.phase = .answered
        context.status = response.status
        context.responseBytes = response.body.knownCount ?? 0
        context.problemType = response.problemType
        guard let created = LibMicroHTTPD.makeResponse(response.body, countingInto: context) else { return .NO }
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

    /// Answers in the middle of a body, where libmicrohttpd 0.9.75 refuses to queue anything:
    /// the answer goes straight to the socket, and `.NO` has libmicrohttpd close the connection
    /// without reading the rest.
    func answerMidBody(_ problem: HTTPProblem, _ context: RequestContext, socket: Int32) -> MHD_Result {
        let response = problems.response(for: problem)
        context.phase = .answered
        context.status = response.status
        context.problemType = response.problemType
        let bytes = Self.wireBytes(response, extraHeaders: [HTTPHeader("X-Request-Id", context.requestId)])
        context.responseBytes = response.body.knownCount ?? 0
        _ = bytes.withUnsafeBytes { cmhd_send_nonblocking(socket, $0.baseAddress, $0.count) }
        _ = cmhd_shutdown(socket, Int32(SHUT_WR))
        return .NO
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
