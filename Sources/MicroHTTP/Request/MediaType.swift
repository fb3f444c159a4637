/// Media types in `Content-Type` and `Accept`, compared case-insensitively, parameters
/// ignored except `q`. Nothing here allocates: it runs on every request.
public enum MediaType {
    /// Whether a `Content-Type` value names `expected` (lowercase); `application/json` also
    /// accepts any `application/…+json`.
    public static func matches(_ header: String?, _ expected: String) -> Bool {
        guard var header else { return false }
        return header.withUTF8 { matches($0[...], expected) }
    }

    static func matches(_ header: Slice<UnsafeBufferPointer<UInt8>>, _ expected: String) -> Bool {
        let essence = essence(of: header)
        if equal(essence, expected) { return true }
        return expected == "application/json" && hasPrefix(essence, "application/") && hasSuffix(essence, "+json")
    }

    /// The media ranges of an `Accept` value, in the client's order, without those it
    /// refuses with `q=0`.
    public static func acceptedRanges(_ accept: String) -> AcceptedRanges {
        AcceptedRanges(rest: accept.utf8[...])
    }

    /// One media range of an `Accept` value, without its parameters, and its weight.
    public struct Range {
        let bytes: Substring.UTF8View
        /// Its `q` in thousandths (`QualityValue`), 1000 when not given; never 0 here.
        public let weight: Int

        /// Whether the range is `name` (lowercase), ignoring case: `range.names("*/*")`.
        public func names(_ name: String) -> Bool {
            MediaType.equal(bytes, name)
        }
    }

    public struct AcceptedRanges: Sequence, IteratorProtocol {
        var rest: Substring.UTF8View

        public mutating func next() -> Range? {
            while !rest.isEmpty {
                let range = rest.prefix { $0 != UInt8(ascii: ",") }
                rest = rest.dropFirst(range.count).dropFirst()
                let essence = MediaType.essence(of: range)
                // Refused (`q=0`) or with a malformed weight: not a range the client accepts.
                if !essence.isEmpty, let weight = QualityValue.weight(parameters: range.drop { $0 != UInt8(ascii: ";") }), weight > 0 {
                    return Range(bytes: essence, weight: weight)
                }
            }
            return nil
        }
    }

    /// The part before any `;`, without surrounding spaces and tabs.
    static func essence<Bytes: BidirectionalCollection<UInt8>>(of value: Bytes) -> Bytes where Bytes.SubSequence == Bytes {
        ASCII.trimmed(value.prefix { $0 != UInt8(ascii: ";") })
    }

    static func equal<Bytes: Collection<UInt8>>(_ value: Bytes, _ name: String) -> Bool {
        // Through the name's bytes: walking `String.UTF8View` cost more than the rest of the check.
        let compared = name.utf8.withContiguousStorageIfAvailable { name in
            guard value.count == name.count else { return false }
            var index = 0
            for byte in value {
                if ASCII.lowercase(byte) != name[index] { return false }
                index += 1
            }
            return true
        }
        return compared ?? value.elementsEqual(name.utf8) { ASCII.lowercase($0) == $1 }
    }

    static func hasPrefix<Bytes: Collection<UInt8>>(_ value: Bytes, _ prefix: String) -> Bool {
        value.count >= prefix.utf8.count && equal(value.prefix(prefix.utf8.count), prefix)
    }

    static func hasSuffix<Bytes: BidirectionalCollection<UInt8>>(_ value: Bytes, _ suffix: String) -> Bool {
        value.count >= suffix.utf8.count && equal(value.suffix(suffix.utf8.count), suffix)
    }
}
