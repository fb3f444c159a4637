import MicroHTTPTesting
import Testing

@testable import MicroHTTP

/// A request line libmicrohttpd 0.9.75 passes on that is no request line (RFC 9112, section 3)
/// is refused with 400 and its connection closed, not routed: a method that is no token and a
/// target of bytes no URI holds are most likely the rest of a message two parsers framed
/// differently. A method that is a token but not one a resource takes is routing's 405.
extension MicroHTTPEdgeTests {
    @Suite struct RequestLineTests {
        struct Line: Sendable, CustomTestStringConvertible {
            let testDescription: String
            let line: String
            var status = 400
        }

        static let refused = [
            Line(testDescription: "a bare CR in the method", line: "G\rET /ok"),
            Line(testDescription: "a method that is no token", line: "G(T /ok"),
            Line(testDescription: "a bare CR in the target", line: "GET /o\rk"),
            Line(testDescription: "a control byte in the target", line: "GET /ok\u{1}"),
            Line(testDescription: "a byte past ASCII in the target", line: "GET /ök"),
            Line(testDescription: "a fragment in the target", line: "GET /ok#top"),
            Line(testDescription: "a % without two hexadecimal digits", line: "GET /ok%zz"),
            Line(testDescription: "a % at the target's end", line: "GET /ok%"),
            Line(testDescription: "a target without its leading slash", line: "GET ok"),
            Line(testDescription: "a target of another scheme", line: "GET ftp://x/ok"),
            Line(testDescription: "an absolute target with a port that is no number", line: "GET http://x:abc/ok"),
            Line(testDescription: "an absolute target naming a user", line: "GET http://user@x/ok"),
            Line(testDescription: "asterisk-form with GET", line: "GET *"),
            Line(testDescription: "an encoded slash in the path", line: "GET /o%2Fk", status: 404),
        ]

        @Test(arguments: refused)
        func aLineThatIsNoRequestLineIsRefusedAndClosed(_ line: Line) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let refused = try expectRefusedAndClosed(
                    live, line.line + " HTTP/1.1\r\nHost: x\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", status: line.status)
                #expect(refused.connection.unreadBytes.isEmpty, "more came after the refusal: \(refused.connection.unreadBytes.text)")
                #expect(routes.hits.count == 0 && routes.smuggledHits.count == 0, "a request reached a handler")
            }
        }

        /// Sound targets in every form a server takes are answered: percent-encoded bytes
        /// (`%6B` is `k`), a query, an absolute target with a port.
        @Test(arguments: ["GET /ok", "GET /o%6B", "GET /ok?width=1&a=%20b", "GET http://x:8080/ok", "GET HTTPS://[::1]/ok?x=1", "HEAD /ok"])
        func soundTargetsAreAnswered(_ line: String) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send(line + " HTTP/1.1\r\nHost: x\r\n\r\n")
                let method = String(line.prefix { $0 != " " })
                #expect(try connection.readResponse(method: method, timeoutSeconds: 2).status == 200)
                #expect(routes.hits.count == 1)
            }
        }

        /// The target's bytes are RFC 3986's: printable ASCII but those it leaves out of URIs.
        @Test func theBytesATargetHoldsAreRFC3986s() {
            let excluded = Set(##""#<>\^`{|}"##.utf8)
            for byte in UInt8.min...UInt8.max {
                #expect(RequestLine.isURIByte(byte) == ((0x21...0x7E).contains(byte) && !excluded.contains(byte)), "0x\(String(byte, radix: 16))")
            }
        }

        /// A client's text in a problem's detail is cut at 64 characters: a 3,000-byte method
        /// or path makes no answer as long.
        @Test func aLongMethodOrPathIsQuotedShort() throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let long = String(repeating: "A", count: 3_000)
                let method = try live.connect().request(long, "/ok")
                #expect(method.status == 405 && method.body.count < 600, "\(method.body.count) bytes")
                #expect(try method.json()["detail"] as? String == "/ok does not take \(long.prefix(64))…; it takes GET, HEAD.")
                let connection = try live.connect()
                try connection.send("GET /" + String(repeating: "a", count: 3_000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
                let path = try connection.readResponse(timeoutSeconds: 2)
                #expect(path.status == 404 && path.body.count < 600, "\(path.body.count) bytes")
            }
        }
    }
}
