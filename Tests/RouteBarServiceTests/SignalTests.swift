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
        #expect(
            try waitUntil(timeoutSeconds: 10) {
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
        #expect(lines.contains { $0.contains("\(name) received; finished the requests in flight and stopped") })
    }

    /// A request still arriving when the grace period ends is cut off, and the last line says so.
    @Test func theStopLineSaysWhenTheGraceRanOut() throws {
        let server = try ServerProcess(arguments: ["--shutdown-grace", "1"])
        let connection = try TestHTTPConnection(port: server.port)
        try connection.send("POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"width\"")
        #expect(
            try waitUntil(timeoutSeconds: 10) {
                let page = try TestHTTPConnection.request(port: server.port, "GET", "/metrics").text
                return page.split(separator: "\n").contains("routebar_http_requests_in_flight 2")
            })
        server.signal(SIGTERM)
        #expect(server.waitForExit(timeoutSeconds: 10) == 0)
        let stopped = server.stderrLines.last { $0.contains("\"event\":\"stopped\"") }
        #expect(stopped?.contains("SIGTERM received; stopped with 1 request in flight cut off") == true, "\(stopped ?? "no stopped line")")
    }
}
