import Foundation
import RouteBarTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Everything the server writes to stderr is one JSON object per line.
@Suite struct StderrTests {
    @Test func libmicrohttpdsOwnMessagesAreJSONLinesToo() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        // Clients gone mid-body: libmicrohttpd reports each, which it used to print as free text.
        for _ in 0..<5 {
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"wid")
            #expect(
                try waitUntil(timeoutSeconds: 5) {
                    try TestHTTPConnection.request(port: server.port, "GET", "/metrics").text
                        .split(separator: "\n").contains("routebar_http_requests_in_flight 2")
                })
            connection.disconnect()
        }
        #expect(
            waitUntil(timeoutSeconds: 5) { server.stderrLines.filter { $0.contains(#""event":"libmicrohttpd""#) }.count >= 5 },
            "libmicrohttpd's messages reach the log: \(server.stderrLines.suffix(3))")
        server.signal(SIGTERM)
        #expect(server.waitForExit() == 0)
        let lines = server.stderrLines
        #expect(lines.allSatisfy { $0.hasPrefix("{\"time\":") && $0.hasSuffix("}") }, "free text on stderr: \(lines.filter { !$0.hasPrefix("{") })")
    }
}
