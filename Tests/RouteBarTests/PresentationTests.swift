import Testing

@testable import RouteBar

/// Labels, accessibility sentences, lines and colours on laid-out segments.
@Suite struct PresentationTests {
    private let seedWithLanes = Route(
        id: "seed", totalTime: 47,
        subPaths: [
            SubPath(trafficType: 3, sectionTime: 6),
            SubPath(trafficType: 2, sectionTime: 14, line: TransitLine(name: "421", busType: 11)),
            SubPath(trafficType: 3, sectionTime: 3),
            SubPath(trafficType: 1, sectionTime: 21, line: TransitLine(name: "수도권 3호선", subwayCode: 3)),
            SubPath(trafficType: 3, sectionTime: 3),
        ])

    @Test func labelsInBothLocales() {
        #expect(SegmentLabel.text(minutes: 6, locale: .ko) == "6분")
        #expect(SegmentLabel.text(minutes: 6, locale: .en) == "6 min")
    }

    /// Widths keep a planner's exact minutes; labels show whole ones, the nearest, at least 1.
    @Test(arguments: [
        (2.5, "3분"), (839.0 / 60, "14분"), (13.49, "13분"), (0.2, "1분"), (0.001, "1분"), (0, "0분"),
        (61.1, "1시간 1분"), (59.6, "1시간"), (1_440.4, "24시간"),
    ])
    func labelsShowWholeMinutes(minutes: Double, label: String) {
        #expect(SegmentLabel.text(minutes: minutes, locale: .ko) == label)
        #expect(SegmentLabel.estimatedWidth(minutes: minutes, locale: .ko, fontSize: 12) == SegmentLabel.estimatedWidth(label, fontSize: 12))
    }

    @Test func labelFittingAtTheBoundary() {
        // "6분": a digit (0.6 em) and a Hangul syllable (1.0 em) at 12 pt.
        #expect(SegmentLabel.estimatedWidth("6분", fontSize: 12) == 19.2)
        #expect(SegmentLabel.fits("6분", fontSize: 12, width: 19.2))
        #expect(!SegmentLabel.fits("6분", fontSize: 12, width: 19.19))
        // "14 min": two digits, a space, three lowercase letters.
        #expect(abs(SegmentLabel.estimatedWidth("14 min", fontSize: 10) - (0.6 * 2 + 0.35 + 0.6 * 3) * 10) < 1e-9)
    }

    @Test func theSeedRoutesSentence() throws {
        let bar = try RouteBarLayout(LayoutOptions(width: 343)).layOut(seedWithLanes)
        #expect(bar.accessibilityLabel == "총 47분: 도보 6분, 버스 421, 14분, 도보 3분, 3호선, 21분, 도보 3분")
        var english = LayoutOptions(width: 343)
        english.locale = .en
        #expect(
            try RouteBarLayout(english).layOut(seedWithLanes).accessibilityLabel
                == "Total 47 min: walk 6 min, bus 421, 14 min, walk 3 min, Line 3, 21 min, walk 3 min")
    }

    @Test func englishSentencesNameKnownLinesInEnglishAndMarkOthersAsSubway() throws {
        let route = Route(
            totalTime: 30,
            subPaths: [
                SubPath(trafficType: 1, sectionTime: 10, line: TransitLine(name: "수도권 신분당선", subwayCode: 109)),
                SubPath(trafficType: 1, sectionTime: 10, line: TransitLine(name: "수도권 신규선", subwayCode: 999)),
                SubPath(trafficType: 1, sectionTime: 10),
            ])
        var english = LayoutOptions(width: 343)
        english.locale = .en
        #expect(
            try RouteBarLayout(english).layOut(route).accessibilityLabel
                == "Total 30 min: Shinbundang Line, 10 min, transfer to subway 신규선, 10 min, transfer to subway 10 min")
        #expect(
            try RouteBarLayout(LayoutOptions(width: 343)).layOut(route).accessibilityLabel
                == "총 30분: 신분당선, 10분, 환승 신규선, 10분, 환승 지하철 10분")
    }

    @Test func zeroMinuteLegsAreLeftOutOfTheSentenceAndUnlabelled() throws {
        let route = Route(
            totalTime: 12,
            subPaths: [
                SubPath(trafficType: 3, sectionTime: 0), SubPath(trafficType: 2, sectionTime: 10), SubPath(trafficType: 3, sectionTime: 2),
            ])
        let bar = try RouteBarLayout(LayoutOptions(width: 200)).layOut(route)
        #expect(bar.accessibilityLabel == "총 12분: 버스 10분, 도보 2분")
        #expect(bar.segments[0].label == nil && bar.segments[0].labelFits == nil)
        #expect(bar.segments.map(\.label) == [nil, "10분", "2분"])
    }

    @Test func labelFitsFollowsTheSegmentsWidth() throws {
        // At width 100 the 1-minute walk gets its 5-point minimum plus a sliver: "1분" (19.2 pt) does not fit.
        let route = Route(subPaths: [SubPath(trafficType: 3, sectionTime: 1), SubPath(trafficType: 2, sectionTime: 60)])
        let bar = try RouteBarLayout(LayoutOptions(width: 100)).layOut(route)
        for segment in bar.segments {
            #expect(segment.labelFits == SegmentLabel.fits(segment.label!, fontSize: 12, width: segment.width))
        }
        #expect(bar.segments[0].labelFits == false)
        #expect(bar.segments[1].labelFits == true)
        var small = LayoutOptions(width: 100)
        small.labelFontSize = 3
        #expect(try RouteBarLayout(small).layOut(route).segments[0].labelFits == true)
    }

    @Test func segmentsCarryLinesAndColours() throws {
        let bar = try RouteBarLayout(LayoutOptions(width: 343)).layOut(seedWithLanes)
        #expect(bar.segments[1].line == TransitLine(name: "421", busType: 11))
        #expect(bar.segments[1].color == LinePalette.color(mode: .bus, line: TransitLine(name: "421", busType: 11)))
        #expect(bar.segments[3].color == LinePalette.color(mode: .subway, line: TransitLine(name: "수도권 3호선", subwayCode: 3)))
        #expect(bar.segments[0].color == LinePalette.defaultColor(for: .walk))
        var plain = LayoutOptions(width: 343)
        plain.colors = false
        #expect(try RouteBarLayout(plain).layOut(seedWithLanes).segments.allSatisfy { $0.color == nil })
    }
}
