import Foundation
import MicroHTTPTesting
import RouteBar
import RouteBarTestSupport
import Testing

@testable import RouteBar
@testable import RouteBarService

/// Every language (issue 32): `locale` takes any well-formed BCP 47 tag, `Accept-Language`
/// chooses one where the request names none, and labels and sentences come in it: CLDR's
/// durations through ICU, each language's own words; a language without words says its
/// sentence whole in another (issue 51).
@Suite struct LanguagesTests {
    static let body = Array(
        #"{"width":343,"routes":[{"totalTime":78,"subPaths":[{"trafficType":3,"sectionTime":6},{"trafficType":2,"sectionTime":14},{"trafficType":1,"sectionTime":58}]}]}"#
            .utf8)

    static func post(_ connection: TestHTTPConnection, query: String = "", headers: [String: String] = [:]) throws -> TestHTTPResponse {
        try connection.request(
            "POST", "/v1/route-bars" + query, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: body)
    }

    static func route(_ response: TestHTTPResponse) throws -> (locale: String?, sentence: String, labels: [String]) {
        let answer = try response.json()
        let route = try #require((answer["routes"] as? [[String: Any]])?.first)
        let labels = try #require(route["segments"] as? [[String: Any]]).compactMap { $0["label"] as? String }
        return (answer["locale"] as? String, try #require(route["accessibilityLabel"] as? String), labels)
    }

    /// `Accept-Language` on two lines is one list (RFC 9110, section 5.3): English, weighed
    /// above German on the second line, is chosen, as from one line; so is `X-Fields` split.
    @Test func aFieldOnTwoLinesIsOneList() throws {
        try withRouteBarService { server in
            let body = #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": 21}]}]}"#
            let connection = try server.connect()
            try connection.send(
                "POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept-Language: de;q=0.1\r\n"
                    + "X-Fields: width\r\nAccept-Language: en\r\nX-Fields: locale\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            let response = try connection.readResponse(method: "POST", timeoutSeconds: 5)
            #expect(response.status == 200 && response.headers["content-language"] == "en")
            #expect(try response.json() as NSDictionary == ["width": 343, "locale": "en"] as NSDictionary)
        }
    }

    @Test func acceptLanguageChoosesGermanAndSaysSo() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            let response = try Self.post(connection, headers: ["Accept-Language": "de-DE,de;q=0.9,en;q=0.5"])
            #expect(response.status == 200)
            #expect(response.headers["content-language"] == "de-DE")
            #expect(response.headers["vary"] == "Accept, Accept-Encoding, X-Fields, Accept-Language")
            let (locale, sentence, labels) = try Self.route(response)
            #expect(locale == "de-DE")
            // CLDR's German (ICU 72) and the German word table.
            #expect(labels == ["6 Min.", "14 Min.", "58 Min."])
            // The legs as German lists things (CLDR's "and" list).
            #expect(sentence == "Gesamtdauer 1 Std., 18 Min.: Fußweg 6 Min., Bus 14 Min. und Umstieg auf U-Bahn 58 Min.")
            // The query's `locale` wins, and the answer then does not vary with the header.
            let korean = try Self.post(connection, query: "?locale=ko", headers: ["Accept-Language": "de-DE"])
            #expect(korean.headers["content-language"] == "ko" && korean.headers["vary"] == "Accept, Accept-Encoding, X-Fields")
            #expect(try Self.route(korean).labels == ["6분", "14분", "58분"])
            // Neither: Korean, as before.
            #expect(try Self.route(try Self.post(connection)).locale == "ko")
        }
    }

    /// Each language's words (from its table) and durations (from CLDR, not English).
    @Test func eachLanguageSpeaksItsOwnWords() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            for tag in ["ja", "fr", "fi", "ms", "zh-Hant", "es", "it", "nl", "sv", "pt", "zh-Hans"] {
                let (locale, sentence, labels) = try Self.route(try Self.post(connection, query: "?locale=\(tag)"))
                let words = try #require(LabelLocale(rawValue: tag)?.words)
                #expect(locale == tag)
                #expect(sentence.hasPrefix(words.total.description + " "), "\(tag): \(sentence)")
                #expect(sentence.contains(words.word(for: .walk).description) && sentence.contains(words.word(for: .bus).description))
                #expect(sentence.contains(words.transferTo.description + " " + words.word(for: .subway).description), "\(tag): \(sentence)")
                let cldr = try #require(LocaleText.duration(locale: tag, hours: 0, minutes: 14, seconds: 0))
                #expect(labels[1] == cldr, "\(tag)")
                // What ICU 72 (CLDR 42) writes, where it is not "14 min".
                let known = ["ja": "14分", "zh-Hant": "14 分鐘", "zh-Hans": "14分钟", "fr": "14\u{A0}min", "es": "14 min", "it": "14 min"]
                if let expected = known[tag] { #expect(labels[1] == expected, "\(tag)") }
            }
        }
    }

    /// Never a mixed sentence (issue 51): a language without words says its sentence whole in
    /// the best language the reader accepts that has words, else in English; its labels keep
    /// its own durations, and `Content-Language` names the words' language. (Was "Total saa 1
    /// na dakika 18: walk dakika 6, bus dakika 14 na transfer to subway dakika 58".)
    @Test func aLanguageWithoutWordsSaysItsSentenceWholeInAnother() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            let english = try Self.post(connection, query: "?locale=sw")
            let (locale, sentence, labels) = try Self.route(english)
            #expect(locale == "sw" && english.headers["content-language"] == "en")
            #expect(english.headers["vary"] == "Accept, Accept-Encoding, X-Fields, Accept-Language", "the header can choose the sentence's")
            #expect(labels == ["dakika 6", "dakika 14", "dakika 58"])
            #expect(sentence == "Total 1 h 18 min: walk 6 min, bus 14 min, transfer to subway 58 min")
            // The reader also reads German: the sentence is German, whole.
            let german = try Self.post(connection, query: "?locale=sw", headers: ["Accept-Language": "sw, de;q=0.5, en;q=0.3"])
            #expect(german.headers["content-language"] == "de")
            #expect(try Self.route(german).sentence == "Gesamtdauer 1 Std., 18 Min.: Fußweg 6 Min., Bus 14 Min. und Umstieg auf U-Bahn 58 Min.")
            #expect(try Self.route(german).labels == ["dakika 6", "dakika 14", "dakika 58"])
            // The header alone: its first choice formats the numbers, its first with words says the sentence.
            let chosen = try Self.post(connection, headers: ["Accept-Language": "sw, fr;q=0.5"])
            #expect(try Self.route(chosen).locale == "sw" && chosen.headers["content-language"] == "fr")
            // The drawing says which language its titles are in.
            let svg = try connection.request(
                "POST", "/v1/route-bars.svg?locale=sw", headers: ["Content-Type": "application/json"], body: Self.body)
            #expect(svg.text.contains(#"<title xml:lang="en">Total 1 h 18 min: "#))
        }
    }

    /// Every language with words (issue 51: 47 of them) says its sentence in them: its
    /// `Content-Language` is the asked tag, the sentence starts with its own "total" and names
    /// each leg with its own word, and no English word the language does not share is in it.
    @Test func everyLanguageWithWordsSaysItsOwn() throws {
        let body = Array(
            #"{"width":343,"routes":[{"totalTime":40,"subPaths":[{"trafficType":3,"sectionTime":6},{"mode":"bus","sectionTime":14,"lane":[{"busNo":"7"}]},{"mode":"tram","sectionTime":9},{"mode":"train","sectionTime":8},{"mode":"ferry","sectionTime":3}]}]}"#
                .utf8)
        let english = SentenceWords.english
        let englishWords = [english.total, english.transfer, english.transferTo] + TransitMode.allCases.map { english.word(for: $0) }
        try withRouteBarService { server in
            let connection = try server.connect()
            var checked = 0
            for (tag, words) in SentenceWords.languages.map({ ($0.tag, $0) }) where tag != "en" {
                let response = try connection.request(
                    "POST", "/v1/route-bars?locale=\(tag)", headers: ["Content-Type": "application/json"], body: body)
                #expect(response.status == 200 && response.headers["content-language"] == tag, "\(tag)")
                let sentence = try Self.route(response).sentence
                #expect(sentence.hasPrefix(words.total.description), "\(tag): \(sentence)")
                for mode in [TransitMode.walk, .bus, .tram, .train, .ferry] {
                    #expect(sentence.contains(words.word(for: mode).description), "\(tag): no \(mode) word in \(sentence)")
                }
                let own = Set(
                    ([words.total, words.transfer, words.transferTo] + TransitMode.allCases.map { words.word(for: $0) }).flatMap {
                        $0.description.lowercased().split { !$0.isLetter }.map(String.init)
                    })
                let tokens = Set(sentence.lowercased().split { !$0.isLetter }.map(String.init))
                for word in englishWords.map({ $0.description.lowercased() }) where !own.contains(word) && !word.contains(" ") {
                    #expect(!tokens.contains(word), "\(tag): the English \(word) in \(sentence)")
                }
                checked += 1
            }
            #expect(checked == SentenceWords.languages.count - 1 && checked >= 46)
        }
    }

    /// Only language, script, region and the `nu` and `hc` keywords reach ICU (issue 51): a
    /// variant, another keyword or a private part is the client's free text; and a keyword value
    /// ICU refuses costs the keyword, never the text (`en-US-u-nu-bogus` kept no clock).
    @Test(arguments: [
        ("de", "de"), ("en-US", "en-US"), ("zh-Hant-TW", "zh-Hant-TW"), ("en-US-x-foo", "en-US"), ("de-CH-1996", "de-CH"),
        ("en-US-u-nu-arab-ca-buddhist", "en-US-u-nu-arab"), ("ja-JP-u-hc-h12-x-a", "ja-JP-u-hc-h12"), ("sl-rozaj-biske", "sl"),
        ("zh-yue-HK", "yue-HK"), ("en-a-bbb-u-hc-h23", "en-u-hc-h23"), ("en-x-u-nu-arab", "en"),
    ])
    func onlyWhatFormatsReachesICU(tag: String, icu: String) {
        #expect(LocaleText.icuTag(tag) == icu)
    }

    @Test func aKeywordValueICURefusesCostsTheKeywordNotTheText() throws {
        let body = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../examples/planners/navitia-kpt-paris-journeys.json"))
        try withRouteBarService { server in
            let connection = try server.connect()
            for tag in ["en-US-u-nu-bogus", "ko-u-nu-kore", "de-u-hc-h99"] {
                let response = try connection.request(
                    "POST", "/v1/route-bars?width=343&locale=\(tag)&fields=locale,routes.departureClock",
                    headers: ["Content-Type": "application/json"], body: Array(body))
                #expect(response.status == 200, "\(tag)")
                let routes = try #require(try response.json()["routes"] as? [[String: Any]])
                #expect(!routes.isEmpty && routes.allSatisfy { ($0["departureClock"] as? String)?.isEmpty == false }, "\(tag): \(routes)")
            }
            #expect(LocaleText.text(locale: "en-US-u-nu-bogus", localSeconds: 17 * 3600) == LocaleText.text(locale: "en-US", localSeconds: 17 * 3600))
            #expect(LocaleText.text(locale: "en-US-u-nu-arab", localSeconds: 17 * 3600) != LocaleText.text(locale: "en-US", localSeconds: 17 * 3600))
        }
    }

    /// A tag reaches ICU only as an ID of a bounded set that formats the same (issue 51): its data
    /// locale (ICU's fallback: "pt-FR" reads Portugal's, "zh-TW" Traditional Chinese, an unknown
    /// language root), the keywords ICU knows, and, for the clock only, a region standing for the
    /// tag's hour cycle. Every clock below is what ICU writes for the tag as spelt (ICU 72).
    @Test(arguments: [
        ("de-US", "de", "6:08\u{202F}PM"), ("de-CA", "de", "6:08\u{202F}PM"), ("de-AT", "de_AT", "18:08"),
        ("en-GB", "en_GB", "18:08"), ("en-ZZ", "en", "18:08"), ("zh-TW", "zh_Hant_TW", "下午6:08"), ("pt-FR", "pt_PT", "18:08"),
        ("sr-ME", "sr_Latn_ME", "18:08"), ("ar-u-nu-latn", "ar@numbers=latn", "6:08 م"), ("en-US-u-hc-h23", "en_US", "18:08"),
        ("xx", "root", "18:08"), ("en-US-u-nu-bogus", "en_US", "6:08\u{202F}PM"), ("ko", "ko", "오후 6:08"),
    ])
    func aTagReachesICUAsItsDataLocale(tag: String, id: String, clock: String) {
        #expect(LocaleText.icuID(tag) == id)
        #expect(LocaleText.text(locale: tag, localSeconds: 18 * 3600 + 8 * 60) == clock)
    }

    /// 26 x 26 regions of German, each a distinct tag, are one ICU data locale and a handful of
    /// clocks: what a client's tags cost ICU does not grow with their number.
    @Test func regionsShareTheirLanguagesData() {
        let regions = (UInt8(ascii: "A")...UInt8(ascii: "Z")).flatMap { first in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(decoding: [first, $0], as: UTF8.self) }
        }
        let ids = Set(regions.compactMap { LocaleText.icuID("de-\($0)") })
        #expect(ids.count < 30, "\(ids.sorted())")
        let clocks = Set(regions.compactMap { LocaleText.text(locale: "de-\($0)", localSeconds: 18 * 3600 + 8 * 60) })
        #expect(clocks == ["18:08", "6:08\u{202F}PM"], "\(clocks)")
    }

    /// Durations as each language's transit apps write them (issue 51): Japanese without a space
    /// before its units, and no conjunction inside a duration (CLDR's narrow list of units).
    @Test func durationsAsTransitAppsWriteThem() throws {
        #expect(LocaleText.duration(locale: "ja", hours: 3, minutes: 38, seconds: 0) == "3時間38分")
        #expect(LocaleText.duration(locale: "ja", hours: 0, minutes: 6, seconds: 0) == "6分")
        for tag in ["fr", "es", "it", "pt", "ms", "fi", "sv"] {
            let text = LocaleText.duration(locale: tag, hours: 3, minutes: 38, seconds: 0) ?? ""
            #expect(!text.isEmpty && text.split(separator: " ").count <= 4 && !text.contains(","), "\(tag): \(text)")
            for conjunction in [" et ", " y ", " e ", " dan ", " och ", " ja "] { #expect(!text.contains(conjunction), "\(tag): \(text)") }
        }
        // In every language with words: between the hours and the minutes, no letter of a word.
        for tag in SentenceWords.languages.map(\.tag) where !["ko", "en"].contains(tag) {
            let hours = try #require(LocaleText.duration(locale: tag, hours: 3, minutes: 0, seconds: 0))
            let minutes = try #require(LocaleText.duration(locale: tag, hours: 0, minutes: 38, seconds: 0))
            let both = try #require(LocaleText.duration(locale: tag, hours: 3, minutes: 38, seconds: 0))
            #expect(both.hasPrefix(hours) && both.hasSuffix(minutes), "\(tag): \(both)")
            let join = both.dropFirst(hours.count).dropLast(minutes.count)
            let hasLetter = join.contains { $0.isLetter }
            #expect(!hasLetter, "\(tag): \(both)")
        }
        let french = LocaleText.duration(locale: "fr", hours: 3, minutes: 38, seconds: 0) ?? ""
        #expect(String(french.map { $0 == "\u{A0}" || $0 == "\u{202F}" ? " " : $0 }) == "3 h 38 min", "\(french.unicodeScalars.map(\.value))")
    }

    /// The sentence's legs are listed as each language lists things: "、" in Japanese; its colon
    /// is the language's: full width in Japanese and Chinese, a no-break space before it in French.
    @Test func legsAreListedAsTheLanguageLists() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            #expect(try Self.route(try Self.post(connection, query: "?locale=ja")).sentence == "合計 1時間18分：徒歩 6分、バス 14分、乗換 地下鉄 58分")
            #expect(try Self.route(try Self.post(connection, query: "?locale=zh-Hant")).sentence.contains("分鐘：") == true)
            let french = try Self.route(try Self.post(connection, query: "?locale=fr")).sentence
            #expect(french.contains("min\u{A0}: "), "\(french)")
            #expect(try Self.route(try Self.post(connection, query: "?locale=de")).sentence.contains("Min.: ") == true)
            #expect(LocaleText.list(locale: "fr", items: ["a", "b", "c"]) == "a, b et c")
            #expect(LocaleText.list(locale: "de", items: ["eins"]) == "eins")
        }
    }

    @Test func aMalformedTagIsRefusedNamingLocale() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            let refused = try Self.post(connection, query: "?locale=de_DE")
            #expect(refused.status == 422)
            #expect(try refused.json()["parameter"] as? String == "locale")
            // A grandfathered tag is its registry's preferred one (issue 51), not a 422.
            let klingon = try Self.post(connection, query: "?locale=i-klingon")
            let klingonLocale = try Self.route(klingon).locale
            #expect(klingon.status == 200 && klingonLocale == "tlh")
            #expect(try Self.route(try Self.post(connection, query: "?locale=en-GB-oed")).locale == "en-GB-oxendict")
            // A malformed `Accept-Language` range is skipped, not refused.
            let skipped = try Self.post(connection, headers: ["Accept-Language": "de_DE, fr;q=0.8"])
            #expect(skipped.status == 200 && skipped.headers["content-language"] == "fr")
        }
    }

    @Test(arguments: [
        ("de-DE,de;q=0.9,en;q=0.5", "de-DE"), ("en;q=0.5, fr", "fr"), ("*", nil), ("fr;q=0, de;q=0.1", "de"), ("ja;q=2, ko", "ko"),
        ("zh-hant-tw", "zh-Hant-TW"), (" en-GB ; q=0.8 , ", "en-GB"), ("", nil), ("x;q=1", nil),
    ])
    func acceptLanguageWeighsItsRanges(header: String, expected: String?) {
        #expect(AcceptLanguage.preferred(header)?.rawValue == expected)
    }

    /// The direction from the asked tag's script through ICU's likely subtags: extensions do not
    /// hide it, and a region can choose it (Punjabi is Arabic script in Pakistan).
    @Test func rightToLeftComesFromTheTagsLikelyScript() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            let cases = [
                ("ar-u-nu-latn", true), ("fa-u-nu-latn", true), ("ur-u-nu-latn", true), ("he-x-abcd", true), ("syr", true),
                ("nqo", true), ("pa-PK", true), ("pa", false), ("de", false), ("az-Arab", true),
            ]
            for (tag, rightToLeft) in cases {
                let svg = try connection.request(
                    "POST", "/v1/route-bars.svg?locale=\(tag)", headers: ["Content-Type": "application/json"], body: Self.body)
                #expect(svg.status == 200)
                #expect(svg.text.contains(#"direction="rtl""#) == rightToLeft, "\(tag)")
            }
        }
    }
}
