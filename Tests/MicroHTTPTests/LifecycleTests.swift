import Foundation
import MicroHTTPTesting
import Synchronization
import Testing

@testable import MicroHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Starting, stopping, and starting again: a graceful shutdown, and nothing left behind.
extension MicroHTTPEdgeTests {
    @Suite struct LifecycleTests {
        /// `shutdown()` waits for every handler, so one called from a handler would wait for
        /// itself: it stops the process with a message that says so instead of hanging.
        @Test func shutdownFromAHandlerStopsWithAMessage() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let holder = Mutex<HTTPServer?>(nil)
                var router = Router()
                router.get("/stop") { _ in
                    holder.withLock { $0 }?.shutdown()
                    return .text("stopped")
                }
                let live = try LiveServer(router: router)
                holder.withLock { $0 = live.server }
                _ = try live.connect().request("GET", "/stop")
            }
            let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(stderr.contains("HTTPServer.shutdown() called from a request handler"), "\(stderr)")
        }

        /// Shutdown waits for the request in flight, not for idle keep-alive connections.
        @Test func shutdownFinishesTheRequestInFlightAndClosesIdleConnections() throws {
            let started = Flag()
            var router = EdgeRoutes().router
            router.get("/slow") { _ in
                started.set()
                usleep(500_000)
                return .text("slow done")
            }
            try withLiveServer(.testing { $0.shutdownGraceSeconds = 5 }, router: router) { live in
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
        }

        @Test func startsAgainAfterShutdown() throws {
            try withLiveServer(.testing { $0.headerTimeoutSeconds = 1 }, router: EdgeRoutes().router) { live in
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
        }

        @Test func shutdownTwiceIsHarmless() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                live.server.shutdown()
                let (_, took) = timed { live.server.shutdown() }
                #expect(took < .milliseconds(500), "a second shutdown() took \(took)")
                try live.server.start()
                #expect(try TestHTTPConnection.request(port: live.port, "GET", "/ok").status == 200)
            }
        }

        @Test func concurrentShutdownsBothReturn() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
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
        }

        @Test func startTwiceThrowsAlreadyStarted() throws {
            try withLiveServer(router: EdgeRoutes().router) { live throws in
                let port = live.port
                #expect(throws: HTTPServerError.alreadyStarted) { try live.server.start() }
                #expect(live.port == port)
                #expect(try TestHTTPConnection.request(port: live.port, "GET", "/ok").status == 200)
            }
        }

        /// Each start opens a listening socket, worker threads' wake-up descriptors and client
        /// sockets; each shutdown must close them all.
        @Test func startAndStopFiftyTimesLeavesNoDescriptorOpen() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
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
        }

        /// Closing a listening socket resets the connections the kernel completed since the last
        /// accept, so a client connecting at that instant used to see ECONNRESET on its request.
        /// A race detector: four clients reconnect in a loop across five shutdowns (closing the
        /// listener at once reset 4 to 9 of them in each of four runs). Each attempt must be
        /// served, refused, or left unanswered (its SYN ignored while the server drains).
        @Test func clientsConnectingDuringShutdownAreServedOrRefusedNeverReset() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let server = live.server
                let tally = ConnectionAttemptTally()
                for _ in 0..<5 {
                    let port = server.port
                    let stop = ContinuousClock.now + .milliseconds(400)
                    let clients = (0..<4).map { _ in
                        BackgroundRun { while ContinuousClock.now < stop { tally.record(Self.attemptRequest(port: port)) } }
                    }
                    usleep(150_000)
                    server.shutdown()
                    for client in clients { #expect(client.wait(timeoutSeconds: 5) != nil) }
                    try server.start()
                }
                #expect(tally.count(.reset) == 0, "\(tally.count(.reset)) connections reset during shutdown")
                #expect(tally.count(.served) > 0, "no request was served: the clients never reached the server")
            }
        }

        enum ConnectionAttempt { case served, refused, unanswered, reset }

        /// One non-blocking connect (given 100 ms) and one `GET /ok` with `Connection: close`.
        static func attemptRequest(port: UInt16) -> ConnectionAttempt {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return .unanswered }
            defer { close(fd) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if connected != 0 && errno != EINPROGRESS { return errno == ECONNREFUSED ? .refused : .reset }
            var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&writable, 1, 100) == 1 else { return .unanswered }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
            if failure == ECONNREFUSED { return .refused }
            if failure != 0 { return .reset }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let request = Array("GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
                return errno == ECONNREFUSED ? .refused : .reset
            }
            var buffer = [UInt8](repeating: 0, count: 512)
            let read = recv(fd, &buffer, buffer.count, 0)
            if read > 0 { return buffer.starts(with: Array("HTTP/1.1 200".utf8)) ? .served : .reset }
            return .reset
        }

        static func openDescriptors() -> Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        }
    }
}

/// Outcomes of many connection attempts, counted from several threads. Atomics, not a Mutex:
/// ThreadSanitizer cannot see the futex waits inside Synchronization's Mutex on Linux
/// (docs/reliability.md), and a counter needs no more.
final class ConnectionAttemptTally: Sendable {
    private let served = Atomic<Int>(0)
    private let refused = Atomic<Int>(0)
    private let unanswered = Atomic<Int>(0)
    private let reset = Atomic<Int>(0)

    func record(_ attempt: MicroHTTPEdgeTests.LifecycleTests.ConnectionAttempt) {
        switch attempt {
        case .served: served.wrappingAdd(1, ordering: .relaxed)
        case .refused: refused.wrappingAdd(1, ordering: .relaxed)
        case .unanswered: unanswered.wrappingAdd(1, ordering: .relaxed)
        case .reset: reset.wrappingAdd(1, ordering: .relaxed)
        }
    }

    func count(_ attempt: MicroHTTPEdgeTests.LifecycleTests.ConnectionAttempt) -> Int {
        switch attempt {
        case .served: served.load(ordering: .relaxed)
        case .refused: refused.load(ordering: .relaxed)
        case .unanswered: unanswered.load(ordering: .relaxed)
        case .reset: reset.load(ordering: .relaxed)
        }
    }
}
