import RouteBar
import Testing

/// What a client needs to draw a route list besides the widths: gaps, transfers, badges,
/// readable colours, hours, one time scale, and labels that fit.
@Suite struct DrawingReadyTests {
    /// Bus 361 (40 min), a zero-minute transfer walk, bus 143 (13 min): the case.
    private let busToBus = Route(
        totalTime: 59,
        subPaths: [
            SubPath(trafficType: 3, sectionTime: 6),
            SubPath(trafficType: 2, sectionTime: 40, line: TransitLine(name: "361", busType: 11)),
            SubPath(trafficType: 3, sectionTime: 0),
            SubPath(trafficType: 2, sectionTime: 13, line: TransitLine(name: "143", busType: 11)),
        ])

    @Test func gapsAreWholePixelsBetweenVisibleSegmentsAndTheBarStillFills() throws {
        var options = LayoutOptions(width: 343, scale: 3)
        options.gap = 1.5  // 1.5 pt at scale 3 is 4.5 device pixels, rounded half away from zero to 5
        let bar = try RouteBarLayout(options).layOut(busToBus)
        let pixels = bar.segments.map { Int(($0.width * 3).rounded()) }
        #expect(pixels.reduce(0, +) + 5 * 2 == 1029, "three visible segments, two gaps of 5 px, 1029 px in all")
        #expect(bar.segments[1].x * 3 == Double(pixels[0] + 5))
        #expect(bar.segments[3].x * 3 == Double(pixels[0] + 5 + pixels[1] + 5))
        #expect(bar.segments[2].width == 0)
        #expect(bar.barWidth == 343)
    }

    @Test func classicRefusesWhatTheSeedNeverHad() {
        for change in [{ (o: inout LayoutOptions) in o.gap = 2 }, { $0.timeScale = .shared }, { $0.labelMinimums = true }] {
            var options = LayoutOptions(width: 343, algorithm: .classic)
            change(&options)
            #expect(throws: RouteBarError.self) { try RouteBarLayout(options) }
            do {
                _ = try RouteBarLayout(options)
            } catch {
                #expect(error.code == .classicUndefined)
                #expect(error.message.contains("use \"algorithm\": \"fit\""))
            }
        }
    }

    @Test func aZeroMinuteWalkBetweenTwoBusesIsATransfer() throws {
        let bar = try RouteBarLayout(LayoutOptions(width: 343)).layOut(busToBus)
        #expect(bar.segments.map(\.transferBefore) == [nil, false, nil, true])
        #expect(bar.transferCount == 1)
        #expect(bar.accessibilityLabel == "총 59분: 도보 6분, 버스 361, 40분, 환승 버스 143, 13분")
        var english = LayoutOptions(width: 343)
        english.locale = .en
        #expect(
            try RouteBarLayout(english).layOut(busToBus).accessibilityLabel
                == "Total 59 min: walk 6 min, bus 361, 40 min, transfer to bus 143, 13 min")
    }

    @Test func aVisibleWalkBetweenTwoLegsIsNoTransfer() throws {
        var route = busToBus
        route.subPaths[2].sectionTime = 3
        let bar = try RouteBarLayout(LayoutOptions(width: 343)).layOut(route)
        #expect(bar.segments.map(\.transferBefore) == [nil, false, nil, false])
        #expect(bar.transferCount == 1, "two transit legs: one change of vehicle, walk or not")
    }

    @Test func hoursFromSixtyMinutesOn() {
        #expect(SegmentLabel.text(minutes: 59, locale: .ko) == "59분")
        #expect(SegmentLabel.text(minutes: 60, locale: .ko) == "1시간")
        #expect(SegmentLabel.text(minutes: 65, locale: .ko) == "1시간 5분")
        #expect(SegmentLabel.text(minutes: 305, locale: .ko) == "5시간 5분")
        #expect(SegmentLabel.text(minutes: 120, locale: .ko) == "2시간")
        #expect(SegmentLabel.text(minutes: 61.1, locale: .ko) == "1시간 1분", "whole minutes")
        #expect(SegmentLabel.text(minutes: 119.9999999, locale: .ko) == "2시간", "not 1시간 60분")
        #expect(SegmentLabel.text(minutes: 60.000001, locale: .ko) == "1시간", "not 1시간 1e-06분")
        #expect(SegmentLabel.text(minutes: 65, locale: .en) == "1 h 5 min")
        #expect(SegmentLabel.text(minutes: 120, locale: .en) == "2 h")
        let train = Route(subPaths: [SubPath(trafficType: 4, sectionTime: 135, trainType: 1)])
        let bar = try? RouteBarLayout(LayoutOptions(width: 343)).layOut(train)
        #expect(bar?.segments[0].label == "2시간 15분")
        #expect(bar?.accessibilityLabel == "총 2시간 15분: 기차 KTX, 2시간 15분")
    }

    @Test func badgesSayTheNumberTheShortNameTheBusOrTheTrainClass() {
        #expect(LinePalette.badge(mode: .subway, line: TransitLine(name: "수도권 3호선", subwayCode: 3)) == "3")
        #expect(LinePalette.badge(mode: .subway, line: TransitLine(name: "수도권 신분당선", subwayCode: 109)) == "신분당")
        #expect(LinePalette.badge(mode: .subway, line: TransitLine(name: "경의중앙선", subwayCode: 104)) == "경의중앙")
        #expect(LinePalette.badge(mode: .subway, line: TransitLine(name: "공항철도", subwayCode: 101)) == "공항")
        #expect(LinePalette.badge(mode: .subway, line: TransitLine(name: "공항철도", subwayCode: 101), locale: .en) == "AREX")
        #expect(LinePalette.badge(mode: .subway, line: TransitLine(name: "수도권 신규선", subwayCode: 999)) == "신규선")
        #expect(LinePalette.badge(mode: .bus, line: TransitLine(name: "110A", busType: 11)) == "110A")
        #expect(LinePalette.badge(mode: .train, line: nil, trainType: 1) == "KTX")
        #expect(LinePalette.badge(mode: .train, line: nil, trainType: 6) == "ITX-새마을")
        #expect(LinePalette.badge(mode: .train, line: nil, trainType: 3, locale: .en) == "Mugunghwa")
        #expect(LinePalette.badge(mode: .train, line: nil, trainType: 4) == nil, "a contested code names no class")
        #expect(LinePalette.englishName(mode: .subway, line: TransitLine(name: "수도권 3호선", subwayCode: 3)) == "Line 3")
        #expect(LinePalette.badge(mode: .walk, line: TransitLine(name: "x")) == nil)
        for entry in LinePalette.subwayLines {
            #expect(entry.badge?.isEmpty == false && entry.englishBadge?.isEmpty == false, "subway \(entry.code) has badges")
        }
        #expect(Set(TrainClass.entries.map(\.trainType)).count == TrainClass.entries.count)
    }

    @Test func aTrainLegWithoutALaneShowsItsClass() throws {
        let route = Route(subPaths: [SubPath(trafficType: 4, sectionTime: 130, trainType: 8)])
        let bar = try RouteBarLayout(LayoutOptions(width: 343)).layOut(route)
        #expect(bar.segments[0].line?.name == "SRT")
        #expect(bar.segments[0].trainType == 8)
    }

    /// WCAG 2.x: every palette colour gets text with at least 4.5:1, in both themes.
    @Test func textColorReachesFourAndAHalfToOneOnEveryPaletteColour() throws {
        for (mode, line) in Self.everyPaletteLeg {
            for theme in ColorTheme.allCases {
                let colors = LinePalette.colors(mode: mode, line: line, theme: theme)
                #expect([ColorContrast.lightText, ColorContrast.darkText].contains(colors.textColor))
                let ratio = try #require(ColorContrast.ratio(colors.color, colors.textColor))
                #expect(ratio >= 4.5, "\(colors.textColor) on \(colors.color) (\(mode), \(theme)): \(ratio)")
            }
        }
        // The cases: 9호선, 수인분당, 경의중앙 and the walk grey were under 3:1 with white.
        for color in ["#BDB092", "#F5A200", "#77C4A3", "#A0A0A0"] {
            #expect(ColorContrast.textColor(on: color) == ColorContrast.darkText)
        }
        #expect(ColorContrast.textColor(on: "#0052A4") == ColorContrast.lightText)
    }

    /// WCAG 1.4.11: against #121212 every dark-theme colour has at least 3:1; colours that had
    /// it keep their official hex.
    @Test func darkThemeColoursReachThreeToOneAgainstTheDarkBackground() throws {
        for (mode, line) in Self.everyPaletteLeg {
            let light = LinePalette.color(mode: mode, line: line, theme: .light)
            let dark = LinePalette.color(mode: mode, line: line, theme: .dark)
            let ratio = try #require(ColorContrast.ratio(dark, ColorContrast.darkBackground))
            #expect(ratio >= 3, "\(dark) (for \(light)): \(ratio)")
            if try #require(ColorContrast.ratio(light, ColorContrast.darkBackground)) >= 3 { #expect(dark == light) }
        }
        // Lightness raised one point at a time, hue and saturation kept (checked with Python's colorsys).
        #expect(LinePalette.darkVariant(of: "#0052A4") == "#005FBE")
        #expect(LinePalette.darkVariant(of: "#0054A6") == "#0061C0")
        #expect(LinePalette.darkVariant(of: "#3D5BAB") == "#3E5DAF")
        #expect(LinePalette.darkVariant(of: "#1E4F91") == "#2561B3")
        var options = LayoutOptions(width: 343)
        options.theme = .dark
        let line1 = Route(subPaths: [SubPath(trafficType: 1, sectionTime: 10, line: TransitLine(name: "수도권 1호선", subwayCode: 1))])
        #expect(try RouteBarLayout(options).layOut(line1).segments[0].color == "#005FBE")
    }

    /// A leg for every entry of the tables and every mode's default.
    static let everyPaletteLeg: [(TransitMode, TransitLine?)] =
        LinePalette.subwayLines.map { (.subway, TransitLine(name: $0.name, subwayCode: $0.code)) }
        + LinePalette.busTypes.map { (.bus, TransitLine(name: "1", busType: $0.code)) }
        + TransitMode.allCases.map { ($0, nil) }

    @Test func sharedTimeScaleGivesTheLongestRouteTheWidthAndTheOthersTheirShare() throws {
        var options = LayoutOptions(width: 300, scale: 2)
        options.timeScale = .shared
        let flight = Route(subPaths: [SubPath(trafficType: 7, sectionTime: 50)])
        let train = Route(subPaths: [SubPath(trafficType: 4, sectionTime: 300)])
        let walk = Route(subPaths: [SubPath(trafficType: 3, sectionTime: 1)])
        let bars = try RouteBarLayout(options).layOut([flight, train, walk])
        #expect(bars.map(\.barWidth) == [50, 300, 15], "600 px × 50/300 = 100 px; the walk's 1 minute keeps its 30 px minimum")
        #expect(bars.map(\.index) == [0, 1, 2])
        for bar in bars {
            #expect(bar.segments.reduce(0) { $0 + $1.width } == bar.barWidth)
        }
        let alone = try RouteBarLayout(LayoutOptions(width: 300, scale: 2)).layOut([flight, train])
        #expect(alone.map(\.barWidth) == [300, 300], "by default every route fills the width")
    }

    @Test func labelMinimumsMakeRoomForEveryLabelWhenTheyFit() throws {
        let route = Route(subPaths: [
            SubPath(trafficType: 3, sectionTime: 1), SubPath(trafficType: 2, sectionTime: 100),
            SubPath(trafficType: 3, sectionTime: 1), SubPath(trafficType: 1, sectionTime: 2),
        ])
        var options = LayoutOptions(width: 343, minSegmentRatio: 0.02)
        let plain = try RouteBarLayout(options).layOut(route)
        #expect(plain.segments[0].labelFits == false, "without it, a 1-minute walk gets 7 + 3 pt for its 19.2 pt label")
        options.labelMinimums = true
        let roomy = try RouteBarLayout(options).layOut(route)
        #expect(roomy.segments.allSatisfy { $0.labelFits == true })
        #expect(roomy.segments[0].width >= SegmentLabel.estimatedWidth("1분", fontSize: 12) + 8)
        #expect(roomy.segments.reduce(0) { $0 + $1.width } == 343)
    }

    @Test func labelMinimumsGoToTheLongestLegsFirstWhenNotAllFit() throws {
        // Label room (12 pt text, 4 pt padding): 28 pt for "1분" and "2분", 35 pt for "20분" and
        // "30분", 126 pt in all; 100 pt hold the three longest legs' (35 + 35 + 28) and 1 pt more.
        let route = Route(subPaths: [
            SubPath(trafficType: 3, sectionTime: 1), SubPath(trafficType: 2, sectionTime: 30),
            SubPath(trafficType: 3, sectionTime: 2), SubPath(trafficType: 1, sectionTime: 20),
        ])
        var options = LayoutOptions(width: 100)
        options.labelMinimums = true
        options.minSegmentRatio = 0
        let bar = try RouteBarLayout(options).layOut(route)
        #expect(bar.segments.map(\.labelFits) == [false, true, true, true], "the longest legs first; the shortest goes without")
        #expect(bar.segments.reduce(0) { $0 + $1.width } == 100)
    }
}
