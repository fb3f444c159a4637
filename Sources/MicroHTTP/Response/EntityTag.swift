/// Entity tags as RFC 9110 §8.8.3 writes them, and `If-None-Match` as §13.1.2 reads them.
enum EntityTag {
    /// The tag of the gzip-coded representation, `"…-gzip"`: a strong validator names one
    /// representation, and the coded one is another.
    static func gzipTag(_ tag: String) -> String {
        tag.hasSuffix("\"") ? String(tag.dropLast()) + "-gzip\"" : tag + "-gzip"
    }

    /// Whether one `If-None-Match` field value names `tag`: `*`, or a member of its list
    /// equal to `tag` under weak comparison (a `W/` on either side is ignored). A value that
    /// is not a valid list of entity tags names nothing, so the full answer is sent.
    static func noneMatchField(_ field: UnsafeBufferPointer<UInt8>, names tag: String) -> Bool {
        self.field(field, names: tag, weak: true)
    }

    /// Whether one `If-Match` field value names `tag` (§13.1.1): `*`, or a member of its list
    /// equal to `tag` under strong comparison (neither weak); `tag` nil (an answer without one)
    /// is named by `*` only. A value that is not a valid list names nothing.
    static func matchField(_ field: UnsafeBufferPointer<UInt8>, names tag: String?) -> Bool {
        self.field(field, names: tag.flatMap { $0.hasPrefix("W/") ? nil : $0 }, weak: false)
    }

    /// `*`, or a list of entity tags one of which is `tag`, compared weakly or strongly.
    private static func field(_ field: UnsafeBufferPointer<UInt8>, names tag: String?, weak: Bool) -> Bool {
        var wanted = (tag ?? "").utf8[...]
        if wanted.starts(with: "W/".utf8) { wanted = wanted.dropFirst(2) }
        var index = 0
        func skipSpaceAndCommas() {
            while index < field.count, field[index] == 0x20 || field[index] == 0x09 || field[index] == 0x2C { index += 1 }
        }
        skipSpaceAndCommas()
        if index < field.count, field[index] == UInt8(ascii: "*") {
            index += 1
            skipSpaceAndCommas()
            return index == field.count
        }
        var named = false
        while index < field.count {
            var isWeak = false
            if field.count - index >= 2, field[index] == UInt8(ascii: "W"), field[index + 1] == UInt8(ascii: "/") {
                index += 2
                isWeak = true
            }
            guard index < field.count, field[index] == UInt8(ascii: "\"") else { return false }
            let start = index
            index += 1
            // etagc: %x21 / %x23-7E / obs-text; a comma may be inside a tag.
            while index < field.count, field[index] == 0x21 || field[index] >= 0x23 && field[index] != 0x7F { index += 1 }
            guard index < field.count, field[index] == UInt8(ascii: "\"") else { return false }
            index += 1
            if tag != nil, weak || !isWeak, UnsafeBufferPointer(rebasing: field[start..<index]).elementsEqual(wanted) { named = true }
            let end = index
            skipSpaceAndCommas()
            // Members are separated by a comma, not by space alone.
            if index < field.count, !field[end..<index].contains(0x2C) { return false }
        }
        return named
    }
}
