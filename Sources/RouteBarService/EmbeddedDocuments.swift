import CEmbeddedFiles
import MicroHTTP

/// The files compiled into the binary (CEmbeddedFiles): the contract, the playground and the
/// `<route-bar>` web component, each served as a `StaticResource`.
///
/// Each resource is a static `let`, so it is built (copied out of the binary and hashed for its
/// `ETag`) on the first request for it, not at start: most processes never serve these, and
/// building all three at start kept about 0.4 MiB resident (the copies, and the binary's pages
/// that the copying and hashing read). docs/performance.md has the figures.
enum EmbeddedDocuments {
    static let openAPISpec = StaticResource(Array(openAPISpecBytes), contentType: "application/yaml")

    static let playgroundPage = StaticResource(Array(bytes(routebar_playground_html)), contentType: "text/html; charset=utf-8")

    /// At its plain path: revalidated, as the other documents are.
    static let webComponent = StaticResource(Array(bytes(routebar_route_bar_js)), contentType: "text/javascript; charset=utf-8")

    /// At its version's path, whose bytes never change: kept a year.
    static let versionedWebComponent = StaticResource(
        webComponent.bytes, contentType: webComponent.contentType, cacheControl: "public, max-age=31536000, immutable")

    /// The spec's bytes where the compiler put them, read in place: `RouteBarVersion` reads its
    /// first lines at start without copying the rest.
    static var openAPISpecBytes: UnsafeBufferPointer<UInt8> { bytes(routebar_openapi_yaml) }

    private static func bytes(_ file: (UnsafeMutablePointer<Int>) -> UnsafePointer<UInt8>?) -> UnsafeBufferPointer<UInt8> {
        var length = 0
        let start = file(&length)
        return UnsafeBufferPointer(start: start, count: length)
    }
}
