#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte-level text tests for header values, which are ASCII: they run on every request, so
/// they work on bytes without making Strings, and compare against literals.
enum ASCII {
    /// Without the spaces and tabs around it.
    static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ value: Bytes) -> Bytes where Bytes.SubSequence == Bytes {
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var result = value.drop(while: isSpace)
        while let last = result.last, isSpace(last) { result = result.dropLast() }
        return result
    }

    static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// Whether `bytes` are `lowercase`, ignoring the case of the bytes.
    static func equalIgnoringCase<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        var index = 0
        for byte in bytes {
            if Self.lowercase(byte) != lowercase.utf8Start[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` are `name`'s, ignoring ASCII case on both sides. (Named apart from the
    /// `StaticString` overload: a literal would otherwise pick this slower one.)
    static func equalIgnoringCase<Bytes: Collection<UInt8>>(_ bytes: Bytes, name: String) -> Bool {
        bytes.count == name.utf8.count && zip(bytes, name.utf8).allSatisfy { lowercase($0) == lowercase($1) }
    }

    /// Whether `bytes` begins with `lowercase` (given in lower case), ignoring ASCII case.
    static func hasPrefixIgnoringCase<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ lowercase: StaticString) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        var index = 0
        for byte in bytes.prefix(count) {
            if Self.lowercase(byte) != lowercase.utf8Start[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes` are `literal`, byte for byte.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        return count == 0 || memcmp(bytes.baseAddress!, literal.utf8Start, count) == 0
    }

    /// A client's text for a problem's detail: at most `quotedCharacters` characters, cut with
    /// "…" past them, so that a client cannot make an answer (or a log line) as long as what it
    /// sent.
    static func quoted<Text: Collection<UInt8>>(_ text: Text) -> String {
        quoted(String(decoding: text, as: UTF8.self))
    }

    static func quoted(_ text: String) -> String {
        text.count <= quotedCharacters ? text : text.prefix(quotedCharacters) + "…"
    }

    static let quotedCharacters = 64

    static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Whether `text` holds `needle`, byte for byte. (`String.contains` goes through a generic
    /// searcher that cost more than the rest of a small request.)
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let count = needle.utf8CodeUnitCount
            guard count > 0, bytes.count >= count, let base = bytes.baseAddress else { return count == 0 }
            // Each place the needle's first byte is (memchr), compared whole there.
            let first = Int32(needle.utf8Start.pointee), last = base + (bytes.count - count)
            var start = base
            while start <= last, let found = memchr(start, first, last - start + 1) {
                let candidate = found.assumingMemoryBound(to: UInt8.self)
                if memcmp(candidate, needle.utf8Start, count) == 0 { return true }
                start = UnsafePointer(candidate) + 1
            }
            return false
        }
        // A bridged or lazily built string has no contiguous bytes: copy them once.
        return found ?? contains(String(decoding: Array(text.utf8), as: UTF8.self), needle)
    }

    static func hasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count >= count && (count == 0 || memcmp(bytes.baseAddress!, prefix.utf8Start, count) == 0)
        }
        return found ?? text.utf8.prefix(count).elementsEqual(UnsafeBufferPointer(start: prefix.utf8Start, count: count))
    }
}
