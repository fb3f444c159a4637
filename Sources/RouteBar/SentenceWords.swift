/// The words of a language's accessibility sentence: "Total", "transfer", each mode's name.
/// One table per language, each a text file under `Sources/RouteBar/Words/` (`<tag>.words`,
/// every word with its source) that `scripts/sentence-words.py` turns into
/// `SentenceWords+Languages.swift`; `SentenceWordsTests` checks the two agree. Line badges are
/// the planner's own text in every language. A class: every `LabelLocale`, and so every copy of
/// `LayoutOptions`, holds one reference to its table instead of its words.
public final class SentenceWords: Sendable {
    /// Before the total: "Total", "총".
    public let total: StaticString
    /// Said alone for a change of vehicle before a short walk: "transfer", "환승".
    public let transfer: StaticString
    /// Said before the next ride's name at a change of vehicle: "transfer to", "환승".
    public let transferTo: StaticString
    /// Said before a ride that continues the same vehicle: "stay on board".
    public let stayOnBoard: StaticString
    /// Said after a ride its operator has cancelled: "bus 421, 14 min, cancelled".
    public let cancelled: StaticString
    /// Each mode's name, by `TransitMode.ordinal`.
    @usableFromInline let modes: [StaticString]
    /// The BCP 47 tag of the language these words are ("ja", "zh-Hant").
    public let tag: String
    /// What stands between a line's name and its minutes, so that a screen reader never says
    /// two numbers in a row ("bus 421, 14 min", not "bus 421 14 min"): the comma of the
    /// language these words are in (Japanese "、", Chinese "，", Arabic script "، ").
    public let nameSeparator: StaticString
    /// What stands between the total and the legs ("Total 47 min: walk 6 min, …"): the colon as
    /// the language writes it. French puts a no-break space before it ("Total 1 h 18 min : …",
    /// as both France's and Québec's typographic rules have it); Chinese and Japanese write the
    /// full-width colon, with no space after ("合計 1時間18分：徒歩 6分、…").
    public let colon: StaticString

    init(
        tag: String, total: StaticString, transfer: StaticString, transferTo: StaticString, stayOnBoard: StaticString, walk: StaticString,
        bus: StaticString, subway: StaticString, tram: StaticString, train: StaticString, expressBus: StaticString,
        intercityBus: StaticString, ferry: StaticString, cableCar: StaticString, airplane: StaticString, bicycle: StaticString,
        car: StaticString, wait: StaticString, other: StaticString, cancelled: StaticString
    ) {
        self.tag = tag
        (self.total, self.transfer, self.transferTo, self.stayOnBoard) = (total, transfer, transferTo, stayOnBoard)
        nameSeparator =
            switch tag {
            case "ja": "、"
            case "zh-Hans", "zh-Hant", "zh": "，"
            case "ar", "fa", "ur": "، "
            default: ", "
            }
        colon =
            switch tag {
            case "fr": "\u{A0}: "
            case "ja", "zh-Hans", "zh-Hant", "zh": "："
            default: ": "
            }
        self.cancelled = cancelled
        let named: [TransitMode: StaticString] = [
            .walk: walk, .bus: bus, .subway: subway, .tram: tram, .train: train, .expressBus: expressBus,
            .intercityBus: intercityBus, .ferry: ferry, .cableCar: cableCar, .airplane: airplane, .bicycle: bicycle, .car: car,
            .wait: wait, .other: other,
        ]
        modes = TransitMode.allCases.map { named[$0]! }
    }

    /// The mode's name: "walk", "도보", "U-Bahn".
    @inlinable public func word(for mode: TransitMode) -> StaticString { modes[mode.ordinal] }

    /// The table for `tag` (a canonical BCP 47 tag), RFC 4647's lookup: the tag, then shorter
    /// and shorter prefixes ("zh-Hant-TW", "zh-Hant", "zh"); Chinese without a script takes the
    /// one its region writes (Traditional in Taiwan, Hong Kong and Macao), Portuguese without a
    /// region Brazil's (as CLDR's `pt`), any other region's Portugal's. English where none is.
    static func lookUp(_ tag: String) -> SentenceWords {
        table(for: tag) ?? .english
    }

    /// The table for `tag`, with its own tag ("zh-Hant" for "zh-TW"), as `lookUp` finds it; nil
    /// where the language has none. Korean's and English's are routebar's own.
    package static func table(for tag: String) -> SentenceWords? {
        var candidate = Substring(tag)
        if candidate.hasPrefix("zh-") || candidate == "zh" {
            let subtags = tag.split(separator: "-")
            if !subtags.contains(where: { $0 == "Hans" || $0 == "Hant" }) {
                let traditional = subtags.contains { ["TW", "HK", "MO"].contains($0) }
                candidate = traditional ? "zh-Hant" : "zh-Hans"
            }
        }
        // Serbian's table is Cyrillic, as CLDR's sr: Serbian in Latin letters has none.
        if candidate.hasPrefix("sr-"), tag.split(separator: "-").contains("Latn") { return nil }
        // Portuguese without a region is Brazil's, as in CLDR; every other region writes Portugal's.
        if candidate.hasPrefix("pt-") || candidate == "pt" {
            let subtags: [Substring] = tag.split(separator: "-")
            let region = subtags.dropFirst().first { $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber) }
            candidate = region == nil || region == "BR" ? "pt-BR" : "pt-PT"
        }
        while true {
            if let found = languages.first(where: { $0.tag == candidate }) { return found }
            guard let dash = candidate.lastIndex(of: "-") else { return nil }
            candidate = candidate[..<dash]
        }
    }

    public static let korean = languages.first { $0.tag == "ko" }!
    public static let english = languages.first { $0.tag == "en" }!
}
