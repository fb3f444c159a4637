import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Closes connections that take too long, and closes idle ones when the server stops.
///
/// libmicrohttpd's connection timeout is an idle timeout that restarts on every byte, so a
/// client trickling its request a byte a second keeps a connection (and, enough of them, the
/// whole connection limit) forever. The watchdog gives each connection two deadlines instead:
/// its request head (from the connection's start, or from a kept-alive connection's next
/// request line) and its whole request (from the connection's start or its previous answer).
/// Past either, the socket is shut down, which libmicrohttpd notices as the client going away.
///
/// The request path only touches its own connection's atomics; the registry's lock is taken
/// when connections open and close, and by the sweep, four times a second.
///
/// The watchdog acts on raw descriptors from its own thread, and they stay safe by one rule,
/// written at `Watched.socket`: a connection leaves the registry, under its lock, before
/// libmicrohttpd closes its socket.
final class ConnectionWatchdog: Sendable {
    /// One per connection, kept in the connection's `ConnectionState`.
    final class Watched: Sendable {
        enum Phase: UInt8 {
            /// No request line yet: a new connection, or a kept-alive one between requests.
            case idle
            /// A request is arriving.
            case receiving
            /// The request is complete and being answered.
            case answering
        }

        /// The connection's socket, which libmicrohttpd owns and closes. The watchdog shuts it
        /// down and asks it for unread bytes from its own thread, so it must never act on the
        /// number after libmicrohttpd has closed it: by then the kernel may have handed the same
        /// number to a new connection, or to any file, and the watchdog would cut that instead.
        ///
        /// The rule that prevents it: libmicrohttpd calls the notify-connection callback with
        /// `MHD_CONNECTION_NOTIFY_CLOSED` before it closes the socket (0.9.75's
        /// `MHD_cleanup_connections`: notify, then `MHD_socket_close_chk_`), and that callback
        /// (`HTTPServer.connectionClosed`) calls `closed(_:)`, which drops the connection from the
        /// registry under the lock every action on a socket holds. So an action either runs before
        /// the drop, while the descriptor is still this connection's, or finds it gone. Nothing
        /// else of the watchdog's keeps a `Watched` beyond the lock, and the connection's own
        /// callbacks use the socket only while libmicrohttpd holds the connection open.
        let socket: ConnectionSocket
        /// Over the connection limit while the server stops: told 503, and closed at its
        /// (short) head deadline.
        let refused: Bool
        /// Over the connection limit, on trial: it has a second to send a whole request, which
        /// is then served (closing a slow or idle connection to make room, if one may go). Past
        /// the second it is told 503 and closed (`sweep`). So slots go to clients that send their
        /// requests, not to those that reconnect fastest (tricklers reopening as soon as they are
        /// closed, whose heads come at once and bodies never).
        let onTrial: Atomic<Bool>
        /// Monotonic nanoseconds after which the connection is closed; 0 for none.
        let headDueBy: Atomic<UInt64>
        let requestDueBy: Atomic<UInt64>
        /// When the connection opened or last finished an answer.
        let idleSince: Atomic<UInt64>
        /// Closed to make room for a new connection (its close is on its way).
        let evicted = Atomic<Bool>(false)
        /// When the request in progress began (its request line arrived); 0 between requests.
        let requestSince = Atomic<UInt64>(0)
        /// Whether the request in progress has its head in (its body is arriving).
        let headIn = Atomic<Bool>(false)
        /// Body bytes received, and the count and time at the start of the current window of
        /// the minimum rate (`ConnectionWatchdog.minimumBodyRate`).
        let bodyBytes = Atomic<Int>(0)
        let windowBytes = Atomic<Int>(0)
        let windowSince = Atomic<UInt64>(0)
        /// While answering: the bytes the client had acknowledged when the current window of
        /// the reading floor began (`ConnectionWatchdog.readFloorBytes`), and when it began.
        let readWindowAcked = Atomic<Int>(0)
        let readWindowSince = Atomic<UInt64>(0)
        private let phaseValue = Atomic<UInt8>(Phase.idle.rawValue)

        init(socket: ConnectionSocket, refused: Bool, onTrial: Bool, headDueBy: UInt64, requestDueBy: UInt64, now: UInt64) {
            self.socket = socket
            self.refused = refused
            self.onTrial = Atomic(onTrial)
            self.headDueBy = Atomic(headDueBy)
            self.requestDueBy = Atomic(requestDueBy)
            idleSince = Atomic(now)
        }

        var phase: Phase {
            get { Phase(rawValue: phaseValue.load(ordering: .relaxed)) ?? .idle }
            set { phaseValue.store(newValue.rawValue, ordering: .relaxed) }
        }
    }

    private let headNanoseconds: UInt64
    private let requestNanoseconds: UInt64
    /// The reading floor's window: an answer whose client takes less than `readFloorBytes` of
    /// it in one (the first is the grace) is closed.
    private let readWindowNanoseconds: UInt64
    private let connections = PthreadLocked<[ObjectIdentifier: Watched]>([:])
    private let stopping = StopFlag()
    private let thread = Mutex<pthread_t?>(nil)
    /// Called after every sweep, on the watchdog's thread.
    private let afterSweep: @Sendable () -> Void
    /// Called for each connection closed for its slow body, on the watchdog's thread.
    private let slowClosed: @Sendable () -> Void
    /// Whether memory is short, which shortens the minimum rate's window.
    private let memoryIsShort: @Sendable () -> Bool
    /// Tells a connection on trial that sent no head in time that it is refused, under the
    /// registry's lock, before the sweep shuts it down.
    private let trialExpired: @Sendable (ConnectionSocket) -> Void
    /// Where a socket call that fails for a reason other than a client gone is reported.
    private let logger: (any HTTPServerLogger)?

    /// A timeout of 0 turns that deadline off.
    init(
        headerTimeoutSeconds: Int, requestTimeoutSeconds: Int, readWindowSeconds: Int = 10, logger: (any HTTPServerLogger)? = nil,
        slowClosed: @escaping @Sendable () -> Void = {}, memoryIsShort: @escaping @Sendable () -> Bool = { false },
        trialExpired: @escaping @Sendable (ConnectionSocket) -> Void = { _ in }, afterSweep: @escaping @Sendable () -> Void
    ) {
        self.slowClosed = slowClosed
        self.trialExpired = trialExpired
        readWindowNanoseconds = UInt64(max(0, readWindowSeconds)) * 1_000_000_000
        self.memoryIsShort = memoryIsShort
        headNanoseconds = UInt64(max(0, headerTimeoutSeconds)) * 1_000_000_000
        requestNanoseconds = UInt64(max(0, requestTimeoutSeconds)) * 1_000_000_000
        self.logger = logger
        self.afterSweep = afterSweep
    }

    /// Starts the sweep, four times a second, on a thread of its own.
    func start() {
        thread.withLock { thread in
            guard thread == nil else { return }
            stopping.lower()
            thread = startThread { [self] in
                while !stopping.sleep(nanoseconds: 250_000_000) {
                    sweep(now: monotonicNanoseconds(), memoryIsShort: memoryIsShort(), onSlow: slowClosed)
                    afterSweep()
                }
            }
        }
    }

    func stop() {
        stopping.raise()
        if let running = thread.withLock({ thread -> pthread_t? in
            defer { thread = nil }; return thread
        }) {
            pthread_join(running, nil)
        }
    }

    /// Registers a new connection; `refused` ones get one second to read their 503, and ones
    /// `onTrial` a second to send a whole request.
    func opened(socket: ConnectionSocket, refused: Bool, onTrial: Bool = false, now: UInt64 = monotonicNanoseconds()) -> Watched {
        let head = refused || onTrial ? Self.trialNanoseconds : headNanoseconds
        let request = onTrial ? Self.trialNanoseconds : requestNanoseconds
        let watched = Watched(
            socket: socket, refused: refused, onTrial: onTrial,
            headDueBy: head == 0 ? 0 : now + head,
            requestDueBy: request == 0 ? 0 : now + request, now: now)
        connections.withLock { $0[ObjectIdentifier(watched)] = watched }
        return watched
    }

    /// The connection is closing: called from libmicrohttpd's closed notification, before it
    /// closes the socket (see `Watched.socket`); the watchdog never touches the socket again.
    func closed(_ watched: Watched) {
        connections.withLock { connections in
            // Absent only for a connection closed twice, which libmicrohttpd never does.
            let removed = connections.removeValue(forKey: ObjectIdentifier(watched))
            assert(removed != nil, "a connection was closed twice")
        }
    }

    /// A request line arrived: a kept-alive connection now owes the rest of the head.
    func requestLineArrived(_ watched: Watched, now: UInt64 = monotonicNanoseconds()) {
        watched.phase = .receiving
        watched.requestSince.store(now, ordering: .relaxed)
        watched.headIn.store(false, ordering: .relaxed)
        if headNanoseconds > 0 && watched.headDueBy.load(ordering: .relaxed) == 0 {
            watched.headDueBy.store(now + headNanoseconds, ordering: .relaxed)
        }
    }

    func headArrived(_ watched: Watched, now: UInt64 = monotonicNanoseconds()) {
        watched.headDueBy.store(0, ordering: .relaxed)
        watched.bodyBytes.store(0, ordering: .relaxed)
        watched.windowBytes.store(0, ordering: .relaxed)
        watched.windowSince.store(now, ordering: .relaxed)
        watched.headIn.store(true, ordering: .relaxed)
    }

    /// `count` more bytes of the body arrived.
    func bodyArrived(_ watched: Watched, count: Int) {
        watched.bodyBytes.wrappingAdd(count, ordering: .relaxed)
    }

    /// The request is complete: it is ours to answer now, whatever the deadline.
    func requestArrived(_ watched: Watched, now: UInt64 = monotonicNanoseconds()) {
        watched.phase = .answering
        watched.requestSince.store(0, ordering: .relaxed)
        // The count acknowledged so far is read by the first sweep that sees the answer (no
        // system call on the request path): the first window, the grace, starts then.
        watched.readWindowAcked.store(-1, ordering: .relaxed)
        watched.readWindowSince.store(now, ordering: .relaxed)
        watched.headDueBy.store(0, ordering: .relaxed)
        watched.requestDueBy.store(0, ordering: .relaxed)
    }

    /// The answer is out: the next request is due within the request timeout.
    func answered(_ watched: Watched, now: UInt64 = monotonicNanoseconds()) {
        watched.phase = .idle
        watched.requestSince.store(0, ordering: .relaxed)
        watched.idleSince.store(now, ordering: .relaxed)
        watched.headDueBy.store(0, ordering: .relaxed)
        watched.requestDueBy.store(requestNanoseconds == 0 ? 0 : now + requestNanoseconds, ordering: .relaxed)
    }

    /// How long a connection on trial (or refused) is kept.
    static let trialNanoseconds: UInt64 = 1_000_000_000

    /// Whether `deadline` (0: none) has passed.
    static func isOverdue(_ deadline: UInt64, now: UInt64) -> Bool {
        deadline != 0 && now > deadline
    }

    /// The least a body must deliver in each window of `rateWindowNanoseconds`, as nginx's
    /// `client_body_timeout` and Apache's `mod_reqtimeout` `MinRate` ask: a phone uploading at
    /// 32 KiB/s passes easily; a body stalled a byte short of its end is closed within two
    /// windows instead of holding its memory until the request deadline.
    /// The window is 5 s, and 1 s while memory is short (the account over half full), when a
    /// stalled body holds what others wait for.
    static let minimumBodyRate = 1024
    static let rateWindowNanoseconds: UInt64 = 5_000_000_000
    static let shortRateWindowNanoseconds: UInt64 = 1_000_000_000

    /// Whether a body has delivered less than the minimum rate over its last full window;
    /// starts the next window when one has passed.
    private static func isBelowRate(_ watched: Watched, now: UInt64, window: UInt64) -> Bool {
        guard watched.phase == .receiving, watched.headIn.load(ordering: .relaxed) else { return false }
        let since = watched.windowSince.load(ordering: .relaxed)
        guard now >= since, now - since >= window else { return false }
        let bytes = watched.bodyBytes.load(ordering: .relaxed)
        let delivered = bytes - watched.windowBytes.load(ordering: .relaxed)
        watched.windowBytes.store(bytes, ordering: .relaxed)
        watched.windowSince.store(now, ordering: .relaxed)
        return UInt64(delivered) * 1_000_000_000 < UInt64(minimumBodyRate) * (now - since)
    }

    /// Whether a body has arrived slower than the minimum rate since its window began, a
    /// second ago at least: at the connection limit, such a connection makes room for a new one.
    private static func isBodySlow(_ watched: Watched, now: UInt64) -> Bool {
        let since = watched.windowSince.load(ordering: .relaxed)
        guard now >= since, now - since >= 1_000_000_000 else { return false }
        let delivered = watched.bodyBytes.load(ordering: .relaxed) - watched.windowBytes.load(ordering: .relaxed)
        return UInt64(max(0, delivered)) * 1_000_000_000 < UInt64(minimumBodyRate) * (now - since)
    }

    /// The least a client must take of its answer in each reading window: 1 KiB/s over 10 s.
    /// A phone on a weak network reads at 32 KiB/s; a client that stops reading entirely is
    /// closed by libmicrohttpd's idle timeout already, one that reads a few bytes now and then
    /// (keeping a whole answer held) by this.
    static let readFloorBytesPerSecond = 1024

    /// Whether an answer's client took less than the floor over its last full window; starts
    /// the next window when one has passed. The socket is read under the registry's lock.
    private func isReadBelowFloor(_ watched: Watched, now: UInt64) -> Bool {
        guard readWindowNanoseconds > 0, watched.phase == .answering else { return false }
        let since = watched.readWindowSince.load(ordering: .relaxed)
        let windowStart = watched.readWindowAcked.load(ordering: .relaxed)
        if windowStart < 0 {
            watched.readWindowAcked.store(watched.socket.bytesAcknowledged() ?? 0, ordering: .relaxed)
            watched.readWindowSince.store(now, ordering: .relaxed)
            return false
        }
        guard now >= since, now - since >= readWindowNanoseconds, let acked = watched.socket.bytesAcknowledged() else { return false }
        let taken = acked - windowStart
        watched.readWindowAcked.store(acked, ordering: .relaxed)
        watched.readWindowSince.store(now, ordering: .relaxed)
        return UInt64(max(0, taken)) * 1_000_000_000 < UInt64(Self.readFloorBytesPerSecond) * (now - since)
    }

    /// Shuts down every connection past a deadline, or whose body arrives slower than the
    /// minimum rate (`onSlow` counts those); returns how many.
    @discardableResult
    func sweep(now: UInt64, memoryIsShort: Bool = false, onSlow: () -> Void = {}) -> Int {
        let window = memoryIsShort ? Self.shortRateWindowNanoseconds : Self.rateWindowNanoseconds
        return connections.withLock { connections in
            var closed = 0
            for watched in connections.values {
                let slow = Self.isBelowRate(watched, now: now, window: window) || isReadBelowFloor(watched, now: now)
                guard
                    slow || Self.isOverdue(watched.headDueBy.load(ordering: .relaxed), now: now)
                        || Self.isOverdue(watched.requestDueBy.load(ordering: .relaxed), now: now)
                else { continue }
                if slow { onSlow() }
                if watched.onTrial.load(ordering: .relaxed) { trialExpired(watched.socket) }
                // Its result does not matter here: a socket whose client has gone is closing
                // already, and a failure is logged.
                _ = shutDown(watched)
                // Once is enough: libmicrohttpd closes it and reports it closed.
                watched.headDueBy.store(0, ordering: .relaxed)
                watched.requestDueBy.store(0, ordering: .relaxed)
                closed += 1
            }
            return closed
        }
    }

    /// Shuts down a connection to make room for a new one; false when none may go. Each is
    /// chosen once. First the one whose request has taken longest, for `slowHeadFor` at least,
    /// with its head still arriving (a client's head arrives in one segment; one still arriving
    /// after a second is trickled) or its body slower than the minimum rate;
    /// else the one between requests (or waiting for its first) the longest, for `idleFor`
    /// at least. The minimum spares a keep-alive client between two requests, whose next one
    /// may already be on its way: cut off then, a request fully written would go unanswered.
    func closeLongestIdle(
        idleFor: UInt64 = 1_000_000_000, slowHeadFor: UInt64 = 1_000_000_000, now: UInt64 = monotonicNanoseconds()
    ) -> Bool {
        connections.withLock { connections in
            var longest: Watched?
            var oldest = UInt64.max
            var slowest: Watched?
            var slowestSince = UInt64.max
            for watched in connections.values
            where !watched.refused && !watched.onTrial.load(ordering: .relaxed) && !watched.evicted.load(ordering: .relaxed) {
                let requestSince = watched.requestSince.load(ordering: .relaxed)
                if watched.phase == .receiving, requestSince != 0, now >= requestSince, now - requestSince >= slowHeadFor,
                    requestSince < slowestSince, !watched.headIn.load(ordering: .relaxed) || Self.isBodySlow(watched, now: now)
                {
                    (slowest, slowestSince) = (watched, requestSince)
                    continue
                }
                let idleSince = watched.idleSince.load(ordering: .relaxed)
                if watched.phase == .idle, now >= idleSince, now - idleSince >= idleFor, idleSince < oldest,
                    Self.hasNothingUnread(watched.socket)
                {
                    (longest, oldest) = (watched, idleSince)
                }
            }
            guard let longest = slowest ?? longest else { return false }
            longest.evicted.store(true, ordering: .relaxed)
            return shutDown(longest)
        }
    }

    /// Closes the connection on trial the longest, for `onTrialFor` at least, to make room for
    /// another on trial (told 503 first): a client's request arrives within milliseconds of its
    /// connection, so one still incomplete after that is a trickler's. False when none is.
    func closeLongestOnTrial(onTrialFor: UInt64 = 100_000_000, now: UInt64 = monotonicNanoseconds()) -> Bool {
        connections.withLock { connections in
            var longest: Watched?
            var since = UInt64.max
            for watched in connections.values where watched.onTrial.load(ordering: .relaxed) && !watched.evicted.load(ordering: .relaxed) {
                let opened = watched.idleSince.load(ordering: .relaxed)
                if now >= opened, now - opened >= onTrialFor, opened < since { (longest, since) = (watched, opened) }
            }
            guard let longest else { return false }
            longest.evicted.store(true, ordering: .relaxed)
            trialExpired(longest.socket)
            return shutDown(longest)
        }
    }

    /// Shuts down every connection that has been between requests for `idleFor` with nothing
    /// unread, so that a stopping server waits only for requests in flight. A busy keep-alive
    /// client is not cut off between two requests: it gets `Connection: close` on its next
    /// answer instead. Returns how many.
    @discardableResult
    func closeIdleConnections(idleFor: UInt64 = 100_000_000, now: UInt64 = monotonicNanoseconds()) -> Int {
        connections.withLock { connections in
            var closed = 0
            for watched in connections.values
            where watched.phase == .idle && now &- watched.idleSince.load(ordering: .relaxed) >= idleFor
                && now >= watched.idleSince.load(ordering: .relaxed) && Self.hasNothingUnread(watched.socket)
            {
                // Counted either way: a socket whose client has gone is closing already, and a
                // failure is logged.
                _ = shutDown(watched)
                closed += 1
            }
            return closed
        }
    }

    /// Shuts a registered connection's socket down both ways, under the registry's lock (the
    /// caller's), which is what keeps the descriptor this connection's (`Watched.socket`).
    /// True when it is shut or closing already (its client gone: `ENOTCONN`); a failure of any
    /// other kind would be a bug of ours, and is logged.
    private func shutDown(_ watched: Watched) -> Bool {
        do throws(SystemCallError) {
            try watched.socket.shutDown(.readAndWrite)
            return true
        } catch  where error.errno == ENOTCONN {
            return true
        } catch {
            logger?.log(.warning("while closing a connection: \(error)"))
            return false
        }
    }

    /// Nothing unread on the socket. One that cannot tell (an error) counts as busy, and is
    /// left alone: libmicrohttpd finds out what is wrong with it when it next reads.
    private static func hasNothingUnread(_ socket: ConnectionSocket) -> Bool {
        do throws(SystemCallError) {
            return try socket.unreadBytes() == 0
        } catch {
            return false
        }
    }
}
