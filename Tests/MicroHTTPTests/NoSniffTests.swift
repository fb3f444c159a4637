import MicroHTTPTesting
import Testing

@testable import MicroHTTP

/// `X-Content-Type-Options: nosniff` on every answer MicroHTTP writes, whichever path sends it:
/// a handler's, a problem, a preflight, a refusal before the body. (libmicrohttpd's own 400 for
/// a request line or field it cannot parse is written by it alone, with no header of ours.)
extension MicroHTTPEdgeTests {
    @Suite struct NoSniffTests {
        @Test func everyAnswerSaysNoSniff() throws {
            try withLiveServer(.testing { $0.corsOrigins = ["https://app.example"] }, router: EdgeRoutes().router) { live in
                let connection = try live.connect()
                let answers = [
                    try connection.request(
                        "POST", "/echo", headers: ["Content-Type": "application/json"], body: Array("[1]".utf8)),
                    try connection.request("GET", "/nowhere"),
                    try connection.request(
                        "OPTIONS", "/echo", headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "POST"]),
                ]
                #expect(answers.map(\.status) == [200, 404, 204])
                for answer in answers { #expect(answer.headers["x-content-type-options"] == "nosniff", "\(answer.status)") }
                // A body over the limit: refused before it is read.
                let raw = try live.connect()
                try raw.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n")
                let refused = try raw.readResponse()
                #expect(refused.status == 413)
                #expect(refused.headers["x-content-type-options"] == "nosniff")
            }
        }
    }
}
