import Testing

@testable import RouteBar

/// `TransitMode.traitsTable` is the one place a mode's facts are declared: one row per mode, in
/// `allCases` order, which `ordinal` reads from the case itself.
@Suite struct TransitModeTraitsTests {
    @Test func oneRowPerModeInOrder() {
        #expect(TransitMode.traitsTable.map(\.mode) == TransitMode.allCases)
        for (index, mode) in TransitMode.allCases.enumerated() {
            #expect(mode.ordinal == index, "\(mode)")
            #expect(mode.jsonName.description == mode.rawValue, "the answer names \(mode) as its raw value")
        }
    }

    @Test func odsayCodesRoundTrip() {
        for mode in TransitMode.allCases {
            if let code = mode.trafficType {
                #expect(TransitMode(trafficType: code) == mode)
            }
        }
        #expect(TransitMode(trafficType: 3) == .walk)
        #expect(TransitMode(trafficType: 99) == .other)
        #expect(Set(TransitMode.allCases.compactMap(\.trafficType)) == Set(1...7))
    }

    @Test func ridesTakeLineColoursAndHaveTheirWords() {
        #expect(TransitMode.allCases.filter(\.takesLineColor).allSatisfy { $0.kind == .transit })
        #expect(!TransitMode.walk.takesLineColor && !TransitMode.wait.takesLineColor && !TransitMode.bicycle.takesLineColor)
        #expect(AccessibilityLabel.modeWord(.bus, .ko).description == "버스")
        #expect(AccessibilityLabel.modeWord(.cableCar, .en).description == "cable car")
        #expect(LinePalette.defaultColor(for: .walk) == "#A0A0A0")
        #expect(Set(TransitMode.allCases.map { LinePalette.defaultColor(for: $0) }).count == TransitMode.allCases.count, "told apart")
    }
}
