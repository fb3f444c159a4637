import Foundation
import RouteBarTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The work one request may ask for, and answers too large to hold.
@Suite struct WorkLimitTests {
    @Test func tooManySegmentsAcrossWidthsIs422NamingTheLimit() throws {
        let server = try ServerProcess(arguments: ["--max-segments", "20"])
        let body = #"{"widths": [320, 375, 414, 430, 480], "routes": ["# + Samples.seedRouteJSON + "]}"
        let refused = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", body)
        #expect(refused.status == 422)
        #expect(refused.headers["content-type"] == "application/problem+json")
        let problem = try refused.json()
        #expect(problem["type"] as? String == "urn:routebar:problem:too-many-segments")
        #expect(problem["limit"] as? Int == 20)
        #expect(problem["pointer"] as? String == "/widths")
        #expect((problem["detail"] as? String)?.contains("25 segments") == true)
        let fits = #"{"widths": [320, 375, 414, 430], "routes": ["# + Samples.seedRouteJSON + "]}"
        #expect(try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", fits).status == 200)
    }

    @Test func aLargeAnswerIsStreamedByteForByteAsTheLayoutCommandWritesIt() throws {
        let server = try ServerProcess()
        let legs = (0..<29).map { #"{"trafficType": \#([3, 2, 1][$0 % 3]), "sectionTime": \#(1 + $0 % 7)}"# }.joined(separator: ",")
        let routes = (0..<200).map { #"{"id": "r\#($0)", "subPaths": [\#(legs)]}"# }.joined(separator: ",")
        let body =
            #"{"widths": [320, 375, 390, 414, 428, 430, 480, 540, 600, 720, 768, 800, 834, 1024, 1180, 1366], "scale": 4, "routes": ["# + routes
            + "]}"
        let streamed = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", body)
        #expect(streamed.status == 200)
        #expect(streamed.headers["transfer-encoding"] == "chunked", "an answer estimated over 4 MiB is streamed")
        #expect(streamed.body.count > 4 << 20)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routebar-stream-\(UUID().uuidString).json")
        try Data(body.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let printed = try ServerProcess.runToCompletion(["layout", file.path])
        #expect(printed.status == 0)
        #expect(Array(printed.stdout.utf8) == streamed.body, "the streamed answer is the whole answer, byte for byte")
    }
}
