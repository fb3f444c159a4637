import Testing

@testable import RouteBar

/// `layOut(_:reusing:each:)` reuses one value's storage from route to route; it must give exactly
/// what laying out each route on its own gives, and never change a value a caller kept.
@Suite struct LayoutReuseTests {
    @Test(arguments: [LayoutAlgorithm.fit, .classic], [LabelLocale.ko, .en])
    func eachRouteEqualsItsOwnLayoutAndKeptValuesStayIntact(algorithm: LayoutAlgorithm, locale: LabelLocale) throws {
        let routes = Self.mixedRoutes()
        var options = LayoutOptions(width: 2_000, scale: 2)
        options.algorithm = algorithm
        options.minSegmentRatio = 0.01  // classic needs the minimums of 30 legs to fit
        options.locale = locale
        let layout = try RouteBarLayout(options)

        var kept: [LaidOutRoute] = []
        var index = 0
        var reused = LaidOutRoute()
        try layout.layOutEach(routes, reusing: &reused) { laidOut in
            var alone = try? layout.layOut(routes[index])
            alone?.index = index  // laid out alone, a route is the first of its request
            #expect(laidOut == alone, "route \(index)")
            // What a segment takes from its leg, checked against the leg itself (the layout
            // alone makes its segments by the same code).
            for (segment, leg) in zip(laidOut.segments, routes[index].subPaths) {
                #expect(segment.card == leg.card && segment.otherLines == leg.otherLines && segment.trainType == leg.trainType)
                #expect(segment.interlined == leg.interlined && segment.shortSeconds == leg.shortSeconds)
                #expect(segment.trafficType == leg.trafficType && segment.mode == leg.mode && segment.sectionTime == leg.sectionTime)
            }
            #expect(laidOut.segments.count == routes[index].subPaths.count)
            #expect(laidOut.index == index)
            kept.append(laidOut)
            index += 1
        }
        #expect(index == routes.count)
        #expect(kept.flatMap(\.segments).contains { $0.card != nil && $0.interlined == false })
        #expect(kept == (try layout.layOut(routes)), "values kept from earlier routes are unchanged by later ones")
    }

    /// Without presentation (a field mask that asks for none of it), each segment has its
    /// box, its leg's facts and whether it is a transfer, as with it, and nothing presentation
    /// makes, even in storage a layout with presentation filled just before.
    @Test(arguments: [LayoutAlgorithm.fit, .classic])
    func withoutPresentationSegmentsKeepTheirBoxAndNothingElse(algorithm: LayoutAlgorithm) throws {
        let routes = Self.mixedRoutes()
        var options = LayoutOptions(width: 2_000, scale: 2)
        options.algorithm = algorithm
        options.minSegmentRatio = 0.01
        let presenting = try RouteBarLayout(options)
        var bare = presenting
        bare.buildsPresentation = false
        var reused = LaidOutRoute()
        var checked = 0
        for (before, route) in zip(routes, routes.dropFirst()) {
            try presenting.layOutEach([before], reusing: &reused) { _ in }
            let shown = try #require(try presenting.layOut([route]).first)
            try bare.layOutEach([route], reusing: &reused) { laidOut in
                #expect(laidOut.segments.count == shown.segments.count)
                #expect(laidOut.accessibilityLabel.isEmpty && laidOut.minuteLength == shown.minuteLength)
                for (segment, full) in zip(laidOut.segments, shown.segments) {
                    #expect(segment.index == full.index && segment.x == full.x && segment.width == full.width)
                    #expect(segment.trafficType == full.trafficType && segment.mode == full.mode && segment.sectionTime == full.sectionTime)
                    #expect(segment.transferBefore == full.transferBefore && segment.shortSeconds == full.shortSeconds)
                    #expect(segment.card == full.card && segment.interlined == full.interlined)
                    #expect(segment.label == nil && segment.labelFits == nil && segment.badge == nil && segment.badgeFits == nil)
                    #expect(segment.line == nil && segment.otherLines.isEmpty && segment.trainType == nil)
                    #expect(segment.color == nil && segment.textColor == nil && segment.minutes == 0)
                    checked += 1
                }
            }
        }
        // The check saw what it is about: segments whose storage held presentation before.
        #expect(checked > 1_000)
        #expect(routes.contains { $0.subPaths.contains { $0.line != nil } })
    }

    /// `placeSegment` overwrites a reused segment member by member, and must name every one:
    /// a member added to `BarSegment` and not set there would show the previous route's value.
    /// This counts them; add the new member to `placeSegment`, then here.
    @Test func placeSegmentSetsAsManyMembersAsBarSegmentHas() {
        let segment = BarSegment(index: 0, trafficType: 3, kind: .walking, mode: .walk, sectionTime: 1, x: 0, width: 1)
        #expect(Mirror(reflecting: segment).children.count == 21)
    }

    /// Long and short routes mixed, so that reused storage must both grow and shrink, with
    /// every member a segment takes from its leg on some legs and not others, so that a segment
    /// left by a longer or richer route before must not show through.
    static func mixedRoutes() -> [Route] {
        var generator = SplitMix64(seed: 20_261_129)
        var routes: [Route] = []
        for index in 0..<300 {
            let legCount = Int.random(in: 1...(index % 2 == 0 ? 3 : 30), using: &generator)
            var legs: [SubPath] = []
            for leg in 0..<legCount {
                let minutes: Double = leg == 0 ? 5 : Double(Int.random(in: 0...40, using: &generator))
                let line: TransitLine? = leg % 3 == 1 ? TransitLine(name: "수도권 \(leg)호선", subwayCode: leg % 9 + 1) : nil
                var subPath = SubPath(trafficType: [1, 2, 3, 3, 4, 9].randomElement(using: &generator)!, sectionTime: minutes, line: line)
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: subPath.card = LegCard(departure: "08:0\(leg % 10)", from: "A", to: "B", headsign: "C")
                case 1: (subPath.color, subPath.textColor) = ("#0052A4", "#FFFFFF")
                case 2: subPath.otherLines = [TransitLine(name: "\(leg)")]
                case 3: subPath.interlined = true
                case 4: (subPath.trafficType, subPath.trainType) = (4, 1)
                default: if minutes == 0 { subPath.shortSeconds = 20 }
                }
                legs.append(subPath)
            }
            let totalTime: Double? = index % 4 == 0 ? nil : Double(60 + index % 50)
            routes.append(Route(id: index % 3 == 0 ? nil : "r\(index)", totalTime: totalTime, subPaths: legs))
        }
        return routes
    }

    @Test func tooManyRoutesIsRefusedBeforeAnyIsLaidOut() throws {
        let routes = Array(repeating: Route(subPaths: [SubPath(trafficType: 3, sectionTime: 5)]), count: RouteBarLayout.maxRoutes + 1)
        var laidOut = 0
        var reused = LaidOutRoute()
        #expect(throws: RouteBarError.self) {
            try RouteBarLayout(LayoutOptions(width: 343)).layOutEach(routes, reusing: &reused) { _ in laidOut += 1 }
        }
        #expect(laidOut == 0)
    }
}
