import Foundation
import Testing

@testable import RouteBar

/// The sentence's words: `SentenceWords+Languages.swift` is what Sources/RouteBar/Words/*.words
/// say (scripts/sentence-words.py made it; this is its check), every word has its source, and
/// Korean and English say what 1.x said.
@Suite struct SentenceWordsTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/RouteBar/Words").standardized

    /// Each file's words by key, read as the generator reads them.
    static func files() throws -> [String: [String: String]] {
        var files: [String: [String: String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".words") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            var words: [String: String] = [:]
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                guard let equals = line.range(of: " = "), let bar = line.range(of: " | ", range: equals.upperBound..<line.endIndex) else {
                    continue
                }
                let source = line[bar.upperBound...].trimmingCharacters(in: .whitespaces)
                #expect(!source.isEmpty, "\(name): \(line) has no source")
                words[line[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)] =
                    line[equals.upperBound..<bar.lowerBound].trimmingCharacters(in: .whitespaces)
            }
            files[String(name.dropLast(".words".count))] = words
        }
        return files
    }

    static func table(_ words: SentenceWords) -> [String: String] {
        var table = [
            "total": words.total.description, "transfer": words.transfer.description, "transferTo": words.transferTo.description,
            "stayOnBoard": words.stayOnBoard.description, "cancelled": words.cancelled.description,
        ]
        for mode in TransitMode.allCases { table[mode.rawValue] = words.word(for: mode).description }
        return table
    }

    @Test func theGeneratedTableIsTheFiles() throws {
        let files = try Self.files()
        #expect(files.count >= 42, "ko, en, and the 40 languages issue 51 names")
        #expect(Set(files.keys) == Set(SentenceWords.languages.map(\.tag)), "run make words")
        for words in SentenceWords.languages {
            #expect(Self.table(words) == files[words.tag]?.filter { !Self.riderKeys.contains($0.key) }, "\(words.tag): run make words")
        }
    }

    /// The texts `<route-bar>` shows riders, kept in the word files beside the sentence's words.
    static let riderKeys: Set = ["noRoute", "routesUnavailable"]

    /// route-bar.js's table of rider texts is what the word files say, every language with words
    /// having both texts.
    @Test func routeBarsRiderTextsAreTheFiles() throws {
        let script = try String(
            contentsOf: Self.directory.appendingPathComponent("../../CEmbeddedFiles/route-bar.js").standardized, encoding: .utf8)
        var table: [String: [String: String]] = [:]
        // `  "de": { noRoute: "Keine Route gefunden", routesUnavailable: "Routenanfrage schlug fehl" },`
        for line in script.split(separator: "\n") where line.hasPrefix("  \"") && line.contains("noRoute:") {
            let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
            table[String(parts[1])] = ["noRoute": String(parts[3]), "routesUnavailable": String(parts[5])]
        }
        let files = try Self.files()
        #expect(table.count == files.count, "run make words")
        for (tag, words) in files {
            #expect(table[tag] == words.filter { Self.riderKeys.contains($0.key) }, "\(tag): run make words")
            #expect(words["noRoute"]?.isEmpty == false && words["routesUnavailable"]?.isEmpty == false, "\(tag)")
        }
    }

    @Test func koreanAndEnglishSayWhatTheySaid() {
        #expect(Self.table(.korean)["walk"] == "도보" && SentenceWords.korean.transferTo.description == "환승")
        #expect(Self.table(.english)["airplane"] == "flight" && Self.table(.english)["bicycle"] == "bike")
        let seed = [
            SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 2, sectionTime: 14), SubPath(trafficType: 3, sectionTime: 3),
            SubPath(trafficType: 1, sectionTime: 21), SubPath(trafficType: 2, sectionTime: 3),
        ]
        #expect(AccessibilityLabel.sentence(totalMinutes: 47, legs: seed, locale: .ko) == "총 47분: 도보 6분, 버스 14분, 도보 3분, 지하철 21분, 환승 버스 3분")
        #expect(
            AccessibilityLabel.sentence(totalMinutes: 47, legs: seed, locale: .en)
                == "Total 47 min: walk 6 min, bus 14 min, walk 3 min, subway 21 min, transfer to bus 3 min")
    }

    /// RFC 4647 lookup: the tag, then shorter prefixes; Chinese by its region's script, Portuguese
    /// by its region (none: Brazil's, as CLDR's `pt`).
    @Test(arguments: [
        ("de-AT", "de"), ("zh-Hant-HK", "zh-Hant"), ("zh-TW", "zh-Hant"), ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"), ("pt-BR", "pt-BR"),
        ("pt", "pt-BR"), ("pt-PT", "pt-PT"), ("pt-AO", "pt-PT"), ("sw", "en"), ("ko-KR", "ko"), ("nb-NO", "nb"), ("ar-u-nu-latn", "ar"),
        ("sr-Cyrl-RS", "sr"), ("sr-Latn", "en"), ("sr-Latn-RS", "en"),
    ])
    func aTagFindsItsLanguagesWords(tag: String, table: String) throws {
        let locale = try #require(LabelLocale(rawValue: tag))
        let expected = try #require(SentenceWords.languages.first { $0.tag == table })
        #expect(Self.table(locale.words) == Self.table(expected))
    }
}
