import Foundation
import RouteBarTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// NDJSON, SVG and the playground page, over HTTP.
@Suite struct FormatsTests {
    @Test func ndjsonLinesAreTheJSONAnswersRoutes() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            let json = try connection.postJSON("/v1/route-bars?width=343&scale=3", Samples.odsayResponse)
            let routes = try #require(try json.json()["routes"] as? [[String: Any]])
            let streamed = try connection.request(
                "POST", "/v1/route-bars?width=343&scale=3",
                headers: ["Content-Type": "application/json", "Accept": "application/x-ndjson"],
                body: Array(Samples.odsayResponse.utf8))
            #expect(streamed.status == 200)
            #expect(streamed.headers["content-type"] == "application/x-ndjson")
            #expect(streamed.headers["transfer-encoding"] == "chunked")
            let lines = streamed.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == routes.count + 1 && lines.last == "", "one line per route, each ended by a newline")
            // Each line is the route object byte for byte as the JSON answer writes it, in order.
            // (Not compared as parsed objects: Linux Foundation reads some doubles one ulp off.)
            let joined = lines.dropLast().joined(separator: ",")
            #expect(json.text.contains("\"routes\":[" + joined + "]}"))
            for (line, route) in zip(lines, routes) {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["accessibilityLabel"] as? String == route["accessibilityLabel"] as? String)
            }
            #expect(try connection.request("GET", "/healthz").status == 200, "the connection survives a chunked answer")
        }
    }

    @Test func svgIsValidXMLWithTheAPIsWidthsAndSentences() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            let json = try connection.postJSON("/v1/route-bars?width=343", Samples.odsayResponse)
            let routes = try #require(try json.json()["routes"] as? [[String: Any]])
            let byAccept = try connection.request(
                "POST", "/v1/route-bars?width=343",
                headers: ["Content-Type": "application/json", "Accept": "image/svg+xml"],
                body: Array(Samples.odsayResponse.utf8))
            let byPath = try connection.postJSON("/v1/route-bars.svg?width=343", Samples.odsayResponse)
            #expect(byAccept.status == 200 && byPath.status == 200)
            #expect(byAccept.headers["content-type"] == "image/svg+xml")
            #expect(byAccept.body == byPath.body)

            let collector = SVGCollector()
            let parser = XMLParser(data: Data(byPath.body))
            parser.delegate = collector
            #expect(parser.parse(), "the SVG parses as XML: \(parser.parserError.map(String.init(describing:)) ?? "")")
            #expect(collector.root == "svg")
            #expect(collector.titles == routes.compactMap { $0["accessibilityLabel"] as? String })
            let visible = routes.flatMap { ($0["segments"] as? [[String: Any]]) ?? [] }.filter { ($0["width"] as? Double ?? 0) > 0 }
            // Every visible segment is drawn, in order, named by its mode; rides are blocks of
            // their width and colour, walks dots and waits hatching.
            #expect(collector.segments.map(\.mode) == visible.compactMap { $0["mode"] as? String })
            let rides = visible.filter { $0["kind"] as? String == "transit" }
            #expect(collector.segments.filter { $0.element == "rect" }.map(\.width) == rides.compactMap { $0["width"] as? Double })
            #expect(collector.segments.filter { $0.element == "rect" }.map(\.fill) == rides.compactMap { $0["color"] as? String })
            #expect(collector.segments.filter { $0.element == "g" }.count == visible.count - rides.count)

            let widths = try connection.postJSON("/v1/route-bars.svg", #"{"widths": [320, 375], "routes": [\#(Samples.seedRouteJSON)]}"#)
            #expect(widths.status == 422)
            #expect(try widths.json()["type"] as? String == "urn:routebar:problem:unsupported-for-format")
        }
    }

    @Test func acceptIsNegotiatedCaseInsensitivelyWithQualities() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            func contentType(_ accept: String) throws -> String? {
                let response = try connection.request(
                    "POST", "/v1/route-bars", headers: ["Content-Type": "application/json", "Accept": accept],
                    body: Array(Samples.seedRequest().utf8))
                // No `locale` in the query: `Accept-Language` could have chosen it.
                #expect(response.headers["vary"] == "Accept, Accept-Encoding, X-Fields, Accept-Language")
                return response.headers["content-type"]
            }
            #expect(try contentType("Application/X-NDJSON") == "application/x-ndjson")
            #expect(try contentType("application/x-ndjson;q=0, application/json") == "application/json")
            #expect(try contentType("image/svg+xml;q=0.5") == "image/svg+xml")
            #expect(try contentType("text/html, */*") == "application/json")
            // The highest weight wins, the first listed among equals; a malformed weight is no acceptance.
            #expect(try contentType("image/svg+xml;q=0.5, application/x-ndjson;q=0.8") == "application/x-ndjson")
            #expect(try contentType("application/x-ndjson;q=0.5, image/svg+xml;q=0.5") == "application/x-ndjson")
            #expect(try contentType("image/svg+xml;q=2") == "application/json")
        }
    }

    @Test func streamedBytesAreCounted() throws {
        try withRouteBarService { server in
            let connection = try TestHTTPConnection(port: server.port)
            func sent() throws -> Double {
                let page = try connection.request("GET", "/metrics").text
                let line = page.split(separator: "\n").first { $0.hasPrefix(#"routebar_http_response_body_bytes_total{route="/v1/route-bars"}"#) }
                return Double(line?.split(separator: " ").last ?? "0") ?? 0
            }
            let before = try sent()
            let streamed = try connection.request(
                "POST", "/v1/route-bars", headers: ["Content-Type": "application/json", "Accept": "application/x-ndjson"],
                body: Array(Samples.seedRequest().utf8))
            #expect(try sent() - before == Double(streamed.body.count))
        }
    }

    @Test func thePlaygroundIsServedSelfContained() throws {
        try withRouteBarService { server in
            let page = try TestHTTPConnection.request(port: server.port, "GET", "/")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.text.contains("<textarea") && page.text.contains("/v1/route-bars"))
            #expect(!page.text.contains("src=\"http") && !page.text.contains("href=\"http"), "no external scripts, styles or fonts")
        }
    }
}

private final class SVGCollector: NSObject, XMLParserDelegate {
    var root: String?
    var titles: [String] = []
    var segments: [(element: String, mode: String, width: Double, fill: String)] = []
    private var inTitle = false
    private var text = ""

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root == nil { root = name }
        if name == "title" {
            inTitle = true
            text = ""
        }
        // Segments only: not the bars' clip paths, nor the dark theme's background.
        if attributes["class"]?.split(separator: " ").contains("rb-segment") == true {
            segments.append((name, attributes["data-mode"] ?? "", Double(attributes["width"] ?? "") ?? -1, attributes["fill"] ?? ""))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title" {
            titles.append(text)
            inTitle = false
        }
    }
}
