import Synchronization

/// Memory a handler builds from its request and keeps while it answers (a decoded model, say),
/// counted in the server's memory account until this object is released: a streamed answer
/// keeps it alive for as long as it streams.
///
/// ```swift
/// let held = try request.holdMemory(8 * request.body.count)   // before building: 503 if no room
/// let model = try decode(request.body)
/// try held.resize(to: model.heldBytes)                          // what it really holds
/// ```
public final class HeldMemory: Sendable {
    private let connection: ConnectionMemory
    private let counted: Atomic<Int>

    init?(_ bytes: Int, connection: ConnectionMemory) {
        guard connection.account.reserve(bytes, .decoded, for: connection) else { return nil }
        self.connection = connection
        counted = Atomic(max(0, bytes))
    }

    /// The bytes counted now.
    public var bytes: Int { counted.load(ordering: .relaxed) }

    /// Counts `bytes` instead; growing past the budget throws the 503 to answer with, and
    /// leaves the count as it was.
    public func resize(to bytes: Int) throws(HTTPProblem) {
        let bytes = max(0, bytes)
        let old = counted.load(ordering: .relaxed)
        if bytes > old {
            guard connection.account.reserve(bytes - old, .decoded, for: connection) else { throw connection.account.problem() }
        } else {
            connection.account.release(old - bytes, .decoded, for: connection)
        }
        counted.store(bytes, ordering: .relaxed)
    }

    deinit {
        connection.account.release(counted.load(ordering: .relaxed), .decoded, for: connection)
    }
}
