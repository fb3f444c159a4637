// A connection's life: opened (or refused past the limit), its requests begun and
// completed one after another, closed.
extension HTTPServer {
    func connectionStarted(socket: ConnectionSocket) -> ConnectionState {
        let open = metrics.openConnections.wrappingAdd(1, ordering: .relaxed).newValue
        connectionsStarted.wrappingAdd(1, ordering: .releasing)
        let overLimit = open > configuration.connectionLimit
        let draining = draining.load(ordering: .acquiring)
        // As nginx does: at the limit, a slow or idle connection makes room for the new one.
        // When none may go, the new one is on trial: its head, once in, tries again
        // (`admitOnTrial`); one that sends none is refused at the trial's end.
        var onTrial = false
        var refused = overLimit && draining
        if overLimit && !draining {
            if watchdog.closeLongestIdle() {
                metrics.idleConnectionsClosed.wrappingAdd(1, ordering: .relaxed)
            } else if connectionsOnTrial.wrappingAdd(1, ordering: .relaxed).newValue <= configuration.trialLimit
                || watchdog.closeLongestOnTrial()
            {
                // Within the trial limit, or past it with the trial of a trickler ended for it.
                onTrial = true
            } else {
                // So many on trial already, each for less than 100 ms, that the new one is told
                // at once, and its slot freed.
                connectionsOnTrial.wrappingSubtract(1, ordering: .relaxed)
                refused = true
            }
        }
        if refused {
            // The whole answer fits the new socket's buffer; libmicrohttpd then finds the socket
            // shut and closes it at once, without calling anything else of ours.
            metrics.connectionsRefused.wrappingAdd(1, ordering: .relaxed)
            refusal.withUnsafeBytes { sendWhole($0, to: socket, thenShutDown: .readAndWrite) }
        }
        let connectionMemory = ConnectionMemory(account: memory)
        memory.count(configuration.connectionBytes, .connection, for: connectionMemory)
        return ConnectionState(watched: watchdog.opened(socket: socket, refused: refused, onTrial: onTrial), memory: connectionMemory)
    }

    /// A connection on trial has sent its whole request: it is served, and a slow or idle
    /// connection, if one may go, closed to bring the count back to the limit. So past the
    /// limit, only connections that sent whole requests are served, at most `trialLimit` of them.
    func admitOnTrial(_ watched: ConnectionWatchdog.Watched) {
        guard watched.onTrial.load(ordering: .relaxed) else { return }
        watched.onTrial.store(false, ordering: .relaxed)
        connectionsOnTrial.wrappingSubtract(1, ordering: .relaxed)
        if watchdog.closeLongestIdle() { metrics.idleConnectionsClosed.wrappingAdd(1, ordering: .relaxed) }
    }

    func connectionClosed(_ state: ConnectionState) {
        // libmicrohttpd skips the completion callback where it gives up on a request before
        // our handler saw it (its 414 and 431, a head larger than its memory): the request
        // ends here, so that every request that began is counted as ended.
        if state.request.phase != .idle { requestCompleted(state) }
        if state.watched.onTrial.load(ordering: .relaxed) { connectionsOnTrial.wrappingSubtract(1, ordering: .relaxed) }
        state.request.dropLargeBody()
        memory.release(configuration.connectionBytes, .connection, for: state.request.memory)
        metrics.openConnections.wrappingSubtract(1, ordering: .relaxed)
        watchdog.closed(state.watched)
    }

    /// A request line has arrived (`target` still percent-encoded): a request begins.
    /// `target` is lent for the call (empty when libmicrohttpd gave none).
    func requestLineArrived(_ state: ConnectionState, target: UnsafeBufferPointer<UInt8>) {
        watchdog.requestLineArrived(state.watched)
        state.request.start(rawTarget: target, unmatchedIndex: metrics.routeLabels.count - 1)
        metrics.requestsInFlight.add(1, ordering: .relaxed)
        if state.request.targetQueryParameters > configuration.maxQueryParameters {
            // Answered now: libmicrohttpd would run out of memory on them before our handler.
            let count = state.request.targetQueryParameters, limit = configuration.maxQueryParameters
            let problem = HTTPProblem(
                status: 400, detail: "The request target has \(count) query parameters; the limit is \(limit).",
                members: [.init("limit", limit)])
            answerDirectly(problem, state.request, socket: state.watched.socket, then: .readAndWrite)
        }
    }

    /// The request is over (answered, or the connection went): count it, and log it if asked.
    func requestCompleted(_ state: ConnectionState) {
        let context = state.request
        watchdog.answered(state.watched)
        guard context.phase != .idle else { return }
        defer { context.end() }
        metrics.requestsInFlight.subtract(1, ordering: .releasing)
        idleTrim.requestFinished()
        let elapsed = monotonicNanoseconds() &- context.startNanoseconds
        metrics.record(
            route: context.pathIndex, status: context.status, nanoseconds: elapsed,
            requestBytes: context.requestBytes, responseBytes: context.responseBytes)
        guard configuration.accessLog else { return }
        logger.log(
            .request(
                HTTPAccessRecord(
                    method: context.method, path: context.path, status: context.status, requestBytes: context.requestBytes,
                    responseBytes: context.responseBytes, durationMicroseconds: Int(elapsed / 1_000),
                    requestId: context.requestId, problemType: context.problemType)))
    }
}
