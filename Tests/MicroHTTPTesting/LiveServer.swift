import MicroHTTP
import Synchronization

/// Runs `body` with an `HTTPServer` live inside the test process on a free loopback port, like
/// HummingbirdTesting's `.live` mode, and shuts it down when `body` returns or throws.
///
/// ```swift
/// try withLiveServer(router: router) { live in
///     #expect(try live.connect().request("GET", "/healthz").status == 200)
/// }
/// ```
@discardableResult
public func withLiveServer<Result>(
    _ configuration: HTTPServerConfiguration = .testing, router: Router, problems: any HTTPProblemRenderer = PlainProblemJSON(),
    extraMetrics: @escaping @Sendable (inout String) -> Void = { _ in }, _ body: (LiveServer) throws -> Result
) throws -> Result {
    let live = try LiveServer(configuration, router: router, problems: problems, extraMetrics: extraMetrics)
    defer { live.shutdown() }
    return try body(live)
}

/// `withLiveServer` for tests that await.
@discardableResult
public func withLiveServer<Result>(
    _ configuration: HTTPServerConfiguration = .testing, router: Router, problems: any HTTPProblemRenderer = PlainProblemJSON(),
    extraMetrics: @escaping @Sendable (inout String) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation, _ body: (LiveServer) async throws -> Result
) async throws -> Result {
    let live = try LiveServer(configuration, router: router, problems: problems, extraMetrics: extraMetrics)
    defer { live.shutdown() }
    return try await body(live)
}

/// A live server for tests: tests speak raw HTTP to it with `TestHTTPConnection`. Made by
/// `withLiveServer`, which shuts it down; one made directly must be shut down by its maker.
public final class LiveServer: Sendable {
    public let server: HTTPServer
    public let logger = CollectingLogger()

    public init(
        _ configuration: HTTPServerConfiguration = .testing, router: Router, problems: any HTTPProblemRenderer = PlainProblemJSON(),
        extraMetrics: @escaping @Sendable (inout String) -> Void = { _ in }, onIdle: @escaping @Sendable () -> Void = {}
    ) throws {
        server = HTTPServer(
            configuration: configuration, router: router, problems: problems, logger: logger, extraMetrics: extraMetrics, onIdle: onIdle)
        try server.start()
    }

    /// Stops the server: requests in flight are answered, then it is gone.
    public func shutdown() {
        server.shutdown()
    }

    public var port: UInt16 { server.port }

    public func connect(timeoutSeconds: Int = 10) throws -> TestHTTPConnection {
        try TestHTTPConnection(port: port, timeoutSeconds: timeoutSeconds)
    }
}

extension HTTPServerConfiguration {
    /// Loopback, a free port, two workers, and short waits.
    public static var testing: HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        configuration.shutdownGraceSeconds = 3
        return configuration
    }
}

/// Keeps every event the server reports, for tests to look at.
public final class CollectingLogger: HTTPServerLogger {
    private let events = Mutex<[HTTPServerEvent]>([])

    public init() {}

    public func log(_ event: HTTPServerEvent) {
        events.withLock { $0.append(event) }
    }

    public var all: [HTTPServerEvent] { events.withLock { $0 } }

    public var libraryMessages: [String] {
        all.compactMap { if case .library(let message) = $0 { message } else { nil } }
    }

    public var requests: [HTTPAccessRecord] {
        all.compactMap { if case .request(let record) = $0 { record } else { nil } }
    }
}

/// `application/problem+json` written by hand: the HTTP layer's tests need no JSON library.
public struct PlainProblemJSON: HTTPProblemRenderer {
    public init() {}

    public func response(for problem: HTTPProblem) -> HTTPResponse {
        var members = [
            ("type", quoted(problem.type)), ("title", quoted(problem.title)), ("status", String(problem.status)),
            ("detail", quoted(problem.detail)),
        ]
        for member in problem.members {
            switch member.value {
            case .string(let value): members.append((member.name, quoted(value)))
            case .integer(let value): members.append((member.name, String(value)))
            case .objects: members.append((member.name, "[]"))
            }
        }
        let body = "{" + members.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
        return HTTPResponse(
            status: problem.status, headers: [HTTPHeader("Content-Type", "application/problem+json")] + problem.headers,
            body: .bytes(Array(body.utf8)), problemType: problem.type)
    }

    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
