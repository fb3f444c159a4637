import RouteBar
import Testing

/// `RouteCursor` checks every route before the first is laid out, by the layout's own checks:
/// a route passes the check exactly when it lays out, and fails with the same error.
@Suite struct RouteCursorTests {
    /// Random routes that hit every way a layout fails: zero and out-of-range minutes, no
    /// visible leg, narrow bars, gaps, classic's division by zero and negative widths.
    @Test(arguments: [LayoutAlgorithm.fit, .classic])
    func checkThrowsExactlyWhatTheLayoutThrows(algorithm: LayoutAlgorithm) throws {
        var generator = SplitMix64(seed: 7)
        var failures = 0
        for _ in 0..<4_000 {
            var options = LayoutOptions(
                width: [1, 2, 5, 40, 343, 1_200].randomElement(using: &generator)!,
                scale: [1, 2, 3].randomElement(using: &generator)!, algorithm: algorithm)
            if algorithm == .fit { options.gap = [0, 0, 2].randomElement(using: &generator)! }
            if Bool.random(using: &generator) { options.minTransitLength = [0, 30, 400].randomElement(using: &generator)! }
            let legs = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                SubPath(
                    trafficType: Int.random(in: 1...3, using: &generator),
                    sectionTime: [0, 0, 0.01, 1, 7, 45, 2_000_000].randomElement(using: &generator)!)
            }
            let totalTime: Double? = [nil, 0, 30, -1].randomElement(using: &generator)!
            let route = Route(totalTime: totalTime, subPaths: legs)
            let layout = try RouteBarLayout(options)
            var laidOut = LaidOutRoute()
            let laidOutError = Self.error { () throws(RouteBarError) in
                try layout.layOutRoute(route, index: 3, barLength: .fullWidth, into: &laidOut)
            }
            let checkError = Self.error { () throws(RouteBarError) in
                try layout.checkRoute(route, index: 3, barLength: .fullWidth)
            }
            #expect(checkError == laidOutError, "\(route) at \(options.width) × \(options.scale)")
            if laidOutError != nil { failures += 1 }
        }
        // Both outcomes were tried often.
        #expect((400...3_600).contains(failures))
    }

    @Test func aCursorRefusesABadRouteBeforeLayingOutAny() throws {
        let good = Route(subPaths: [SubPath(trafficType: 3, sectionTime: 4), SubPath(trafficType: 1, sectionTime: 9)])
        let empty = Route(subPaths: [SubPath(trafficType: 3, sectionTime: 0)])
        let layout = try RouteBarLayout(LayoutOptions(width: 343, scale: 3))
        #expect(throws: RouteBarError.self) { try RouteCursor(layout, routes: [good, good, empty]) }
        var cursor = try RouteCursor(layout, routes: [good, good])
        var laidOut = LaidOutRoute()
        #expect(try cursor.layOutNext(into: &laidOut))
        #expect(laidOut.index == 0)
        #expect(try cursor.layOutNext(into: &laidOut))
        #expect(laidOut.index == 1)
        #expect(try cursor.layOutNext(into: &laidOut) == false)
        #expect(cursor.isFinished)
    }

    static func error(_ body: () throws(RouteBarError) -> Void) -> RouteBarError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}
