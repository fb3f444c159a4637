import Testing
@testable import RouteBar

@Suite struct LayoutOptionsTests {
    @Test(arguments: [
        (LayoutOptions(width: 0), LayoutOptions.Field.width),
        (LayoutOptions(width: -5), .width),
        (LayoutOptions(width: 100_000.5), .width),
        (LayoutOptions(width: .nan), .width),
        (LayoutOptions(width: .infinity), .width),
        (LayoutOptions(width: 343, scale: 0.5), .scale),
        (LayoutOptions(width: 343, scale: 4.01), .scale),
        (LayoutOptions(width: 343, minSegmentRatio: -0.1), .minSegmentRatio),
        (LayoutOptions(width: 343, minSegmentRatio: 1.5), .minSegmentRatio),
        (LayoutOptions(width: 343, minWalkingLength: -1), .minWalkingLength),
        (LayoutOptions(width: 343, minTransitLength: .infinity), .minTransitLength),
        (LayoutOptions(width: 343, height: -30), .height),
    ])
    func outOfRangeOptionsAreRejected(options: LayoutOptions, field: LayoutOptions.Field) {
        do {
            _ = try RouteBarLayout(options)
            Issue.record("expected \(field) to be rejected")
        } catch {
            #expect(error.code == .outOfRange)
            #expect(error.location == .option(field))
            #expect(error.message.hasPrefix("\(field.rawValue) must be a number"))
        }
    }

    @Test func boundariesAreAccepted() throws {
        _ = try RouteBarLayout(LayoutOptions(width: 100_000, scale: 4, minSegmentRatio: 1))
        _ = try RouteBarLayout(LayoutOptions(width: 0.001, scale: 1, minSegmentRatio: 0, height: 0))
    }

    @Test func legLimitsAndRanges() {
        let layout = try! RouteBarLayout(LayoutOptions(width: 343))
        let tooMany = Route(subPaths: Array(repeating: SubPath(trafficType: 1, sectionTime: 1), count: 1_001))
        #expect(throws: RouteBarError.self) { try layout.layOut(tooMany) }
        let negative = Route(subPaths: [SubPath(trafficType: 1, sectionTime: 5), SubPath(trafficType: 2, sectionTime: -1)])
        let error = #expect(throws: RouteBarError.self) { try layout.layOut([negative, negative]) }
        #expect(error?.code == .outOfRange)
        #expect(error?.location == .sectionTime(route: 0, subPath: 1))
        #expect(error?.message == "sectionTime must be 0 or a number from 0.001 to 1000000, got -1")
        let routes = Array(repeating: Route(subPaths: [SubPath(trafficType: 1, sectionTime: 1)]), count: 1_001)
        #expect(throws: RouteBarError(.tooMany, at: .routes, "at most 1000 routes per request, got 1001")) {
            try layout.layOut(routes)
        }
    }

    @Test func modesNameODsayCodes() {
        #expect((0...9).map { TransitMode(trafficType: $0).rawValue }
            == ["other", "subway", "bus", "walk", "train", "expressBus", "intercityBus", "airplane", "other", "other"])
        #expect(SubPath(trafficType: 3, sectionTime: 1).kind == .walking)
        #expect(SubPath(trafficType: 7, sectionTime: 1).kind == .transit)
    }
}
