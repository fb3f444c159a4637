/// A fixed document served by GET with a strong `ETag`, so clients revalidate instead of
/// downloading it again: `If-None-Match` with a matching tag gets `304 Not Modified` without
/// a body (the server's doing, for any answer with a tag).
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

    /// `Cache-Control`: by default `no-cache` (stored, revalidated before each use).
    public let cacheControl: String

    public init(_ bytes: [UInt8], contentType: String, cacheControl: String = "no-cache") {
        self.bytes = bytes
        self.contentType = contentType
        self.cacheControl = cacheControl
        // FNV-1a, 64 bits: the bytes never change while the process runs, so the tag only has to
        // tell builds apart.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        etag = "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// The document with its tag; the server answers 304 instead when the client names the
    /// tag of the coding it would get (`HTTPServer.revalidate`).
    public func response(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", contentType), HTTPHeader("ETag", etag), HTTPHeader("Cache-Control", cacheControl)],
            body: .bytes(bytes))
    }
}
