/// Content codings (RFC 9110, section 8.4): which one an answer gets, from `Accept-Encoding`.
/// gzip is the only coding besides identity.
enum ContentCoding {
    /// What `Accept-Encoding` allows: gzip, and whether identity (no coding) is still acceptable;
    /// and whether the client weighs identity above gzip ("the acceptable content coding with
    /// the highest non-zero qvalue is preferred", RFC 9110, section 12.5.3).
    struct Acceptance: Equatable {
        var gzip = false
        var identity = true
        var prefersIdentity = false
    }

    /// Reads an `Accept-Encoding` value: codings with optional `q` weights, `*` for any other.
    /// No value at all means any coding is acceptable; we then send identity.
    static func acceptance(_ header: UnsafeBufferPointer<UInt8>?) -> Acceptance {
        guard let header else { return Acceptance() }
        var gzip: Int?, identity: Int?, star: Int?
        // Slices of the header, no arrays: nearly every client sends this header.
        var rest = header[...]
        while !rest.isEmpty {
            let element = rest.prefix { $0 != UInt8(ascii: ",") }
            rest = rest.dropFirst(element.count + 1)
            let parameters = element.drop { $0 != UInt8(ascii: ";") }
            let name = ASCII.trimmed(element.prefix(element.count - parameters.count))
            // A malformed weight leaves the coding unmentioned.
            guard let weight = QualityValue.weight(parameters: parameters) else { continue }
            if ASCII.equalIgnoringCase(name, "gzip") || ASCII.equalIgnoringCase(name, "x-gzip") {
                gzip = weight
            } else if ASCII.equalIgnoringCase(name, "identity") {
                identity = weight
            } else if ASCII.equalIgnoringCase(name, "*") {
                star = weight
            }
        }
        // Weights in thousandths. Unnamed, identity is acceptable unless a `*` takes it away, at
        // the lowest weight: a coding the client names is preferred to it.
        let gzipWeight = gzip ?? star ?? 0, identityWeight = identity ?? star ?? 1
        return Acceptance(gzip: gzipWeight > 0, identity: identityWeight > 0, prefersIdentity: gzipWeight > 0 && identityWeight > gzipWeight)
    }

    /// Media types worth compressing: text, JSON, XML (SVG) and YAML. On every answer, so on
    /// bytes: `String.contains` goes through a generic searcher that cost more than the rest
    /// of a small request.
    static func isCompressible(_ contentType: String) -> Bool {
        ASCII.hasPrefix(contentType, "text/") || ASCII.contains(contentType, "json") || ASCII.contains(contentType, "xml")
            || ASCII.contains(contentType, "yaml")
    }
}
