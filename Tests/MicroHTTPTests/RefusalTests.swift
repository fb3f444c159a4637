import MicroHTTP
import MicroHTTPTesting
import Testing

/// Requests the router refuses from their head alone (404, 405, 415) are answered before their
/// body is sent; a refused request with a body closes its connection (the body is never read),
/// one without keeps it.
extension MicroHTTPEdgeTests {
    @Suite struct RefusalTests {
        struct Refusal: Sendable, CustomTestStringConvertible {
            let testDescription: String
            let head: String
            let status: Int
            /// A header the answer must carry, lower-cased name, and its value.
            let header: (name: String, value: String)?
        }

        static let refusals = [
            Refusal(
                testDescription: "404 for an unknown path",
                head: "POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
                status: 404, header: nil),
            Refusal(
                testDescription: "405 for a known path with another method",
                head: "POST /ok HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
                status: 405, header: ("allow", "GET, HEAD")),
            Refusal(
                testDescription: "415 for a JSON route given text/plain",
                head: "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n",
                status: 415, header: ("accept-post", "application/json")),
        ]

        /// Only the head goes out; the answer must come without the 100 bytes it announces.
        @Test(arguments: refusals)
        func refusedBeforeTheBodyAndClosed(_ refusal: Refusal) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                // The 100 bytes announced are never sent: an answer within the read deadline, shorter
                // than the server's timeouts, is one given without waiting for them.
                let refused = try expectRefusedAndClosed(live, refusal.head, status: refusal.status, method: "POST")
                if let header = refusal.header {
                    #expect(refused.response.headers[header.name] == header.value, "headers: \(refused.response.headers)")
                }
                #expect(routes.hits.count == 0 && routes.echoHits.count == 0)
            }
        }

        /// The final answer comes first: `100 Continue` would invite a body the server will not read.
        @Test func expectContinueOnARefusedRequestGetsTheFinalAnswerOnly() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                try connection.send(
                    "POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n"
                        + "Expect: 100-continue\r\n\r\n")
                let received = connection.readAvailable(timeoutSeconds: 2).text
                let firstLine = received.prefix { $0 != "\r" }
                #expect(firstLine.hasPrefix("HTTP/1.1 404"), "the first status line read: \(firstLine)")
                #expect(!received.contains("100 Continue"), "received: \(received)")
                #expect(received.contains("application/problem+json"), "received: \(received)")
            }
        }

        /// A GET has no body to skip: its 404 leaves the connection usable.
        @Test func getToAnUnknownPathKeepsTheConnection() throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send("GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
                let notFound = try connection.readResponse(timeoutSeconds: 2)
                expectProblem(notFound, status: 404)
                #expect(notFound.headers["connection"]?.lowercased() != "close")
                try connection.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
                let next = try connection.readResponse(timeoutSeconds: 2)
                #expect(next.status == 200)
                #expect(next.text == "ok")
                #expect(routes.hits.count == 1)
            }
        }
    }
}
