/// An answer's bytes counted in the memory account (`MemoryAccount.Kind.answer`) for as long
/// as libmicrohttpd keeps the answer: it releases this object when it has sent or dropped it,
/// and the count ends with it. It also keeps the body's storage alive.
final class AnswerHold {
    /// Answers shorter than this are not counted one by one: each connection's fixed part of
    /// the account covers one (`HTTPServer.connectionBytes`); a hold would be an allocation on
    /// every small request.
    static let uncountedBytes = 16 * 1024

    let count: Int
    let connection: ConnectionMemory
    /// The body it keeps: bytes, or the owner of bytes sent in place.
    var bytes: [UInt8] = []
    var owner: AnyObject?

    /// Nil when the account has no room for `count` bytes.
    init?(_ count: Int, _ connection: ConnectionMemory) {
        guard connection.account.reserve(count, .answer, for: connection) else { return nil }
        self.count = count
        self.connection = connection
    }

    deinit {
        connection.account.release(count, .answer, for: connection)
    }
}
