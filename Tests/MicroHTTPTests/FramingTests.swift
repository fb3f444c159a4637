import MicroHTTP
import MicroHTTPTesting
import Testing

/// A request head that could frame its body two ways, or not be what it seems, is refused and
/// its connection closed: whatever follows on it cannot be trusted.
extension MicroHTTPEdgeTests {
    @Suite struct FramingTests {
        /// Both framings on one request (RFC 9112 §6.3): if the server went by
        /// `Transfer-Encoding`, the body would end at `0\r\n\r\n` and `GET /smuggled` would
        /// be answered as a second request.
        @Test func contentLengthWithTransferEncodingIsRefusedAndNothingIsSmuggled() throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                let body = "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
                try connection.send(
                    "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 60\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
                let response = try connection.readResponse(method: "POST", timeoutSeconds: 2)
                expectProblem(response, status: 400)
                #expect(response.headers["connection"]?.lowercased() == "close")
                #expect(connection.waitForPeerClose(timeoutSeconds: 2), "the server kept the connection open")
                #expect(connection.unreadBytes.isEmpty, "a second answer came: \(connection.unreadBytes.text)")
                #expect(routes.smuggledHits.count == 0, "the smuggled request reached its route")
                #expect(routes.echoHits.count == 0)
                // The route is real: had the server been fooled, it would have answered 200.
                #expect(try TestHTTPConnection.request(port: live.port, "GET", "/smuggled").status == 200)
                #expect(routes.smuggledHits.count == 1)
            }
        }

        struct BadHead: Sendable, CustomTestStringConvertible {
            let testDescription: String
            let bytes: String
        }

        static let badHeads = [
            BadHead(
                testDescription: "two Content-Length fields with different values",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 7\r\n\r\n{}GET /ok"),
            BadHead(
                testDescription: "a space before the colon of Transfer-Encoding",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding : chunked\r\n\r\n"
                    + "2\r\n{}\r\n0\r\n\r\n"),
            BadHead(
                testDescription: "HTTP/1.1 without Host",
                bytes: "GET /ok HTTP/1.1\r\n\r\n"),
            BadHead(
                testDescription: "two Host fields",
                bytes: "GET /ok HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
            BadHead(
                testDescription: "a bare CR inside a field value",
                bytes: "GET /ok HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n"),
            // libmicrohttpd 0.9.75 takes a line that begins with a colon, after a field, for the
            // head's end, and would answer what follows as a second request.
            BadHead(
                testDescription: "a line with an empty field name after a field, then a request",
                bytes: "GET /ok HTTP/1.1\r\nHost: x\r\n: x\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
            BadHead(
                testDescription: "a lone colon line after a field, then a request",
                bytes: "GET /ok HTTP/1.1\r\nHost: x\r\n:\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"),
            BadHead(
                testDescription: "a line with an empty field name first",
                bytes: "GET /ok HTTP/1.1\r\n: x\r\nHost: x\r\n\r\n"),
            BadHead(
                testDescription: "a field folded across lines (obs-fold)",
                bytes: "GET /ok HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n"),
        ]

        @Test(arguments: badHeads)
        func badHeadIsRefusedWith400AndClosed(_ head: BadHead) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let refused = try expectRefusedAndClosed(live, head.bytes, status: 400)
                #expect(refused.connection.unreadBytes.isEmpty, "more came after the 400: \(refused.connection.unreadBytes.text)")
                #expect(routes.hits.count == 0 && routes.echoHits.count == 0 && routes.smuggledHits.count == 0, "the request reached a handler")
            }
        }

        /// Heads ended by bare LF, by CRLF, or both, with spaces around a value, are answered,
        /// and so is a request pipelined behind one: the check of where the head ends (the
        /// empty field name above) leaves every well-formed head alone.
        @Test(arguments: [
            "GET /ok HTTP/1.1\nHost: x\nX-B:  y  \n\n", "GET /ok HTTP/1.1\r\nHost: x\n\r\n", "GET /ok HTTP/1.1\r\nHost: x\r\n\n",
            "GET /ok HTTP/1.1\r\nHost: x\r\nX-Empty:\r\n\r\n",
        ])
        func wellFormedHeadsEndWhereTheySay(_ head: String) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send(head + "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try connection.readResponse(timeoutSeconds: 2).status == 200)
                #expect(try connection.readResponse(timeoutSeconds: 2).status == 200)
                #expect(routes.hits.count == 2)
            }
        }

        @Test func http10WithoutHostIsAnswered() throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send("GET /ok HTTP/1.0\r\n\r\n")
                let response = try connection.readResponse(timeoutSeconds: 2)
                #expect(response.status == 200)
                #expect(response.text == "ok")
                #expect(routes.hits.count == 1)
            }
        }

        static let unimplementedCodings = [
            BadHead(
                testDescription: "Transfer-Encoding: gzip",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n"),
            BadHead(
                testDescription: "Transfer-Encoding: chunked, chunked",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked, chunked\r\n\r\n"),
            BadHead(
                testDescription: "Transfer-Encoding: gzip, then Transfer-Encoding: chunked",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n"),
        ]

        /// Only the head is sent: the 400 must not wait for a body. Any Transfer-Encoding but
        /// exactly `chunked` is refused: libmicrohttpd would read its body to the connection's end.
        @Test(arguments: unimplementedCodings)
        func otherTransferCodingsAreRefusedWith400AtOnce(_ head: BadHead) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                // No body follows the head: an answer within expectRefusedAndClosed's read deadline,
                // shorter than the server's timeouts, is one given without waiting for it.
                _ = try expectRefusedAndClosed(live, head.bytes, status: 400, method: "POST")
                #expect(routes.echoHits.count == 0)
            }
        }
    }
}

/// Trailer fields are field lines as the head's are (RFC 9112, section 7.1.2): held to the same
/// syntax and limits, which libmicrohttpd applies to neither (a trailer folded across lines it
/// joins into one name, which no check can tell from a field of that name, and routebar reads
/// no trailer); and a field of one value is not given two.
extension MicroHTTPEdgeTests {
    @Suite struct FieldLineTests {
        static let chunkedHead =
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n"

        @Test(arguments: ["X-A : b\r\n", "X-A: b\rc\r\n", "X-A: b\u{1}c\r\n", String(repeating: "X-B: 1\r\n", count: 101)])
        func aTrailerFieldTheHeadWouldRefuseIsRefused(_ trailer: String) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let status = trailer.hasPrefix("X-B") ? 431 : 400
                let refused = try expectRefusedAndClosed(
                    live, Self.chunkedHead + trailer + "\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", status: status, method: "POST")
                #expect(refused.connection.unreadBytes.isEmpty)
                #expect(routes.echoHits.count == 0 && routes.smuggledHits.count == 0)
            }
        }

        @Test func aSoundTrailerIsAnswered() throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send(Self.chunkedHead + "X-Checksum: abc\r\n\r\n")
                let response = try connection.readResponse(method: "POST", timeoutSeconds: 2)
                #expect(response.status == 200 && response.text == "{}")
            }
        }

        /// A second `Content-Type` that differs is refused, in either order; the same one twice is one type.
        @Test(arguments: [("text/plain", 400), ("application/json", 200)])
        func twoContentTypes(second: String, status: Int) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                for (first, then) in [("application/json", second), (second, "application/json")] {
                    let connection = try live.connect()
                    try connection.send(
                        "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: \(first)\r\nContent-Type: \(then)\r\nContent-Length: 2\r\n\r\n{}")
                    let response = try connection.readResponse(method: "POST", timeoutSeconds: 2)
                    #expect(response.status == status, "\(first), then \(then)")
                }
            }
        }
    }
}
