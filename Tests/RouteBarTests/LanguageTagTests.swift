import Testing

@testable import RouteBar

/// BCP 47 tags (RFC 5646 §2.1): which are well-formed, and their conventional case.
@Suite struct LanguageTagTests {
    @Test(arguments: [
        ("ko", "ko"), ("EN", "en"), ("de-de", "de-DE"), ("zh-hant-tw", "zh-Hant-TW"), ("sr-Latn-RS", "sr-Latn-RS"),
        ("es-419", "es-419"), ("de-CH-1996", "de-CH-1996"), ("sl-rozaj-biske", "sl-rozaj-biske"),
        ("en-US-u-hc-h23", "en-US-u-hc-h23"), ("zh-yue-HK", "zh-yue-HK"), ("x-private", "x-private"), ("en-x-foo-bar", "en-x-foo-bar"),
    ])
    func wellFormedTagsTakeTheirConventionalCase(text: String, canonical: String) {
        #expect(LanguageTag.canonical(text) == canonical)
        #expect(LabelLocale(rawValue: text)?.rawValue == canonical)
    }

    @Test(arguments: [
        "", "*", "e", "en-", "-en", "en--US", "en_US", "ko KR", "123", "en-US-u", "de-CH-1996-1996", "en-a-bbb-a-ccc", "en-x",
        "toolonglanguage", "fr-é", "en-US-" + String(repeating: "abcdefgh-", count: 7) + "x",
    ])
    func malformedTagsAreRefused(text: String) {
        #expect(LanguageTag.canonical(text) == nil, "\(text)")
        #expect(LabelLocale(rawValue: text) == nil)
    }

    /// Grandfathered and deprecated tags (issue 51) become the registry's Preferred-Value; those
    /// without one are refused.
    @Test(arguments: [
        ("i-klingon", "tlh"), ("en-GB-oed", "en-GB-oxendict"), ("sgn-BE-FR", "sfb"), ("I-NAVAJO", "nv"), ("no-bok", "nb"),
        ("zh-min-nan", "nan"), ("art-lojban", "jbo"), ("iw", "he"), ("iw-IL", "he-IL"), ("in-ID", "id-ID"), ("mo", "ro"),
    ])
    func grandfatheredAndDeprecatedTagsTakeTheirPreferredValue(text: String, preferred: String) {
        #expect(LanguageTag.canonical(text) == preferred)
        #expect(LabelLocale(rawValue: text)?.rawValue == preferred)
    }

    @Test(arguments: ["i-default", "i-enochian", "i-mingo", "zh-min", "cel-gaulish"])
    func grandfatheredTagsWithoutAPreferredValueAreRefused(text: String) {
        #expect(LanguageTag.canonical(text) == nil)
    }

    /// The library's own table: a script subtag only right after the language, never an
    /// extension's value (`ar-u-nu-latn`'s `latn`, `he-x-abcd`'s `abcd`).
    @Test(arguments: [
        ("ar", true), ("he", true), ("fa-IR", true), ("az-Arab", true), ("sd-Deva", false), ("ug", true), ("de", false), ("ja", false),
        ("ar-u-nu-latn", true), ("fa-u-nu-latn", true), ("ur-u-nu-latn", true), ("he-x-abcd", true), ("syr", true), ("nqo", true),
        ("en-u-nu-arab", false), ("sr-Latn-RS", false), ("en-x-arab", false),
    ])
    func scriptsThatReadRightToLeft(tag: String, rightToLeft: Bool) throws {
        #expect(try #require(LabelLocale(rawValue: tag)).isRightToLeft == rightToLeft)
    }

    /// Korean and English of any region keep routebar's own labels and line names.
    @Test func regionsKeepTheirLanguagesOwnLabels() {
        let korean = LabelLocale(rawValue: "ko-KR")!
        #expect(korean.isKorean && korean.hasOwnLabels && korean != .ko)
        #expect(SegmentLabel.text(minutes: 78, locale: korean) == SegmentLabel.text(minutes: 78, locale: .ko))
        let british = LabelLocale(rawValue: "en-GB")!
        #expect(!british.isKorean && british.hasOwnLabels)
        #expect(SegmentLabel.text(minutes: 78, locale: british) == "1 h 18 min")
        let german = LabelLocale(rawValue: "de")!
        #expect(!german.hasOwnLabels)
        // Without the service's CLDR durations, the library writes them as English does.
        #expect(SegmentLabel.text(minutes: 13, locale: german) == "13 min")
    }
}
