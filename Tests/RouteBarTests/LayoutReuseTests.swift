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
                legs.append(SubPath(trafficType: [1, 2, 3, 3, 4, 9].randomElement(using: &generator)!, sectionTime: minutes, line: line))
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
            #expect(laidOut.index == index)
            kept.append(laidOut)
            index += 1
        }
        #expect(index == routes.count)
        #expect(kept == (try layout.layOut(routes)), "values kept from earlier routes are unchanged by later ones")
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
