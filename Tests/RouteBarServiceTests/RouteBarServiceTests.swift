import Foundation
import RouteBarTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real binary, started per test on an ephemeral loopback port, spoken to over HTTP.
@Suite struct RouteBarServiceTests {
    @Test func healthAndContract() throws {
        try withRouteBarService { server in
            let health = try TestHTTPConnection.request(port: server.port, "GET", "/healthz")
            #expect(health.status == 200)
            #expect(try health.json()["status"] as? String == "ok")

            let spec = try TestHTTPConnection.request(port: server.port, "GET", "/openapi.yaml")
            #expect(spec.status == 200)
            #expect(spec.headers["content-type"] == "application/yaml")
            let onDisk = try Data(
                contentsOf: URL(fileURLWithPath: #filePath)
                    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("openapi.yaml"))
            #expect(spec.body == Array(onDisk), "the served contract is the package's openapi.yaml")

            let head = try TestHTTPConnection.request(port: server.port, "HEAD", "/healthz")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
        }
    }

    @Test func laysOutTheSeedRoute() throws {
        try withRouteBarService { server in
            let response = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", Samples.seedRequest(algorithm: "classic"))
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            let route = try #require((try response.json()["routes"] as? [[String: Any]])?.first)
            #expect(route["walkingCount"] as? Int == 3)
            #expect(route["transitCount"] as? Int == 2)
            #expect(route["minWalkingLength"] as? Double == 17)
            #expect(response.text.contains(#""minuteLength":5.4787234042553195"#))
            let segments = try #require(route["segments"] as? [[String: Any]])
            #expect(segments.map { $0["kind"] as? String } == ["walking", "transit", "walking", "transit", "walking"])
            #expect(segments.map { $0["mode"] as? String } == ["walk", "bus", "walk", "subway", "walk"])
        }
    }

    @Test func acceptsAnODsayResponseAsItIs() throws {
        try withRouteBarService { server in
            let response = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars?width=343&scale=3", Samples.odsayResponse)
            #expect(response.status == 200)
            let answer = try response.json()
            #expect(answer["scale"] as? Double == 3)
            let routes = try #require(answer["routes"] as? [[String: Any]])
            #expect(routes.count == 2)
            #expect(routes[0]["totalTime"] as? Double == 37)
            let segments = try #require(routes[0]["segments"] as? [[String: Any]])
            let pixels = segments.compactMap { $0["width"] as? Double }.map { Int(($0 * 3).rounded()) }
            #expect(pixels.reduce(0, +) == 1029)
            #expect(pixels[2] == 0, "the zero-minute transfer walk is invisible")
            #expect(pixels.enumerated().allSatisfy { $0.offset == 2 || $0.element >= 51 })
        }
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            for index in 0..<50 {
                let response =
                    index % 2 == 0
                    ? try connection.postJSON("/v1/route-bars", Samples.seedRequest(width: Double(300 + index)))
                    : try connection.request("GET", "/healthz")
                #expect(response.status == 200)
                #expect(response.headers["connection"]?.lowercased() != "close")
            }
            // An error answer keeps the connection too.
            #expect(try connection.postJSON("/v1/route-bars", "{").status == 400)
            #expect(try connection.request("GET", "/healthz").status == 200)
        }
    }

    /// A connection reuses one request context and body buffer: nothing of a request may leak
    /// into the next one on the same connection (body bytes, request id, an early answer).
    @Test func requestsOnOneConnectionShareNothing() throws {
        try withRouteBarService({ $0.maxBodyBytes = 65536 }) { server in
            let fresh = { (body: String) throws -> TestHTTPResponse in
                try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", body)
            }
            // Over the 16 KiB a connection keeps, so the next request starts with a new buffer.
            let large = #"{"width": 343, "routes": ["# + Array(repeating: Samples.seedRouteJSON, count: 80).joined(separator: ",") + "]}"
            let small = Samples.seedRequest(width: 320)
            #expect(large.utf8.count > 16 * 1024)
            let expectedLarge = try fresh(large)
            let expectedSmall = try fresh(small)
            #expect(expectedLarge.status == 200)
            #expect(expectedSmall.status == 200)

            let connection = try TestHTTPConnection(port: server.port)
            for body in [large, small, small, large, small] {
                let tagged = try connection.request(
                    "POST", "/v1/route-bars", headers: ["Content-Type": "application/json", "X-Request-Id": "tagged"],
                    body: Array(body.utf8))
                #expect(tagged.headers["x-request-id"] == "tagged")
                #expect(tagged.body == (body == large ? expectedLarge.body : expectedSmall.body))
                let untagged = try connection.postJSON("/v1/route-bars", small)
                #expect(untagged.headers["x-request-id"] != "tagged", "a request id is the request's own")
                #expect(untagged.body == expectedSmall.body, "the body buffer holds this request's bytes only")
            }
            // A refusal before the body is read closes the connection: its unread body must not
            // be taken for the next request.
            let wrongType = try connection.request("POST", "/v1/route-bars", headers: ["Content-Type": "text/plain"], body: Array(small.utf8))
            #expect(wrongType.status == 415)
            #expect(wrongType.headers["connection"] == "close")
            #expect(connection.isClosedByPeer())
            let again = try TestHTTPConnection(port: server.port)
            let tooLarge = try again.postJSON("/v1/route-bars", String(repeating: " ", count: 70_000) + small)
            #expect(tooLarge.status == 413)
            #expect(again.isClosedByPeer())
            let after = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", small)
            #expect(after.status == 200, "an early answer belongs to its request only")
            #expect(after.body == expectedSmall.body)
        }
    }

    /// Requests sent back to back before any answer (HTTP/1.1 pipelining) are answered in
    /// order, each with its own body and request id, though they share the connection's context.
    @Test func pipelinedRequestsAreAnsweredInOrderEachWithItsOwnAnswer() throws {
        try withRouteBarService { server in
            let widths = [300.0, 343, 414]
            let expected = try widths.map {
                try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", Samples.seedRequest(width: $0)).body
            }
            var batch = ""
            for (index, width) in widths.enumerated() {
                let body = Samples.seedRequest(width: width)
                batch +=
                    "POST /v1/route-bars HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Request-Id: pipelined-\(index)\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
            }
            batch += "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send(batch)
            for index in widths.indices {
                let response = try connection.readResponse(method: "POST")
                #expect(response.status == 200)
                #expect(response.headers["x-request-id"] == "pipelined-\(index)")
                #expect(response.body == expected[index], "answer \(index) is its own request's")
            }
            let health = try connection.readResponse()
            #expect(health.status == 200)
            #expect(health.headers["x-request-id"]?.hasPrefix("pipelined") == false)
        }
    }

    @Test func thirtyTwoConcurrentClients() async throws {
        try await withRouteBarService { server in
            let port = server.port
            let results = try await withThrowingTaskGroup(of: [Int].self) { group in
                for client in 0..<32 {
                    group.addTask {
                        let connection = try TestHTTPConnection(port: port)
                        var widths: [Int] = []
                        for request in 0..<20 {
                            let width = 200 + client * 20 + request
                            let response = try connection.postJSON("/v1/route-bars", Samples.seedRequest(width: Double(width), scale: 2))
                            guard response.status == 200, let answer = try? response.json(), answer["width"] as? Double == Double(width),
                                let route = (answer["routes"] as? [[String: Any]])?.first,
                                let segments = route["segments"] as? [[String: Any]]
                            else { continue }
                            let total = segments.compactMap { $0["width"] as? Double }.reduce(0, +)
                            if abs(total - Double(width)) < 1e-9 { widths.append(width) }
                        }
                        return widths
                    }
                }
                var all: [Int] = []
                for try await widths in group { all += widths }
                return all
            }
            #expect(results.count == 32 * 20, "every request answered with its own, correct layout")
            #expect(Set(results).count == 32 * 20)
        }
    }

    @Test func badInputGetsProblemsAndTheServerKeepsServing() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            func expectProblem(
                _ response: TestHTTPResponse, _ status: Int, _ type: String, pointer: String? = nil, limit: Int? = nil,
                sourceLocation: SourceLocation = #_sourceLocation
            ) throws {
                #expect(response.status == status, sourceLocation: sourceLocation)
                #expect(response.headers["content-type"] == "application/problem+json", sourceLocation: sourceLocation)
                let problem = try response.json()
                #expect(problem["type"] as? String == type, sourceLocation: sourceLocation)
                #expect(problem["status"] as? Int == status, sourceLocation: sourceLocation)
                #expect((problem["title"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
                #expect((problem["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
                if let pointer { #expect(problem["pointer"] as? String == pointer, sourceLocation: sourceLocation) }
                if let limit { #expect(problem["limit"] as? Int == limit, sourceLocation: sourceLocation) }
            }
            try expectProblem(try connection.postJSON("/v1/route-bars", #"{"width": 343, "routes": [}"#), 400, "urn:routebar:problem:malformed-json")
            try expectProblem(
                try connection.request(
                    "POST", "/v1/route-bars", headers: ["Content-Type": "application/json"],
                    body: Array(#"{"width": 343, "routes": [{"id": ""#.utf8) + [0xFF] + Array(#""}]}"#.utf8)),
                400, "urn:routebar:problem:invalid-utf8")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 343, "routes": []} []"#), 400, "urn:routebar:problem:trailing-data")
            try expectProblem(try connection.postJSON("/v1/route-bars", String(repeating: "[", count: 200_000)), 400, "urn:routebar:problem:too-deep")
            try expectProblem(try connection.postJSON("/v1/route-bars", ""), 400, "urn:routebar:problem:empty-body")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": "343", "routes": []}"#), 422, "urn:routebar:problem:invalid-type",
                pointer: "/width")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1}]}]}"#),
                422, "urn:routebar:problem:missing-field", pointer: "/routes/0/subPaths/0")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": -1}]}]}"#),
                422, "urn:routebar:problem:out-of-range", pointer: "/routes/0/subPaths/0/sectionTime")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": 1e400}]}]}"#),
                422, "urn:routebar:problem:out-of-range", pointer: "/routes/0/subPaths/0/sectionTime")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 100001, "routes": []}"#), 422, "urn:routebar:problem:out-of-range",
                pointer: "/width")
            let odsayError = try connection.postJSON("/v1/route-bars?width=343", #"{"error": {"code": "-98", "msg": "출발지 정류장이 없습니다."}}"#)
            try expectProblem(odsayError, 422, "urn:routebar:problem:odsay-error", pointer: "/error")
            #expect(try odsayError.json()["odsayCode"] as? String == "-98", "ODsay's code as a member, not only in the detail")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 343, "theme": "sepia", "routes": []}"#),
                422, "urn:routebar:problem:unknown-value", pointer: "/theme")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 343, "scale": 0.5, "routes": []}"#), 422, "urn:routebar:problem:out-of-range",
                pointer: "/scale")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 343, "algorithm": "best", "routes": []}"#), 422,
                "urn:routebar:problem:unknown-algorithm", pointer: "/algorithm")
            try expectProblem(
                try connection.postJSON("/v1/route-bars", #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 0}]}]}"#),
                422, "urn:routebar:problem:no-visible-segment", pointer: "/routes/0")
            let tooMany =
                "{\"width\": 343, \"routes\": ["
                + Array(repeating: #"{"subPaths": [{"trafficType": 1, "sectionTime": 1}]}"#, count: 1_001).joined(separator: ",") + "]}"
            try expectProblem(
                try connection.postJSON("/v1/route-bars", tooMany), 422, "urn:routebar:problem:too-many", pointer: "/routes", limit: 1_000)
            let seventeenWidths = "{\"widths\": [" + Array(repeating: "300", count: 17).joined(separator: ",") + "], \"routes\": []}"
            try expectProblem(
                try connection.postJSON("/v1/route-bars", seventeenWidths), 422, "urn:routebar:problem:too-many", pointer: "/widths", limit: 16)

            let classic = try connection.postJSON(
                "/v1/route-bars",
                #"{"width": 343, "algorithm": "classic", "routes": [{"totalTime": 0, "subPaths": [{"trafficType": 1, "sectionTime": 1}]}]}"#)
            try expectProblem(classic, 422, "urn:routebar:problem:classic-undefined", pointer: "/routes/0/totalTime")
            #expect((try classic.json()["detail"] as? String)?.contains(#""algorithm": "fit""#) == true)

            let query = try connection.postJSON("/v1/route-bars?scale=abc", Samples.odsayResponse)
            try expectProblem(query, 422, "urn:routebar:problem:invalid-type")
            #expect(try query.json()["parameter"] as? String == "scale")
            let noWidth = try connection.postJSON("/v1/route-bars?scale=2", Samples.odsayResponse)
            try expectProblem(noWidth, 422, "urn:routebar:problem:missing-field")
            #expect(try noWidth.json()["parameter"] as? String == "width")

            try expectProblem(try connection.request("GET", "/nowhere"), 404, "about:blank")
            let wrongMethod = try connection.request("DELETE", "/v1/route-bars")
            try expectProblem(wrongMethod, 405, "about:blank")
            #expect(wrongMethod.headers["allow"] == "POST")
            #expect(try connection.request("POST", "/healthz").headers["allow"] == "GET, HEAD")

            // 415 comes before the body is read, and closes its connection.
            let form = try TestHTTPConnection(port: server.port).request(
                "POST", "/v1/route-bars", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(Samples.seedRequest().utf8))
            try expectProblem(form, 415, "about:blank")
            let detail = try form.json()["detail"] as? String ?? ""
            #expect(detail.contains("--json") && detail.contains("-H 'Content-Type: application/json'"))
            try expectProblem(
                try TestHTTPConnection(port: server.port).request("POST", "/v1/route-bars", body: Array(Samples.seedRequest().utf8)),
                415, "about:blank")
            #expect(
                try connection.request(
                    "POST", "/v1/route-bars", headers: ["Content-Type": "application/json; charset=utf-8"],
                    body: Array(Samples.seedRequest().utf8)
                ).status == 200)

            #expect(try connection.request("GET", "/healthz").status == 200)
            // Garbage instead of HTTP: that connection is answered or dropped, the server stays up.
            let garbage = try TestHTTPConnection(port: server.port)
            try garbage.send([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03] + Array("\r\n\r\n".utf8))
            _ = try? garbage.readResponse()
            #expect(try TestHTTPConnection.request(port: server.port, "GET", "/healthz").status == 200)
        }
    }

    @Test func oversizedBodiesAre413BothWays() throws {
        try withRouteBarService({ $0.maxBodyBytes = 4096 }) { server in
            // By Content-Length, before the body is sent: the answer comes without reading it.
            let declared = try TestHTTPConnection(port: server.port)
            try declared.send("POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n")
            let early = try declared.readResponse()
            #expect(early.status == 413)
            #expect(early.headers["content-type"] == "application/problem+json")
            #expect(try early.json()["limit"] as? Int == 4096)

            // Chunked, with no length up front: refused once the body passes the limit.
            let chunked = try TestHTTPConnection(port: server.port)
            try chunked.send("POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: " ", count: 1000)
            for _ in 0..<5 { try chunked.send(String(1000, radix: 16) + "\r\n" + chunk + "\r\n") }
            // The fifth chunk passed the limit: the answer comes without the body's end.
            let late = try chunked.readResponse()
            #expect(late.status == 413)
            #expect((try late.json()["detail"] as? String)?.contains("4096") == true)
            #expect(chunked.isClosedByPeer())

            // Under the limit, chunked works.
            let small = try TestHTTPConnection(port: server.port)
            let body = Samples.seedRequest()
            try small.send(
                "POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n")
            #expect(try small.readResponse().status == 200)
            #expect(try TestHTTPConnection.request(port: server.port, "GET", "/healthz").status == 200)
        }
    }

    @Test func sigtermAnswersTheRequestsInFlightThenExitsZero() throws {
        let server = try ServerProcess()
        let body = Array(Samples.seedRequest().utf8)
        // Three requests whose headers and half their bodies have arrived.
        let inFlight = try (0..<3).map { _ in try TestHTTPConnection(port: server.port) }
        for connection in inFlight {
            try connection.send("POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
            try connection.send(Array(body[..<(body.count / 2)]))
        }
        // All three request lines have arrived (the scrape itself is the fourth request in flight).
        #expect(
            try waitUntil(timeoutSeconds: 10) {
                let page = try TestHTTPConnection.request(port: server.port, "GET", "/metrics").text
                return page.split(separator: "\n").contains("routebar_http_requests_in_flight 4")
            }, "the three requests are in flight before SIGTERM")
        server.signal(SIGTERM)
        // Shutdown has begun once new connections are refused; the server then still waits for the requests in flight.
        #expect(
            waitUntil(timeoutSeconds: 10) { (try? TestHTTPConnection(port: server.port).request("GET", "/healthz")) == nil },
            "new connections are refused once shutdown began")
        #expect(server.isRunning, "the server waits for the requests in flight; it said: \(server.stderrLines.suffix(20))")
        for connection in inFlight {
            try connection.send(Array(body[(body.count / 2)...]))
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["connection"]?.lowercased() == "close")
        }
        #expect(server.waitForExit() == 0)
        #expect(server.stderrLines.contains { $0.contains("SIGTERM received") })
    }

    @Test func sigtermAnswersConnectionsStillInTheKernelsQueue() throws {
        let server = try ServerProcess(arguments: ["--threads", "1"])
        // Stopped, the server accepts nothing: the kernel completes these handshakes and queues them.
        server.signal(SIGSTOP)
        let queued = try (0..<5).map { _ in try TestHTTPConnection(port: server.port) }
        for connection in queued {
            try connection.postJSONWithoutReading("/v1/route-bars", Samples.seedRequest())
        }
        server.signal(SIGTERM)
        server.signal(SIGCONT)
        for connection in queued {
            #expect(try connection.readResponse().status == 200, "a request queued before SIGTERM is answered, not reset")
        }
        #expect(server.waitForExit() == 0)
    }

    /// One worker is libmicrohttpd's internal thread, without a pool, and it says nothing of it.
    @Test func oneThreadStartsWithoutAWarning() throws {
        let server = try ServerProcess(arguments: ["--threads", "1"])
        #expect(try TestHTTPConnection.request(port: server.port, "GET", "/healthz").status == 200)
        server.signal(SIGTERM)
        #expect(server.waitForExit() == 0)
        // libmicrohttpd's own messages are its lines; the sanitizers' allocator adds a warning of ours.
        #expect(!server.stderrLines.contains { $0.contains("\"event\":\"libmicrohttpd\"") }, "\(server.stderrLines)")
        #expect(server.stderrLines.contains { $0.contains("(1 thread, bodies") }, "\(server.stderrLines)")
    }

    @Test func sigintStopsAnIdleServer() throws {
        let server = try ServerProcess()
        #expect(try TestHTTPConnection.request(port: server.port, "GET", "/healthz").status == 200)
        server.signal(SIGINT)
        #expect(server.waitForExit() == 0)
    }
}

/// Clients that trickle their request in, byte by byte, are cut off at the deadline.
@Suite struct SlowClientTests {
    @Test func aTricklingRequestIsClosedAtTheDeadline() throws {
        // 2 s, not 1: under the sanitizers a loaded server alone can take a second to read a request.
        try withRouteBarService({
            $0.idleTimeoutSeconds = 2; $0.requestTimeoutSeconds = 2
        }) { server in
            let slow = try TestHTTPConnection(port: server.port, timeoutSeconds: 1)
            let clock = ContinuousClock()
            let start = clock.now
            var closedAfter: Duration?
            // A byte every 200 ms keeps libmicrohttpd's idle timer from ever firing.
            for byte in Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 40) {
                if (try? slow.send([byte])) == nil {
                    closedAfter = clock.now - start
                    break
                }
                // Not a wait for a condition: the pause between bytes is the slow client under test.
                usleep(200_000)
            }
            let elapsed = try #require(closedAfter, "the trickling connection was never closed")
            #expect(elapsed >= .milliseconds(1_900) && elapsed < .seconds(6))
            // A prompt client is unaffected.
            #expect(try TestHTTPConnection.request(port: server.port, "GET", "/healthz").status == 200)
        }
    }

    /// A query parameter the API does not take is refused with 400, naming it and what the
    /// client likely meant: a typo such as `?widht=343` or a guess such as `?format=svg` no
    /// longer passes silently as JSON.
    @Test(arguments: [
        ("widht=343", "did you mean \"width\"?"),
        ("width=343&Width=1", "did you mean \"width\"?"),
        ("width=343&lablePadding=2", "did you mean \"labelPadding\"?"),
        ("width=343&themes=dark", "did you mean \"theme\"?"),
        ("format=svg", "the format is chosen by the Accept header"),
        ("width=343&zoom=2", "it takes algorithm, colors, cornerRadius"),
    ])
    func unknownQueryParametersAreRefused(query: String, hint: String) throws {
        try withRouteBarService { server in
            let response = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars?" + query, Samples.seedRequest())
            #expect(response.status == 400)
            #expect(response.headers["content-type"] == "application/problem+json")
            let problem = try response.json()
            #expect(problem["type"] as? String == "urn:routebar:problem:unknown-parameter")
            #expect(problem["status"] as? Int == 400)
            let name = String(query.split(separator: "&").last!.split(separator: "=")[0])
            #expect(problem["parameter"] as? String == name)
            let detail = try #require(problem["detail"] as? String)
            #expect(detail.hasPrefix("the query parameter \"\(name)\" is not one this API takes; "), "\(detail)")
            #expect(detail.contains(hint), "\(detail)")
            #expect(!hint.hasSuffix("?") || detail.hasSuffix(hint), "a question ends the detail: \(detail)")
            // The server goes on serving.
            #expect(try TestHTTPConnection.request(port: server.port, "GET", "/healthz").status == 200)
        }
    }
}
