import MicroHTTPTesting
import Testing

@testable import MicroHTTP

/// The smaller edges of issue 29: every head within our limits gets our answer, refusals sent
/// straight to the socket carry CORS headers, and answers vary on `Origin` under a list.
extension MicroHTTPEdgeTests {
    @Suite struct EdgeDetailsTests {
        static let origin = "https://app.example"

        /// 8 KiB of target and 8 KiB of fields in 100 fields fit libmicrohttpd's memory: the
        /// server's own answer comes (it was libmicrohttpd's, or none, with 16 KiB); one more
        /// field is our 431.
        @Test func everyHeadWithinOurLimitsGetsOurAnswer() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let target = "/ok?x=" + String(repeating: "a", count: 8 * 1024 - 6)
                let fieldValue = String(repeating: "v", count: 8 * 1024 / 100 - 12)
                let fields = (0..<99).map { "X-F\(String(format: "%03d", $0)): \(fieldValue)\r\n" }.joined()
                let connection = try live.connect()
                try connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\(fields)\r\n")
                #expect(try connection.readResponse(timeoutSeconds: 2).status == 200)

                let over = try live.connect()
                let more = (0..<101).map { "X-F\($0): v\r\n" }.joined()
                try over.send("GET /ok HTTP/1.1\r\nHost: x\r\n\(more)\r\n")
                let refused = try over.readResponse(timeoutSeconds: 2)
                let problem = expectProblem(refused, status: 431)
                #expect(problem["limit"] as? Int == 100)
            }
        }

        /// A 414 and a 413 mid-body are written straight to the socket; an allowed origin may
        /// read them too.
        @Test func refusalsWrittenToTheSocketCarryCORSHeaders() throws {
            try withLiveServer(
                .testing {
                    $0.corsOrigins = [Self.origin]; $0.maxBodyBytes = 4096
                }, router: EdgeRoutes().router
            ) { live in
                let long = try live.connect()
                try long.send("GET /ok?x=\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: x\r\nOrigin: \(Self.origin)\r\n\r\n")
                let tooLong = try long.readResponse(timeoutSeconds: 2)
                #expect(tooLong.status == 414)
                #expect(tooLong.headers["access-control-allow-origin"] == Self.origin)

                let chunked = try live.connect()
                try chunked.send(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nOrigin: \(Self.origin)\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n")
                for _ in 0..<5 { try? chunked.send("3e8\r\n" + String(repeating: " ", count: 1000) + "\r\n") }
                let tooLarge = try chunked.readResponse(method: "POST", timeoutSeconds: 2)
                #expect(tooLarge.status == 413)
                #expect(tooLarge.headers["access-control-allow-origin"] == Self.origin)
                #expect(tooLarge.headers["vary"]?.contains("Origin") == true)
            }
        }

        /// Under a list of origins an answer differs by `Origin`, so every answer says so, also
        /// one to a request without it: a cache must not hand it to a page of another origin.
        @Test func everyAnswerVariesOnOriginUnderAList() throws {
            try withLiveServer(.testing { $0.corsOrigins = [Self.origin] }, router: EdgeRoutes().router) { live in
                let plain = try live.connect().request("GET", "/ok")
                #expect(plain.headers["vary"]?.contains("Origin") == true)
                #expect(plain.headers["access-control-allow-origin"] == nil)
                let other = try live.connect().request("GET", "/ok", headers: ["Origin": "https://other.example"])
                #expect(other.headers["vary"]?.contains("Origin") == true)
                #expect(other.headers["access-control-allow-origin"] == nil)
            }
        }
    }
}
