import Foundation
import RouteBarTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What each stop signal does: every one drains the requests in flight and closes idle
/// connections at once; none cuts an answer or prints a crash report.
@Suite struct SignalTests {
    @Test func sigtermClosesAnIdleKeepAliveConnectionAtOnce() throws {
        let server = try ServerProcess(arguments: ["--shutdown-grace", "10"])
        let idle = try TestHTTPConnection(port: server.port)
        #expect(try idle.request("GET", "/healthz").status == 200)
        let began = Date()
        server.signal(SIGTERM)
        #expect(server.waitForExit(timeoutSeconds: 15) == 0)
        let took = Date().timeIntervalSince(began)
        #expect(took < 2, "an idle keep-alive client held the exit for \(took) s of the 10 s grace")
        #expect(idle.isClosedByPeer())
    }

    @Test(arguments: [SIGHUP, SIGQUIT, SIGTERM])
    func aStopSignalLetsALargeAnswerFinish(_ stop: Int32) throws {
        let server = try ServerProcess()
        let routes = Array(repeating: Samples.seedRouteJSON, count: 1000).joined(separator: ",")
        let connection = try TestHTTPConnection(port: server.port)
        try connection.postJSONWithoutReading("/v1/route-bars", #"{"width": 343, "scale": 3, "routes": ["# + routes + "]}")
        // The request is in flight (with the metrics scrape itself, two are) when the signal comes.
        #expect(try waitUntil(timeoutSeconds: 10) {
            let page = try TestHTTPConnection.request(port: server.port, "GET", "/metrics").text
            return page.split(separator: "\n").contains("routebar_http_requests_in_flight 2")
        })
        server.signal(stop)
        let response = try connection.readResponse(method: "POST")
        #expect(response.status == 200)
        let answer = try response.json()
        #expect((answer["routes"] as? [Any])?.count == 1000, "the whole answer arrived")
        #expect(server.waitForExit() == 0)
        let lines = server.stderrLines
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, "no crash report, only JSON lines: \(lines.suffix(5))")
        let name = stop == SIGHUP ? "SIGHUP" : stop == SIGQUIT ? "SIGQUIT" : "SIGTERM"
        #expect(lines.contains { $0.contains("\(name) received") })
    }
}

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
        let body = #"{"widths": [320, 375, 390, 414, 428, 430, 480, 540, 600, 720, 768, 800, 834, 1024, 1180, 1366], "scale": 4, "routes": ["# + routes + "]}"
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

/// `routebar layout` under the server's limits, and when it cannot write.
@Suite struct LayoutCommandLimitTests {
    @Test func anEndlessInputIsCutAtTheBodyLimit() throws {
        let began = Date()
        let result = try ServerProcess.runToCompletion(["layout", "--max-body-bytes", "100000", "/dev/urandom"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""status":413"#))
        #expect(result.stdout.contains(#""limit":100000"#))
        #expect(Date().timeIntervalSince(began) < 10)
        let defaultLimit = try ServerProcess.runToCompletion(["layout", "/dev/zero"])
        #expect(defaultLimit.stdout.contains(#""limit":1048576"#), "the same default as the server")
    }

    @Test func anAnswerThatCannotBeWrittenExits74() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routebar-full-\(UUID().uuidString).json")
        try Data(Samples.seedRequest().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" layout \"$1\" > /dev/full", ServerProcess.binary.path, file.path]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message.contains("cannot write"))
    }
}

/// Everything the server writes to stderr is one JSON object per line.
@Suite struct StderrTests {
    @Test func libmicrohttpdsOwnMessagesAreJSONLinesToo() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        // Clients gone mid-body: libmicrohttpd reports each, which it used to print as free text.
        for _ in 0..<5 {
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"wid")
            #expect(try waitUntil(timeoutSeconds: 5) {
                try TestHTTPConnection.request(port: server.port, "GET", "/metrics").text
                    .split(separator: "\n").contains("routebar_http_requests_in_flight 2")
            })
            connection.disconnect()
        }
        #expect(waitUntil(timeoutSeconds: 5) { server.stderrLines.filter { $0.contains(#""event":"libmicrohttpd""#) }.count >= 5 },
                "libmicrohttpd's messages reach the log: \(server.stderrLines.suffix(3))")
        server.signal(SIGTERM)
        #expect(server.waitForExit() == 0)
        let lines = server.stderrLines
        #expect(lines.allSatisfy { $0.hasPrefix("{\"time\":") && $0.hasSuffix("}") }, "free text on stderr: \(lines.filter { !$0.hasPrefix("{") })")
    }
}
