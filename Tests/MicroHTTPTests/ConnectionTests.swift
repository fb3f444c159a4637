import MicroHTTPTesting
import Testing

@testable import MicroHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// What holds connections open: the connection limit, and sockets that never finish a head.
extension MicroHTTPEdgeTests {
    @Suite struct ConnectionTests {
        /// At the limit, the connection idle longest makes room for a new one (as nginx
        /// does): silent sockets cannot lock new clients out.
        @Test func idleConnectionsMakeRoomForNewOnesAtTheLimit() throws {
            try withLiveServer(.testing { $0.connectionLimit = 4 }, router: EdgeRoutes().router) { live in
                let silent = try (0..<4).map { _ in try live.connect() }
                #expect(waitUntil(timeoutSeconds: 2) { live.server.connectionsStarted.load(ordering: .acquiring) >= 4 })
                usleep(1_100_000)  // idle for the second that makes a connection one to close
                var late: [TestHTTPConnection] = []
                for _ in 0..<4 {
                    late.append(try live.connect())
                    let response = try late.last!.request("GET", "/ok")
                    #expect(response.status == 200, "a new client at the limit got \(response.status)")
                }
                // The four silent ones, idle longest, were closed without an answer.
                for connection in silent {
                    #expect(connection.waitForPeerClose(timeoutSeconds: 2), "an idle connection was kept while new ones waited")
                    #expect(connection.unreadBytes.isEmpty)
                }
                #expect(live.server.metrics.idleConnectionsClosed.load(ordering: .relaxed) >= 4)
                #expect(live.server.metrics.connectionsRefused.load(ordering: .relaxed) == 0)
            }
        }

        /// A keep-alive client that polls more often than every second is never the one closed:
        /// its next request may already be on its way. A new connection that sends nothing is
        /// told 503 instead, at the end of its second on trial.
        @Test func aBusyKeepAliveClientIsNotClosedToMakeRoom() throws {
            try withLiveServer(.testing { $0.connectionLimit = 1 }, router: EdgeRoutes().router) { live in
                let poller = try live.connect()
                #expect(try poller.request("GET", "/ok").status == 200)
                let late = try live.connect()
                expectProblem(try late.readResponse(timeoutSeconds: 2), status: 503)
                #expect(try poller.request("GET", "/ok").status == 200)
                #expect(live.server.metrics.idleConnectionsClosed.load(ordering: .relaxed) == 0)
            }
        }

        /// When every connection is busy with a request, one past the limit that sends nothing
        /// is told 503 and closed at the end of its second on trial, instead of waiting in the
        /// kernel's queue.
        @Test func connectionsPastTheLimitGet503WhenNoneIsIdle() throws {
            try withLiveServer(.testing { $0.connectionLimit = 4 }, router: EdgeRoutes().router) { live in
                // Each has sent its request line and part of its head: a request is arriving.
                let busy = try (0..<4).map { _ in try live.connect() }
                for connection in busy { try connection.send("GET /ok HTTP/1.1\r\nHost: x\r\n") }
                #expect(waitUntil(timeoutSeconds: 2) { live.server.metrics.requestsInFlight.load(ordering: .acquiring) == 4 })

                let late = try live.connect()
                let response = try late.readResponse(timeoutSeconds: 2)
                let problem = expectProblem(response, status: 503)
                #expect(problem["limit"] as? Int == 4)
                #expect(response.headers["retry-after"] == "1")
                #expect(response.headers["connection"]?.lowercased() == "close")
                #expect(late.waitForPeerClose(timeoutSeconds: 1.5), "a refused connection was left open")
                #expect(live.server.metrics.connectionsRefused.load(ordering: .relaxed) == 1)
                // The busy ones were not cut off: each finishes its request.
                for connection in busy {
                    try connection.send("\r\n")
                    #expect(try connection.readResponse(timeoutSeconds: 2).status == 200)
                }
            }
        }

        /// Past the limit, a connection that sends a whole request is served, and one whose body
        /// has crawled for a second makes room for it: tricklers that reconnect as fast as they
        /// are closed cannot keep new clients out.
        @Test func aWholeRequestPastTheLimitIsServedAndASlowBodyMakesRoom() throws {
            try withLiveServer(.testing { $0.connectionLimit = 2 }, router: EdgeRoutes().router) { live in
                let slow = try (0..<2).map { _ in try live.connect() }
                for connection in slow {
                    try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
                }
                usleep(1_200_000)
                let fresh = try live.connect()
                #expect(try fresh.request("GET", "/ok").status == 200)
                #expect(live.server.metrics.idleConnectionsClosed.load(ordering: .relaxed) == 1)
                #expect(slow.filter { $0.waitForPeerClose(timeoutSeconds: 2) }.count == 1, "not one trickler made room")
            }
        }

        static let headerTimeout = HTTPServerConfiguration.testing {
            $0.headerTimeoutSeconds = 1
            $0.idleTimeoutSeconds = 10
            $0.requestTimeoutSeconds = 10
        }

        struct Stall: Sendable, CustomTestStringConvertible {
            let testDescription: String
            let sent: String
        }

        static let stalls = [
            Stall(testDescription: "nothing sent", sent: ""),
            Stall(testDescription: "half a request line", sent: "GET /ok HT"),
        ]

        /// A socket that does not finish its head within the header timeout is closed, long
        /// before the connection timeout.
        @Test(arguments: stalls)
        func stalledHeadIsClosedAtTheHeaderTimeout(_ stall: Stall) throws {
            try withLiveServer(Self.headerTimeout, router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                if !stall.sent.isEmpty { try connection.send(stall.sent) }
                let (closed, took) = timed { connection.waitForPeerClose(timeoutSeconds: 3) }
                #expect(closed, "still open after \(took)")
                #expect(took < .seconds(2), "closed after \(took), with a header timeout of 1 s")
                #expect(took > .milliseconds(900), "closed after \(took), before the header timeout of 1 s")
            }
        }

        /// Between requests a kept-alive connection owes no head: only the connection timeout applies.
        @Test func idleKeepAliveConnectionOutlastsTheHeaderTimeout() throws {
            try withLiveServer(Self.headerTimeout, router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                #expect(try connection.request("GET", "/ok").status == 200)
                #expect(holds(forSeconds: 1.5) { connection.isOpen() }, "closed while idle between requests")
                let next = try connection.request("GET", "/ok")
                #expect(next.status == 200)
                #expect(next.text == "ok")
            }
        }
    }
}
