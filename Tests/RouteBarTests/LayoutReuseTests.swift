import Testing

@testable import RouteBar

/// `layOut(_:reusing:each:)` reuses one value's storage from route to route; it must give exactly
/// what laying out each route on its own gives, and never change a value a caller kept.
@Suite struct LayoutReuseTests {
    @Test(arguments: [LayoutAlgorithm.fit, .classic], [LabelLocale.ko, .en])
    func eachRouteEqualsItsOwnLayoutAndKeptValuesStayIntact(algorithm: LayoutAlgorithm, locale: LabelLocale) throws {
        var generator = SplitMix64(seed: 20_261_129)
        // Long and short routes mixed, so that reused storage must both grow and shrink.
        var routes: [Route] = []
        for index in 0..<300 {
            let legCount = Int.random(in: 1...(index % 2 == 0 ? 3 : 30), using: &generator)
            var legs: [SubPath] = []
            for leg in 0..<legCount {
                let minutes: Double = leg == 0 ? 5 : Double(Int.random(in: 0...40, using: &generator))
                let line: TransitLine? = leg % 3 == 1 ? TransitLine(name: "수도권 \(leg)호선", subwayCode: leg % 9 + 1) : nil
                var subPath = SubPath(trafficType: [1, 2, 3, 3, 4, 9].randomElement(using: &generator)!, sectionTime: minutes, line: line)
                // Every member a segment takes from its leg, on some legs and not others, so that
                // a segment left by a longer or richer route before must not show through.
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

    /// `placeSegment` overwrites a reused segment member by member, and must name every one:
    /// a member added to `BarSegment` and not set there would show the previous route's value.
    /// This counts them; add the new member to `placeSegment`, then here.
    @Test func placeSegmentSetsAsManyMembersAsBarSegmentHas() {
        let segment = BarSegment(index: 0, trafficType: 3, kind: .walking, mode: .walk, sectionTime: 1, x: 0, width: 1)
        #expect(Mirror(reflecting: segment).children.count == 21)
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
