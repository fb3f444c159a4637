// One request, as libmicrohttpd hands it over: once when its head is in, once per piece of
// body, and once more when the body is complete.
//
// libmicrohttpd 0.9.75 decides two things for us: an answer queued at the first call closes
// the connection without reading the body (right for a refusal that has a body, wasteful for
// one that has not), and an answer cannot be queued between pieces of body at all.
extension HTTPServer {
    /// One call of libmicrohttpd's access handler for the request in progress on `connection`.
    /// `method`, `url` and `version` are lent for the call, as is `upload`, the piece of body
    /// that came with it (none at the first call and the last), which is always taken whole.
    func handle(
        _ connection: MHDConnection, _ state: ConnectionState, method: UnsafeBufferPointer<UInt8>, url: UnsafeBufferPointer<UInt8>,
        version: UnsafeBufferPointer<UInt8>?, upload: UnsafeRawBufferPointer
    ) -> AccessResult {
        let context = state.request
        // Past the connection limit: the 503 went out when it opened.
        if state.watched.refused { return .closeNow }
        switch context.phase {
        case .idle, .requestLine:
            watchdog.headArrived(state.watched)
            context.method = String(decoding: method, as: UTF8.self)
            context.path = RequestFraming.originPath(String(decoding: url, as: UTF8.self))
            context.requestId = requestId(connection.value(.header, "X-Request-Id"))
            context.corsOrigin = allowedOrigin(connection)
            context.phase = .body
            if let problem = RequestLine.problem(method: method, target: context.targetFault) {
                return answer(problem, context, connection, close: true)
            }
            let framing: RequestFraming
            do {
                framing = try RequestFraming.check(
                    connection, context, head: connection.head(startingAt: method.baseAddress), version: version, configuration)
            } catch {
                // After a framing error nothing that follows can be trusted: answer and close.
                // A head near libmicrohttpd's memory limit leaves no room for the answer's head
                // there, so the limits' own refusals go straight to the socket.
                if error.status == 414 || error.status == 431 {
                    return answerMidBody(error, context, socket: state.watched.socket)
                }
                return answer(error, context, connection, close: true)
            }
            if framing.body == .chunked { context.chunkedFromByte = state.watched.socket.bytesRead() }
            context.repeatsFieldNames = framing.repeatsFieldNames
            return route(context, connection, framing: framing)
        case .answered:
            // What is left of a body already answered is read and dropped.
            context.requestBytes += upload.count
            return .proceed
        case .body where upload.count > 0:
            let size = upload.count
            context.requestBytes += size
            watchdog.bodyArrived(state.watched, count: size)
            if let start = context.chunkedFromByte, let read = state.watched.socket.bytesRead(),
                read - start > configuration.maxChunkedWireBytes
            {
                // libmicrohttpd reads chunk sizes and extensions out of our sight: a body of
                // one-byte chunks with long extensions would otherwise be read without end.
                context.dropLargeBody()
                let problem = RequestFraming.tooLarge(
                    configuration,
                    detail: "The chunked body takes more than \(configuration.maxChunkedWireBytes) bytes on the wire (chunk sizes and extensions).")
                return answerMidBody(problem, context, socket: state.watched.socket)
            }
            guard context.requestBytes <= configuration.maxBodyBytes else {
                // Coded or not, no more than the limit is read: a gzip body that inflates to
                // little could otherwise be sent forever.
                context.dropLargeBody()
                let problem = RequestFraming.tooLarge(
                    configuration, detail: "The body exceeds the limit of \(configuration.maxBodyBytes) bytes as sent.")
                return answerMidBody(problem, context, socket: state.watched.socket)
            }
            if let decoder = context.decoder {
                // The limit is on the decoded body, checked while it is decoded; so is its memory.
                let limit = configuration.maxBodyBytes
                do throws(GzipDecoder.Failure) {
                    try decoder.decompress(upload, into: &context.body, limit: limit) { body, count in
                        context.makeRoom(in: &body, for: count, limit: limit)
                    }
                    return .proceed
                } catch {
                    context.dropLargeBody()
                    let problem =
                        switch error {
                        case .tooLarge:
                            RequestFraming.tooLarge(configuration, detail: "The body decompresses to more than the limit of \(limit) bytes.")
                        case .noRoom: memory.problem()
                        case .corrupt: HTTPProblem(status: 400, detail: "The body is not valid gzip (Content-Encoding: gzip).")
                        }
                    return answerMidBody(problem, context, socket: state.watched.socket)
                }
            }
            guard context.body.count + size <= configuration.maxBodyBytes else {
                context.dropLargeBody()
                let problem = RequestFraming.tooLarge(configuration, detail: "The body exceeds the limit of \(configuration.maxBodyBytes) bytes.")
                return answerMidBody(problem, context, socket: state.watched.socket)
            }
            guard context.makeRoom(in: &context.body, for: context.body.count + size, limit: configuration.maxBodyBytes) else {
                context.dropLargeBody()
                return answerMidBody(memory.problem(), context, socket: state.watched.socket)
            }
            context.body.append(contentsOf: upload.assumingMemoryBound(to: UInt8.self))
            return .proceed
        case .body:
            admitOnTrial(state.watched)
            watchdog.requestArrived(state.watched)
            if let problem = context.pendingProblem {
                return answer(problem, context, connection, close: false)
            }
            if let decoder = context.decoder, !decoder.isFinished {
                let problem = HTTPProblem(status: 400, detail: "The gzip body ends before its end (Content-Encoding: gzip).")
                return answer(problem, context, connection, close: true)
            }
            if context.chunkedFromByte != nil, let problem = RequestFraming.checkTrailer(connection, configuration) {
                return answer(problem, context, connection, close: true)
            }
            return respond(context, connection)
        }
    }

    /// The head is in and sound: route it, and refuse what can be refused before the body.
    private func route(_ context: RequestContext, _ connection: MHDConnection, framing: RequestFraming) -> AccessResult {
        let problem: HTTPProblem
        switch router.match(method: context.method, path: context.path) {
        case .notFound:
            problem = HTTPProblem(status: 404, detail: "There is no resource at \(ASCII.quoted(context.path)).")
        case .methodNotAllowed(let allow, let pathIndex):
            context.pathIndex = pathIndex
            if context.method == "OPTIONS", framing.body == .none,
                let preflight = preflightRoute(connection, path: context.path, allow: allow, pathIndex: pathIndex)
            {
                context.route = preflight
                return .proceed
            }
            problem = HTTPProblem(
                status: 405, detail: "\(ASCII.quoted(context.path)) does not take \(ASCII.quoted(context.method)); it takes \(allow).",
                headers: [HTTPHeader("Allow", allow)])
        case .route(let route):
            context.route = route
            context.pathIndex = route.pathIndex
            guard let mediaType = route.consumes else { return .proceed }
            let accepted = connection.withValue(.header, "Content-Type") { value in
                value.map { MediaType.matches($0[...], mediaType) } ?? false
            }
            guard !accepted else {
                if framing.gzip, !context.startDecoding() { return answer(memory.problem(), context, connection, close: true) }
                if case .length(let length) = framing.body,
                    // One allocation for typical bodies; capped so that clients announcing large
                    // bodies and then stalling cannot make the server reserve memory for them.
                    !context.makeRoom(in: &context.body, for: min(length, 64 * 1024), limit: configuration.maxBodyBytes)
                {
                    return answer(memory.problem(), context, connection, close: true)
                }
                return .proceed
            }
            let found = connection.value(.header, "Content-Type").map { "Content-Type \(ASCII.quoted($0))" } ?? "no Content-Type"
            problem = HTTPProblem(
                status: 415, detail: "\(context.method) \(ASCII.quoted(context.path)) takes \(mediaType), but the request has \(found).",
                headers: [HTTPHeader("Accept-Post", mediaType)])
        }
        guard framing.body != .none else {
            // Nothing to skip: answer once libmicrohttpd says the request is complete, and keep
            // the connection.
            context.pendingProblem = problem
            return .proceed
        }
        // The body is never read; libmicrohttpd closes the connection after the answer (and
        // skips `100 Continue`).
        return answer(problem, context, connection, close: true)
    }

    /// The request is complete: run its handler, here or, for a large body, on the handler
    /// pool while the connection is suspended. Its worker calls this again once the pool has
    /// resumed it, and the answer is then ready.
    private func respond(_ context: RequestContext, _ connection: MHDConnection) -> AccessResult {
        if let handled = context.handled {
            context.handled = nil
            return queueEncoded(handled, context, connection, close: false)
        }
        if context.clientGone { return .closeNow }
        guard let route = context.route else { return .closeNow }
        if let threshold = configuration.offloadBodyBytes, context.body.count >= threshold {
            let request = SuspendedRequest(
                server: self, context: context, connection: connection, route: route,
                socket: connection.socket)
            do {
                try handlerPool.run(request, debt: context.handlerDebt) { connection.suspend() }
                return .proceed
            } catch .full {
                let problem = HTTPProblem(
                    status: 503, detail: "The server has \(configuration.offloadQueueLimit) large requests waiting already; try again shortly.",
                    members: [.init("limit", configuration.offloadQueueLimit)], headers: [HTTPHeader("Retry-After", "1")])
                return answer(problem, context, connection, close: false)
            } catch {
                // Stopping: the pool takes no more, and the handler runs here.
            }
        }
        return queue(runHandler(route, context, connection), context, connection, close: false)
    }

    /// Runs the route's handler on the request in `context`. The request takes the body and
    /// gives it back afterwards, so that its buffer serves the connection's next request.
    func runHandler(_ route: Router.Route, _ context: RequestContext, _ connection: MHDConnection) -> HTTPResponse {
        var request = HTTPRequest(
            method: context.method, path: context.path, body: context.body, connection: connection, memory: context.memory,
            repeatsFieldNames: context.repeatsFieldNames)
        context.body = []
        let response: HTTPResponse
        HandlerThreadMark.set(true)
        defer { HandlerThreadMark.set(false) }
        do {
            response = try route.handler(request)
        } catch {
            response = problems.response(for: error)
        }
        swap(&context.body, &request.body)
        // Read and decoded: a large body is not kept while its answer is sent.
        context.dropLargeBody()
        return response
    }

    /// The client's `X-Request-Id` when it is a sane token, or a new one.
    func requestId(_ given: String?) -> String {
        if let given, (1...128).contains(given.utf8.count),
            given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        {
            return given
        }
        let sequence = requestSequence.wrappingAdd(1, ordering: .relaxed).newValue
        return Self.requestId(prefix: requestIdPrefix, sequence: sequence)
    }

    /// `prefix-sequence`, the sequence in lowercase hexadecimal, written in one pass: joining
    /// the parts and `String(_:radix:)` were 1.6% of a `/healthz` request's time. Up to 15
    /// bytes (a sequence below 16^6), the text is a small string, on no heap.
    static func requestId(prefix: String, sequence: UInt64) -> String {
        let digits = max(1, (67 - sequence.leadingZeroBitCount) / 4)
        let prefixBytes = prefix.utf8.count
        return String(unsafeUninitializedCapacity: prefixBytes + 1 + digits) { buffer in
            _ = buffer.initialize(from: prefix.utf8)
            buffer[prefixBytes] = UInt8(ascii: "-")
            var rest = sequence
            for index in stride(from: prefixBytes + digits, to: prefixBytes, by: -1) {
                let digit = UInt8(truncatingIfNeeded: rest & 0xF)
                buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                rest >>= 4
            }
            return prefixBytes + 1 + digits
        }
    }
}
