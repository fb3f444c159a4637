/// Where a member is in the buffer, so that its value can be read later, once what surrounds
/// it has told how (a planner's `journeys` is read after its siblings have named the planner).
public struct JSONMemberMark: Sendable {
    let keyRange: Range<Int>
    let keyHasEscapes: Bool
    let valueOffset: Int
}

extension JSONReader {
    /// The current member, taken right after `nextKey()` and before its value is read.
    public func markMember() -> JSONMemberMark {
        JSONMemberMark(keyRange: keyRange, keyHasEscapes: keyHasEscapes, valueOffset: position)
    }

    /// A reader over the same buffer whose current key is `mark`'s and whose next value is its
    /// value. The value was read once already (skipped), so its syntax is known to be sound.
    public func reading(_ mark: JSONMemberMark) -> JSONReader {
        var reader = JSONReader(buffer)
        reader.position = mark.valueOffset
        reader.started = true
        reader.keyRange = mark.keyRange
        reader.keyHasEscapes = mark.keyHasEscapes
        return reader
    }
}
