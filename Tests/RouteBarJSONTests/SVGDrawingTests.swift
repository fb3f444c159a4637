import Foundation
import RouteBar
import Testing

@testable import RouteBarDrawing
@testable import RouteBarJSON

/// The SVG as a route list draws it; the browser test (`Tests/Integration/test_browser.py`) checks
/// the rendered geometry in Chromium.
@Suite struct SVGDrawingTests {
    private func svg(_ body: String, query: [String: String] = [:]) throws -> String {
        let laidOut = try RouteBarResponse.layoutForDrawing(json: Array(body.utf8), query: { query[$0] }, format: .svg)
        return String(decoding: RouteBarSVG.render(laidOut.routes, options: laidOut.options), as: UTF8.self)
    }

    private let lanes =
        #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 6}, {"trafficType": 1, "sectionTime": 21, "lane": [{"name": "수도권 3호선", "subwayCode": 3}]}]}]}"#

    @Test func barsHaveRoundedEndsGapsBadgesAndTextInTheirTextColour() throws {
        let drawn = try svg(lanes, query: ["gap": "2", "cornerRadius": "6"])
        #expect(drawn.contains(#"<clipPath id="bar-0"><rect width="343" height="30" rx="6"/></clipPath>"#))
        #expect(drawn.contains(#"<tspan class="badge" font-weight="bold">3</tspan> 21분</text>"#))
        #expect(drawn.contains(##"fill="#000000" data-segment-x="##), "black on line 3's orange")
        let segments = try #require(try answerSegments(lanes, query: ["gap": "2"]))
        #expect(segments[1].x == segments[0].width + 2, "the gap is drawn between the two rects")
        #expect(try svg(lanes).contains(#"rx="15""#), "a pill by default: half the height")
    }

    /// A drawing says its language; right-to-left scripts read so, bars still left to right in
    /// time order; Korean and English drawings are as 1.x drew them.
    @Test func theDrawingSaysItsLanguageAndDirection() throws {
        let arabic = try svg(lanes, query: ["locale": "ar"])
        #expect(arabic.contains(#"xml:lang="ar" direction="rtl">"#))
        let hebrewInLatin = try svg(lanes, query: ["locale": "he-Latn"])
        #expect(hebrewInLatin.contains(#"xml:lang="he-Latn">"#))
        let german = try svg(lanes, query: ["locale": "de"])
        #expect(german.contains(#"xml:lang="de">"#) && !german.contains("direction"))
        let korean = try svg(lanes)
        #expect(!korean.contains("xml:lang") && !korean.contains("direction"))
        // The walk comes first at x = 0 in every direction.
        #expect(arabic.contains(#"<rect class="segment walking" x="0""#))
    }

    @Test func everyRouteGroupCarriesItsIndex() throws {
        let two =
            #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 6}]}, {"subPaths": [{"trafficType": 2, "sectionTime": 9}]}]}"#
        let drawn = try svg(two)
        #expect(drawn.contains(#"<g class="route" data-index="0" "#) && drawn.contains(#"<g class="route" data-index="1" "#))
    }

    @Test func theDarkThemeDrawsOnItsBackground() throws {
        let drawn = try svg(lanes, query: ["theme": "dark"])
        #expect(drawn.contains(##"<rect class="background" width="100%" height="100%" fill="#121212"/>"##))
        #expect(!(try svg(lanes)).contains("class=\"background\""))
    }

    @Test func fontsFallBackToACJKFamilyThenAGenericOne() throws {
        #expect(RouteBarSVG.fontFamily.hasSuffix("'Noto Sans CJK KR', sans-serif"))
        #expect(try svg(lanes).contains("font-family=\"\(RouteBarSVG.fontFamily)\""))
    }

    @Test func charactersXMLDoesNotAllowBecomeReplacementCharacters() throws {
        #expect(RouteBarSVG.escape("a\u{FFFE}b\u{FFFF}c\u{01}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        let body = #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 2, "sectionTime": 50, "lane": [{"busNo": "4\uFFFE2"}]}]}]}"#
        let drawn = try svg(body)
        #expect(!drawn.unicodeScalars.contains { $0.value == 0xFFFE })
        #expect(drawn.contains("4\u{FFFD}2"), "Chromium parses the picture in the browser test: a stray U+FFFE made it not well-formed")
    }

    private func answerSegments(_ body: String, query: [String: String]) throws -> [BarSegment]? {
        try RouteBarResponse.layoutForDrawing(json: Array(body.utf8), query: { query[$0] }, format: .svg).routes.first?.segments
    }
}
