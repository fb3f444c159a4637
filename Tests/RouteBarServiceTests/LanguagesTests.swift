import Foundation
import MicroHTTPTesting
import RouteBar
import RouteBarTestSupport
import Testing

@testable import RouteBarService

/// Every language (issue 32): `locale` takes any well-formed BCP 47 tag, `Accept-Language`
/// chooses one where the request names none, and labels and sentences come in it: CLDR's
/// durations through ICU, each language's own words, English words where it has none.
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
                let known = ["ja": "14 分", "zh-Hant": "14 分鐘", "zh-Hans": "14分钟", "fr": "14\u{A0}min", "es": "14 min", "it": "14 min"]
                if let expected = known[tag] { #expect(labels[1] == expected, "\(tag)") }
            }
        }
    }

    @Test func aLanguageWithoutWordsGetsItsDurationsAndEnglishWords() throws {
        try withRouteBarService { server in
            let (locale, sentence, labels) = try Self.route(try Self.post(try server.connect(), query: "?locale=sw"))
            #expect(locale == "sw")
            #expect(labels == ["dakika 6", "dakika 14", "dakika 58"])
            #expect(sentence == "Total saa 1 na dakika 18: walk dakika 6, bus dakika 14 na transfer to subway dakika 58")
        }
    }

    /// The sentence's legs are listed as each language lists things: "、" in Japanese.
    @Test func legsAreListedAsTheLanguageLists() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            #expect(try Self.route(try Self.post(connection, query: "?locale=ja")).sentence == "合計 1 時間 18 分: 徒歩 6 分、バス 14 分、乗換 地下鉄 58 分")
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
