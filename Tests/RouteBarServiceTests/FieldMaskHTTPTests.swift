import Foundation
import RouteBarTestSupport
import Testing

/// Field masks over HTTP: `fields` in the query string or `X-Fields` as a header, in JSON and
/// NDJSON; refused for the SVG and for an unknown path; answers vary with `X-Fields`.
@Suite struct FieldMaskHTTPTests {
    static let mask = "routes.transitCount,routes.segments.width"

    @Test func theQueryAndTheHeaderGiveTheSameMaskedAnswer() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            let full = try connection.postJSON("/v1/route-bars?width=343&scale=3", Samples.odsayResponse)
            let byQuery = try connection.postJSON("/v1/route-bars?width=343&scale=3&fields=\(Self.mask)", Samples.odsayResponse)
            let byHeader = try connection.request(
                "POST", "/v1/route-bars?width=343&scale=3",
                headers: ["Content-Type": "application/json", "X-Fields": Self.mask], body: Array(Samples.odsayResponse.utf8))
            #expect(full.status == 200 && byQuery.status == 200 && byHeader.status == 200)
            #expect(byQuery.body == byHeader.body)
            #expect(byQuery.body.count * 5 < full.body.count, "\(byQuery.body.count) bytes masked, \(full.body.count) in full")
            let routes = try #require(try full.json()["routes"] as? [[String: Any]])
            let masked = try byQuery.json()
            #expect(Array(masked.keys) == ["routes"])
            let maskedRoutes = try #require(masked["routes"] as? [[String: Any]])
            #expect(maskedRoutes.count == routes.count)
            for (route, kept) in zip(routes, maskedRoutes) {
                #expect(Set(kept.keys) == ["transitCount", "segments"])
                #expect(kept["transitCount"] as? Int == route["transitCount"] as? Int)
                let widths = (route["segments"] as? [[String: Any]] ?? []).map { $0["width"] as? Double }
                #expect((kept["segments"] as? [[String: Any]] ?? []).map { Array($0.keys) == ["width"] ? $0["width"] as? Double : nil } == widths)
            }
            // The query wins over the header; every layout answer varies with the header.
            let both = try connection.request(
                "POST", "/v1/route-bars?width=343&fields=routes.minutes",
                headers: ["Content-Type": "application/json", "X-Fields": Self.mask], body: Array(Samples.odsayResponse.utf8))
            #expect(Set(((try both.json()["routes"] as? [[String: Any]])?.first ?? [:]).keys) == ["minutes"])
            #expect(full.headers["vary"]?.contains("X-Fields") == true && byHeader.headers["vary"]?.contains("X-Fields") == true)
        }
    }

    @Test func ndjsonLinesAreMaskedRoutes() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            let streamed = try connection.request(
                "POST", "/v1/route-bars?width=343&scale=3",
                headers: ["Content-Type": "application/json", "Accept": "application/x-ndjson", "X-Fields": Self.mask],
                body: Array(Samples.odsayResponse.utf8))
            #expect(streamed.status == 200)
            let lines = streamed.text.split(separator: "\n")
            #expect(lines.count > 1)
            for line in lines {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(Set(object.keys) == ["transitCount", "segments"], "\(line)")
            }
        }
    }

    @Test func anUnknownPathAndTheSVGAreRefused() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            let typo = try connection.postJSON("/v1/route-bars?width=343&fields=routes.segments.widht", Samples.odsayResponse)
            #expect(typo.status == 422)
            let problem = try typo.json()
            #expect(problem["type"] as? String == "urn:routebar:problem:unknown-value" && problem["parameter"] as? String == "fields")
            #expect((problem["detail"] as? String)?.contains("did you mean \"routes.segments.width\"?") == true)
            let header = try connection.request(
                "POST", "/v1/route-bars?width=343",
                headers: ["Content-Type": "application/json", "X-Fields": "routes.planet"], body: Array(Samples.odsayResponse.utf8))
            let headerProblem = try header.json()
            // Named as the client sent it: the header, not a query parameter it did not send.
            #expect(header.status == 422 && headerProblem["header"] as? String == "X-Fields" && headerProblem["parameter"] == nil)
            #expect((headerProblem["detail"] as? String)?.hasPrefix("X-Fields names \"routes.planet\"") == true)
            let queryWins = try connection.request(
                "POST", "/v1/route-bars?width=343&fields=routes.plant",
                headers: ["Content-Type": "application/json", "X-Fields": "routes.planet"], body: Array(Samples.odsayResponse.utf8))
            let queryProblem = try queryWins.json()
            #expect(queryProblem["parameter"] as? String == "fields" && queryProblem["header"] == nil)
            #expect((queryProblem["detail"] as? String)?.hasPrefix("fields names \"routes.plant\"") == true)
            let svgByHeader = try connection.request(
                "POST", "/v1/route-bars.svg?width=343",
                headers: ["Content-Type": "application/json", "X-Fields": "routes.segments.width"], body: Array(Samples.odsayResponse.utf8))
            let svgProblem = try svgByHeader.json()
            #expect(svgByHeader.status == 422 && svgProblem["header"] as? String == "X-Fields" && svgProblem["parameter"] == nil)
            #expect((svgProblem["detail"] as? String)?.hasPrefix("X-Fields chooses members") == true)
            let svg = try connection.postJSON("/v1/route-bars.svg?width=343&fields=routes.segments.width", Samples.odsayResponse)
            #expect(svg.status == 422)
            let svgQueryProblem = try svg.json()
            #expect(svgQueryProblem["type"] as? String == "urn:routebar:problem:unsupported-for-format")
            #expect(svgQueryProblem["parameter"] as? String == "fields" && svgQueryProblem["header"] == nil)
            #expect(try connection.request("GET", "/healthz").status == 200)
        }
    }
}
