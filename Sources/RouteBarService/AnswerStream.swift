import MicroHTTP
import RouteBar
import Synchronization

/// An answer's pieces behind a lock, for libmicrohttpd to pull as the socket drains (one
/// pull at a time, from the connection's thread; the lock is never contended).
final class AnswerStream<Pieces: AnswerPieces & ~Copyable>: Sendable {
    private struct State: ~Copyable {
        var pieces: Pieces
        var first: [UInt8]?
    }

    private let state: Mutex<State>

    init(_ pieces: consuming Pieces, first: [UInt8]?) {
        state = Mutex(State(pieces: pieces, first: first))
    }

    /// The next piece; a layout that fails now cuts the answer off (see `layoutHolds`).
    func next() throws(HTTPBodyStream.Abort) -> [UInt8]? {
        try state.withLock { state throws(HTTPBodyStream.Abort) in
            if let first = state.first {
                state.first = nil
                return first
            }
            do {
                return try state.pieces.nextPiece()
            } catch {
                throw HTTPBodyStream.Abort()
            }
        }
    }
}
