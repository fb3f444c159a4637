import MicroHTTP
import MicroHTTPTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `HTTPServer.run()`: serving for as long as a task runs, with no signal or other process
/// policy of its own.
extension MicroHTTPEdgeTests {
    @Suite struct RunTests {
        @Test func runServesUntilItsTaskIsCancelledThenStops() async throws {
            let server = HTTPServer(
                configuration: .testing, router: EdgeRoutes().router, problems: PlainProblemJSON(),
                logger: CollectingLogger())
            let returned = Flag()
            let serving = Task {
                try await server.run()
                returned.set()
            }
            #expect(await Self.eventually { server.port != 0 }, "run() did not start the server")
            let port = server.port
            let idle = try TestHTTPConnection(port: port)
            let response = try idle.request("GET", "/ok")
            #expect(response.status == 200)
            #expect(response.text == "ok")
            #expect(!returned.isSet, "run() returned before its task was cancelled")

            serving.cancel()
            #expect(await Self.eventually(timeoutSeconds: 8) { returned.isSet }, "run() did not return after its task was cancelled")
            try await serving.value
            // Stopped: the idle keep-alive connection is closed, and the port refuses connections.
            #expect(idle.waitForPeerClose(timeoutSeconds: 1), "a connection outlived the server")
            do {
                _ = try TestHTTPConnection(port: port)
                Issue.record("a connection to the stopped server's port was accepted")
            } catch {
                #expect("\(error)".hasSuffix("errno \(ECONNREFUSED)"), "\(error)")
            }
        }

        @Test func runThrowsWhenTheServerCannotStart() async throws {
            try await withLiveServer(router: EdgeRoutes().router) { live async throws in
                var taken = HTTPServerConfiguration.testing
                taken.port = live.port
                let server = HTTPServer(
                    configuration: taken, router: EdgeRoutes().router, problems: PlainProblemJSON(),
                    logger: CollectingLogger())
                await #expect(throws: HTTPServerError.self) { try await server.run() }
                #expect(try TestHTTPConnection.request(port: live.port, "GET", "/ok").status == 200)
            }
        }

        /// Polls `condition` without blocking the task's thread.
        static func eventually(timeoutSeconds: Int = 5, _ condition: () -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(timeoutSeconds)
            while !condition() {
                guard ContinuousClock.now < deadline, (try? await Task.sleep(for: .milliseconds(5))) != nil else { return condition() }
            }
            return true
        }
    }
}
