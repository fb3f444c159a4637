import Foundation
import RouteBar
import RouteBarJSON
import RouteBarTestSupport
import Testing

/// Metrics, access logs, request ids, and the offline `routebar layout` command.
@Suite struct OperationsTests {
    /// Every sample `name{labels} value` line of a Prometheus text page, keyed by name and labels.
    private func samples(_ text: String) -> [String: Double] {
        var result: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            result[String(line[..<space])] = value
        }
        return result
    }

    @Test func metricsMoveByTheRequestsMade() throws {
        let server = try ServerProcess()
        let connection = try TestHTTPConnection(port: server.port)
        let before = samples(try connection.request("GET", "/metrics").text)
        for _ in 0..<3 { #expect(try connection.postJSON("/v1/route-bars", Samples.seedRequest()).status == 200) }
        for _ in 0..<2 { #expect(try connection.postJSON("/v1/route-bars", #"{"width": 0, "routes": []}"#).status == 422) }
        #expect(try connection.request("GET", "/nowhere").status == 404)
        let page = try connection.request("GET", "/metrics")
        #expect(page.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let after = samples(page.text)
        func delta(_ key: String) -> Double { (after[key] ?? 0) - (before[key] ?? 0) }
        #expect(delta(#"routebar_http_requests_total{route="/v1/route-bars",status="200"}"#) == 3)
        #expect(delta(#"routebar_http_requests_total{route="/v1/route-bars",status="422"}"#) == 2)
        #expect(delta(#"routebar_http_requests_total{route="unmatched",status="404"}"#) == 1)
        #expect(delta(#"routebar_http_request_duration_seconds_count{route="/v1/route-bars"}"#) == 5)
        #expect(delta(#"routebar_http_request_duration_seconds_bucket{route="/v1/route-bars",le="+Inf"}"#) == 5)
        let bodies = 3 * Samples.seedRequest().utf8.count + 2 * #"{"width": 0, "routes": []}"#.utf8.count
        #expect(delta(#"routebar_http_request_body_bytes_total{route="/v1/route-bars"}"#) == Double(bodies))
        #expect(delta("routebar_routes_laid_out_total") == 3)
        #expect(delta("routebar_segments_laid_out_total") == 15)
        #expect(after["routebar_http_requests_in_flight"] == 1, "the scrape itself is in flight")
        #expect(after["routebar_http_open_connections"] == 1)
        #expect(after["routebar_build_info{version=\"\(try RepositoryVersion.openAPIInfoVersion())\"}"] == 1)
    }

    @Test func requestIdsAreEchoedOrMadeAndTheAccessLogHasOneLinePerRequest() throws {
        let server = try ServerProcess(arguments: ["--access-log", "on"])
        let connection = try TestHTTPConnection(port: server.port)
        let given = try connection.request(
            "POST", "/v1/route-bars", headers: ["Content-Type": "application/json", "X-Request-Id": "trip-42"],
            body: Array(#"{"width": -1, "routes": []}"#.utf8))
        #expect(given.headers["x-request-id"] == "trip-42")
        let made = try connection.request("GET", "/healthz")
        let madeId = try #require(made.headers["x-request-id"])
        #expect(!madeId.isEmpty && madeId != "trip-42")
        #expect(try connection.request("GET", "/healthz").headers["x-request-id"] != madeId, "each request gets its own id")

        var lines: [[String: Any]] = []
        #expect(
            waitUntil(timeoutSeconds: 10) {
                lines = server.stderrLines.compactMap { line in
                    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
                }.filter { $0["event"] as? String == "request" }
                return lines.count >= 3
            })
        #expect(lines.count == 3)
        let first = try #require(lines.first)
        #expect(first["method"] as? String == "POST")
        #expect(first["path"] as? String == "/v1/route-bars")
        #expect(first["status"] as? Int == 422)
        #expect(first["requestBytes"] as? Int == 27)
        #expect(first["requestId"] as? String == "trip-42")
        #expect(first["problem"] as? String == "urn:routebar:problem:out-of-range")
        #expect((first["durationMicros"] as? Int ?? -1) >= 0)
        #expect((first["time"] as? String)?.hasSuffix("Z") == true)
        #expect(lines[1]["requestId"] as? String == madeId)
        #expect(server.stderrLines.contains { $0.contains(#""event":"listening""#) })
    }

    @Test func theAccessLogIsOffUnlessAskedFor() throws {
        let server = try ServerProcess()
        #expect(try TestHTTPConnection.request(port: server.port, "GET", "/healthz").status == 200)
        // An absence cannot be waited for, so stop the server: its last line, "stopped", comes after
        // every line a request could have logged.
        server.signal(SIGTERM)
        #expect(waitUntil(timeoutSeconds: 20) { server.stderrLines.contains { $0.contains(#""event":"stopped""#) } })
        #expect(!server.stderrLines.contains { $0.contains(#""event":"request""#) })
    }

    @Test func theLayoutCommandPrintsTheServersAnswerByteForByte() throws {
        let server = try ServerProcess()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("routebar-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let cases: [(body: String, query: String, flags: [String], status: Int32)] = [
            (Samples.seedRequest(scale: 3), "", [], 0),
            (Samples.seedRequest(algorithm: "classic"), "", [], 0),
            (Samples.odsayResponse, "?width=343&scale=2.625&algorithm=fit", ["--width", "343", "--scale=2.625", "--algorithm", "fit"], 0),
            (#"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": -1}]}]}"#, "", [], 1),
            ("{", "", [], 1),
        ]
        for (index, testCase) in cases.enumerated() {
            let file = directory.appendingPathComponent("body\(index).json")
            try Data(testCase.body.utf8).write(to: file)
            let served = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars" + testCase.query, testCase.body)
            let printed = try ServerProcess.runToCompletion(["layout"] + testCase.flags + [file.path])
            #expect(printed.status == testCase.status, "\(index): \(printed.stderr)")
            #expect(Array(printed.stdout.utf8) == served.body, "case \(index): the command and the server agree byte for byte")
        }
        let missing = try ServerProcess.runToCompletion(["layout", directory.appendingPathComponent("absent.json").path])
        #expect(missing.status == 66)
        #expect(try ServerProcess.runToCompletion(["layout", "--bogus"]).status == 64)
    }

    /// Every request parameter that is not a layout option (`RequestParameter.all`) is a flag of
    /// the command too, with the server's answer byte for byte: each of its values, on a
    /// planner's answer (`--source navitia --waits omit` among them), problems included.
    @Test(arguments: RequestParameter.all)
    func theLayoutCommandTakesEveryRequestParameter(parameter: RequestParameter) throws {
        let server = try ServerProcess()
        // A free-text parameter (timeZone) on the answer that names no zone (MOTIS's).
        let recording = parameter.values.isEmpty ? "motis2-kpt-paris-transit.json" : "navitia-kpt-paris-journeys.json"
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/" + recording)
        let body = try String(contentsOf: file, encoding: .utf8)
        var answers: Set<[UInt8]> = []
        for value in (parameter.values.isEmpty ? ["Europe/Paris", "Asia/Seoul"] : parameter.values) + ["bogus"] {
            let others = parameter == .waits ? ["--source", "navitia"] : parameter == .timeZone ? ["--source", "motis"] : ["--waits", "omit"]
            let otherQuery = parameter == .waits ? "&source=navitia" : parameter == .timeZone ? "&source=motis" : "&waits=omit"
            let served = try TestHTTPConnection(port: server.port).postJSON(
                "/v1/route-bars?width=343&\(parameter.name)=\(value)" + otherQuery, body)
            let printed = try ServerProcess.runToCompletion(["layout", "--width", "343", parameter.flag, value] + others + [file.path])
            #expect(printed.status == (served.status == 200 ? 0 : 1), "\(parameter.flag) \(value): \(printed.stderr)")
            #expect(Array(printed.stdout.utf8) == served.body, "\(parameter.flag) \(value): the command and the server agree")
            answers.insert(served.body)
        }
        #expect(answers.count >= 2, "\(parameter.name)'s values change the answer")
    }

    /// A value of each option other than its default: the middle of a number's range, the
    /// other flag, the last choice.
    static func otherValue(of option: LayoutOption) -> String {
        switch option.values {
        case .number(let range):
            let (lower, _, upper) = range.bounds
            return ((lower + upper) / 2).shortDescription
        case .flag: return option.defaultValue == .flag(true) ? "false" : "true"
        case .choice(let names): return names.last!
        case .languageTag: return "en"
        }
    }

    /// Every option the server takes in the query string, the command takes as a flag, with
    /// the same answer byte for byte (a problem included).
    @Test(arguments: LayoutOption.all)
    func theLayoutCommandTakesEveryOption(option: LayoutOption) throws {
        let server = try ServerProcess()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routebar-option-\(UUID().uuidString).json")
        // `textColors` changes only a planner colour's text: RER B's white on its light blue.
        let body =
            option == .textColors
            ? ##"{"routes": [{"subPaths": [{"mode": "train", "seconds": 1200, "color": "#7BA3DD", "textColor": "#FFFFFF", "shortName": "B"}]}]}"##
            : #"{"routes": [\#(Samples.seedRouteJSON)]}"#
        try Data(body.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let value = Self.otherValue(of: option)
        var query = "?\(option.name)=\(value)"
        var flags = [option.flag, value]
        if option != .width {
            query += "&width=343"
            flags += ["--width=343"]
        }
        let served = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars" + query, body)
        let printed = try ServerProcess.runToCompletion(["layout"] + flags + [file.path])
        #expect(printed.status == (served.status == 200 ? 0 : 1), "\(printed.stderr)")
        #expect(Array(printed.stdout.utf8) == served.body, "\(option.flag) \(value): the command and the server agree")
        let plain = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars?width=343", body)
        // These shape the display plan alone (and labelMinimums' room): without it, the JSON is as it was.
        let shapesDisplay: Set<LayoutOption> = [.labelPadding, .walkStyle, .icons, .labelFont]
        if option.drawingOnly || shapesDisplay.contains(option) {
            #expect(served.body == plain.body, "\(option.name)=\(value) leaves the JSON answer as it is")
        }
        if shapesDisplay.contains(option) {
            let planned = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars\(query)&display=true", body)
            let plainPlan = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars?width=343&display=true", body)
            #expect(planned.body != plainPlan.body, "\(option.name)=\(value) changes the display plan")
        } else if !option.drawingOnly {
            #expect(served.body != plain.body, "\(option.name)=\(value) changes the answer")
        }
    }

    @Test func theLayoutCommandReadsStandardInput() throws {
        let process = Process()
        process.executableURL = ServerProcess.binary
        process.arguments = ["layout", "--algorithm", "classic"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(Samples.seedRequest().utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains(#""algorithm":"classic""#) && text.contains(#""minuteLength":5.4787234042553195"#))
    }
}
