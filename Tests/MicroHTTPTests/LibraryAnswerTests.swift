import MicroHTTP
import MicroHTTPTesting
import Testing

/// Heads that libmicrohttpd 0.9.75 refuses before any hook of ours runs (docs/reliability.md
/// lists them): its answer is HTML, not a problem, and for a bad `Content-Length` it even sends
/// its headers twice. What we can promise, and test, is the rule for framing errors: an error
/// status, never a handler call, and the connection closed.
extension MicroHTTPEdgeTests {
    @Suite struct LibraryAnswerTests {
        struct Head: Sendable, CustomTestStringConvertible {
            let testDescription: String
            let bytes: String
            let status: Int
        }

        static let heads = [
            Head(
                testDescription: "Content-Length: abc",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}", status: 400),
            Head(
                testDescription: "Content-Length: -5",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n{}", status: 400),
            Head(
                testDescription: "Content-Length: 2^64",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 18446744073709551616\r\n\r\n{}",
                status: 413),
            Head(testDescription: "a request line without a version", bytes: "GET /ok\r\nHost: x\r\n\r\n", status: 400),
            Head(testDescription: "HTTP/2.0", bytes: "GET /ok HTTP/2.0\r\nHost: x\r\n\r\n", status: 505),
            Head(
                testDescription: "a chunk size that is not hex",
                bytes: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
                status: 400),
            // Within our 8 KiB of fields, but a record a cookie overflows libmicrohttpd's memory.
            Head(
                testDescription: "a Cookie field of 410 cookies of 8 bytes",
                bytes: "GET /ok HTTP/1.1\r\nHost: x\r\nCookie: \(cookies(410, bytes: 8))\r\n\r\n", status: 431),
        ]

        /// `count` cookies of `bytes` each with the separator (`c001=v; `), as a `Cookie` field joins them.
        static func cookies(_ count: Int, bytes: Int) -> String {
            (0..<count).map { "c" + String(1000 + $0).dropFirst() + "=" + String(repeating: "v", count: bytes - 7) }.joined(separator: "; ")
        }

        /// The most cookies a browser sends a site (Chrome keeps 180), of 40 bytes each (7.2 KB):
        /// libmicrohttpd's 32 KiB holds their records, so the request reaches the handler.
        @Test func aBrowsersLargestCookieJarReachesTheHandler() throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let answer = try live.connect().request("GET", "/ok", headers: ["Cookie": Self.cookies(180, bytes: 40)])
                #expect(answer.status == 200)
                #expect(routes.hits.count == 1)
            }
        }

        @Test(arguments: heads)
        func anErrorStatusNoHandlerAndTheConnectionClosed(_ head: Head) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send(head.bytes)
                let answer = connection.readAvailable(timeoutSeconds: 2)
                let text = String(decoding: answer, as: UTF8.self)
                #expect(text.hasPrefix("HTTP/1.1 \(head.status) "), "got: \(text.prefix(80))")
                #expect(connection.waitForPeerClose(timeoutSeconds: 2), "the connection stayed open")
                #expect(routes.hits.count == 0 && routes.echoHits.count == 0, "a handler ran")
            }
        }
    }
}
