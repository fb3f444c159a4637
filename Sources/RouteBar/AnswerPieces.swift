/// An answer written a piece at a time, as its client reads it: what a server holds for a
/// client that stops reading is one piece, not the answer.
package protocol AnswerPieces: ~Copyable, Sendable {
    /// The bytes a piece reaches before it is handed out (the last may be shorter; one route
    /// longer than this makes a longer piece).
    static var pieceBytes: Int { get }

    /// The next piece, or nil after the last. The routes were checked before the first, so
    /// this throws only if the layout disagreed with its own check: a bug, after which the
    /// answer must be cut off rather than ended as if whole.
    mutating func nextPiece() throws(RouteBarError) -> [UInt8]?
}

extension AnswerPieces where Self: ~Copyable {
    package static var pieceBytes: Int { 64 * 1024 }
}
