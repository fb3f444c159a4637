import CMicroHTTPD
import StrictJSON

// libmicrohttpd calls these C function pointers; they capture nothing and find the server
// through the `cls` pointer given at start, and the request through `con_cls`.

let httpServerAccessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadDataSize, requestSlot in
    guard let cls, let connection, let url, let method, let uploadDataSize, let requestSlot else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    return server.handle(connection, url: url, method: method, upload: uploadData, uploadSize: uploadDataSize, slot: requestSlot)
}

let httpServerRequestCompleted: MHD_RequestCompletedCallback = { cls, connection, requestSlot, _ in
    // The next request's deadline starts now.
    if let connection { connectionState(connection)?.watched.waitingSince.store(monotonicNanoseconds(), ordering: .relaxed) }
    guard let cls, let requestSlot, let slot = requestSlot.pointee else { return }
    let context = Unmanaged<RequestContext>.fromOpaque(slot).takeRetainedValue()
    requestSlot.pointee = nil
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    server.finish(context)
}

let httpServerConnectionNotified: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection, let socketContext else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    if code == .CONNECTION_NOTIFY_STARTED {
        server.metrics.openConnections.wrappingAdd(1, ordering: .relaxed)
        server.connectionsStarted.wrappingAdd(1, ordering: .releasing)
        let watched = ConnectionWatchdog.Connection(socket: cmhd_connection_fd(connection))
        server.watchdog.opened(watched)
        socketContext.pointee = Unmanaged.passRetained(ConnectionState(watched: watched)).toOpaque()
    } else {
        server.metrics.openConnections.wrappingSubtract(1, ordering: .relaxed)
        guard let stored = socketContext.pointee else { return }
        let state = Unmanaged<ConnectionState>.fromOpaque(stored).takeRetainedValue()
        socketContext.pointee = nil
        server.watchdog.closed(state.watched)
    }
}

/// A streamed body in progress; only the connection's thread reads it.
final class StreamState {
    let stream: HTTPBodyStream
    /// Counts the bytes produced, for metrics and the access log.
    let context: RequestContext
    var pending: [UInt8] = []
    var offset = 0

    init(_ stream: HTTPBodyStream, context: RequestContext) {
        self.stream = stream
        self.context = context
    }
}

/// libmicrohttpd's pull for the next bytes of a streamed body; -1 ends the stream.
let httpServerStreamReader: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
    guard let cls, let buffer else { return -1 }
    let state = Unmanaged<StreamState>.fromOpaque(cls).takeUnretainedValue()
    while state.offset == state.pending.count {
        guard let piece = state.stream.next() else { return -1 }
        state.pending = piece
        state.offset = 0
        state.context.responseBytes += piece.count
    }
    let count = min(capacity, state.pending.count - state.offset)
    state.pending.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + state.offset, byteCount: count)
    }
    state.offset += count
    return count
}

let httpServerDocumentFreed: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<JSONBytes>.fromOpaque(cls).release()
}

let httpServerStreamFreed: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<StreamState>.fromOpaque(cls).release()
}

/// What the server keeps about the connection a request arrived on.
func connectionState(_ connection: OpaquePointer) -> ConnectionState? {
    cmhd_socket_context(connection).map { Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue() }
}

extension HTTPServer {
    /// libmicrohttpd calls this once when the headers are in (slot empty), once per chunk of
    /// body (`uploadSize` > 0), and once more when the body is complete.
    func handle(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
        upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let existing = slot.pointee else {
            metrics.requestsInFlight.add(1, ordering: .relaxed)
            let reusable = connectionState(connection)?.context
            let context = reusable.flatMap { $0.inUse ? nil : $0 } ?? RequestContext()
            context.start(method: String(cString: method), path: String(cString: url), unmatchedIndex: metrics.routeLabels.count - 1)
            context.requestId = requestId(HTTPRequest.lookUp(connection, .HEADER_KIND, "X-Request-Id"))
            slot.pointee = Unmanaged.passRetained(context).toOpaque()
            return begin(context, connection)
        }
        let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()

        if uploadSize.pointee > 0 {
            let size = uploadSize.pointee
            uploadSize.pointee = 0
            context.requestBytes += size
            guard context.earlyAnswer == nil, !context.answered, let upload else { return .YES }
            guard context.body.count + size <= configuration.maxBodyBytes else {
                let answer = tooLarge("The body exceeds the limit of \(configuration.maxBodyBytes) bytes.")
                // Answering mid-upload stops the read; where libmicrohttpd declines, the rest
                // is discarded and the answer goes out when the body ends.
                if queue(answer, for: context, on: connection) { context.answered = true } else { context.earlyAnswer = answer }
                context.body.removeAll()
                return .YES
            }
            upload.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                context.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
            }
            return .YES
        }

        // The request is complete: it is ours to answer now, whatever the deadline.
        connectionState(connection)?.watched.waitingSince.store(0, ordering: .relaxed)
        guard !context.answered else { return .YES }
        context.answered = true
        if let early = context.earlyAnswer {
            return queue(early, for: context, on: connection) ? .YES : .NO
        }
        guard let route = context.route else { return .NO }
        // The request takes the body and gives it back after the handler, so that its buffer
        // serves the connection's next request.
        var request = HTTPRequest(method: context.method, path: context.path, body: context.body, connection: connection)
        context.body = []
        let response: HTTPResponse
        do {
            response = try route.handler(request)
        } catch let problem as Problem {
            response = problem.response
        } catch {
            response = Problem(status: 500, detail: "The handler failed: \(error).").response
        }
        swap(&context.body, &request.body)
        return queue(response, for: context, on: connection) ? .YES : .NO
    }

    /// The first call: route the request and refuse what can be refused before the body.
    private func begin(_ context: RequestContext, _ connection: OpaquePointer) -> MHD_Result {
        switch router.match(method: context.method, path: context.path) {
        case .notFound:
            context.earlyAnswer = Problem(status: 404, detail: "There is no resource at \(context.path).").response
        case .methodNotAllowed(let allow, let pathIndex):
            context.pathIndex = pathIndex
            context.earlyAnswer = Problem(
                status: 405, detail: "\(context.path) does not take \(context.method); it takes \(allow).",
                headers: [HTTPHeader("Allow", allow)]).response
        case .route(let route):
            context.route = route
            context.pathIndex = route.pathIndex
            guard let mediaType = route.consumes else { break }
            if let length = HTTPRequest.lookUp(connection, .HEADER_KIND, "Content-Length").flatMap({ Int($0) }) {
                guard length <= configuration.maxBodyBytes else {
                    context.answered = true
                    let answer = tooLarge("The body is \(length) bytes (Content-Length); the limit is \(configuration.maxBodyBytes) bytes.")
                    return queue(answer, for: context, on: connection) ? .YES : .NO
                }
                // One allocation for typical bodies; capped so that clients announcing large
                // bodies and then stalling cannot make the server reserve memory for them.
                context.body.reserveCapacity(min(length, 64 * 1024))
            }
            let accepted = HTTPRequest.withValue(connection, .HEADER_KIND, "Content-Type") { value in
                value.map { MediaType.matches($0[...], mediaType) } ?? false
            }
            if !accepted {
                let contentType = HTTPRequest.lookUp(connection, .HEADER_KIND, "Content-Type")
                context.earlyAnswer = unsupportedMediaType(contentType, expected: mediaType, context)
            }
        }
        return .YES
    }

    private func tooLarge(_ detail: String) -> HTTPResponse {
        Problem(status: 413, detail: detail, members: [Problem.Member("limit", configuration.maxBodyBytes)]).response
    }

    private func unsupportedMediaType(_ found: String?, expected: String, _ context: RequestContext) -> HTTPResponse {
        let got = found.map { "Content-Type \($0)" } ?? "no Content-Type"
        var detail = "\(context.method) \(context.path) takes \(expected), but the request has \(got)."
        if expected == "application/json" {
            detail += " With curl, send the body with --json @file.json, or add -H 'Content-Type: application/json'."
        } else {
            detail += " With curl, add -H 'Content-Type: \(expected)'."
        }
        return Problem(status: 415, detail: detail, headers: [HTTPHeader("Accept-Post", expected)]).response
    }

    /// Hands a response to libmicrohttpd; false when it refuses (the connection is then closed).
    private func queue(_ response: HTTPResponse, for context: RequestContext, on connection: OpaquePointer) -> Bool {
        context.status = response.status
        context.responseBytes = response.body.count
        context.problemType = response.problemType
        let created: OpaquePointer?
        if let document = response.document {
            // No copy: libmicrohttpd reads the document in place and releases it when done.
            context.responseBytes = document.count
            let owner = Unmanaged.passRetained(document).toOpaque()
            created = MHD_create_response_from_buffer_with_free_callback_cls(
                document.count, UnsafeMutableRawPointer(mutating: document.baseAddress), httpServerDocumentFreed, owner)
            if created == nil { Unmanaged<JSONBytes>.fromOpaque(owner).release() }
        } else if let stream = response.stream {
            let state = Unmanaged.passRetained(StreamState(stream, context: context)).toOpaque()
            created = MHD_create_response_from_callback(UInt64.max, 16 * 1024, httpServerStreamReader, state, httpServerStreamFreed)
            if created == nil { Unmanaged<StreamState>.fromOpaque(state).release() }
        } else {
            created = response.body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        guard let created else { return false }
        defer { MHD_destroy_response(created) }
        for header in response.headers {
            header.add(to: created)
        }
        context.requestId.withCString { _ = MHD_add_response_header(created, "X-Request-Id", $0) }
        if draining.load(ordering: .acquiring) {
            _ = MHD_add_response_header(created, "Connection", "close")
        }
        return MHD_queue_response(connection, UInt32(response.status), created) == .YES
    }

    /// The client's `X-Request-Id` when it is a sane token, or a new one.
    private func requestId(_ given: String?) -> String {
        if let given, (1...128).contains(given.utf8.count),
           given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return given
        }
        let sequence = requestSequence.wrappingAdd(1, ordering: .relaxed).newValue
        return requestIdPrefix + "-" + String(sequence, radix: 16)
    }

    /// The request is over (answered, or the connection went): count it, and log it if asked.
    func finish(_ context: RequestContext) {
        defer { context.end() }
        metrics.requestsInFlight.subtract(1, ordering: .releasing)
        let elapsed = monotonicNanoseconds() &- context.startNanoseconds
        metrics.record(route: context.pathIndex, status: context.status, nanoseconds: elapsed,
                       requestBytes: context.requestBytes, responseBytes: context.responseBytes)
        guard configuration.accessLog else { return }
        LogLine.write(event: "request") { line in
            line.field("method", context.method)
            line.field("path", context.path)
            line.field("status", context.status)
            line.field("requestBytes", context.requestBytes)
            line.field("responseBytes", context.responseBytes)
            line.field("durationMicros", Int(elapsed / 1_000))
            line.field("requestId", context.requestId)
            if let problem = context.problemType { line.field("problem", problem) }
        }
    }
}
