import RouteBar
import Testing

/// A `SubPath` keeps its lines, colours and card behind one shared reference; it must still
/// behave as a value: a copy never sees another copy's changes, and equality and hashing
/// read what the leg says, not how it is stored.
@Suite struct SubPathValueTests {
    static let line421 = TransitLine(name: "421", busType: 11)

    @Test func aCopyKeepsItsDetailsWhenTheOtherChanges() {
        var original = SubPath(trafficType: 2, sectionTime: 14, line: Self.line421, otherLines: [TransitLine(name: "N13")])
        original.color = "#3D5BAB"
        var copy = original
        copy.line?.name = "740"
        copy.otherLines.append(TransitLine(name: "6411"))
        copy.color = nil
        copy.card = LegCard(headsign: "강남역")

        #expect(original.line?.name == "421")
        #expect(original.otherLines.map(\.name) == ["N13"])
        #expect(original.color == "#3D5BAB")
        #expect(original.card == nil)
        #expect(copy.line?.name == "740")
        #expect(copy.otherLines.map(\.name) == ["N13", "6411"])
        #expect(copy.color == nil)
        #expect(copy.card?.headsign == "강남역")
        #expect(copy != original)

        // And the other way round: the original changed, the copy left as it was.
        let before = copy
        original.trainType = 1
        #expect(copy == before)
        #expect(copy.trainType == nil)
    }

    @Test func equalityAndHashReadTheValuesNotTheStorage() {
        let plain = SubPath(trafficType: 3, sectionTime: 6)
        var cleared = SubPath(trafficType: 3, sectionTime: 6, line: Self.line421)
        cleared.line = nil
        #expect(cleared == plain)
        #expect(cleared.hashValue == plain.hashValue)
        #expect(Set([plain, cleared]).count == 1)

        var colored = plain
        colored.textColor = "#FFFFFF"
        #expect(colored != plain)
        #expect(SubPath(mode: .bus, minutes: 14, line: Self.line421) == SubPath(trafficType: 2, sectionTime: 14, line: Self.line421))
    }
}
