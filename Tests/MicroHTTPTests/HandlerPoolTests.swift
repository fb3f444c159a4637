import Foundation
import MicroHTTPTesting
import Synchronization
import Testing

@testable import MicroHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Large requests are answered on the handler pool (`offloadBodyBytes`) while their
/// connection's worker goes on serving the others.
extension MicroHTTPEdgeTests {
    @Suite struct HandlerPoolTests {
        /// `POST /hold` raises `started`, then answers with its body's length once `release`
        /// is set (or after 5 s); the other routes are `EdgeRoutes`'.
        struct HoldingRoutes {
            let started = Flag()
            let release = Flag()

            var router: Router {
                var router = EdgeRoutes().router
                let started = started, release = release
                router.post("/hold", consumes: "application/json") { request in
                    started.set()
                    _ = waitUntil(timeoutSeconds: 5) { release.isSet }
                    return .text("\(request.body.count)")
                }
                return router
            }
        }

        static func body(bytes: Int) -> String {
            "[" + String(repeating: "0,", count: (bytes - 2) / 2) + "0]"
        }

        /// Runs `test` with a server with `HoldingRoutes` and a pool for bodies from 1 KiB, and a
        /// connection whose `POST /hold` of `bytes` is being held on the pool, and the body it sent.
        static func withALargeRequestHeld(
            bytes: Int, _ change: (inout HTTPServerConfiguration) -> Void,
            _ test: (HoldingRoutes, LiveServer, TestHTTPConnection, String) throws -> Void
        ) throws {
            let routes = HoldingRoutes()
            try withLiveServer(
                .testing {
                    $0.offloadBodyBytes = 1024; change(&$0)
                }, router: routes.router
            ) { live in
                let held = try live.connect()
                let body = Self.body(bytes: bytes)
                try held.postJSONWithoutReading("/hold", body)
                #expect(waitUntil(timeoutSeconds: 2) { routes.started.isSet }, "the large request's handler never ran")
                defer { routes.release.set() }
                try test(routes, live, held, body)
            }
        }

        /// One worker only: without the pool, `GET /ok` would wait behind the held request.
        @Test func aWorkerServesOtherConnectionsWhileALargeRequestIsHandled() throws {
            try Self.withALargeRequestHeld(bytes: 4096, { $0.threads = 1 }) { routes, live, held, body in

                let other = try live.connect()
                let (answer, took) = timed { Result { try other.request("GET", "/ok") } }
                routes.release.set()
                #expect((try? answer.get())?.status == 200, "GET /ok was not answered while the large request was held: \(answer)")
                #expect(took < .seconds(2), "GET /ok took \(took)")
                let response = try held.readResponse(timeoutSeconds: 5)
                #expect(response.status == 200)
                #expect(response.text == "\(body.utf8.count)")
                // The connection serves its next request as usual.
                #expect(try held.request("GET", "/ok").status == 200)
            }
        }

        /// The pool's threads run at `handlerNiceness`, the workers at the process's own: a
        /// handler reports the niceness of the thread it runs on.
        @Test func thePoolRunsAtALowerPriorityThanTheWorkers() throws {
            var router = Router()
            router.post("/nice", consumes: "application/json") { _ in
                return .text("\(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))")
            }
            let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            try withLiveServer(
                .testing {
                    $0.offloadBodyBytes = 1024; $0.handlerNiceness = 7
                }, router: router
            ) { live in
                let connection = try live.connect()
                let pooled = try connection.postJSON("/nice", Self.body(bytes: 4096))
                let inPlace = try connection.postJSON("/nice", "[0]")
                #expect(pooled.text == "\(min(19, own + 7))", "a handler on the pool ran at niceness \(pooled.text), the process at \(own)")
                #expect(inPlace.text == "\(own)", "a handler in place ran at niceness \(inPlace.text)")
            }
        }

        /// The idle trim is the process's choice (`trimsIdleMemory`, which `routebar serve`
        /// turns on): off, the watchdog's sweeps never trim; on, once a request has come and gone.
        @Test(arguments: [false, true]) func theIdleTrimRunsOnlyWhenSwitchedOn(on: Bool) throws {
            try withLiveServer(.testing { $0.trimsIdleMemory = on }, router: EdgeRoutes().router) { live in
                let answered = try live.connect().request("GET", "/ok")
                #expect(answered.status == 200)
                // The sweep runs four times a second; a trim needs two quiet sweeps.
                let trimmed = waitUntil(timeoutSeconds: 2) { live.server.idleTrim.trims.load(ordering: .relaxed) > 0 }
                #expect(trimmed == on, "trims: \(live.server.idleTrim.trims.load(ordering: .relaxed))")
            }
        }

        /// The application's idle release (`onIdle`) runs once requests have come and gone,
        /// whether or not the allocator is trimmed, and not again until another request has.
        @Test(arguments: [false, true]) func theApplicationsIdleReleaseRunsOncePerQuietSpell(trims: Bool) throws {
            let calls = Counter()
            let live = try LiveServer(.testing { $0.trimsIdleMemory = trims }, router: EdgeRoutes().router, onIdle: { calls.increment() })
            defer { live.shutdown() }
            #expect(try live.connect().request("GET", "/ok").status == 200)
            // The sweep runs four times a second; a release needs two quiet sweeps.
            #expect(waitUntil(timeoutSeconds: 2) { calls.count == 1 })
            Thread.sleep(forTimeInterval: 0.75)
            #expect(calls.count == 1, "released again with no request between")
            #expect(try live.connect().request("GET", "/ok").status == 200)
            #expect(waitUntil(timeoutSeconds: 2) { calls.count == 2 })
        }

        /// The pool's answer is encoded for the client like any other: gzip when asked for.
        @Test func anAnswerFromThePoolIsCompressedWhenTheClientAsks() throws {
            try withLiveServer(.testing { $0.offloadBodyBytes = 1024 }, router: EdgeRoutes().router) { live in
                let body = Self.body(bytes: 8192)
                let response = try live.connect().request(
                    "POST", "/echo", headers: ["Content-Type": "application/json", "Accept-Encoding": "gzip"], body: Array(body.utf8))
                #expect(response.status == 200)
                #expect(response.headers["content-encoding"] == "gzip")
                #expect(response.headers["vary"]?.contains("Accept-Encoding") == true)
                #expect(response.body.count < body.utf8.count / 4)
                let plain = try live.connect().request("POST", "/echo", headers: ["Content-Type": "application/json"], body: Array(body.utf8))
                #expect(plain.status == 200)
                #expect(plain.text == body)
            }
        }

        /// The pool's queue is bounded: past `offloadQueueLimit` a large request is told 503 at
        /// once instead of waiting, body and all, behind the others.
        @Test func aLargeRequestPastTheQueueLimitGets503() throws {
            try Self.withALargeRequestHeld(bytes: 4096, { $0.offloadQueueLimit = 1 }) { routes, live, held, body in
                let late = try live.connect()
                let refused = try late.request("POST", "/hold", headers: ["Content-Type": "application/json"], body: Array(body.utf8))
                let problem = expectProblem(refused, status: 503)
                #expect(problem["limit"] as? Int == 1)
                #expect(refused.headers["retry-after"] == "1")
                routes.release.set()
                #expect(try held.readResponse(timeoutSeconds: 5).status == 200)
                // Room again: the next large request is taken.
                #expect(waitUntil(timeoutSeconds: 2) { live.server.handlerPool.queued == 0 })
                #expect(try late.request("POST", "/hold", headers: ["Content-Type": "application/json"], body: Array(body.utf8)).status == 200)
            }
        }

        /// A request whose client has gone by the time the pool gets to it is not handled: its
        /// connection is closed and the request ended instead.
        @Test func aRequestWhoseClientLeftIsNotHandled() throws {
            let handled = Atomic<Int>(0)
            var router = EdgeRoutes().router
            router.post("/count", consumes: "application/json") { request in
                handled.add(1, ordering: .relaxed)
                return .text("\(request.body.count)")
            }
            try withLiveServer(.testing { $0.offloadBodyBytes = 1024 }, router: router) { live in
                let body = Self.body(bytes: 2048)
                let request = "POST /count HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
                let gone = try live.connect()
                try gone.sendAndHangUp(request)
                #expect(gone.waitForPeerClose(timeoutSeconds: 3), "the server kept the connection of a client that left")
                #expect(waitUntil(timeoutSeconds: 2) { live.server.metrics.requestsInFlight.load(ordering: .relaxed) == 0 })
                #expect(handled.load(ordering: .relaxed) == 0, "the handler ran for a client that had gone")
                // The same request from a client that stays is handled.
                #expect(
                    try live.connect().request("POST", "/count", headers: ["Content-Type": "application/json"], body: Array(body.utf8)).status == 200)
                #expect(handled.load(ordering: .relaxed) == 1)
            }
        }

        /// A stopping server waits for a handler on the pool and delivers its answer; stopping
        /// libmicrohttpd with the connection still suspended would abort the process.
        @Test func shutdownWaitsForAHandlerOnThePool() throws {
            try Self.withALargeRequestHeld(bytes: 2048, { $0.shutdownGraceSeconds = 5 }) { routes, live, held, body in
                let shutdown = BackgroundRun { live.server.shutdown() }
                // Stopping, with the handler still holding its connection on the pool.
                #expect(waitUntil(timeoutSeconds: 2) { live.server.draining.load(ordering: .acquiring) })
                #expect(live.server.handlerPool.queued == 1)
                #expect(shutdown.wait(timeoutSeconds: 0.2) == nil, "shutdown() returned with a handler still running")
                routes.release.set()
                let response = try held.readResponse(timeoutSeconds: 5)
                #expect(response.status == 200)
                #expect(response.text == "\(body.utf8.count)")
                #expect(response.headers["connection"]?.lowercased() == "close")
                #expect(shutdown.wait(timeoutSeconds: 8) != nil, "shutdown() did not return")
            }
        }
    }
}
