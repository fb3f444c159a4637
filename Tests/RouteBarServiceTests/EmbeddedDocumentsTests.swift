import CAllocationCounter
import Foundation
import RouteBarTestSupport
import Testing

/// The documents compiled into the binary (the contract, the playground, the web component),
/// served by the real binary: byte for byte the package's files, and built on the first request
/// for each rather than at start.
@Suite struct EmbeddedDocumentsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")

    @Test func eachDocumentIsThePackagesFile() throws {
        let server = try ServerProcess()
        let connection = try TestHTTPConnection(port: server.port)
        let version = try #require(try connection.request("GET", "/metrics").text.firstMatch(of: #/routebar_build_info\{version="([^"]+)"\}/#)?.1)
        let documents: [(path: String, file: String, type: String, cache: String)] = [
            ("/openapi.yaml", "openapi.yaml", "application/yaml", "no-cache"),
            ("/", "Sources/CEmbeddedFiles/playground.html", "text/html; charset=utf-8", "no-cache"),
            ("/v1/route-bar.js", "Sources/CEmbeddedFiles/route-bar.js", "text/javascript; charset=utf-8", "no-cache"),
            (
                "/v1/route-bar-\(version).js", "Sources/CEmbeddedFiles/route-bar.js", "text/javascript; charset=utf-8",
                "public, max-age=31536000, immutable"
            ),
        ]
        for document in documents {
            let answer = try connection.request("GET", document.path)
            #expect(answer.status == 200, "\(document.path)")
            #expect(answer.body == Array(try Data(contentsOf: Self.root.appendingPathComponent(document.file))), "\(document.path)")
            #expect(answer.headers["content-type"] == document.type, "\(document.path)")
            #expect(answer.headers["cache-control"] == document.cache, "\(document.path)")
            // The tag is built once: the same on the next request, and it revalidates.
            let tag = try #require(answer.headers["etag"], "\(document.path)")
            #expect(try connection.request("GET", document.path).headers["etag"] == tag, "\(document.path)")
            #expect(try connection.request("GET", document.path, headers: ["If-None-Match": tag]).status == 304, "\(document.path)")
        }
    }

    /// A fresh server's writable memory holds no copy of the 180 KB contract until a client asks
    /// for it; then it does (docs/performance.md: building the documents at start kept 0.4 MiB
    /// resident in every process).
    @Test(.enabled(if: routebar_allocation_counting() == 1, "a sanitizer's allocator and shadow memory are not glibc's"))
    func theContractIsCopiedOnlyOnceAsked() throws {
        let server = try ServerProcess()
        let spec = Array(try Data(contentsOf: Self.root.appendingPathComponent("openapi.yaml")))
        let needle = Data(spec[spec.count / 2..<spec.count / 2 + 256])
        let bench = Self.root.appendingPathComponent("bench/workloads/single.json")
        let laidOut = try TestHTTPConnection.request(
            port: server.port, "POST", "/v1/route-bars", headers: ["Content-Type": "application/json"], body: Array(try Data(contentsOf: bench)))
        #expect(laidOut.status == 200)
        #expect(try Self.copies(of: needle, inWritableMemoryOf: server) == 0)
        let served = try TestHTTPConnection.request(port: server.port, "GET", "/openapi.yaml")
        #expect(served.body == spec)
        #expect(try Self.copies(of: needle, inWritableMemoryOf: server) >= 1)
    }

    /// How often `needle` occurs in the process's anonymous writable mappings (its heap, its
    /// threads' arenas and stacks, its large allocations): not in the binary's own mappings,
    /// where the compiler put the documents.
    static func copies(of needle: Data, inWritableMemoryOf server: ServerProcess) throws -> Int {
        let maps = try server.procText("maps")
        let memory = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(server.pid)/mem"))
        defer { try? memory.close() }
        var found = 0
        var mappings = 0
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, fields[1].hasPrefix("rw"), fields.count == 5 || fields[5] == "[heap]" else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            guard bounds.count == 2 else { continue }
            try memory.seek(toOffset: bounds[0])
            let bytes = try memory.read(upToCount: Int(bounds[1] - bounds[0])) ?? Data()
            mappings += 1
            var rest = bytes.startIndex..<bytes.endIndex
            while let range = bytes.range(of: needle, in: rest) {
                found += 1
                rest = range.upperBound..<bytes.endIndex
            }
        }
        #expect(mappings > 0, "no anonymous writable mapping was read")
        return found
    }
}
