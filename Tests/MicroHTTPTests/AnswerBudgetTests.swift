import MicroHTTPTesting
import Testing

@testable import MicroHTTP

/// The answers held for clients are counted in the memory account until libmicrohttpd lets go
/// of them; one that would pass the budget, or its connection's share while memory is short, is
/// told 503 instead.
extension MicroHTTPEdgeTests {
    @Suite struct AnswerBudgetTests {
        static let answerBytes = 8 << 20

        static var router: Router {
            var router = EdgeRoutes().router
            // Not of a compressible type: the answer is held as it is.
            router.get("/big") { _ in
                HTTPResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")],
                    body: .bytes([UInt8](repeating: 0x61, count: answerBytes)))
            }
            return router
        }

        @Test func anAnswerPastTheBudgetGets503UntilTheHeldOneIsGone() throws {
            try withLiveServer(.testing { $0.maxMemoryBytes = 20 << 20 }, router: Self.router) { live in
                // A client that asks and does not read keeps its answer held.
                let slow = try TestHTTPConnection(port: live.port, receiveBufferBytes: 4096, maximumSegmentBytes: nil)
                try slow.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(waitUntil(timeoutSeconds: 2) { live.server.memory.held(.answer) >= Self.answerBytes })

                let other = try live.connect()
                let refused = try other.request("GET", "/big")
                let problem = expectProblem(refused, status: 503)
                #expect(problem["limit"] as? Int == 20 << 20)
                #expect(refused.headers["retry-after"] == "1")
                #expect(live.server.metrics.answersOverBudget.load(ordering: .relaxed) == 1)
                // Small answers still fit.
                #expect(try other.request("GET", "/healthz").status == 200)

                slow.disconnect()
                #expect(
                    waitUntil(timeoutSeconds: 10) { live.server.memory.held(.answer) == 0 },
                    "\(live.server.memory.held(.answer)) bytes still held after the client left")
                let served = try other.request("GET", "/big")
                #expect(served.status == 200)
                #expect(served.body.count == Self.answerBytes)
                // libmicrohttpd frees the answer once it has sent it, which may be just after
                // the client has read its last byte.
                #expect(waitUntil(timeoutSeconds: 2) { live.server.memory.held(.answer) == 0 })
            }
        }
    }
}
