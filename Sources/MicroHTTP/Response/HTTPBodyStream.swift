/// Pieces of a streamed body: `next()` returns the next piece, or nil at the end.
///
/// libmicrohttpd asks for a piece whenever the socket can take more, so a client that reads
/// slowly slows the producer, and one that stops reading holds no more than one piece.
/// `next()` is called on the connection's thread, one call at a time.
public struct HTTPBodyStream: Sendable {
    let next: @Sendable () -> [UInt8]?

    public init(next: @escaping @Sendable () -> [UInt8]?) {
        self.next = next
    }
}
