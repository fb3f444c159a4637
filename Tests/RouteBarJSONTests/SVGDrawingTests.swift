import Foundation
import RouteBar
import Testing

@testable import RouteBarDrawing
@testable import RouteBarJSON
@testable import RouteBarPlanners

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
        #expect(drawn.contains(#"-bar-0"><rect width="343" height="30" rx="6"/></clipPath>"#))
        #expect(drawn.contains(##"font-weight="bold" fill="#000000""##) && drawn.contains(#">3</text>"#) && drawn.contains(#">21분</text>"#))
        #expect(drawn.contains(##"fill="#000000" data-segment="##), "black on line 3's orange")
        let segments = try #require(try answerSegments(lanes, query: ["gap": "2"]))
        #expect(segments[1].x == segments[0].width + 2, "the gap is drawn between the two rects")
        #expect(try svg(lanes).contains(#"rx="15""#), "a pill by default: half the height")
    }

    /// A drawing says its language; right-to-left scripts read so and their rows run right to
    /// left; Korean and English drawings are as 1.x drew them.
    @Test func theDrawingSaysItsLanguageAndDirection() throws {
        let arabic = try svg(lanes, query: ["locale": "ar"])
        #expect(arabic.contains(#"xml:lang="ar" direction="rtl">"#))
        let hebrewInLatin = try svg(lanes, query: ["locale": "he-Latn"])
        #expect(hebrewInLatin.contains(#"xml:lang="he-Latn">"#))
        let german = try svg(lanes, query: ["locale": "de"])
        #expect(german.contains(#"xml:lang="de">"#) && !german.contains("direction"))
        let korean = try svg(lanes)
        #expect(!korean.contains("xml:lang") && !korean.contains("direction"))
        // The walk comes first at x = 0 in every direction; right to left, the row is mirrored
        // (the walk at the right edge) and each text mirrored back around its centre.
        #expect(arabic.contains(#"<g class="segment walking rb-segment rb-walk" data-mode="walk" data-segment="0"><circle cx="#), "the walk first")
        #expect(arabic.contains(#"<g class="rb-rtl" transform="matrix(-1 0 0 1 343 0)">"#) && !german.contains("rb-rtl"))
        let arabicText = try #require(
            arabic.firstMatch(of: /<text class="label inside rb-label" x="([0-9.]+)" y="15" transform="matrix\(-1 0 0 1 ([0-9.]+) 0\)"/))
        #expect(Double(arabicText.2)! == 2 * Double(arabicText.1)!, "mirrored back around its own centre")
        let latin = try svg(lanes, query: ["locale": "ar-u-nu-latn"])
        #expect(latin.contains("rb-rtl") && latin.contains(#"direction="rtl""#), "the tag's script decides, not its extensions")
    }

    @Test func everyRouteGroupCarriesItsIndex() throws {
        let two =
            #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 6}]}, {"subPaths": [{"trafficType": 2, "sectionTime": 9}]}]}"#
        let drawn = try svg(two)
        #expect(drawn.contains(#"<g class="route rb-route" data-index="0" "#) && drawn.contains(#"<g class="route rb-route" data-index="1" "#))
    }

    // MARK: What a segment shows (issue 33)

    /// A ride shows its badge, its icon and its minutes as the display plan says: with less
    /// room, the minutes go under the bar, then the icon goes, then the badge keeps its first
    /// whole words, then the icon stands in for it. The drawing renders exactly the plan.
    @Test func theBadgeComesFirstThenTheIconThenTheMinutes() throws {
        func ride(width: Double) -> String {
            #"{"width": \#(width), "routes": [{"subPaths": [{"mode": "tram", "seconds": 3000, "shortName": "MAX Blue"}]}]}"#
        }
        func plan(width: Double) throws -> (SegmentDisplay, String) {
            let laidOut = try RouteBarResponse.layoutForDrawing(json: Array(ride(width: width).utf8), query: { _ in nil }, format: .svg)
            let plans = SegmentDisplay.plan(try #require(laidOut.routes.first), options: laidOut.options)
            return (plans[0], String(decoding: RouteBarSVG.render(laidOut.routes, options: laidOut.options), as: UTF8.self))
        }
        // At 12 pt with the estimate: "MAX Blue" 68.4 in bold (15% over 59.4), "MAX" 29.04, the
        // icon 15, "50분" 26.4, a space 4.2, an icon's space 3; 4 points of padding on each side.
        let badge = LabelFont.estimate.width("MAX Blue", bold: true, fontSize: 12)
        #expect(badge == 68.4 && LabelFont.estimate.width("MAX", bold: true, fontSize: 12) == 29.04)
        // Bars are whole pixels: widths rounded up.
        let group = 15 + 3 + badge + 4.2 + SegmentLabel.estimatedWidth("50분", fontSize: 12)
        let all = (8 + group).rounded(.up)
        let (wide, wideSVG) = try plan(width: all)
        #expect(wide.badge?.text == "MAX Blue" && wide.icon?.name == "tram" && wide.minutesPlace == .inside && wide.omitted.isEmpty)
        let icon = try #require(wide.icon), text = try #require(wide.badge), minutes = try #require(wide.minutes)
        #expect(abs(icon.x - (all - group) / 2) < 0.01, "centred")
        #expect(abs(text.x - (icon.x + 18)) < 0.01 && abs(minutes.x - (text.x + badge + 4.2)) < 0.01)
        #expect(wideSVG.contains(#">MAX Blue</text>"#) && wideSVG.contains(#"class="label inside rb-label""#))

        let (middle, middleSVG) = try plan(width: all - 1)
        #expect(middle.badge?.text == "MAX Blue" && middle.icon != nil && middle.minutesPlace == .below)
        #expect(middleSVG.contains(#"class="label below rb-label""#), "the minutes under the bar")

        let (noIcon, _) = try plan(width: (8 + badge + 17).rounded(.up))
        #expect(noIcon.badge?.text == "MAX Blue" && noIcon.icon == nil && noIcon.omitted == [.icon])

        // Not the whole badge: its first whole words, never a cut word or an ellipsis.
        let (words, wordsSVG) = try plan(width: 8 + 40)
        #expect(words.badge?.text == "MAX" && words.omitted.contains(.icon) && words.minutesPlace == .below)
        #expect(wordsSVG.contains(#">MAX</text>"#) && !wordsSVG.contains("…"))

        // Not even "MAX": the icon stands in, the minutes go under the bar, the sentence names it.
        let (iconOnly, iconSVG) = try plan(width: 8 + 20)
        #expect(iconOnly.badge == nil && iconOnly.icon != nil && iconOnly.omitted == [.badge] && iconOnly.minutesPlace == .below)
        #expect(iconSVG.contains(#"class="rb-icon""#) && !iconSVG.contains("rb-badge") && iconSVG.contains("MAX Blue"))
    }

    /// Without a badge of its own (a walk, a line without a name), a segment shows its icon and
    /// minutes; a walk drawn as dots keeps room for a dot on each side.
    @Test func aWalkKeepsRoomForItsDots() throws {
        func walk(width: Double, style: String) throws -> SegmentDisplay {
            let body = #"{"width": \#(width), "walkStyle": "\#(style)", "routes": [{"subPaths": [{"mode": "walk", "seconds": 360}]}]}"#
            let laidOut = try RouteBarResponse.layoutForDrawing(json: Array(body.utf8), query: { _ in nil }, format: .svg)
            return SegmentDisplay.plan(try #require(laidOut.routes.first), options: laidOut.options)[0]
        }
        // "6분" is 19.2, the icon 15 and its space 3; a dot 4 and its space 3 on each side.
        let both = (8 + 15 + 3 + 19.2).rounded(.up)
        #expect(try walk(width: both, style: "block").minutesPlace == .inside)
        #expect(try walk(width: both, style: "dots").minutesPlace == .below)
        #expect(try walk(width: both + 14, style: "dots").minutesPlace == .inside)
    }

    /// Minutes under the bar never overlap and never leave their segment: where the previous
    /// ones leave no room, they are omitted (the sentence says them).
    @Test func minutesBelowNeverOverlap() throws {
        let body =
            #"{"width": 100, "routes": [{"subPaths": [{"mode": "bus", "seconds": 600, "shortName": "1"}, "#
            + #"{"mode": "bus", "seconds": 600, "shortName": "2"}, {"mode": "bus", "seconds": 600, "shortName": "3"}, "#
            + #"{"mode": "bus", "seconds": 600, "shortName": "4"}]}]}"#
        let laidOut = try RouteBarResponse.layoutForDrawing(json: Array(body.utf8), query: { _ in nil }, format: .svg)
        let route = try #require(laidOut.routes.first)
        let plans = SegmentDisplay.plan(route, options: laidOut.options)
        var end = -Double.infinity
        var below = 0
        for (segment, plan) in zip(route.segments, plans) {
            #expect(plan.badge != nil, "a one-digit badge fits 25 points")
            if plan.minutesPlace == .below, let minutes = plan.minutes {
                #expect(minutes.x >= end && minutes.x < segment.x + segment.width && minutes.x + minutes.width > segment.x)
                end = minutes.x + minutes.width
                below += 1
            } else {
                #expect(plan.omitted.contains(.minutes) || plan.minutesPlace == .inside)
            }
        }
        // 26.4 points of "10분" under segments of 25: the fourth has no room left.
        #expect(below == 3 && plans[3].omitted == [.icon, .minutes], "\(plans)")
    }

    /// `labelMinimums` reserves room for the badge, a space and the minutes.
    @Test func labelMinimumsMakeRoomForTheBadge() throws {
        let body =
            #"{"width": 343, "routes": [{"subPaths": [{"mode": "walk", "seconds": 6000}, "#
            + #"{"mode": "train", "seconds": 60, "shortName": "Ronkonkoma"}, {"mode": "walk", "seconds": 6000}]}]}"#
        let ride = try #require(try answerSegments(body, query: ["labelMinimums": "true"]))[1]
        let needed = SegmentLabel.estimatedWidth("Ronkonkoma 1분", fontSize: 12) + 2 * 4
        #expect(ride.width >= needed && ride.width < needed + 1, "\(ride.width) for \(needed)")
        #expect(ride.badgeFits == true && ride.labelFits == true)
    }

    @Test func everyModeHasAnIconHiddenFromReaders() throws {
        for mode in TransitMode.allCases {
            let icon = ModeIcon.drawing(for: mode)
            #expect(!icon.path.isEmpty && icon.path.first == "M", "\(mode)")
            let element = icon.svg(x: 1, y: 2, size: 12, color: "#FFFFFF")
            #expect(element.contains(#"class="rb-icon" aria-hidden="true" transform="translate(1 2) scale(0.5)""#))
            #expect(element.contains("#FFFFFF"))
        }
        #expect(ModeIcon.drawing(for: .expressBus).path == ModeIcon.drawing(for: .bus).path)
        let drawn = try svg(lanes)
        #expect(drawn.components(separatedBy: #"class="rb-icon""#).count - 1 == 2, "the walk's and the subway's")
        #expect(drawn.contains(##"aria-hidden="true" transform="translate("##))
        #expect(!(try svg(lanes, query: ["icons": "false"])).contains("rb-icon"))
        #expect(drawn.components(separatedBy: "<title>").count - 1 == 1, "one title per bar")
    }

    @Test func walksAreDotsLinesOrBlocksAndWaitsHatched() throws {
        let body =
            #"{"width": 343, "routes": [{"subPaths": [{"mode": "walk", "seconds": 600}, {"mode": "wait", "seconds": 600}, "#
            + #"{"mode": "bus", "seconds": 1200, "shortName": "512"}]}]}"#
        let dots = try svg(body)
        #expect(dots.contains(#"<g class="segment walking rb-segment rb-walk" data-mode="walk" data-segment="0"><circle "#))
        #expect(dots.contains(#"<g class="segment waiting rb-segment rb-wait" data-mode="wait" data-segment="1"><pattern id="rb-"#))
        #expect(dots.contains(#"fill="url(#rb-"#))
        #expect(dots.contains(#"<rect class="segment transit rb-segment rb-ride" data-mode="bus" data-segment="2" x="#))
        let line = try svg(body, query: ["walkStyle": "line"])
        #expect(line.contains(#"data-mode="walk" data-segment="0"><line "#) && line.contains(#"stroke-linecap="round""#))
        let block = try svg(body, query: ["walkStyle": "block"])
        #expect(block.contains(#"<rect class="segment walking rb-segment rb-walk" data-mode="walk" data-segment="0" x="0""#))
        // Text on a walk drawn as dots is the theme's, not the walk's text colour.
        #expect(dots.contains(##"fill="#333333" data-segment="0" data-segment-x="0""##))
    }

    /// Every walk is drawn, however short: in every recording and example, at 200, 343 and 600
    /// points, in ko, en and ar, each walk's group holds a dot (a walk of 36 points with its
    /// minutes inside was an empty group: they now go under the bar).
    @Test(
        arguments: try FileManager.default.contentsOfDirectory(atPath: PlannerDecodingTests.samplesDirectory).filter { $0.hasSuffix(".json") }
            .sorted())
    func everyWalkHasADot(_ name: String) throws {
        let (bytes, _) = try PlannerDecodingTests.sample(name)
        let body = String(decoding: bytes, as: UTF8.self)
        for width in ["200", "343", "600"] {
            for locale in ["ko", "en", "ar"] {
                let drawn = try svg(body, query: ["width": width, "locale": locale])
                for group in drawn.split(separator: "<g class=\"segment walking").dropFirst() {
                    let body = group.prefix { $0 != "\n" }
                    #expect(body.contains("<circle"), "\(name) at \(width) in \(locale): \(body.prefix(200))")
                }
            }
        }
    }

    @Test func aChangeOfVehicleIsMarkedAndSameColouredNeighboursKeepAnEdge() throws {
        let body =
            ##"{"width": 343, "routes": [{"subPaths": [{"mode": "bus", "seconds": 1200, "shortName": "147", "color": "#3D5BAB"}, "##
            + ##"{"mode": "bus", "seconds": 1200, "shortName": "100", "color": "#3D5BAB"}]}]}"##
        let segments = try #require(try answerSegments(body, query: [:]))
        #expect(segments[1].transferBefore == true)
        let drawn = try svg(body)
        #expect(drawn.contains(#"<line class="rb-edge" x1="\#(RouteBarSVG.number(segments[1].x))""#))
        #expect(drawn.contains(#"<g class="rb-transfer" aria-hidden="true"><line x1="\#(RouteBarSVG.number(segments[1].x))""#))
        #expect(drawn.contains("<circle cx=\"\(RouteBarSVG.number(segments[1].x))\""), "a ring where both sides have room")
        let walkBetween =
            #"{"width": 343, "routes": [{"subPaths": [{"mode": "bus", "seconds": 1200}, {"mode": "walk", "seconds": 300}, "#
            + #"{"mode": "bus", "seconds": 1200}]}]}"#
        #expect(!(try svg(walkBetween)).contains("rb-transfer"), "a walk between is no change of vehicle in place")
    }

    /// Two answers in one page: every id is the row's own, so neither clips the other.
    @Test func idsAreUniqueToTheirRow() throws {
        let other = #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 2, "sectionTime": 30}]}]}"#
        func ids(_ drawn: String) -> Set<String> {
            Set(drawn.components(separatedBy: #"id=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) })
        }
        let first = ids(try svg(lanes))
        let second = ids(try svg(other))
        #expect(!first.isEmpty && !second.isEmpty && first.isDisjoint(with: second))
        #expect(ids(try svg(lanes)) == first, "the same answer draws the same ids")
        #expect(first.allSatisfy { $0.hasPrefix("rb-") && $0.count > 19 })
    }

    /// `textColors=planner` keeps the agency's own pair: white on RER B's light blue, which the
    /// contrast rule turns black.
    @Test func theAgencysTextColourOnRequest() throws {
        let rerB =
            ##"{"width": 343, "routes": [{"subPaths": [{"mode": "train", "seconds": 1200, "color": "#7BA3DD", "textColor": "#FFFFFF", "shortName": "B"}]}]}"##
        #expect(try #require(try answerSegments(rerB, query: [:]))[0].textColor == "#000000")
        #expect(try #require(try answerSegments(rerB, query: ["textColors": "planner"]))[0].textColor == "#FFFFFF")
        #expect(try svg(rerB, query: ["textColors": "planner"]).contains(##"fill="#FFFFFF" data-segment="0" data-segment-x="0""##))
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
