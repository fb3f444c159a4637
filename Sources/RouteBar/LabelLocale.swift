/// The language of labels and accessibility sentences: a BCP 47 language tag (RFC 5646) such as
/// "ko", "en", "de-CH" or "zh-Hant".
///
/// Korean and English labels are routebar's own ("6분", "1 h 5 min"; the 1.x contract). Every
/// other language says its sentence's words from its table (`SentenceWords`, one file per
/// language under `Sources/RouteBar/Words/`), English's where it has none, and its durations as
/// `durations` give them: English-style in the library, which has no CLDR data; the service
/// formats them with CLDR through ICU and passes them in (`init(_:durations:)`).
///
/// ```swift
/// LabelLocale(rawValue: "de-de")?.rawValue    // "de-DE"
/// LabelLocale(rawValue: "de-")                 // nil: not a well-formed tag
/// ```
public struct LabelLocale: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// The tag, its subtags in their conventional case ("zh-Hant-TW").
    public var rawValue: String { storage.tag }
    /// The words of the sentence.
    @inlinable public var words: SentenceWords { storage.words }
    /// The durations of labels and sentences.
    @inlinable public var durations: DurationTexts { storage.durations }
    /// Whether its labels are routebar's own Korean or English ones (any region): the 1.x
    /// contract, which CLDR's formats do not replace.
    @inlinable public var hasOwnLabels: Bool { storage.hasOwnLabels }
    /// Whether it is Korean: line names and badges are then said as Seoul writes them ("3호선").
    @inlinable public var isKorean: Bool { storage.isKorean }
    /// Whether its language has words of its own (`SentenceWords`), Korean and English included.
    @inlinable public var hasOwnWords: Bool { storage.hasOwnWords }
    /// The locale the accessibility sentence is said in: this one where its language has words;
    /// else, as a whole, the language the service chose instead (the best of `Accept-Language`
    /// that has words, else English: `init(_:durations:rightToLeft:sentence:)`), so that a
    /// sentence never glues one language's words to another's grammar and numbers.
    @inlinable public var sentenceLocale: LabelLocale { storage.sentence ?? (storage.hasOwnWords ? self : .en) }
    /// Whether `sentenceLocale` is this one.
    @inlinable var saysOwnSentence: Bool { storage.sentence == nil && storage.hasOwnWords }

    /// One reference, its facts worked out once: the layout copies its options into closures
    /// per route and reads `isKorean` per leg, so neither may cost more than a retain. Its
    /// accessors are inlinable: a writer in another module reads the words and durations of
    /// the locale it borrows without retaining them (each a shared object, whose count every
    /// thread would otherwise write for every route and leg).
    @usableFromInline let storage: Storage

    @usableFromInline final class Storage: Sendable {
        let tag: String
        @usableFromInline let words: SentenceWords
        @usableFromInline let durations: DurationTexts
        @usableFromInline let isKorean: Bool
        @usableFromInline let hasOwnLabels: Bool
        @usableFromInline let hasOwnWords: Bool
        @usableFromInline let rightToLeft: Bool
        @usableFromInline let sentence: LabelLocale?

        init(tag: String, words: SentenceWords, durations: DurationTexts, rightToLeft: Bool?, ownWords: Bool, sentence: LabelLocale?) {
            self.tag = tag
            self.words = words
            self.durations = durations
            self.sentence = sentence
            hasOwnWords = ownWords
            self.rightToLeft = rightToLeft ?? LabelLocale.isRightToLeft(tag)
            let language = LabelLocale.primaryLanguage(of: tag)
            isKorean = language == "ko"
            hasOwnLabels = isKorean || language == "en"
        }
    }

    public static let ko = LabelLocale(tag: "ko", words: .korean, durations: .korean, ownWords: true)
    public static let en = LabelLocale(tag: "en", words: .english, durations: .english, ownWords: true)

    /// A well-formed tag (`LanguageTag`), else nil. Any language is taken: one without a word
    /// table speaks English words.
    public init?(rawValue: String) {
        guard let tag = LanguageTag.canonical(rawValue) else { return nil }
        let korean = Self.primaryLanguage(of: tag) == "ko"
        let table = korean ? nil : SentenceWords.table(for: tag)
        self.init(
            tag: tag, words: korean ? .korean : table ?? .english, durations: korean ? .korean : .english,
            ownWords: korean || table != nil)
    }

    /// `locale` with its durations from `durations` (the service's, from CLDR).
    public init(_ locale: LabelLocale, durations: DurationTexts) {
        self.init(tag: locale.rawValue, words: locale.words, durations: durations, ownWords: locale.hasOwnWords)
    }

    /// `locale` with its durations and its direction from CLDR (the service's, through ICU's
    /// likely subtags, which know every language and region: "pa-PK" is right to left).
    public init(_ locale: LabelLocale, durations: DurationTexts, rightToLeft: Bool) {
        self.init(tag: locale.rawValue, words: locale.words, durations: durations, rightToLeft: rightToLeft, ownWords: locale.hasOwnWords)
    }

    /// As `init(_:durations:rightToLeft:)`, its sentence said in `sentence` (a locale whose
    /// language has words) where its own language has none.
    public init(_ locale: LabelLocale, durations: DurationTexts, rightToLeft: Bool, sentence: LabelLocale) {
        self.init(
            tag: locale.rawValue, words: locale.words, durations: durations, rightToLeft: rightToLeft, ownWords: locale.hasOwnWords,
            sentence: locale.hasOwnWords || !sentence.hasOwnWords ? nil : sentence.sentenceLocale)
    }

    private init(
        tag: String, words: SentenceWords, durations: DurationTexts, rightToLeft: Bool? = nil, ownWords: Bool, sentence: LabelLocale? = nil
    ) {
        storage = Storage(tag: tag, words: words, durations: durations, rightToLeft: rightToLeft, ownWords: ownWords, sentence: sentence)
    }

    /// The primary language subtag: "zh" of "zh-Hant-TW".
    public var language: Substring { Self.primaryLanguage(of: rawValue) }

    /// Whether its script is written right to left (the app's interface direction, whatever
    /// language its words fall back to): from CLDR through ICU where the service made it
    /// (`init(_:durations:rightToLeft:)`), else `isRightToLeft(_:)`'s table.
    @inlinable public var isRightToLeft: Bool { storage.rightToLeft }

    /// The library's own answer, without CLDR data: by the tag's script subtag where it names
    /// one (`az-Arab`; only the subtag after the language, never an extension's value such as
    /// `ar-u-nu-latn`'s or `he-x-abcd`'s), else by its language's likely script (CLDR's likely
    /// subtags for the languages written in Arabic, Hebrew, Thaana, Syriac, N'Ko, Adlam,
    /// Mandaic and Samaritan scripts).
    static func isRightToLeft(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-")
        if let script = subtags.dropFirst().prefix(while: { $0.count > 1 }).first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr"].contains(script.lowercased())
        }
        return [
            "ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug", "syr", "nqo", "arc", "sam", "mzn", "glk", "lrc",
            "bal", "bqi", "ks", "prs", "pnb", "sdh", "skr", "azb", "khw", "mid", "myz", "jrb", "jpr", "lad",
        ].contains(String(subtags.first ?? "").lowercased())
    }

    static func primaryLanguage(of tag: String) -> Substring {
        tag.prefix { $0 != "-" }
    }

    public static func == (a: LabelLocale, b: LabelLocale) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public var description: String { rawValue }
}
