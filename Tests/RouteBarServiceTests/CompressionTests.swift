import Foundation
import RouteBarTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// gzip both ways, and caching semantics, against the real binary. Decoding and encoding in
/// the tests go through the system's `gzip`, not the server's own zlib code.
@Suite struct CompressionTests {
    /// `gzip -dc` of `bytes` (what a client's decoder makes of them, as far as they go).
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        try pipe(["-dc"], bytes)
    }

    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        try pipe(["-c"], bytes)
    }

    private static func pipe(_ arguments: [String], _ input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input)); try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(output)
    }

    static let batch = #"{"width": 343, "scale": 3, "routes": ["# + Array(repeating: Samples.seedRouteJSON, count: 20).joined(separator: ",") + "]}"

    struct Resource: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let method: String
        let target: String
        let headers: [String: String]
        let body: String
    }

    static let resources = [
        Resource(testDescription: "JSON", method: "POST", target: "/v1/route-bars", headers: ["Content-Type": "application/json"], body: batch),
        Resource(
            testDescription: "NDJSON", method: "POST", target: "/v1/route-bars",
            headers: ["Content-Type": "application/json", "Accept": "application/x-ndjson"], body: batch),
        Resource(testDescription: "SVG", method: "POST", target: "/v1/route-bars.svg", headers: ["Content-Type": "application/json"], body: batch),
        Resource(
            testDescription: "a 422 problem", method: "POST", target: "/v1/route-bars",
            headers: ["Content-Type": "application/json"], body: #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": -1}]}]}"#
        ),
        Resource(testDescription: "the spec", method: "GET", target: "/openapi.yaml", headers: [:], body: ""),
        Resource(testDescription: "the playground", method: "GET", target: "/", headers: [:], body: ""),
        Resource(testDescription: "metrics", method: "GET", target: "/metrics", headers: [:], body: ""),
    ]

    @Test(arguments: resources)
    func aGzipAnswerDecodesToTheIdentityAnswerByteForByte(_ resource: Resource) throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            let plain = try connection.request(resource.method, resource.target, headers: resource.headers, body: Array(resource.body.utf8))
            var gzipHeaders = resource.headers
            gzipHeaders["Accept-Encoding"] = "br;q=1.0, gzip;q=0.8, *;q=0.1"
            let coded = try connection.request(resource.method, resource.target, headers: gzipHeaders, body: Array(resource.body.utf8))
            #expect(plain.headers["content-encoding"] == nil)
            #expect(plain.headers["vary"]?.contains("Accept-Encoding") == true)
            #expect(coded.status == plain.status)
            #expect(coded.headers["vary"]?.contains("Accept-Encoding") == true)
            if plain.body.count >= 1400 {
                #expect(coded.headers["content-encoding"] == "gzip")
                #expect(coded.body.count < plain.body.count / 2, "\(coded.body.count) of \(plain.body.count)")
                if resource.target == "/metrics" {
                    #expect(String(decoding: try Self.gunzip(coded.body), as: UTF8.self).contains("routebar_http_requests_total"))
                } else {
                    #expect(try Self.gunzip(coded.body) == plain.body)
                }
            } else {
                #expect(coded.headers["content-encoding"] == nil, "below 1400 bytes the answer goes as it is")
                #expect(coded.body == plain.body)
            }
        }
    }

    @Test func refusedOrUnlistedGzipMeansIdentityAndIdentityRefusedMeansGzipEvenWhenSmall() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            let body = Array(Self.batch.utf8)
            for refusing in ["gzip;q=0", "deflate, br", "identity", "GZIP;Q=0.000, *;q=0"] {
                let response = try connection.request(
                    "POST", "/v1/route-bars", headers: ["Content-Type": "application/json", "Accept-Encoding": refusing], body: body)
                #expect(response.headers["content-encoding"] == nil, "\(refusing)")
            }
            let small = Array(Samples.seedRequest().utf8)
            let plainSmall = try connection.request("POST", "/v1/route-bars", headers: ["Content-Type": "application/json"], body: small)
            #expect(plainSmall.body.count < 1400)
            let forced = try connection.request(
                "POST", "/v1/route-bars",
                headers: ["Content-Type": "application/json", "Accept-Encoding": "gzip, identity;q=0"], body: small)
            #expect(forced.headers["content-encoding"] == "gzip")
            #expect(try Self.gunzip(forced.body) == plainSmall.body)
        }
    }

    @Test func ndjsonLinesArriveOneByOneThoughCompressed() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            let routes = Array(repeating: Samples.seedRouteJSON, count: 300).joined(separator: ",")
            let response = try connection.request(
                "POST", "/v1/route-bars",
                headers: ["Content-Type": "application/json", "Accept": "application/x-ndjson", "Accept-Encoding": "gzip"],
                body: Array(#"{"width": 343, "routes": ["#.utf8) + Array(routes.utf8) + Array("]}".utf8))
            #expect(response.headers["content-encoding"] == "gzip")
            let lines = try Self.gunzip(response.body).split(separator: UInt8(ascii: "\n"))
            #expect(lines.count == 300)
            // Each line is flushed: a prefix of the coded stream already decodes to whole lines.
            let prefix = try Self.gunzip(Array(response.body.prefix(response.body.count / 3)))
            #expect(prefix.split(separator: UInt8(ascii: "\n")).count >= 50, "a third of the stream decodes to \(prefix.count) bytes")
        }
    }

    @Test func gzipRequestBodiesAreDecodedAndCheckedAsTheyArrive() throws {
        try withRouteBarService({ $0.maxBodyBytes = 65536 }) { server in
            let plain = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", Self.batch)
            let coded = try Self.gzip(Array(Self.batch.utf8))
            let decoded = try TestHTTPConnection(port: server.port).request(
                "POST", "/v1/route-bars", headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: coded)
            #expect(decoded.status == 200)
            #expect(decoded.body == plain.body)

            func problem(_ body: [UInt8], encoding: String) throws -> (Int, [String: Any], TestHTTPResponse) {
                let response = try TestHTTPConnection(port: server.port).request(
                    "POST", "/v1/route-bars", headers: ["Content-Type": "application/json", "Content-Encoding": encoding], body: body)
                #expect(response.headers["content-type"] == "application/problem+json")
                return (response.status, try response.json(), response)
            }
            let truncated = try problem(Array(coded.prefix(coded.count / 2)), encoding: "gzip")
            #expect(truncated.0 == 400)
            var damaged = coded
            damaged[12] ^= 0xFF
            damaged[20] ^= 0xFF
            #expect(try problem(damaged, encoding: "gzip").0 == 400)
            #expect(try problem(Array(Self.batch.utf8), encoding: "gzip").0 == 400, "not gzip at all")
            let unknown = try problem(Array(Self.batch.utf8), encoding: "br")
            #expect(unknown.0 == 415)
            #expect(unknown.2.headers["accept-encoding"] == "gzip, identity")
            #expect((unknown.1["detail"] as? String)?.contains("gzip") == true)
        }
    }

    /// 1 MB of gzip that inflates to 1 GB: refused at the limit, at once, in little memory.
    @Test func aGzipBombIsRefusedWithinASecondWithoutTheMemory() throws {
        let server = try ServerProcess()
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        // 1 GiB of zeros, coded by the system's gzip -9 as it is fed: about 1 MB.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-9c"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let writer = Thread {
            for _ in 0..<1024 { stdin.fileHandleForWriting.write(Data(zeros)) }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let bomb = Array(stdout.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(bomb.count < 1 << 20, "the bomb is \(bomb.count) bytes")

        let began = Date()
        let response = try TestHTTPConnection(port: server.port).request(
            "POST", "/v1/route-bars", headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: bomb)
        let took = Date().timeIntervalSince(began)
        #expect(response.status == 413)
        #expect(try response.json()["limit"] as? Int == 1 << 20)
        #expect(took < 1, "took \(took) s")
        let status = try String(contentsOfFile: "/proc/\(server.pid)/status", encoding: .utf8)
        let peak =
            status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? .max
        #expect(peak < 100 * 1024, "peak RSS \(peak) KiB")
        #expect(try TestHTTPConnection.request(port: server.port, "GET", "/healthz").status == 200)
    }

    @Test func cachingHeadersAndRevalidation() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            #expect(try connection.request("GET", "/healthz").headers["cache-control"] == "no-store")
            #expect(try connection.request("GET", "/metrics").headers["cache-control"] == "no-store")
            #expect(try connection.postJSON("/v1/route-bars", Samples.seedRequest()).headers["cache-control"] == "no-store")
            #expect(try connection.postJSON("/v1/route-bars", "{").headers["cache-control"] == "no-store", "errors too")
            #expect(try connection.request("GET", "/nowhere").headers["cache-control"] == "no-store")
            for path in ["/openapi.yaml", "/"] {
                let first = try connection.request("GET", path)
                #expect(first.status == 200)
                #expect(first.headers["cache-control"] == "no-cache")
                let tag = try #require(first.headers["etag"])
                #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 18)
                let again = try connection.request("GET", path, headers: ["If-None-Match": tag])
                #expect(again.status == 304)
                #expect(again.body.isEmpty)
                #expect(again.headers["etag"] == tag)
                #expect(try connection.request("GET", path, headers: ["If-None-Match": "\"other\", W/\(tag)"]).status == 304, "weak comparison")
                #expect(try connection.request("GET", path, headers: ["If-None-Match": "\"other\""]).status == 200)
                let coded = try connection.request("GET", path, headers: ["Accept-Encoding": "gzip"])
                let codedTag = try #require(coded.headers["etag"])
                #expect(codedTag == String(tag.dropLast()) + "-gzip\"", "the gzip representation has its own tag")
                let revalidated = try connection.request("GET", path, headers: ["Accept-Encoding": "gzip", "If-None-Match": codedTag])
                #expect(revalidated.status == 304)
                #expect(revalidated.headers["etag"] == codedTag)
            }
        }
    }
}
