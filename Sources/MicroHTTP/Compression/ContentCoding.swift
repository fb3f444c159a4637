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
        // Slices of the header, no arrays: nearly every client sends this header.
        var rest = header[...]
        while !rest.isEmpty {
            let element = rest.prefix { $0 != UInt8(ascii: ",") }
            rest = rest.dropFirst(element.count + 1)
            let parameters = element.drop { $0 != UInt8(ascii: ";") }
            let name = ASCII.trimmed(element.prefix(element.count - parameters.count))
            // A malformed weight leaves the coding unmentioned.
            guard let weight = QualityValue.weight(parameters: parameters) else { continue }
            let accepted = weight > 0
            if ASCII.equalIgnoringCase(name, "gzip") || ASCII.equalIgnoringCase(name, "x-gzip") {
                gzip = accepted
            } else if ASCII.equalIgnoringCase(name, "identity") {
                identity = accepted
            } else if ASCII.equalIgnoringCase(name, "*") {
                star = accepted
            }
        }
        return Acceptance(gzip: gzip ?? star ?? false, identity: identity ?? star ?? true)
    }

    /// Media types worth compressing: text, JSON, XML (SVG) and YAML. On every answer, so on
    /// bytes: `String.contains` goes through a generic searcher that cost more than the rest
    /// of a small request.
    static func isCompressible(_ contentType: String) -> Bool {
        ASCII.hasPrefix(contentType, "text/") || ASCII.contains(contentType, "json") || ASCII.contains(contentType, "xml")
            || ASCII.contains(contentType, "yaml")
    }
}
