import Testing

@testable import RouteBar

@Suite struct LayoutOptionsTests {
    @Test(arguments: [
        (LayoutOptions(width: 0), LayoutOption.width),
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
    func outOfRangeOptionsAreRejected(options: LayoutOptions, field: LayoutOption) {
        do {
            _ = try RouteBarLayout(options)
            Issue.record("expected \(field) to be rejected")
        } catch {
            #expect(error.code == .outOfRange)
            #expect(error.location == .option(field))
            #expect(error.message.hasPrefix("\(field.name) must be a number"))
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
        #expect(
            (0...9).map { TransitMode(trafficType: $0).rawValue }
                == ["other", "subway", "bus", "walk", "train", "expressBus", "intercityBus", "airplane", "other", "other"])
        #expect(SubPath(trafficType: 3, sectionTime: 1).kind == .walking)
        #expect(SubPath(trafficType: 7, sectionTime: 1).kind == .transit)
    }

    /// The table: each option in its place, names and flags unique, defaults `LayoutOptions`'
    /// own, and every value an option is set to read back through it.
    @Test func theOptionTableIsConsistent() {
        #expect(LayoutOption.all.enumerated().allSatisfy { $0.offset == $0.element.rawValue })
        #expect(Set(LayoutOption.all.map(\.name)).count == LayoutOption.all.count)
        #expect(Set(LayoutOption.all.map(\.flag)).count == LayoutOption.all.count)
        #expect(LayoutOption.minSegmentRatio.flag == "--min-segment-ratio")
        #expect(LayoutOption.named("labelFontSize") == .labelFontSize)
        #expect(LayoutOption.named("labelfontsize") == nil)
        #expect(LayoutOption.scale.defaultValue == .number(1))
        #expect(LayoutOption.width.defaultValue == nil)
        #expect(LayoutOption.minWalkingLength.defaultValue == nil)
        #expect(LayoutOption.colors.defaultValue == .flag(true))
        #expect(LayoutOption.theme.defaultValue == .choice("light"))
        #expect(LayoutOption.algorithm.choicesPhrase == #""fit" or "classic""#)
        var options = LayoutOptions(width: 343)
        for option in LayoutOption.all {
            switch option.values {
            case .number(let range):
                let value = range.bounds.upper
                #expect(option.setNumber(value, in: &options))
                #expect(option.value(in: options) == .number(value), "\(option)")
            case .flag:
                #expect(option.setFlag(false, in: &options))
                #expect(option.value(in: options) == .flag(false), "\(option)")
            case .choice(let names):
                #expect(option.setChoice(names.last!, in: &options))
                #expect(option.value(in: options) == .choice(names.last!), "\(option)")
                #expect(!option.setChoice("none", in: &options))
            case .languageTag:
                #expect(option.setChoice("EN", in: &options))
                #expect(option.value(in: options) == .choice("en"), "\(option): the tag in its conventional case")
                #expect(!option.setChoice("en-", in: &options) && !option.setChoice("*", in: &options))
            }
        }
        #expect(options.width == 100_000 && options.gap == 100 && options.theme == .dark && !options.colors)
        #expect(options.timeScale == .clock && options.locale == .en && options.minTransitLength == 100_000)
        #expect(options.walkStyle == .block && options.textColors == .planner && !options.icons)
    }

    @Test func rangesAreCheckedWithTheirPhrase() {
        #expect(throws: RouteBarError(.outOfRange, at: .option(.gap), "gap must be a number from 0 to 100, got 101")) {
            try LayoutOption.gap.check(101)
        }
        #expect(throws: Never.self) { try LayoutOption.width.check(100_000) }
        #expect(throws: RouteBarError.self) { try LayoutOption.width.check(0) }
    }
}
