import MicroHTTP
import MicroHTTPTesting
import Testing

/// Request targets, header fields, versions and bodies past what the server takes get their
/// own problem, as early as the server can know.
extension MicroHTTPEdgeTests {
    @Suite struct LimitTests {
        static let limits = HTTPServerConfiguration.testing {
            $0.maxTargetBytes = 1024
            $0.maxHeaderBytes = 2048
            $0.maxBodyBytes = 4096
        }

        @Test func targetLongerThanTheLimitGets414() throws {
            let routes = EdgeRoutes()
            try withLiveServer(Self.limits, router: routes.router) { live in
                let within = "/ok?pad=" + String(repeating: "a", count: 1000)
                #expect(within.utf8.count <= 1024)
                #expect(try live.connect().request("GET", within).status == 200, "a target within the limit is answered")

                let beyond = "/ok?pad=" + String(repeating: "a", count: 1100)
                let refused = try expectRefusedAndClosed(live, "GET \(beyond) HTTP/1.1\r\nHost: x\r\n\r\n", status: 414)
                #expect(refused.problem["limit"] as? Int == 1024)
                #expect(routes.hits.count == 1)
            }
        }

        @Test func headerFieldsBeyondTheLimitGet431() throws {
            let routes = EdgeRoutes()
            try withLiveServer(Self.limits, router: routes.router) { live in
                let pad = String(repeating: "b", count: 800)
                #expect(
                    try live.connect().request("GET", "/ok", headers: ["X-Pad-1": pad]).status == 200,
                    "fields within the limit are answered")

                let head = "GET /ok HTTP/1.1\r\nHost: x\r\nX-Pad-1: \(pad)\r\nX-Pad-2: \(pad)\r\nX-Pad-3: \(pad)\r\n\r\n"
                let refused = try expectRefusedAndClosed(live, head, status: 431)
                #expect(refused.problem["limit"] as? Int == 2048)
                #expect(routes.hits.count == 1)
            }
        }

        @Test func http12Gets505() throws {
            let routes = EdgeRoutes()
            try withLiveServer(Self.limits, router: routes.router) { live in
                try expectRefusedAndClosed(live, "GET / HTTP/1.2\r\nHost: x\r\n\r\n", status: 505)
            }
        }

        /// The 413 arrives before the client has ended its body: the server does not wait for
        /// the rest of an upload it has already refused.
        @Test func chunkedBodyPastTheLimitGets413BeforeItEnds() throws {
            let routes = EdgeRoutes()
            try withLiveServer(Self.limits, router: routes.router) { live in
                let connection = try live.connect()
                try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = "3e8\r\n" + String(repeating: " ", count: 1000) + "\r\n"
                for _ in 0..<5 { try connection.send(chunk) }
                // No terminating `0\r\n\r\n`: only a server that answers mid-body answers now.
                let response = try connection.readResponse(method: "POST", timeoutSeconds: 2)
                let problem = expectProblem(response, status: 413)
                #expect(problem["limit"] as? Int == 4096)
                #expect(response.headers["connection"]?.lowercased() == "close")
                #expect(connection.waitForPeerClose(timeoutSeconds: 2))
                #expect(routes.echoHits.count == 0)
            }
        }

        static let hugeLengths = ["9223372036854775808", "5000000"]

        /// Refused by its `Content-Length`, at once, without any of the body sent.
        @Test(arguments: hugeLengths)
        func contentLengthPastTheLimitGets413AtOnce(_ length: String) throws {
            let routes = EdgeRoutes()
            try withLiveServer(Self.limits, router: routes.router) { live in
                let connection = try live.connect()
                try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n")
                // No byte of the body is ever sent, and the read gives up after 2 s, long before the
                // server's own timeouts (5 s for a head, 10 s for a request): an answer at all is one
                // given without waiting for the body.
                let response = try connection.readResponse(method: "POST", timeoutSeconds: 2)
                let problem = expectProblem(response, status: 413)
                #expect(problem["limit"] as? Int == 4096)
                #expect(response.headers["connection"]?.lowercased() == "close")
                #expect(connection.waitForPeerClose(timeoutSeconds: 2))
                #expect(routes.echoHits.count == 0)
            }
        }

        /// The control for the tests above: a body within the limit reaches the handler.
        @Test func bodyWithinTheLimitIsEchoed() throws {
            let routes = EdgeRoutes()
            try withLiveServer(Self.limits, router: routes.router) { live in
                let body = "[" + String(repeating: "1,", count: 2000) + "1]"
                #expect(body.utf8.count <= 4096)
                let response = try live.connect().postJSON("/echo", body)
                #expect(response.status == 200)
                #expect(response.text == body)
            }
        }
    }
}
