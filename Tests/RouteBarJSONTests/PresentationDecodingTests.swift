import Foundation
import RouteBar
import RouteBarTestSupport
import Testing

@testable import RouteBarDrawing
@testable import RouteBarJSON
@testable import RouteBarPlanners

@Suite struct PresentationDecodingTests {
    private func answer(_ body: String, query: [String: String] = [:]) throws -> [String: Any] {
        let bytes = try RouteBarResponse.answer(json: Array(body.utf8), query: { query[$0] }).bytes
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func odsayLanesBecomeLinesColoursAndSentences() throws {
        let route = try #require((try answer(Samples.odsayResponse, query: ["width": "343"])["routes"] as? [[String: Any]])?.first)
        #expect(route["accessibilityLabel"] as? String == "총 37분: 도보 3분, 버스 421, 9분, 환승 수인분당선, 18분, 도보 4분")
        let segments = try #require(route["segments"] as? [[String: Any]])
        let bus = try #require(segments[1]["line"] as? [String: Any])
        #expect(bus["name"] as? String == "421")
        #expect(bus["busType"] as? Int == 11)
        let subway = try #require(segments[3]["line"] as? [String: Any])
        #expect(subway["name"] as? String == "수도권 분당선")
        #expect(subway["code"] as? Int == 116)
        #expect(segments[1]["color"] as? String == LinePalette.color(mode: .bus, line: TransitLine(name: "421", busType: 11)))
        #expect(segments[3]["color"] as? String == LinePalette.color(mode: .subway, line: TransitLine(name: "x", subwayCode: 116)))
        #expect(segments.map { $0["label"] as? String } == ["3분", "9분", nil, "18분", "4분"])
        #expect(segments[2]["labelFits"] == nil)
        #expect(segments[0]["labelFits"] as? Bool == true)
    }

    @Test func localeFontSizeAndColoursFromBodyOrQuery() throws {
        let english = try answer(Samples.seedRequest(), query: ["locale": "en", "colors": "false", "labelFontSize": "30"])
        let route = try #require((english["routes"] as? [[String: Any]])?.first)
        #expect((route["accessibilityLabel"] as? String)?.hasPrefix("Total 47 min: walk 6 min") == true)
        let segments = try #require(route["segments"] as? [[String: Any]])
        #expect(segments.allSatisfy { $0["color"] == nil })
        #expect(segments[0]["label"] as? String == "6 min")
        // 6 min at 30 pt is 2.15 em * 30 = 64.5 points; the walk is about 50 wide.
        #expect(segments[0]["labelFits"] as? Bool == false)

        // Any well-formed BCP 47 tag is a locale; a malformed one is refused where it stands.
        #expect(inputError(#"{"width": 343, "locale": "fr", "routes": []}"#) == nil)
        #expect(inputError(#"{"width": 343, "locale": "fr-", "routes": []}"#)?.type == .unknownLocale)
        #expect(inputError(#"{"width": 343, "locale": "fr_FR", "routes": []}"#)?.pointer == "/locale")
        #expect(inputError(#"{"width": 343, "routes": []}"#, query: ["locale": "de-DE-x"])?.parameter == "locale")
        #expect(inputError(#"{"width": 343, "colors": "yes", "routes": []}"#)?.type == .invalidType)
        #expect(inputError(#"{"width": 343, "routes": []}"#, query: ["colors": "maybe"])?.parameter == "colors")
        #expect(inputError(#"{"width": 343, "labelFontSize": 0, "routes": []}"#)?.pointer == "/labelFontSize")
    }

    @Test func svgTextIsEscapedIntoValidXML() throws {
        #expect(RouteBarSVG.escape("a<b>&\"c'\u{01}") == "a&lt;b&gt;&amp;&quot;c&apos;\u{FFFD}")
        let route = #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 2, "sectionTime": 5, "lane": [{"busNo": "42\u00011"}]}]}]}"#
        let laidOut = try? RouteBarResponse.layoutForDrawing(json: Array(route.utf8), query: { _ in nil }, format: .svg)
        let svg = String(decoding: RouteBarSVG.render(laidOut!.routes, options: laidOut!.options), as: UTF8.self)
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(try answer(#"{"width": 343, "widths": null, "routes": []}"#)["width"] as? Double == 343)
    }

    @Test func severalWidthsGiveOneLayoutEach() throws {
        let body = #"{"widths": [320, 375, 414], "scale": 3, "routes": [\#(Samples.seedRouteJSON)]}"#
        let result = try answer(body)
        #expect(result["width"] == nil)
        #expect(result["scale"] as? Double == 3)
        let layouts = try #require(result["layouts"] as? [[String: Any]])
        #expect(layouts.compactMap { $0["width"] as? Double } == [320, 375, 414])
        for layout in layouts {
            let width = try #require(layout["width"] as? Double)
            let single = try answer(Samples.seedRequest(width: width, scale: 3))
            #expect(NSDictionary(dictionary: layout).isEqual(to: single), "layout \(width) equals the single-width answer")
        }
        #expect(inputError(#"{"widths": [320, 0], "routes": []}"#)?.pointer == "/widths/1")
        #expect(inputError(#"{"widths": [320, 0], "routes": []}"#)?.type == .outOfRange)
        #expect(inputError(#"{"width": 320, "widths": [320], "routes": []}"#)?.pointer == "/widths")
        #expect(inputError(#"{"widths": [], "routes": []}"#)?.type == .missingField)
        let seventeen = inputError(#"{"widths": [\#(Array(repeating: "300", count: 17).joined(separator: ","))], "routes": []}"#)
        #expect(seventeen?.type == .tooMany)
        #expect(seventeen?.pointer == "/widths")
        #expect(seventeen?.limit == 16, "named like the routes' and legs' limits")
        #expect(inputError(#"{"widths": [\#(Array(repeating: "300", count: 16).joined(separator: ","))], "routes": []}"#) == nil)
        #expect(throws: RouteBarInputError.self) {
            try RouteBarResponse.layoutForDrawing(json: Array(body.utf8), query: { _ in nil }, format: .svg)
        }
    }
}
