import Synchronization

/// Every byte the server holds for its clients, by kind, against one budget
/// (`HTTPServerConfiguration.maxMemoryBytes`): libmicrohttpd's memory per connection, request
/// bodies as they arrive, what handlers build from them (`HeldMemory`), and answers until
/// libmicrohttpd has sent or dropped them (`AnswerHold`), and the caches the application keeps
/// across requests, at their bound, from the start (`HTTPServerConfiguration.cacheBytes`).
///
/// Memory is reserved before it is taken; a reservation refused becomes a 503 with
/// `Retry-After`, and nothing was allocated for it. Each connection has a share
/// (`HTTPServerConfiguration.connectionShareBytes`) that it may pass only while the account is
/// under half full: one client can use idle memory, but not hold more than its share while
/// memory runs short for the others.
///
/// Every operation is a few relaxed atomic adds: no lock on the request path.
final class MemoryAccount: Sendable {
    /// What the bytes are; `/metrics` shows each (`memory_bytes_held{kind=…}`).
    enum Kind: Int, CaseIterable, Sendable {
        /// libmicrohttpd's per-connection memory, the body buffer a connection keeps, and the
        /// answers too small to count one by one: a fixed sum per open connection.
        case connection
        /// Request bodies as they arrive (decoded from gzip where coded), at their capacity.
        case body
        /// What handlers build from a request and keep while they answer (`HeldMemory`).
        case decoded
        /// Answers queued and not yet sent or dropped: bodies, or streams' pieces and state.
        case answer
        /// What the application keeps across requests, bounded by its own means (the service's
        /// locale formatters and time zones): their bound, counted once at the start, so that
        /// clients share what is left.
        case cache

        var label: String {
            switch self {
            case .connection: "connection"
            case .body: "body"
            case .decoded: "decoded"
            case .answer: "answer"
            case .cache: "cache"
            }
        }
    }

    let limit: Int
    let share: Int
    let total = Atomic<Int>(0)
    /// The highest total reserved since the start: never past `limit` but by what `count` adds.
    let peak = Atomic<Int>(0)
    /// Reservations refused: each became a 503.
    let refusals = Atomic<Int>(0)
    private let byKind = AtomicCounters(count: Kind.allCases.count)

    /// `cached` bytes (`Kind.cache`) are counted from the start and never freed.
    init(limit: Int, share: Int, cached: Int = 0) {
        self.limit = limit
        self.share = share
        let cached = max(0, cached)
        total.store(cached, ordering: .relaxed)
        peak.store(cached, ordering: .relaxed)
        byKind.add(cached, at: Kind.cache.rawValue)
    }

    /// Counts `bytes` of `kind` for `connection`, or refuses (false, nothing counted): when the
    /// total would pass the limit, or the connection its share while the account is over half full.
    func reserve(_ bytes: Int, _ kind: Kind, for connection: ConnectionMemory) -> Bool {
        guard bytes > 0 else { return true }
        let total = total.wrappingAdd(bytes, ordering: .relaxed).newValue
        let mine = connection.held.wrappingAdd(bytes, ordering: .relaxed).newValue
        if total > limit || (mine > share && total > limit / 2) {
            self.total.wrappingSubtract(bytes, ordering: .relaxed)
            connection.held.wrappingSubtract(bytes, ordering: .relaxed)
            refusals.wrappingAdd(1, ordering: .relaxed)
            return false
        }
        byKind.add(bytes, at: kind.rawValue)
        var seen = peak.load(ordering: .relaxed)
        while total > seen {
            let (exchanged, now) = peak.compareExchange(expected: seen, desired: total, ordering: .relaxed)
            if exchanged { break }
            seen = now
        }
        return true
    }

    /// Counts `bytes` without refusing: for memory bounded by other means (the connection limit).
    func count(_ bytes: Int, _ kind: Kind, for connection: ConnectionMemory) {
        total.wrappingAdd(bytes, ordering: .relaxed)
        connection.held.wrappingAdd(bytes, ordering: .relaxed)
        byKind.add(bytes, at: kind.rawValue)
    }

    func release(_ bytes: Int, _ kind: Kind, for connection: ConnectionMemory) {
        guard bytes > 0 else { return }
        total.wrappingSubtract(bytes, ordering: .relaxed)
        connection.held.wrappingSubtract(bytes, ordering: .relaxed)
        byKind.add(-bytes, at: kind.rawValue)
    }

    func held(_ kind: Kind) -> Int {
        byKind.load(kind.rawValue)
    }

    /// Whether the account is over half full: answers then go out in pieces rather than whole.
    var isShort: Bool {
        total.load(ordering: .relaxed) > limit / 2
    }

    /// The 503 a refused reservation becomes.
    func problem() -> HTTPProblem {
        HTTPProblem(
            status: 503, detail: "The server holds \(limit) bytes for its clients already, or this connection its share; try again shortly.",
            members: [.init("limit", limit)], headers: [HTTPHeader("Retry-After", "1")])
    }
}

/// One connection's part of the account: what it holds now, across its requests and answers.
/// It outlives the connection while an answer of its is still held.
final class ConnectionMemory: Sendable {
    let account: MemoryAccount
    let held = Atomic<Int>(0)

    init(account: MemoryAccount) {
        self.account = account
    }
}
