import MicroHTTPTesting
import Testing

@testable import MicroHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Streamed bodies are pulled as the socket drains: a slow reader slows the producer.
extension MicroHTTPEdgeTests {
    @Suite struct StreamingTests {
        static let pieces = 200
        static let pieceBytes = 16 * 1024

        static func piece(_ index: Int) -> [UInt8] {
            [UInt8](repeating: UInt8(truncatingIfNeeded: index &* 7 &+ 1), count: pieceBytes)
        }

        static var expectedBody: [UInt8] { (0..<pieces).flatMap(piece) }

        /// `GET /stream` answers `pieces` pieces, counting each one produced in `produced`.
        static func router(counting produced: Counter) -> Router {
            var router = Router()
            router.get("/stream") { _ in
                HTTPResponse(
                    status: 200, headers: [HTTPHeader("Content-Type", "application/octet-stream")],
                    body: .stream(
                        HTTPBodyStream {
                            let index = produced.count
                            guard index < pieces else { return nil }
                            produced.increment()
                            return piece(index)
                        }))
            }
            return router
        }

        @Test func readerGetsEveryByteChunked() throws {
            let produced = Counter()
            try withLiveServer(router: Self.router(counting: produced)) { live in
                let connection = try live.connect()
                try connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try connection.readResponse(timeoutSeconds: 5)
                #expect(response.status == 200)
                #expect(response.headers["transfer-encoding"]?.lowercased() == "chunked")
                #expect(response.body.count == Self.pieces * Self.pieceBytes)
                #expect(response.body == Self.expectedBody)
                #expect(produced.count == Self.pieces)
            }
        }

        /// The client sends its request and reads nothing for a second: the producer must stop
        /// once the socket's buffers are full, not run on to the end.
        ///
        /// The client announces a small window and small segments: with loopback's defaults
        /// (64 KiB segments, send buffers autotuned up to `tcp_wmem`'s 4 MiB) the kernel alone
        /// takes about 2.9 MB (177 pieces here, the same with 2000 pieces on offer), which would
        /// hide a producer run ahead of the socket. With these, a paced producer stops near 15.
        @Test func slowReaderHoldsTheProducerBack() throws {
            let produced = Counter()
            try withLiveServer(router: Self.router(counting: produced)) { live in
                let connection = try TestHTTPConnection(port: live.port, receiveBufferBytes: 16 * 1024, maximumSegmentBytes: 1000)
                try connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(waitUntil(timeoutSeconds: 2) { produced.count > 0 }, "the stream never started")
                usleep(1_000_000)  // the client not reading is the point
                let whileStalled = produced.count
                #expect(
                    whileStalled < Self.pieces / 2,
                    "\(whileStalled) of \(Self.pieces) pieces were produced for a client that read nothing")
                let response = try connection.readResponse(timeoutSeconds: 5)
                #expect(response.status == 200)
                #expect(response.body.count == Self.pieces * Self.pieceBytes)
                #expect(response.body == Self.expectedBody)
                #expect(produced.count == Self.pieces)
            }
        }
        /// A client that reads nothing, with loopback's defaults: the server's send buffer
        /// (`sendBufferBytes`, 64 KiB, doubled by the kernel) and the client's window take
        /// about 13 pieces, so the producer stops near there. Under the kernel's autotuning it
        /// ran to 177 (2.9 MB), which 250 such clients made 135 MB laid out for nobody.
        @Test func sendBufferBoundsWhatANonReaderCosts() throws {
            for (sendBuffer, bound) in [(64 * 1024, 32), (nil, Int.max)] as [(Int?, Int)] {
                let produced = Counter()
                var configuration = HTTPServerConfiguration.testing
                configuration.sendBufferBytes = sendBuffer
                try withLiveServer(configuration, router: Self.router(counting: produced)) { live in
                    let connection = try live.connect()
                    try connection.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
                    #expect(waitUntil(timeoutSeconds: 2) { produced.count > 0 }, "the stream never started")
                    usleep(500_000)  // the client not reading is the point
                    let whileStalled = produced.count
                    if sendBuffer != nil {
                        #expect(whileStalled < bound, "\(whileStalled) pieces of 16 KiB were laid out for a client that read nothing")
                    } else {
                        // The control: without the bound the kernel takes several times more,
                        // so the bound above is what holds the producer back.
                        #expect(whileStalled >= 2 * 32, "autotuning took only \(whileStalled) pieces")
                    }
                    let response = try connection.readResponse(timeoutSeconds: 5)
                    #expect(response.body == Self.expectedBody)
                }
            }
        }
    }

    @Suite struct LoggingTests {
        /// libmicrohttpd's own messages reach the application's logger, not stderr.
        @Test func clientGoneMidBodyIsReportedToTheLogger() throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let connection = try live.connect()
                try connection.send(
                    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
                        + String(repeating: " ", count: 100))
                #expect(
                    waitUntil(timeoutSeconds: 2) { live.server.metrics.requestsInFlight.load(ordering: .acquiring) == 1 },
                    "the request never began")
                #expect(live.logger.libraryMessages.isEmpty, "before the disconnect: \(live.logger.libraryMessages)")
                connection.disconnect()
                #expect(
                    waitUntil(timeoutSeconds: 2) { !live.logger.libraryMessages.isEmpty },
                    "no .library event after the client went mid-body; events: \(live.logger.all)")
                #expect(routes.echoHits.count == 0)
            }
        }
    }
}
