/// A fixed document served by GET with a strong `ETag`, so clients revalidate instead of
/// downloading it again: `If-None-Match` with a matching tag gets `304 Not Modified` without
/// a body.
///
/// ```swift
/// let spec = StaticResource(bytes, contentType: "application/yaml")
/// router.get("/openapi.yaml") { request in spec.response(to: request) }
/// ```
public struct StaticResource: Sendable {
    public let bytes: [UInt8]
    public let contentType: String
    /// A hash of the bytes, computed once: `"` 16 hex digits `"`.
    public let etag: String

    public init(_ bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
        // FNV-1a, 64 bits: the bytes never change while the process runs, so the tag only has to
        // tell builds apart.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        etag = "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// Stored by caches but revalidated before each use.
    static let cacheControl = HTTPHeader("Cache-Control", "no-cache")

    /// 304 when `If-None-Match` names this document (in either coding), else the document.
    public func response(to request: HTTPRequest) -> HTTPResponse {
        let headers = [HTTPHeader("Content-Type", contentType), HTTPHeader("ETag", etag), Self.cacheControl]
        if let condition = request.header("If-None-Match"), matches(condition) {
            // The type stays until the coding is settled (it marks the answer compressible).
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(bytes))
    }

    /// RFC 9110, section 13.1.2: `*`, or a list of tags compared weakly (`W/` ignored).
    func matches(_ condition: String) -> Bool {
        let wanted = [etag, Self.gzipTag(etag)]
        return condition.split(separator: ",").contains { entry in
            var tag = entry.trimmingASCIISpaces
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return wanted.contains { $0 == tag }
        }
    }

    /// The tag of the gzip-coded representation: `"…-gzip"`.
    static func gzipTag(_ tag: String) -> String {
        tag.hasSuffix("\"") ? String(tag.dropLast()) + "-gzip\"" : tag + "-gzip"
    }
}

extension Substring {
    fileprivate var trimmingASCIISpaces: Substring {
        var slice = self
        while slice.first == " " || slice.first == "\t" { slice = slice.dropFirst() }
        while slice.last == " " || slice.last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
