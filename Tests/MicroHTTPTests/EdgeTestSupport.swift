import Dispatch
import Foundation
import MicroHTTP
import MicroHTTPTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// MicroHTTP's network edge, tested in process: each test starts a `LiveServer` with its own
/// router and limits, and speaks raw HTTP/1.1 to it over loopback.
///
/// Serialized: several tests time the server (answers "at once", closes "within 2 s") or count
/// the process's file descriptors, which other tests opening sockets in parallel would disturb.
@Suite(.serialized) struct MicroHTTPEdgeTests {}

/// A count shared between a test and the handlers it gives the server.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    var count: Int { value.load(ordering: .acquiring) }

    @discardableResult
    func increment() -> Int {
        value.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    }
}

/// A flag a handler raises for the test to see.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}

/// The routes most tests use: `GET /ok`, `GET /smuggled` and `GET /healthz` answer 200 and
/// count their hits; `POST /echo` (JSON only) echoes its body; `GET /echo` echoes the
/// `width` query parameter, or "nil".
struct EdgeRoutes {
    let hits = Counter()
    let smuggledHits = Counter()
    let healthHits = Counter()
    let echoHits = Counter()

    var router: Router {
        var router = Router()
        let hits = hits, smuggledHits = smuggledHits, healthHits = healthHits, echoHits = echoHits
        router.get("/ok") { _ in
            hits.increment()
            return .text("ok")
        }
        router.get("/smuggled") { _ in
            smuggledHits.increment()
            return .text("smuggled")
        }
        router.get("/healthz") { _ in
            healthHits.increment()
            return .text("healthy")
        }
        router.post("/echo", consumes: "application/json") { request in
            echoHits.increment()
            return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: .bytes(request.body))
        }
        router.get("/echo") { request in
            .text(request.queryParameter("width") ?? "nil")
        }
        return router
    }
}

extension HTTPServerConfiguration {
    /// `.testing` with changes.
    static func testing(_ change: (inout HTTPServerConfiguration) -> Void) -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration.testing
        change(&configuration)
        return configuration
    }
}

/// Checks that `response` is an `application/problem+json` answer with `status`, in the
/// status line and in the body; returns the body's members.
@discardableResult
func expectProblem(_ response: TestHTTPResponse, status: Int, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any] {
    #expect(response.status == status, "status line: \(response.status), body: \(response.text)", sourceLocation: sourceLocation)
    #expect(
        response.headers["content-type"] == "application/problem+json",
        "Content-Type: \(response.headers["content-type"] ?? "none"), body: \(response.text)", sourceLocation: sourceLocation)
    guard let json = try? response.json() else {
        Issue.record("the body is not a JSON object: \(response.text)", sourceLocation: sourceLocation)
        return [:]
    }
    #expect(json["status"] as? Int == status, "body: \(response.text)", sourceLocation: sourceLocation)
    return json
}

/// Checks `condition` every 20 ms for `seconds`: true if it held every time.
func holds(forSeconds seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if !condition() { return false }
        usleep(20_000)
    }
    return condition()
}

/// Runs `body` on a thread of its own, timing it.
final class BackgroundRun: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let elapsed = Mutex<Duration?>(nil)

    init(_ body: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [self] in
            let start = ContinuousClock.now
            body()
            let took = ContinuousClock.now - start
            elapsed.withLock { $0 = took }
            done.signal()
        }
    }

    /// How long `body` took, or nil if it is still running after `timeoutSeconds`.
    func wait(timeoutSeconds: Double) -> Duration? {
        guard done.wait(timeout: .now() + timeoutSeconds) == .success else { return nil }
        return elapsed.withLock { $0 }
    }
}

/// How long `body` takes.
func timed<Result>(_ body: () throws -> Result) rethrows -> (Result, Duration) {
    let start = ContinuousClock.now
    let result = try body()
    return (result, ContinuousClock.now - start)
}

extension [UInt8] {
    var text: String { String(decoding: self, as: UTF8.self) }
}

/// A head refused with a problem, as a test sees it.
struct Refused {
    let problem: [String: Any]
    let response: TestHTTPResponse
    let connection: TestHTTPConnection
}

/// Sends `bytes` on a new connection and expects the shape of every refusal of a head: one
/// problem with `status`, `Connection: close`, then the server closing the connection.
@discardableResult
func expectRefusedAndClosed(
    _ live: LiveServer, _ bytes: String, status: Int, method: String = "GET",
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Refused {
    let connection = try live.connect()
    try connection.send(bytes)
    // Two seconds: shorter than the server's own timeouts (5 s for a head, 10 s for a request),
    // so an answer is never one the server gave because the client ran out of time.
    let response = try connection.readResponse(method: method, timeoutSeconds: 2)
    let problem = expectProblem(response, status: status, sourceLocation: sourceLocation)
    #expect(response.headers["connection"]?.lowercased() == "close", sourceLocation: sourceLocation)
    #expect(connection.waitForPeerClose(timeoutSeconds: 2), "the server kept the connection open", sourceLocation: sourceLocation)
    return Refused(problem: problem, response: response, connection: connection)
}
