import MicroHTTPTesting
import RouteBarTestSupport
import Testing

@testable import routebar

/// Query parameters without a value, problems that quote a client's text, and origins as a
/// browser writes them.
@Suite struct EdgeInputTests {
    @Test func aParameterWithoutAValueIsRefusedAsAnEmptyOne() throws {
        try withRouteBarService { server in
            let body = Array(Samples.seedRequest().utf8)
            for target in ["/v1/route-bars?scale", "/v1/route-bars?scale="] {
                let response = try TestHTTPConnection(port: server.port).request(
                    "POST", target, headers: ["Content-Type": "application/json"], body: body)
                #expect(response.status == 422, "\(target)")
                #expect(try response.json()["parameter"] as? String == "scale", "\(target)")
            }
        }
    }

    @Test func aProblemQuotesAtMost64CharactersOfTheClientsText() throws {
        try withRouteBarService { server in
            let mode = String(repeating: "m", count: 1_000_000)
            let body = #"{"width": 343, "routes": [{"subPaths": [{"mode": "\#(mode)", "seconds": 60}]}]}"#
            let response = try TestHTTPConnection(port: server.port).request(
                "POST", "/v1/route-bars", headers: ["Content-Type": "application/json"], body: Array(body.utf8))
            #expect(response.status == 422)
            #expect(response.body.count < 2048, "a \(response.body.count)-byte problem")
            let detail = try response.json()["detail"] as? String ?? ""
            #expect(detail.contains(String(repeating: "m", count: 64) + "…"))
        }
    }

    @Test(arguments: [
        ("HTTPS://APP.EXAMPLE", "https://app.example"), ("https://app.example:443", "https://app.example"),
        ("http://app.example:80", "http://app.example"), ("https://app.example:8443", "https://app.example:8443"), ("*", "*"),
    ])
    func originsAreKeptAsABrowserSendsThem(given: String, kept: String) {
        #expect(ServeOptions.serializedOrigin(given) == kept)
    }
}
