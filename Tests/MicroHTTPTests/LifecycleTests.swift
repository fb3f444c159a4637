import Foundation
import MicroHTTPTesting
import Testing
@testable import MicroHTTP

#if canImport(Glibc)
import Glibc
#endif

/// Starting, stopping, and starting again: a graceful shutdown, and nothing left behind.
extension MicroHTTPEdgeTests {
    @Suite struct LifecycleTests {
        /// Shutdown waits for the request in flight, not for idle keep-alive connections.
        @Test func shutdownFinishesTheRequestInFlightAndClosesIdleConnections() throws {
            let started = Flag()
            var router = EdgeRoutes().router
            router.get("/slow") { _ in
                started.set()
                usleep(500_000)
                return .text("slow done")
            }
            let live = try LiveServer(.testing { $0.shutdownGraceSeconds = 5 }, router: router)
            let idle = try live.connect()
            #expect(try idle.request("GET", "/ok").status == 200)
            let busy = try live.connect()
            try busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(waitUntil(timeoutSeconds: 2) { started.isSet }, "the slow handler never ran")

            let shutdown = BackgroundRun { live.server.shutdown() }
            let answer = Result { try busy.readResponse(timeoutSeconds: 3) }
            let took = shutdown.wait(timeoutSeconds: 8)
            #expect(took != nil, "shutdown() did not return within 8 s")
            if let took { #expect(took < .seconds(2), "shutdown() took \(took) with one idle connection open") }
            switch answer {
            case .success(let response):
                #expect(response.status == 200)
                #expect(response.text == "slow done")
                #expect(response.headers["connection"]?.lowercased() == "close")
            case .failure(let error):
                Issue.record("the request in flight was cut off: \(error)")
            }
            #expect(idle.waitForPeerClose(timeoutSeconds: 1), "the idle connection is still open")
        }

        @Test func startsAgainAfterShutdown() throws {
            let live = try LiveServer(.testing { $0.headerTimeoutSeconds = 1 }, router: EdgeRoutes().router)
            #expect(try TestHTTPConnection.request(port: live.port, "GET", "/ok").status == 200)
            live.server.shutdown()
            try live.server.start()
            #expect(live.port != 0)
            let response = try TestHTTPConnection.request(port: live.port, "GET", "/ok")
            #expect(response.status == 200)
            #expect(response.text == "ok")
            // The watchdog runs again too.
            let silent = try live.connect()
            let (closed, took) = timed { silent.waitForPeerClose(timeoutSeconds: 3) }
            #expect(closed, "a silent socket outlived the header timeout after a restart")
            #expect(took < .seconds(2), "closed after \(took)")
        }

        @Test func shutdownTwiceIsHarmless() throws {
            let live = try LiveServer(router: EdgeRoutes().router)
            live.server.shutdown()
            let (_, took) = timed { live.server.shutdown() }
            #expect(took < .milliseconds(500), "a second shutdown() took \(took)")
            try live.server.start()
            #expect(try TestHTTPConnection.request(port: live.port, "GET", "/ok").status == 200)
        }

        @Test func concurrentShutdownsBothReturn() throws {
            let live = try LiveServer(router: EdgeRoutes().router)
            let idle = try live.connect()
            #expect(try idle.request("GET", "/ok").status == 200)
            let first = BackgroundRun { live.server.shutdown() }
            let second = BackgroundRun { live.server.shutdown() }
            #expect(first.wait(timeoutSeconds: 5) != nil, "the first shutdown() did not return")
            #expect(second.wait(timeoutSeconds: 5) != nil, "the second shutdown() did not return")
            #expect(idle.waitForPeerClose(timeoutSeconds: 1))
            try live.server.start()
            #expect(try TestHTTPConnection.request(port: live.port, "GET", "/ok").status == 200)
        }

        @Test func startTwiceThrowsAlreadyStarted() throws {
            let live = try LiveServer(router: EdgeRoutes().router)
            let port = live.port
            #expect(throws: HTTPServerError.alreadyStarted) { try live.server.start() }
            #expect(live.port == port)
            #expect(try TestHTTPConnection.request(port: live.port, "GET", "/ok").status == 200)
        }

        /// Each start opens a listening socket, worker threads' wake-up descriptors and client
        /// sockets; each shutdown must close them all.
        @Test func startAndStopFiftyTimesLeavesNoDescriptorOpen() throws {
            let live = try LiveServer(router: EdgeRoutes().router)
            let server = live.server
            server.shutdown()
            func cycle() throws {
                try server.start()
                defer { server.shutdown() }
                let response = try TestHTTPConnection.request(port: server.port, "GET", "/ok")
                #expect(response.status == 200)
            }
            try cycle()
            let before = Self.openDescriptors()
            #expect(before > 0, "/proc/self/fd could not be read")
            for _ in 0..<50 { try cycle() }
            // Closing is immediate, but tolerate stragglers: wait for the count to settle.
            var after = Self.openDescriptors()
            waitUntil(timeoutSeconds: 2) {
                after = Self.openDescriptors()
                return after <= before
            }
            #expect(after <= before + 2, "\(before) descriptors open before 50 starts and stops, \(after) after")
        }

        static func openDescriptors() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        }
    }
}
