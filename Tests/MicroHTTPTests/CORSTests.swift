import MicroHTTPTesting
import Testing

@testable import MicroHTTP

/// Browsers on another origin: a preflight for an allowed origin gets 204 with what it may
/// send, every answer to it says who may read it, and any other origin gets no CORS header.
extension MicroHTTPEdgeTests {
    @Suite struct CORSTests {
        static let origin = "https://app.example"

        @Test func anAllowedOriginsPreflightAndRequestAreAnswered() throws {
            try withLiveServer(.testing { $0.corsOrigins = [Self.origin] }, router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                let preflight = try connection.request(
                    "OPTIONS", "/echo",
                    headers: [
                        "Origin": Self.origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type",
                    ])
                #expect(preflight.status == 204)
                #expect(preflight.headers["access-control-allow-origin"] == Self.origin)
                #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true, "the methods the path takes")
                #expect(preflight.headers["access-control-allow-headers"]?.contains("Content-Type") == true)
                #expect(preflight.headers["access-control-max-age"] == "600")
                #expect(preflight.headers["vary"]?.contains("Origin") == true)

                let answer = try connection.request(
                    "POST", "/echo", headers: ["Origin": Self.origin, "Content-Type": "application/json"],
                    body: Array("[1]".utf8))
                #expect(answer.status == 200)
                #expect(answer.headers["access-control-allow-origin"] == Self.origin)
                #expect(answer.headers["access-control-expose-headers"]?.contains("ETag") == true)
                #expect(answer.headers["vary"]?.contains("Origin") == true)
                // Problems too: a page must be able to read why it was refused.
                let refused = try connection.request("GET", "/nowhere", headers: ["Origin": Self.origin])
                #expect(refused.status == 404 && refused.headers["access-control-allow-origin"] == Self.origin)
            }
        }

        /// An app's own request headers are allowed beside MicroHTTP's (`corsRequestHeaders`).
        @Test func aPreflightAllowsTheAppsOwnHeaders() throws {
            let configuration = HTTPServerConfiguration.testing {
                $0.corsOrigins = [Self.origin]
                $0.corsRequestHeaders.append("X-App-Mask")
            }
            try withLiveServer(configuration, router: EdgeRoutes().router) { live in
                let preflight = try live.connect().request(
                    "OPTIONS", "/echo",
                    headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-app-mask"])
                #expect(preflight.status == 204)
                let allowed = preflight.headers["access-control-allow-headers"]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(allowed == ["Content-Type", "Accept", "Content-Encoding", "X-Request-Id", "X-App-Mask"])
            }
        }

        @Test func anotherOriginGetsNoCORSHeaders() throws {
            try withLiveServer(.testing { $0.corsOrigins = [Self.origin] }, router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                let preflight = try connection.request(
                    "OPTIONS", "/echo",
                    headers: [
                        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
                    ])
                #expect(preflight.status == 405)
                #expect(preflight.headers["access-control-allow-origin"] == nil)
                let answer = try connection.request("GET", "/ok", headers: ["Origin": "https://evil.example"])
                #expect(answer.status == 200 && answer.headers["access-control-allow-origin"] == nil)
            }
        }

        @Test func anyOriginUnderAStarAndNoneByDefault() throws {
            try withLiveServer(.testing { $0.corsOrigins = ["*"] }, router: EdgeRoutes().router) { live in
                let answer = try live.connect().request("GET", "/ok", headers: ["Origin": "https://anyone.example"])
                #expect(answer.headers["access-control-allow-origin"] == "*")
                #expect(answer.headers["vary"]?.contains("Origin") != true, "one answer for every origin")
            }
            try withLiveServer(router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                let preflight = try connection.request(
                    "OPTIONS", "/echo",
                    headers: [
                        "Origin": Self.origin, "Access-Control-Request-Method": "POST",
                    ])
                #expect(preflight.status == 405)
                #expect(try connection.request("GET", "/ok", headers: ["Origin": Self.origin]).headers["access-control-allow-origin"] == nil)
            }
        }
    }
}
