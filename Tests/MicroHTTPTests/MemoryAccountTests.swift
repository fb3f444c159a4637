import MicroHTTPTesting
import Testing

@testable import MicroHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// What a request makes the server hold is counted before it is taken, and the wire bytes of a
/// chunked body are bounded, chunk extensions included.
extension MicroHTTPEdgeTests {
    @Suite struct MemoryAccountTests {
        /// A body larger than the budget lets it grow to the budget and no further: the 503 comes
        /// while the account's peak is still within it, so the memory was never taken.
        @Test func aBodyPastTheBudgetGets503BeforeItsMemoryIsTaken() throws {
            let budget = 2 << 20
            try withLiveServer(
                .testing {
                    $0.maxMemoryBytes = budget; $0.maxBodyBytes = 8 << 20
                }, router: EdgeRoutes().router
            ) { live in
                let connection = try live.connect()
                let body = [UInt8](repeating: 0x20, count: 4 << 20)
                try connection.send(
                    Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8))
                // The server stops reading at its refusal; the rest may not all go.
                try? connection.send(body)
                let response = try connection.readResponse(method: "POST", timeoutSeconds: 5)
                let problem = expectProblem(response, status: 503)
                #expect(problem["limit"] as? Int == budget)
                #expect(response.headers["retry-after"] == "1")
                let memory = live.server.memory
                #expect(memory.peak.load(ordering: .relaxed) <= budget, "the account reached \(memory.peak.load(ordering: .relaxed))")
                #expect(memory.refusals.load(ordering: .relaxed) >= 1)
                #expect(
                    waitUntil(timeoutSeconds: 5) { memory.held(.body) == 0 }, "\(memory.held(.body)) body bytes still counted")
                // A body within the budget is served.
                let served = try TestHTTPConnection.request(
                    port: live.port, "POST", "/echo", headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
                #expect(served.status == 200)
            }
        }

        /// What the application's caches keep (`cacheBytes`) is counted from the start, shown on
        /// `/metrics`, and leaves clients the rest: a 3 MiB body echoed fits a 16 MiB budget
        /// alone, and gets 503 once 14 MiB of it are the caches'.
        @Test func cachesAreCountedFromTheStartAndLeaveTheRest() throws {
            let body = [UInt8](repeating: 0x20, count: 3 << 20)
            for cached in [0, 14 << 20] {
                try withLiveServer(
                    .testing {
                        $0.maxMemoryBytes = 16 << 20; $0.maxBodyBytes = 8 << 20; $0.cacheBytes = cached
                    }, router: EdgeRoutes().router
                ) { live in
                    let metrics = try TestHTTPConnection.request(port: live.port, "GET", "/metrics")
                    #expect(metrics.text.contains("memory_bytes_held{kind=\"cache\"} \(cached)\n"), "\(metrics.text.prefix(2000))")
                    let connection = try live.connect()
                    try connection.send(
                        Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8))
                    // Refused, the server stops reading at its answer and closes: the rest may not all go.
                    try? connection.send(body)
                    let served = try connection.readResponse(method: "POST", timeoutSeconds: 5)
                    #expect(served.status == (cached == 0 ? 200 : 503), "\(cached) cached: \(served.status)")
                    #expect(live.server.memory.held(.cache) == cached)
                    #expect(live.server.memory.peak.load(ordering: .relaxed) <= 16 << 20)
                }
            }
        }

        /// libmicrohttpd 0.9.75 takes `chunked␠` for no framing at all and reads the rest of the
        /// connection as body; a request pipelined behind it would vanish into it.
        @Test(arguments: ["chunked ", "chunked\t", "gzip, chunked", "chunked, chunked"])
        func aTransferEncodingLibmicrohttpdReadsOtherwiseIs400AndClosed(_ coding: String) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: \(coding)\r\n\r\n"
                        + "2\r\n{}\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try connection.readResponse(method: "POST", timeoutSeconds: 2)
                expectProblem(response, status: 400)
                #expect(connection.waitForPeerClose(timeoutSeconds: 2), "the server kept the connection open")
                #expect(routes.smuggledHits.count == 0)
            }
        }

        /// One-byte chunks with 8 KiB extensions: 413 once the body passes its wire bound, long
        /// before its payload reaches the limit. The client stops one chunk past the bound and
        /// waits: what it sent, the server reads however late a busy machine lets it, so the
        /// answer proves the bound without timing what the server has read so far.
        @Test func chunkExtensionsAreBoundedOnTheWire() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let limit = live.server.configuration.maxChunkedWireBytes
                let connection = try live.connect()
                try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                let chunk = Array("1;\(String(repeating: "x", count: 8 * 1024))\r\n \r\n".utf8)
                var sent = 0
                var received: [UInt8] = []
                while sent <= limit + chunk.count, received.isEmpty {
                    do { try connection.send(chunk) } catch { break }
                    sent += chunk.count
                    received = connection.readAvailable(timeoutSeconds: 0.002)
                }
                // 1 byte of payload a chunk: without the wire bound the server would wait for
                // some 5,000 times as many chunks before its payload limit, and answer nothing.
                if received.isEmpty { received = connection.readAvailable(timeoutSeconds: 20) }
                let answer = String(decoding: received, as: UTF8.self)
                #expect(answer.hasPrefix("HTTP/1.1 413"), "got after \(sent) bytes: \(answer.prefix(200))")
            }
        }

        /// An answer read a few bytes at a time keeps it held; past the reading floor (1 KiB a
        /// second over a window, here of 1 s) its connection is closed, while one read at a
        /// phone's pace is not.
        @Test func aReaderBelowTheFloorIsClosedAndOneAboveItIsNot() throws {
            var router = EdgeRoutes().router
            router.get("/big") { _ in
                HTTPResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")],
                    body: .bytes([UInt8](repeating: 0x61, count: 8 << 20)))
            }
            let configuration = HTTPServerConfiguration.testing {
                $0.readFloorWindowSeconds = 1; $0.idleTimeoutSeconds = 30
            }
            try withLiveServer(configuration, router: router) { live in
                let trickle = try TestHTTPConnection(port: live.port, receiveBufferBytes: 4096, maximumSegmentBytes: nil)
                let steady = try TestHTTPConnection(port: live.port, receiveBufferBytes: 65536, maximumSegmentBytes: nil)
                try trickle.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
                try steady.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
                var trickled = 0, read = 0
                let clock = ContinuousClock(), end = clock.now + .seconds(4)
                while clock.now < end {
                    // 100 bytes every 0.2 s against 64 KiB every 0.2 s (320 KiB/s).
                    trickled += trickle.readNow(upTo: 100).count
                    read += steady.readNow(upTo: 64 * 1024).count
                    usleep(200_000)
                }
                #expect(trickle.waitForPeerClose(timeoutSeconds: 1), "the trickling reader was kept (\(trickled) bytes read)")
                #expect(steady.isOpen(), "the steady reader was closed after \(read) bytes")
                #expect(live.server.metrics.slowConnectionsClosed.load(ordering: .relaxed) >= 1)
            }
        }
    }
}
