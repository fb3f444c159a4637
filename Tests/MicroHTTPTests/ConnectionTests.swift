import MicroHTTPTesting
import Testing
@testable import MicroHTTP

/// What holds connections open: the connection limit, and sockets that never finish a head.
extension MicroHTTPEdgeTests {
    @Suite struct ConnectionTests {
        /// Past the limit, a connection is told 503 at once and closed: silent sockets cannot
        /// make new clients wait in the kernel's queue.
        @Test func connectionsPastTheLimitGet503AtOnce() throws {
            let live = try LiveServer(.testing { $0.connectionLimit = 4 }, router: EdgeRoutes().router)
            let silent = try (0..<8).map { _ in try live.connect() }
            #expect(waitUntil(timeoutSeconds: 2) { live.server.connectionsStarted.load(ordering: .acquiring) >= 8 },
                    "the server took on \(live.server.connectionsStarted.load(ordering: .acquiring)) of 8 connections")

            let late = try live.connect()
            try? late.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            let (answer, took) = timed { Result { try late.readResponse(timeoutSeconds: 1) } }
            switch answer {
            case .success(let response):
                #expect(response.status == 503 || response.status == 200)
                if response.status == 503 {
                    expectProblem(response, status: 503)
                    #expect(response.headers["retry-after"] != nil)
                }
            case .failure(let error):
                Issue.record("no answer within 1 s past the limit (\(took)): \(error)")
            }

            // The four past the limit were told 503 and closed; the four within it hear nothing.
            let deadline = ContinuousClock.now + .milliseconds(1500)
            var refused = 0
            for connection in silent {
                let remaining = deadline - ContinuousClock.now
                let wait = max(0.05, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18)
                guard let response = try? connection.readResponse(timeoutSeconds: wait) else { continue }
                refused += 1
                let problem = expectProblem(response, status: 503)
                #expect(problem["limit"] as? Int == 4)
                #expect(response.headers["retry-after"] == "1")
                #expect(response.headers["connection"]?.lowercased() == "close")
                #expect(connection.waitForPeerClose(timeoutSeconds: 1.5), "a refused connection was left open")
            }
            #expect(refused == 4, "\(refused) of 8 silent connections were refused with the limit at 4")
            #expect(live.server.metrics.connectionsRefused.load(ordering: .relaxed) >= 4)
        }

        static let headerTimeout = HTTPServerConfiguration.testing {
            $0.headerTimeoutSeconds = 1
            $0.connectionTimeoutSeconds = 10
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
            let live = try LiveServer(Self.headerTimeout, router: EdgeRoutes().router)
            let connection = try live.connect()
            if !stall.sent.isEmpty { try connection.send(stall.sent) }
            let (closed, took) = timed { connection.waitForPeerClose(timeoutSeconds: 3) }
            #expect(closed, "still open after \(took)")
            #expect(took < .seconds(2), "closed after \(took), with a header timeout of 1 s")
            #expect(took > .milliseconds(900), "closed after \(took), before the header timeout of 1 s")
        }

        /// Between requests a kept-alive connection owes no head: only the connection timeout applies.
        @Test func idleKeepAliveConnectionOutlastsTheHeaderTimeout() throws {
            let live = try LiveServer(Self.headerTimeout, router: EdgeRoutes().router)
            let connection = try live.connect()
            #expect(try connection.request("GET", "/ok").status == 200)
            #expect(holds(forSeconds: 1.5) { connection.isOpen() }, "closed while idle between requests")
            let next = try connection.request("GET", "/ok")
            #expect(next.status == 200)
            #expect(next.text == "ok")
        }
    }
}
