import Testing

@testable import RouteBar

@Suite struct FitLayoutTests {
    private let seedRoute = Route(
        id: "seed", totalTime: 47,
        subPaths: [
            SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 2, sectionTime: 14),
            SubPath(trafficType: 3, sectionTime: 3), SubPath(trafficType: 1, sectionTime: 21),
            SubPath(trafficType: 3, sectionTime: 3),
        ])

    @Test func seedRouteAtScale3FillsTheBarInWholePixels() throws {
        let bar = try RouteBarLayout(LayoutOptions(width: 343, scale: 3)).layOut(seedRoute)
        let pixels = bar.segments.map { Int(($0.width * 3).rounded()) }
        // 1029 pixels; minimums round(343 * 0.05 * 3) = 51 each, 774 left over 47 minutes:
        // quotas 98.8, 230.55, 49.4, 345.83, 49.4 -> floors 98, 230, 49, 345, 49 (771), +1 to the
        // three largest fractions (0.83, 0.8, 0.55).
        #expect(pixels == [51 + 99, 51 + 231, 51 + 49, 51 + 346, 51 + 49])
        #expect(pixels.reduce(0, +) == 1029)
        #expect(bar.minWalkingLength == 17)
        #expect(bar.minuteLength == 774.0 / 47 / 3)
        #expect(bar.segments.last!.x + bar.segments.last!.width == 343)
        #expect(bar.compressed == false)
    }

    @Test func totalTimeIsEchoedWhileTheLegsShareTheBar() throws {
        // ODsay reports 37 minutes for legs that add up to 34.
        let route = Route(
            totalTime: 37,
            subPaths: [
                SubPath(trafficType: 3, sectionTime: 3), SubPath(trafficType: 2, sectionTime: 9),
                SubPath(trafficType: 3, sectionTime: 0), SubPath(trafficType: 1, sectionTime: 18),
                SubPath(trafficType: 3, sectionTime: 4),
            ])
        let bar = try RouteBarLayout(LayoutOptions(width: 375, scale: 2)).layOut(route)
        #expect(bar.totalTime == 37)
        #expect(bar.walkingCount == 2)
        #expect(bar.transitCount == 2)
        #expect(bar.segments[2].width == 0)
        #expect(bar.segments[2].x == bar.segments[1].x + bar.segments[1].width)
        #expect(bar.segments.map { $0.width * 2 }.reduce(0, +) == 750)
        #expect(bar.minuteLength == Double(750 - 4 * 38) / 34 / 2)
    }

    @Test func overflowingMinimumsAreSharedEvenlyAndFlagged() throws {
        // 30 legs of 5 pixels minimum need 150 pixels in a 100-pixel bar: 3 each, 10 left by minutes.
        let legs = (0..<30).map { SubPath(trafficType: $0 % 2 == 0 ? 3 : 2, sectionTime: Double($0 + 1)) }
        let bar = try RouteBarLayout(LayoutOptions(width: 100)).layOut(Route(subPaths: legs))
        #expect(bar.compressed)
        #expect(bar.minWalkingLength == 3)
        #expect(bar.minTransitLength == 3)
        #expect(bar.segments.allSatisfy { $0.width >= 3 })
        #expect(bar.segments.map(\.width).reduce(0, +) == 100)
        #expect(bar.minuteLength == 10.0 / 465)
    }

    @Test func aBarNarrowerThanItsSegmentsIsAnError() {
        let route = Route(subPaths: Array(repeating: SubPath(trafficType: 1, sectionTime: 5), count: 4))
        #expect(throws: RouteBarError.self) {
            try RouteBarLayout(LayoutOptions(width: 3.9)).layOut(route)
        }
        do {
            _ = try RouteBarLayout(LayoutOptions(width: 3.9)).layOut(route)
        } catch {
            #expect(error.code == .barTooNarrow)
            #expect(error.location == .option(.width))
        }
        // Four pixels for four segments is enough: one each.
        #expect((try? RouteBarLayout(LayoutOptions(width: 4)).layOut(route).segments.map(\.width)) == [1, 1, 1, 1])
    }

    @Test func aRouteWithoutVisibleLegsIsAnError() {
        let route = Route(subPaths: [SubPath(trafficType: 3, sectionTime: 0)])
        for algorithm in LayoutAlgorithm.allCases {
            #expect(
                throws: RouteBarError(
                    .noVisibleSegment, at: .route(0),
                    "route 0 has no leg with sectionTime > 0, so there is nothing to draw")
            ) {
                try RouteBarLayout(LayoutOptions(width: 343, algorithm: algorithm)).layOut(route)
            }
        }
    }

    @Test func separateMinimumsInPoints() throws {
        var options = LayoutOptions(width: 300, scale: 2)
        options.minWalkingLength = 10
        options.minTransitLength = 40.25
        let bar = try RouteBarLayout(options).layOut(seedRoute)
        #expect(bar.minWalkingLength == 10)
        #expect(bar.minTransitLength == 40.5)  // round(80.5) = 81 pixels
        #expect(bar.segments[2].width >= 10)
        #expect(bar.segments[1].width >= 40.5)
    }

    @Test func devicePixelsForgiveBinaryRoundingOnly() {
        #expect(RouteBarLayout.devicePixels(width: 343, scale: 2.625) == 900)
        #expect(RouteBarLayout.devicePixels(width: 4.35, scale: 1) == 4)
        #expect(RouteBarLayout.devicePixels(width: 1.45, scale: 3) == 4)  // 4.35 in binary is 4.3499...
        #expect(RouteBarLayout.devicePixels(width: 108.7, scale: 4) == 434)  // 434.8
        #expect(RouteBarLayout.devicePixels(width: 144.99999999999997, scale: 3) == 435)  // 434.99999999999994
        #expect(RouteBarLayout.devicePixels(width: 320.5, scale: 1) == 320)
    }

    /// The promises of `fit`, over many random requests (one to four routes), widths and
    /// scales, with gap, timeScale and labelMinimums drawn at random too; legs by ODsay code,
    /// or, as planners send them, by any mode, in seconds, interlined now and then.
    @Test(arguments: [1.0, 2.0, 3.0, 2.625])
    func invariantsHoldOnRandomRoutes(scale: Double) throws {
        var generator = SplitMix64(seed: UInt64(scale * 1000))
        for _ in 0..<2_000 {
            let routes = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                Route(
                    subPaths: (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                        let minutes =
                            Bool.random(using: &generator)
                            ? Double(Int.random(in: 0...150, using: &generator))
                            : Double.random(in: RouteBarLayout.minVisibleMinutes...90, using: &generator)
                        guard Bool.random(using: &generator) else {
                            return SubPath(trafficType: Int.random(in: 0...9, using: &generator), sectionTime: minutes)
                        }
                        var leg = SubPath(
                            mode: TransitMode.allCases.randomElement(using: &generator)!,
                            minutes: Double(Int.random(in: 0...5_400, using: &generator)) / 60)
                        leg.interlined = leg.kind == .transit && Int.random(in: 0..<5, using: &generator) == 0
                        return leg
                    })
            }
            guard routes.allSatisfy({ $0.subPaths.contains(where: \.isVisible) }) else { continue }
            var options = LayoutOptions(width: Double.random(in: 40...1_200, using: &generator).rounded() / 2, scale: scale)
            options.minSegmentRatio = [0.05, 0, 0.1, 0.3].randomElement(using: &generator)!
            if Int.random(in: 0..<4, using: &generator) == 0 {
                options.minWalkingLength = Double.random(in: 0...40, using: &generator)
                options.minTransitLength = Double.random(in: 0...40, using: &generator)
            }
            options.gap = [0, 0, 0.5, 1, 2, 4].randomElement(using: &generator)!
            options.timeScale = Bool.random(using: &generator) ? .shared : .route
            options.labelMinimums = Bool.random(using: &generator)
            options.labelPadding = [0, 4, 8].randomElement(using: &generator)!
            options.locale = Bool.random(using: &generator) ? .ko : .en
            let layout = try RouteBarLayout(options)
            let full = RouteBarLayout.devicePixels(width: options.width, scale: scale)
            let gap = Int((options.gap * scale).rounded())
            let tooNarrow = routes.contains { route in
                let visible = route.subPaths.filter(\.isVisible).count
                return full - gap * (visible - 1) < visible
            }
            guard !tooNarrow || options.timeScale == .route else { continue }
            guard let bars = try? layout.layOut(routes) else {
                #expect(tooNarrow, "only a bar too narrow for its segments may fail")
                continue
            }
            for (route, bar) in zip(routes, bars) {
                try checkInvariants(bar, legs: route.subPaths, options: options, pixels: Int((bar.barWidth * scale).rounded()))
            }
            checkBarLengths(bars, routes: routes, options: options, full: full)
        }
    }

    /// `timeScale`: the route with the most visible minutes fills the width, more minutes
    /// never mean a shorter bar, and every bar holds its minimums and gaps.
    private func checkBarLengths(_ bars: [LaidOutRoute], routes: [Route], options: LayoutOptions, full: Int) {
        let pixels = bars.map { Int(($0.barWidth * options.scale).rounded()) }
        let minutes = routes.map { $0.subPaths.filter(\.isVisible).reduce(0) { $0 + $1.sectionTime } }
        guard options.timeScale == .shared else {
            #expect(pixels.allSatisfy { $0 == full }, "each route fills the width")
            return
        }
        let most = minutes.max()!
        for (index, count) in pixels.enumerated() {
            #expect(count <= full)
            if minutes[index] == most { #expect(count == full, "the longest route fills the width") }
            #expect(count >= Int((Double(full) * minutes[index] / most).rounded()), "at least its share of the width")
            for other in pixels.indices where minutes[other] < minutes[index] {
                #expect(pixels[other] <= count, "a route with more minutes never gets a shorter bar")
            }
        }
    }

    private func checkInvariants(_ bar: LaidOutRoute, legs: [SubPath], options: LayoutOptions, pixels: Int) throws {
        let scale = options.scale
        let widths = bar.segments.map { $0.width * scale }
        let whole = widths.map { $0.rounded() }
        for (width, rounded) in zip(widths, whole) {
            #expect(abs(width - rounded) < 1e-6, "every width is a whole number of pixels")
        }
        let visible = legs.filter(\.isVisible).count
        let gap = Int((options.gap * scale).rounded())
        #expect(Int(whole.reduce(0, +)) + gap * (visible - 1) == pixels, "the visible segments and the gaps fill the bar exactly")
        let interlined = legs.filter { $0.isVisible && $0.kind == .transit && $0.interlined }.count
        #expect(bar.transferCount == max(0, bar.transitCount - 1 - interlined), "an interlined leg is no transfer")
        #expect(bar.walkingCount == legs.filter { $0.isVisible && $0.mode == .walk }.count, "walks alone")
        #expect(bar.transitCount == legs.filter { $0.isVisible && $0.kind == .transit }.count, "public transport alone")

        let minWalking = max(1, Int(((options.minWalkingLength ?? options.width * options.minSegmentRatio) * scale).rounded()))
        let minTransit = max(1, Int(((options.minTransitLength ?? options.width * options.minSegmentRatio) * scale).rounded()))
        let walkingClass = legs.filter { $0.isVisible && !$0.kind.takesTransitMinimum }.count
        let needed = minWalking * walkingClass + minTransit * bar.transitCount
        #expect(bar.compressed == (needed > pixels - gap * (visible - 1)))
        var x = 0.0
        var seenVisible = false
        var lastVisibleTransit = false
        for (leg, segment) in zip(legs, bar.segments) {
            if leg.isVisible && seenVisible { x += Double(gap) }
            #expect(abs(segment.x * scale - x) < 1e-6, "x is the running sum of the widths and the gaps before")
            x += (segment.width * scale).rounded()
            if !leg.isVisible {
                #expect(segment.width == 0)
                #expect(segment.transferBefore == nil)
                continue
            }
            #expect(
                segment.transferBefore == (leg.kind == .transit ? lastVisibleTransit && !leg.interlined : nil),
                "a transfer is transit right after transit (a wait between does not count), unless interlined")
            #expect(
                segment.label == SegmentLabel.text(minutes: Double(segment.minutes), locale: options.locale)
                    && segment.label?.contains(".") == false, "labels in whole minutes")
            #expect(
                (max(1, Int(leg.sectionTime.rounded(.down)))...max(1, Int(leg.sectionTime.rounded(.up)))).contains(segment.minutes),
                "a label is its leg's minutes rounded down or up")
            seenVisible = true
            if leg.kind != .waiting { lastVisibleTransit = leg.kind == .transit }
            #expect(segment.width > 0)
            let floor = bar.compressed ? (pixels - gap * (visible - 1)) / visible : (leg.kind.takesTransitMinimum ? minTransit : minWalking)
            #expect(Int((segment.width * scale).rounded()) >= floor, "each visible segment gets its minimum")
        }
        let visibleMinutes = legs.filter(\.isVisible).reduce(0) { $0 + $1.sectionTime }
        if abs(bar.totalTime - visibleMinutes) < 1 {
            // As close to the total as each leg's rounding down or up allows.
            let lowest = legs.filter(\.isVisible).reduce(0) { $0 + max(1, Int($1.sectionTime.rounded(.down))) }
            let highest = legs.filter(\.isVisible).reduce(0) { $0 + max(1, Int($1.sectionTime.rounded(.up))) }
            #expect(
                bar.segments.reduce(0) { $0 + $1.minutes } == min(max(bar.minutes, lowest), highest),
                "labels add up to the total where the legs' roundings reach it")
        }
        if options.labelMinimums && !bar.compressed
            && allLabelsFit(
                legs, labelMinutes: bar.segments.map(\.minutes), options: options, available: pixels - gap * (visible - 1),
                minimums: (minWalking, minTransit))
        {
            #expect(bar.segments.allSatisfy { $0.width == 0 || $0.labelFits == true }, "when every label fits, every label is granted its room")
        }
        for a in bar.segments where a.width > 0 {
            for b in bar.segments where b.width > 0 && a.kind == b.kind && a.sectionTime > b.sectionTime {
                #expect(a.width >= b.width, "a longer leg is never narrower than a shorter one of its kind")
            }
        }
    }

    /// Whether the label minimums (the label's estimated width plus padding, at least the
    /// kind's minimum and, within a kind, at least a shorter leg's) fit in `available` pixels.
    /// `labelMinutes`: each leg's label minutes, as the bar shows them.
    private func allLabelsFit(
        _ legs: [SubPath], labelMinutes: [Int], options: LayoutOptions, available: Int, minimums: (walking: Int, transit: Int)
    ) -> Bool {
        // Grouped as the minimums are: transit, and everything that takes the walking minimum.
        var wanted: [(kind: Bool, minutes: Double, pixels: Int)] = zip(legs, labelMinutes).filter(\.0.isVisible).map { leg, shown in
            let label = SegmentLabel.text(minutes: Double(shown), locale: options.locale)
            let points = SegmentLabel.estimatedWidth(label, fontSize: options.labelFontSize) + 2 * options.labelPadding
            let kindMinimum = leg.kind.takesTransitMinimum ? minimums.transit : minimums.walking
            return (leg.kind.takesTransitMinimum, leg.sectionTime, max(kindMinimum, Int((points * options.scale - 1e-9).rounded(.up))))
        }
        wanted.sort { $0.minutes < $1.minutes }
        var largest: [Bool: Int] = [:]
        var total = 0
        for item in wanted {
            let pixels = max(item.pixels, largest[item.kind] ?? 0)
            largest[item.kind] = pixels
            total += pixels
        }
        return total <= available
    }
}
