import Testing

@testable import RouteBar

/// The seed's code (002: `registerCVCell`, `lengthComputation(totalTime:)`, `sizeForItemAt`),
/// transcribed with CGFloat as Double, to compare the service against line by line.
private func seedWidths(frameWidth: Double, totalTime: Double, subPaths: [(trafficType: Int, sectionTime: Int)]) -> [Double] {
    var walkingCount: Double = 0
    var tansitionCount: Double = 0
    for route in subPaths where route.sectionTime > 0 {
        if route.trafficType == 3 { walkingCount += 1 } else { tansitionCount += 1 }
    }
    let pathTotalLength = frameWidth - Double(0.5)
    let leastWalkingLength = (pathTotalLength * 0.05).rounded()
    let leastTransitionLength = (pathTotalLength * 0.05).rounded()
    let remainTotalLength = pathTotalLength - (leastWalkingLength * walkingCount + leastTransitionLength * tansitionCount)
    let oneMinuteLength = remainTotalLength / totalTime
    return subPaths.map { subPath in
        if subPath.sectionTime == 0 { return 0.0 }
        if subPath.trafficType == 3 { return leastWalkingLength + oneMinuteLength * Double(subPath.sectionTime) }
        return leastTransitionLength + oneMinuteLength * Double(subPath.sectionTime)
    }
}

private let seedRoute = Route(
    id: "seed", totalTime: 47,
    subPaths: [
        SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 2, sectionTime: 14),
        SubPath(trafficType: 3, sectionTime: 3), SubPath(trafficType: 1, sectionTime: 21),
        SubPath(trafficType: 3, sectionTime: 3),
    ])

@Suite struct ClassicLayoutTests {
    @Test func seedRouteGivesTheSeedsNumbers() throws {
        let bar = try RouteBarLayout(LayoutOptions(width: 343, algorithm: .classic)).layOut(seedRoute)
        #expect(bar.walkingCount == 3)
        #expect(bar.transitCount == 2)
        #expect(bar.minWalkingLength == 17)
        #expect(bar.minTransitLength == 17)
        // (342.5 - 17 * 5) / 47
        #expect(bar.minuteLength == 5.4787234042553195)
        #expect(bar.segments.map(\.width) == seedWidths(frameWidth: 343, totalTime: 47, subPaths: [(3, 6), (2, 14), (3, 3), (1, 21), (3, 3)]))
        #expect(bar.segments[0].width == 17 + 5.4787234042553195 * 6)
        #expect(bar.segments.map(\.kind) == [.walking, .transit, .walking, .transit, .walking])
        #expect(bar.segments.map(\.mode) == [.walk, .bus, .walk, .subway, .walk])
        #expect(bar.compressed == false)
        #expect(bar.totalTime == 47)
    }

    @Test func matchesTheSeedOnRandomRoutes() throws {
        var generator = SplitMix64(seed: 2)
        for _ in 0..<2_000 {
            let legs = (0..<Int.random(in: 1...9, using: &generator)).map { _ in
                (trafficType: Int.random(in: 1...7, using: &generator), sectionTime: Int.random(in: 0...40, using: &generator))
            }
            let sum = legs.map(\.sectionTime).reduce(0, +)
            let width = Double(Int.random(in: 200...1_200, using: &generator)) + [0, 0.5, 0.25].randomElement(using: &generator)!
            let totalTime = sum + Int.random(in: 0...5, using: &generator)
            guard legs.contains(where: { $0.sectionTime > 0 }) else { continue }
            let route = Route(
                totalTime: Double(totalTime), subPaths: legs.map { SubPath(trafficType: $0.trafficType, sectionTime: Double($0.sectionTime)) })
            let expected = seedWidths(frameWidth: width, totalTime: Double(totalTime), subPaths: legs)
            guard expected.allSatisfy({ $0 >= 0 }) else { continue }
            let bar = try RouteBarLayout(LayoutOptions(width: width, algorithm: .classic)).layOut(route)
            #expect(bar.segments.map(\.width) == expected)
            var x = 0.0
            for segment in bar.segments {
                #expect(segment.x == x)
                x += segment.width
            }
        }
    }

    @Test func totalTimeDefaultsToTheLegsSum() throws {
        var route = seedRoute
        route.totalTime = nil
        let bar = try RouteBarLayout(LayoutOptions(width: 343, algorithm: .classic)).layOut(route)
        #expect(bar.totalTime == 47)
        #expect(bar.minuteLength == 257.5 / 47)
    }

    @Test func zeroTotalTimeIsADivisionByZero() {
        var route = seedRoute
        route.totalTime = 0
        #expect(
            throws: RouteBarError(
                .classicUndefined, at: .totalTime(route: 0),
                "classic divides by route 0's totalTime, which is 0; use \"algorithm\": \"fit\"")
        ) {
            try RouteBarLayout(LayoutOptions(width: 343, algorithm: .classic)).layOut(route)
        }
    }

    /// Each segment's label minutes are `SegmentLabel.apportion`'s, for routes held inline
    /// (`LabelMinutes.inlineLegs` legs) and longer ones, and after a longer route.
    @Test func labelMinutesAreApportionedOnEitherSideOfTheInlineLegs() throws {
        var generator = SplitMix64(seed: 7)
        var options = LayoutOptions(width: 4_000, algorithm: .classic)
        options.minSegmentRatio = 0.001
        let layout = try RouteBarLayout(options)
        for count in [1, LabelMinutes.inlineLegs - 1, LabelMinutes.inlineLegs, LabelMinutes.inlineLegs + 1, 40, 3] {
            let legs = (0..<count).map { _ in
                SubPath(trafficType: Int.random(in: 1...3, using: &generator), sectionTime: Double(Int.random(in: 1...30, using: &generator)) + 0.4)
            }
            let route = Route(totalTime: legs.map(\.sectionTime).reduce(0, +) + 2, subPaths: legs)
            var expected = [Int](repeating: 0, count: count)
            expected.withUnsafeMutableBufferPointer { minutes in
                _ = legs.withUnsafeBufferPointer { SegmentLabel.apportion($0, total: route.totalTime, into: minutes) }
            }
            #expect(try layout.layOut(route).segments.map(\.minutes) == expected, "\(count) legs")
        }
    }

    @Test func manyLegsGoNegativeAndSuggestFit() {
        // 25 legs need 25 * 17 = 425 points of minimums in a 342.5-point bar, so a minute is
        // worth -82.5 / 124 points and the 100-minute leg gets 17 - 66.53 points.
        let route = Route(
            subPaths: Array(repeating: SubPath(trafficType: 2, sectionTime: 1), count: 24)
                + [SubPath(trafficType: 1, sectionTime: 100)])
        do {
            _ = try RouteBarLayout(LayoutOptions(width: 343, algorithm: .classic)).layOut(route)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .classicUndefined)
            #expect(error.location == .sectionTime(route: 0, subPath: 24))
            #expect(error.message.contains("\"algorithm\": \"fit\""))
            #expect(error.message.contains("a width of \(17 + (-82.5 / 124) * 100) points"))
        }
    }

    @Test func separateMinimumsOverrideTheRatio() throws {
        var options = LayoutOptions(width: 343, algorithm: .classic)
        options.minWalkingLength = 10
        options.minTransitLength = 30
        let bar = try RouteBarLayout(options).layOut(seedRoute)
        let minute = (342.5 - (10 * 3 + 30 * 2)) / 47
        #expect(bar.minuteLength == minute)
        #expect(bar.segments[0].width == 10 + minute * 6)
        #expect(bar.segments[1].width == 30 + minute * 14)
    }
}

/// A small seeded generator so random tests replay the same cases.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
