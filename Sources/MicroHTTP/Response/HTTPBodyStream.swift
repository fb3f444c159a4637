/// Pieces of a streamed body: `next()` returns the next piece, or nil at the end; a thrown
/// `Abort` cuts the body off (the connection closes without the chunked body's last chunk,
/// so the client sees an incomplete answer, never a short one that looks whole).
///
/// libmicrohttpd asks for a piece whenever the socket can take more, so a client that reads
/// slowly slows the producer, and one that stops reading holds no more than one piece.
/// `next()` is called on the connection's thread, one call at a time.
public struct HTTPBodyStream: Sendable {
    /// The producer cannot go on.
    public struct Abort: Error {
        public init() {}
    }

    let next: @Sendable () throws(Abort) -> [UInt8]?
    /// The memory the stream holds while it lives (its producer's state and a piece), counted
    /// against `HTTPServerConfiguration.maxAnswerMemoryBytes`.
    public let heldBytes: Int

    public init(heldBytes: Int = 0, next: @escaping @Sendable () throws(Abort) -> [UInt8]?) {
        self.heldBytes = heldBytes
        self.next = next
    }
}
