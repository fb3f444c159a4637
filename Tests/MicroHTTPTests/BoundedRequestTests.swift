import Foundation
import MicroHTTPTesting
import Testing

@testable import MicroHTTP

/// Every request that starts, ends (in-flight returns to 0 on every path, libmicrohttpd's own
/// refusals included), and what is read is bounded whatever its coding.
extension MicroHTTPEdgeTests {
    @Suite struct BoundedRequestTests {
        static func inFlightReturnsToZero(_ live: LiveServer, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(
                waitUntil(timeoutSeconds: 3) { live.server.metrics.requestsInFlight.load(ordering: .acquiring) == 0 },
                "requests in flight stayed at \(live.server.metrics.requestsInFlight.load(ordering: .acquiring))",
                sourceLocation: sourceLocation)
        }

        /// libmicrohttpd 0.9.75 runs out of its connection memory at about 220 parameters and
        /// used to drop the connection without an answer, the request counted in flight for good.
        @Test(arguments: [65, 250, 500])
        func tooManyQueryParametersGet400(count: Int) throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let query = (0..<count).map { "a\($0)=1" }.joined(separator: "&")
                let refused = try expectRefusedAndClosed(live, "GET /healthz?\(query) HTTP/1.1\r\nHost: x\r\n\r\n", status: 400)
                #expect(refused.problem["limit"] as? Int == 64)
                // Refused before the head's fields are read, it still carries an id of its own.
                #expect(refused.response.headers["x-request-id"]?.isEmpty == false, "\(refused.response.headers)")
                Self.inFlightReturnsToZero(live)
            }
        }

        @Test func sixtyFourQueryParametersAreServed() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let query = (0..<64).map { "a\($0)=1" }.joined(separator: "&")
                let response = try live.connect().request("GET", "/echo?width=3&\(query.dropFirst(6))")
                #expect(response.status == 200)
            }
        }

        /// `queryParameter` reads the parameters gathered once per request: names match with
        /// their case, values are percent-decoded, and a name without `=` has the empty value.
        @Test(arguments: [
            ("/echo?width=3", "3"), ("/echo?Width=5&width=3", "3"), ("/echo?Width=5", "nil"), ("/echo?width", ""),
            ("/echo?width=", ""), ("/echo?width=%33%2C4", "3,4"), ("/echo?height=1", "nil"), ("/echo", "nil"),
        ])
        func queryParametersAreReadByExactName(target: String, value: String) throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let response = try live.connect().request("GET", target)
                #expect(response.status == 200)
                #expect(response.text == value, "\(target)")
            }
        }

        struct Abandoned: Sendable, CustomTestStringConvertible {
            let testDescription: String
            let sent: String
        }

        static let abandoned = [
            // libmicrohttpd answers these itself (414 or 431, in HTML) without our handler.
            Abandoned(testDescription: "a 20 KB target", sent: "GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\nHost: x\r\n\r\n"),
            Abandoned(
                testDescription: "17 KB of header fields",
                sent: "GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 17_000) + "\r\n\r\n"),
            Abandoned(testDescription: "half a head, then the client goes", sent: "GET /ok HTTP/1.1\r\nHost: x\r\n"),
            Abandoned(
                testDescription: "half a body, then the client goes",
                sent: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n[1,"),
        ]

        @Test(arguments: abandoned)
        func everyRequestThatStartsEnds(_ case: Abandoned) throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                try connection.send(`case`.sent)
                _ = connection.readAvailable(timeoutSeconds: 0.3)
                connection.disconnect()
                Self.inFlightReturnsToZero(live)
                // The server still answers.
                #expect(try live.connect().request("GET", "/healthz").status == 200)
            }
        }

        /// A client that stops sending mid-request and stays connected is cut off by the
        /// timeouts, and its request ends with its connection.
        @Test(arguments: abandoned.suffix(2))
        func aRequestCutOffByATimeoutEnds(_ case: Abandoned) throws {
            try withLiveServer(
                .testing {
                    $0.idleTimeoutSeconds = 1; $0.requestTimeoutSeconds = 1; $0.headerTimeoutSeconds = 1
                }, router: EdgeRoutes().router
            ) { live in
                let connection = try live.connect()
                try connection.send(`case`.sent)
                #expect(waitUntil(timeoutSeconds: 0.5) { live.server.metrics.requestsInFlight.load(ordering: .acquiring) == 1 })
                #expect(connection.waitForPeerClose(timeoutSeconds: 4), "the silent client was not cut off")
                Self.inFlightReturnsToZero(live)
            }
        }

        /// A gzip body is bounded as sent, not only as decoded: empty deflate blocks inflate to
        /// nothing and were read without end.
        @Test func aGzipBodyThatInflatesToNothingIsCutAtTheLimit() throws {
            try withLiveServer(.testing { $0.maxBodyBytes = 4096 }, router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                try connection.send(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n")
                let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
                let emptyBlock: [UInt8] = [0, 0, 0, 0xFF, 0xFF]  // a stored block of no bytes, not the last
                var sent = 0
                var first = true
                var answer: TestHTTPResponse?
                while sent < 64 * 1024 {
                    let data = (first ? header : []) + Array([[UInt8]](repeating: emptyBlock, count: 100).joined())
                    first = false
                    guard (try? connection.send(Array(String(data.count, radix: 16).utf8) + [13, 10] + data + [13, 10])) != nil else { break }
                    sent += data.count
                    if let response = try? connection.readResponse(method: "POST", timeoutSeconds: 0.05) {
                        answer = response
                        break
                    }
                }
                if answer == nil { answer = try connection.readResponse(method: "POST", timeoutSeconds: 2) }
                let problem = expectProblem(try #require(answer), status: 413)
                #expect(problem["limit"] as? Int == 4096)
                #expect(sent < 8192, "\(sent) bytes were read before the 413")
                Self.inFlightReturnsToZero(live)
            }
        }
    }

    /// The head's fields as RFC 9112 and 9110 have them, where libmicrohttpd lets them pass.
    @Suite struct StrictHeadTests {
        struct Bad: Sendable, CustomTestStringConvertible {
            let testDescription: String
            let head: String
        }

        static let bad = [
            // libmicrohttpd reads `Content-Length:` CRLF ` 35` as a field named `Content-Length35`,
            // so the body would run as a second request: smuggling behind a proxy that unfolds.
            Bad(
                testDescription: "Content-Length folded onto the next line",
                head: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length:\r\n 35\r\n\r\n"
                    + "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
            Bad(testDescription: "Transfer-Encoding folded", head: "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\n chunked\r\n\r\n"),
            Bad(testDescription: "0x01 in a value", head: "GET /ok HTTP/1.1\r\nHost: x\r\nX-A: a\u{01}b\r\n\r\n"),
            Bad(testDescription: "DEL in a value", head: "GET /ok HTTP/1.1\r\nHost: x\r\nX-A: a\u{7F}b\r\n\r\n"),
            Bad(testDescription: "a space inside Host", head: "GET /ok HTTP/1.1\r\nHost: a b\r\n\r\n"),
            Bad(testDescription: "a Host with a path", head: "GET /ok HTTP/1.1\r\nHost: a/b\r\n\r\n"),
            Bad(testDescription: "a Host with a bad port", head: "GET /ok HTTP/1.1\r\nHost: a:8x\r\n\r\n"),
            Bad(testDescription: "an empty field name first", head: "GET /ok HTTP/1.1\r\n: value\r\nHost: x\r\n\r\n"),
        ]

        @Test(arguments: bad)
        func refusedWith400AndClosed(_ bad: Bad) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                try expectRefusedAndClosed(live, bad.head, status: 400, method: bad.head.hasPrefix("POST") ? "POST" : "GET")
                #expect(routes.smuggledHits.count == 0 && routes.hits.count == 0)
            }
        }

        @Test(arguments: ["x", "example.com:8080", "[::1]:80", "127.0.0.1", "a-b.c_d~%41", ""])
        func validHostsAreServed(host: String) throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                try connection.send("GET /ok HTTP/1.1\r\nHost: \(host)\r\n\r\n")
                #expect(try connection.readResponse().status == 200)
            }
        }

        /// RFC 9112 section 3.2.2: a server must accept the absolute form.
        @Test func absoluteFormTargetsAreServed() throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send("GET http://127.0.0.1:\(live.port)/ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let response = try connection.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "ok")
                try connection.send("GET HTTPS://example.com/echo?width=7 HTTP/1.1\r\nHost: example.com\r\n\r\n")
                #expect(try connection.readResponse().text == "7")
            }
        }

        /// Hidden by libmicrohttpd 0.9.75, which cuts the target at a raw NUL before any
        /// callback sees it (docs/reliability.md): what it does is serve the part before.
        @Test func aRawNULInTheTargetIsCutThereByLibmicrohttpd() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                try connection.send(Array("GET /healthz".utf8) + [0] + Array("x HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                #expect(try connection.readResponse().text == "healthy")
            }
        }
    }
}
