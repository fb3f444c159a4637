#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Content codings (RFC 9110, section 8.4): which one an answer gets, from `Accept-Encoding`.
/// gzip is the only coding besides identity.
enum ContentCoding {
    /// What `Accept-Encoding` allows: gzip, and whether identity (no coding) is still acceptable.
    struct Acceptance: Equatable {
        var gzip = false
        var identity = true
    }

    /// Reads an `Accept-Encoding` value: codings with optional `q` weights, `*` for any other.
    /// No value at all means any coding is acceptable; we then send identity.
    static func acceptance(_ header: UnsafeBufferPointer<UInt8>?) -> Acceptance {
        guard let header else { return Acceptance() }
        var gzip: Bool?, identity: Bool?, star: Bool?
        for element in header.split(separator: UInt8(ascii: ",")) {
            let parts = element.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard let first = parts.first else { continue }
            let name = MediaType.trimmed(first)
            let accepted = !parts.dropFirst().contains { isZeroQuality(MediaType.trimmed($0)) }
            if MediaType.equal(name, "gzip") || MediaType.equal(name, "x-gzip") { gzip = accepted }
            else if MediaType.equal(name, "identity") { identity = accepted }
            else if MediaType.equal(name, "*") { star = accepted }
        }
        return Acceptance(gzip: gzip ?? star ?? false, identity: identity ?? star ?? true)
    }

    /// `q=0`, `q=0.`, `q=0.000` (any case): the coding is refused.
    private static func isZeroQuality(_ parameter: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard parameter.count >= 3, parameter.first == UInt8(ascii: "q") || parameter.first == UInt8(ascii: "Q") else { return false }
        let value = parameter.dropFirst()
        guard value.first == UInt8(ascii: "=") else { return false }
        let number = MediaType.trimmed(value.dropFirst())
        guard number.first == UInt8(ascii: "0") else { return false }
        return number.dropFirst().allSatisfy { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "0") }
    }

    /// Media types worth compressing: text, JSON, XML (SVG) and YAML. On every answer, so on
    /// bytes: `String.contains` goes through a generic searcher that cost more than the rest
    /// of a small request.
    static func isCompressible(_ contentType: String) -> Bool {
        hasPrefix(contentType, "text/") || contains(contentType, "json") || contains(contentType, "xml") || contains(contentType, "yaml")
    }

    /// Whether `text` holds the ASCII `needle`, compared byte for byte.
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            let count = needle.utf8CodeUnitCount
            guard count > 0, bytes.count >= count, let base = bytes.baseAddress else { return count == 0 }
            return (0...(bytes.count - count)).contains { start in memcmp(base + start, needle.utf8Start, count) == 0 }
        }
        // A bridged or lazily built string has no contiguous bytes: copy them once.
        return found ?? contains(String(decoding: Array(text.utf8), as: UTF8.self), needle)
    }

    static func hasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
        var index = text.utf8.startIndex
        for offset in 0..<prefix.utf8CodeUnitCount {
            guard index != text.utf8.endIndex, text.utf8[index] == prefix.utf8Start[offset] else { return false }
            index = text.utf8.index(after: index)
        }
        return true
    }
}
