import CMicroHTTPDShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// A connection's life: opened (or refused past the limit), its requests begun and
// completed one after another, closed.
extension HTTPServer {
    func connectionStarted(socket: Int32) -> ConnectionState {
        let open = metrics.openConnections.wrappingAdd(1, ordering: .relaxed).newValue
        connectionsStarted.wrappingAdd(1, ordering: .releasing)
        let refused = open > configuration.connectionLimit
        if refused {
            // The whole answer fits the new socket's buffer; libmicrohttpd then finds the socket
            // shut and closes it at once, without calling anything else of ours.
            metrics.connectionsRefused.wrappingAdd(1, ordering: .relaxed)
            _ = refusal.withUnsafeBytes { cmhd_send_nonblocking(socket, $0.baseAddress, $0.count) }
            _ = cmhd_shutdown(socket, Int32(SHUT_RDWR))
        }
        return ConnectionState(watched: watchdog.opened(socket: socket, refused: refused))
    }

    func connectionClosed(_ state: ConnectionState) {
        metrics.openConnections.wrappingSubtract(1, ordering: .relaxed)
        watchdog.closed(state.watched)
    }

    /// A request line has arrived (`target` still percent-encoded): a request begins.
    func requestLineArrived(_ state: ConnectionState, uri target: UnsafePointer<CChar>?) {
        watchdog.requestLineArrived(state.watched)
        state.request.start(rawTarget: target, unmatchedIndex: metrics.routeLabels.count - 1)
        metrics.requestsInFlight.add(1, ordering: .relaxed)
    }

    /// The request is over (answered, or the connection went): count it, and log it if asked.
    func requestCompleted(_ state: ConnectionState) {
        let context = state.request
        watchdog.answered(state.watched)
        guard context.phase != .idle else { return }
        defer { context.end() }
        metrics.requestsInFlight.subtract(1, ordering: .releasing)
        memory.requestFinished()
        let elapsed = monotonicNanoseconds() &- context.startNanoseconds
        metrics.record(route: context.pathIndex, status: context.status, nanoseconds: elapsed,
                       requestBytes: context.requestBytes, responseBytes: context.responseBytes)
        guard configuration.accessLog else { return }
        logger.log(.request(HTTPAccessRecord(
            method: context.method, path: context.path, status: context.status, requestBytes: context.requestBytes,
            responseBytes: context.responseBytes, durationMicroseconds: Int(elapsed / 1_000),
            requestId: context.requestId, problemType: context.problemType)))
    }
}
