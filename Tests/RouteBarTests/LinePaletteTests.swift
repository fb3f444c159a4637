import Foundation
import Testing

@testable import RouteBar

/// The expected (code, colour) pairs are typed out again here rather than read from the tables, so
/// a slip in either transcription fails a test instead of agreeing with itself. Unlabelled tuples,
/// because `@Test(arguments:)` spreads a collection of pairs over a two-parameter function.
private let expectedSubwayColors: [(Int, String)] = [
    (1, "#0052A4"), (2, "#00A84D"), (3, "#EF7C1C"), (4, "#00A5DE"), (5, "#996CAC"),
    (6, "#CD7C2F"), (7, "#747F00"), (8, "#E6186C"), (9, "#BDB092"),
    (21, "#7CA8D5"), (22, "#ED8B00"),
    (31, "#007448"),
    (41, "#D93F5C"), (42, "#00AA80"),
    (51, "#009088"),
    (71, "#F06A00"), (72, "#81BF48"), (73, "#BB8C00"), (74, "#217DCB"), (78, "#0054A6"), (79, "#8652A1"),
    (91, "#9A6292"),
    (101, "#0090D2"), (104, "#77C4A3"), (107, "#509F22"), (108, "#0C8E72"), (109, "#D4003B"),
    (110, "#FDA600"), (112, "#0054A6"), (113, "#B0CE18"), (114, "#8FC31F"), (115, "#A17800"),
    (116, "#F5A200"), (117, "#6789CA"),
]

private let expectedBusColors: [(Int, String)] = [
    (3, "#53B332"), (4, "#E60012"), (11, "#3D5BAB"), (12, "#5BB025"), (13, "#F2B70A"),
    (14, "#E60012"), (15, "#E60012"),
]

private let expectedDefaults: [(TransitMode, String)] = [
    (.subway, "#5F6B7A"), (.bus, "#4A78B5"), (.walk, "#A0A0A0"), (.train, "#1E4F91"),
    (.expressBus, "#7E57C2"), (.intercityBus, "#8D6E63"), (.airplane, "#00838F"), (.other, "#6E6E6E"),
    (.tram, "#2E7D32"), (.ferry, "#0277BD"), (.cableCar, "#AD1457"), (.bicycle, "#558B2F"), (.car, "#546E7A"),
    (.wait, "#C8C8C8"),
]

/// "#RRGGBB" with uppercase hex digits, checked by hand since RouteBar has no Foundation.
private func isUppercaseHexColor(_ string: String) -> Bool {
    let characters = Array(string)
    guard characters.count == 7, characters[0] == "#" else { return false }
    return characters.dropFirst().allSatisfy { ("0"..."9").contains($0) || ("A"..."F").contains($0) }
}

@Suite struct LinePaletteTests {
    // MARK: One test per table entry

    @Test(arguments: expectedSubwayColors)
    func subwayLineColor(code: Int, color: String) {
        let line = TransitLine(name: "line \(code)", subwayCode: code)
        #expect(LinePalette.color(mode: .subway, line: line) == color)
    }

    @Test(arguments: expectedBusColors)
    func busTypeColor(code: Int, color: String) {
        let line = TransitLine(name: "100", busType: code)
        #expect(LinePalette.color(mode: .bus, line: line) == color)
    }

    /// Without this, an entry added to a table but not to the lists above would go untested.
    @Test func everyTableEntryHasAnExpectation() {
        #expect(LinePalette.subwayLines.map(\.code).sorted() == expectedSubwayColors.map { $0.0 }.sorted())
        #expect(LinePalette.busTypes.map(\.code).sorted() == expectedBusColors.map { $0.0 }.sorted())
    }

    // MARK: Table hygiene

    @Test func everyColorIsUppercaseRRGGBB() {
        for entry in LinePalette.subwayLines + LinePalette.busTypes {
            #expect(isUppercaseHexColor(entry.color), "\(entry.code) \(entry.name): \(entry.color)")
        }
        for mode in TransitMode.allCases {
            #expect(isUppercaseHexColor(LinePalette.defaultColor(for: mode)), "\(mode)")
        }
    }

    @Test func noDuplicateCodes() {
        let subwayCodes = LinePalette.subwayLines.map(\.code)
        let busCodes = LinePalette.busTypes.map(\.code)
        #expect(Set(subwayCodes).count == subwayCodes.count)
        #expect(Set(busCodes).count == busCodes.count)
    }

    @Test func everyEntryNamesItselfAndDocsGiveItsSource() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/line-tables.md")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("| ") }
        func documented(_ code: Int, _ name: String, _ color: String) -> Bool {
            rows.contains { $0.hasPrefix("| \(code) | \(name) | `\(color)` | ") && $0.count > 30 }
        }
        for entry in LinePalette.subwayLines + LinePalette.busTypes {
            #expect(!entry.name.isEmpty, "\(entry.code)")
            #expect(
                !entry.englishName.isEmpty && entry.englishName.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F },
                "\(entry.code) \(entry.englishName): printable ASCII, so any English screen reader says it")
            #expect(documented(entry.code, entry.name, entry.color), "\(entry.code) \(entry.name) has no source in docs/line-tables.md")
        }
        for entry in TrainClass.entries {
            #expect(rows.contains { $0.hasPrefix("| \(entry.trainType) | \(entry.name) | ") }, "train \(entry.trainType)")
        }
    }

    @Test func lineTwoIsSeoulMetrosGreenNotTheOtherValue() {
        let line2 = LinePalette.subwayLines.first { $0.code == 2 }
        #expect(line2?.color == "#00A84D")
        #expect(line2?.color != "#009D3E")
    }

    // MARK: Defaults

    @Test(arguments: expectedDefaults)
    func defaultColorPerMode(mode: TransitMode, color: String) {
        #expect(LinePalette.defaultColor(for: mode) == color)
        // With no line at all every mode falls back to its default.
        #expect(LinePalette.color(mode: mode, line: nil) == color)
    }

    @Test func defaultsCoverEveryMode() {
        #expect(Set(expectedDefaults.map { $0.0 }) == Set(TransitMode.allCases))
    }

    @Test func unknownSubwayCodeGetsTheSubwayDefault() {
        let subwayDefault = LinePalette.defaultColor(for: .subway)
        #expect(LinePalette.color(mode: .subway, line: TransitLine(name: "수도권 신규선", subwayCode: 999)) == subwayDefault)
        #expect(LinePalette.color(mode: .subway, line: TransitLine(name: "수도권 3호선")) == subwayDefault)
        // 102 (the Incheon Airport Maglev) is a known ODsay code deliberately left out of the table.
        #expect(LinePalette.color(mode: .subway, line: TransitLine(name: "자기부상", subwayCode: 102)) == subwayDefault)
    }

    @Test func busWithoutTypeGetsTheBusDefault() {
        let busDefault = LinePalette.defaultColor(for: .bus)
        #expect(LinePalette.color(mode: .bus, line: TransitLine(name: "421")) == busDefault)
        // 일반 (1) is an ODsay type with no colour convention shared across cities.
        #expect(LinePalette.color(mode: .bus, line: TransitLine(name: "10", busType: 1)) == busDefault)
        #expect(LinePalette.color(mode: .bus, line: TransitLine(name: "421", busType: 999)) == busDefault)
    }

    @Test func onlyTheModesOwnCodeIsConsulted() {
        // 4 is both line 4 and 직행좌석; each mode reads its own code space.
        let both = TransitLine(name: "x", subwayCode: 4, busType: 4)
        #expect(LinePalette.color(mode: .subway, line: both) == "#00A5DE")
        #expect(LinePalette.color(mode: .bus, line: both) == "#E60012")
        #expect(LinePalette.color(mode: .bus, line: TransitLine(name: "421", subwayCode: 2)) == LinePalette.defaultColor(for: .bus))
        #expect(LinePalette.color(mode: .subway, line: TransitLine(name: "수도권 2호선", busType: 11)) == LinePalette.defaultColor(for: .subway))
        #expect(LinePalette.color(mode: .walk, line: both) == LinePalette.defaultColor(for: .walk))
        #expect(LinePalette.color(mode: .train, line: both) == LinePalette.defaultColor(for: .train))
    }

    // MARK: Short names

    @Test func shortNameForSeoulLineThree() {
        let line = TransitLine(name: "수도권 3호선", subwayCode: 3)
        #expect(LinePalette.shortName(mode: .subway, line: line) == "3호선")
    }

    @Test func shortNameForNamedLines() {
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "수도권 신분당선", subwayCode: 109)) == "신분당선")
        // ODsay spells this one "수도권 수인.분당선"; the table's name is the one to show.
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "수도권 수인.분당선", subwayCode: 116)) == "수인분당선")
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "부산 1호선", subwayCode: 71)) == "부산 1호선")
    }

    /// The names English signage uses for each line (Seoul Metro, Korail, the LRT operators and
    /// the regional transit corporations).
    @Test func englishNamesOfEveryLine() {
        let expected: [Int: String] = [
            1: "Line 1", 2: "Line 2", 3: "Line 3", 4: "Line 4", 5: "Line 5", 6: "Line 6", 7: "Line 7", 8: "Line 8", 9: "Line 9",
            21: "Incheon Line 1", 22: "Incheon Line 2", 31: "Daejeon Line 1", 41: "Daegu Line 1", 42: "Daegu Line 2",
            51: "Gwangju Line 1", 71: "Busan Line 1", 72: "Busan Line 2", 73: "Busan Line 3", 74: "Busan Line 4",
            78: "Donghae Line", 79: "Busan-Gimhae LRT", 91: "GTX-A", 101: "AREX", 104: "Gyeongui-Jungang Line",
            107: "Everline", 108: "Gyeongchun Line", 109: "Shinbundang Line", 110: "U Line", 112: "Gyeonggang Line",
            113: "Ui LRT", 114: "Seohae Line", 115: "Gimpo Goldline", 116: "Suin-Bundang Line", 117: "Sillim Line",
        ]
        #expect(Dictionary(uniqueKeysWithValues: LinePalette.subwayLines.map { ($0.code, $0.englishName) }) == expected)
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "수도권 3호선", subwayCode: 3), locale: .en) == "Line 3")
        // Outside the table there is only ODsay's Korean name.
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "수도권 신규선", subwayCode: 999), locale: .en) == "신규선")
        #expect(LinePalette.shortName(mode: .bus, line: TransitLine(name: "421", busType: 11), locale: .en) == "421")
    }

    @Test func shortNameForABusIsItsNumber() {
        #expect(LinePalette.shortName(mode: .bus, line: TransitLine(name: "421", busType: 11)) == "421")
        #expect(LinePalette.shortName(mode: .bus, line: TransitLine(name: " 3011 ", busType: 12)) == "3011")
    }

    @Test func shortNameForAnUnknownSubwayCodeUsesODsaysName() {
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "수도권 신규선", subwayCode: 999)) == "신규선")
        // Other regions keep their prefix: "1호선" alone would read as Seoul's.
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "대구 3호선", subwayCode: 43)) == "대구 3호선")
    }

    @Test func shortNameIsNilWhenUnknown() {
        #expect(LinePalette.shortName(mode: .subway, line: nil) == nil)
        #expect(LinePalette.shortName(mode: .bus, line: nil) == nil)
        #expect(LinePalette.shortName(mode: .bus, line: TransitLine(name: "")) == nil)
        #expect(LinePalette.shortName(mode: .bus, line: TransitLine(name: "   ")) == nil)
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "", subwayCode: 999)) == nil)
        #expect(LinePalette.shortName(mode: .subway, line: TransitLine(name: "수도권 ")) == nil)
        #expect(LinePalette.shortName(mode: .walk, line: TransitLine(name: "도보")) == nil)
    }
}
