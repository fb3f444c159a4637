import Foundation
import RouteBarTestSupport
import Testing

@testable import RouteBar

/// Every recorded planner answer in examples/planners/ is served as it is, in every format,
/// locale and theme: JSON, NDJSON and SVG agree on the routes.
@Suite struct PlannerAnswersTests {
    static let samples: [String] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples/planners")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }()

    static func body(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples/planners/\(name)")
        return Array(try Data(contentsOf: url))
    }

    @Test func everySampleIsThere() {
        #expect(Self.samples.count == 18, "\(Self.samples)")
    }

    @Test(arguments: samples)
    func servedInEveryFormatLocaleAndTheme(sample: String) throws {
        let body = try Self.body(sample)
        try withRouteBarService { server in
            let connection = try server.connect()
            for locale in ["ko", "en"] {
                for theme in ["light", "dark"] {
                    let query = "?width=343&scale=3&locale=\(locale)&theme=\(theme)"
                    let json = try connection.request("POST", "/v1/route-bars" + query, headers: ["Content-Type": "application/json"], body: body)
                    #expect(json.status == 200, "\(sample) \(locale) \(theme): \(json.text.prefix(300))")
                    let routes = try #require(try json.json()["routes"] as? [[String: Any]])
                    #expect(!routes.isEmpty)
                    for route in routes {
                        let label = route["accessibilityLabel"] as? String ?? ""
                        #expect(!label.contains("."), "whole minutes in \(label)")
                        #expect(!label.contains(locale == "ko" ? "기타" : "other"), "every mode named in \(label)")
                    }
                    let ndjson = try connection.request(
                        "POST", "/v1/route-bars" + query,
                        headers: ["Content-Type": "application/json", "Accept": "application/x-ndjson"], body: body)
                    #expect(ndjson.status == 200)
                    let lines = ndjson.text.split(separator: "\n")
                    #expect(lines.count == routes.count)
                    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
                    #expect(first?["accessibilityLabel"] as? String == routes[0]["accessibilityLabel"] as? String)
                    let svg = try connection.request("POST", "/v1/route-bars.svg" + query, headers: ["Content-Type": "application/json"], body: body)
                    #expect(svg.status == 200)
                    #expect(svg.text.hasPrefix("<?xml") && svg.text.contains("<title>\(routes[0]["accessibilityLabel"] as? String ?? "")</title>"))
                }
            }
        }
    }

    /// The cards' clock text in the answer's locale, from CLDR through ICU, at the place's own
    /// offset (Google's "6:08pm" in New York; the hafas-client journey arriving after midnight
    /// says its date); in NDJSON as in JSON.
    /// A fare in the currency's minor unit and as the answer's language writes money (CLDR's
    /// currency format through ICU), in JSON and NDJSON alike.
    @Test func faresSayTheirMinorUnitsAndText() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            let expected: [(String, String, minorUnits: Int, currency: String, text: String)] = [
                ("otp-rest-otpui-trimet-itinerary.json", "en", 250, "USD", "$2.50"),
                ("otp-rest-otpui-trimet-itinerary.json", "ko", 250, "USD", "US$2.50"),
                ("tmap-csid-dgu-seoul-mangwon-eungbong.json", "ko", 1650, "KRW", "₩1,650"),
                ("hafas-client-db-overnight-journey.json", "en", 5590, "EUR", "€55.90"),
            ]
            for (sample, locale, minorUnits, currency, text) in expected {
                for accept in ["application/json", "application/x-ndjson"] {
                    let answer = try connection.request(
                        "POST", "/v1/route-bars?width=343&locale=\(locale)", headers: ["Content-Type": "application/json", "Accept": accept],
                        body: try Self.body(sample))
                    #expect(answer.status == 200)
                    let route =
                        accept == "application/json"
                        ? try #require((try answer.json()["routes"] as? [[String: Any]])?.first)
                        : try #require(try JSONSerialization.jsonObject(with: Data(answer.text.split(separator: "\n")[0].utf8)) as? [String: Any])
                    let fare = try #require(route["fare"] as? [String: Any], "\(sample)")
                    #expect(fare["minorUnits"] as? Int == minorUnits && fare["currency"] as? String == currency, "\(sample)")
                    #expect(fare["text"] as? String == text, "\(sample) \(locale)")
                }
            }
        }
    }

    /// Sentences a screen reader can say: in every language with words, for every recording and
    /// example, no number is followed by a space and a number ("bus 421 14 min"), and no leg
    /// too short to draw is said in seconds.
    @Test func sentencesNeverSayTwoNumbersInARow() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples")
        let own = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
        let bodies =
            try Self.samples.map { ($0, try Self.body($0)) }
            + own.map { ($0, Array(try Data(contentsOf: examples.appendingPathComponent($0)))) }
        // Every language with words (issue 51: 42).
        let languages = SentenceWords.languages.map(\.tag)
        let twoNumbers = try Regex(#"\d\s\d"#)
        var shortLegs = 0
        try withRouteBarService { server in
            let connection = try server.connect()
            for (name, body) in bodies {
                for language in languages {
                    let answer = try connection.request(
                        "POST", "/v1/route-bars?width=343&locale=\(language)", headers: ["Content-Type": "application/json"], body: body)
                    #expect(answer.status == 200, "\(name) \(language)")
                    for route in try answer.json()["routes"] as? [[String: Any]] ?? [] {
                        let sentence = route["accessibilityLabel"] as? String ?? ""
                        #expect(try twoNumbers.firstMatch(in: sentence) == nil, "\(name) \(language): \(sentence)")
                        // Every number after the total is a drawn leg's label or a line's
                        // badge: none is a short leg's seconds.
                        var rest = Substring(sentence)
                        if let colon = rest.firstIndex(where: { $0 == ":" || $0 == "：" }) { rest = rest[rest.index(after: colon)...] }
                        var said = String(rest)
                        for segment in route["segments"] as? [[String: Any]] ?? [] {
                            if segment["shortSeconds"] != nil { shortLegs += 1 }
                            for text in [segment["label"], segment["badge"]].compactMap({ $0 as? String })
                            where (segment["width"] as? Double ?? 0) > 0 || segment["badge"] as? String == text {
                                if let range = said.range(of: text) { said.removeSubrange(range) }
                            }
                        }
                        #expect(!said.contains { $0.isNumber }, "\(name) \(language): \(sentence)")
                    }
                }
            }
        }
        #expect(shortLegs > 0, "a recording has a leg too short to draw")
    }

    /// The clock axis's hours follow the reader's clock (CLDR through ICU): English writes
    /// "10:00 PM", German "22:00", Korean "오후 10:00".
    @Test func theClockAxisSpeaksTheReadersClock() throws {
        let body = try Self.body("navitia-kpt-paris-journeys.json")
        try withRouteBarService { server in
            let connection = try server.connect()
            let hours = try Regex(#"class="rb-hour-label"[^>]*>([^<]+)<"#)
            for (locale, pattern) in [("en", #"^\d{1,2}:\d\d\u{202F}[AP]M$"#), ("de", #"^\d\d:\d\d$"#), ("ko", #"^오[전후] \d{1,2}:\d\d$"#)] {
                let svg = try connection.request(
                    "POST", "/v1/route-bars.svg?width=343&timeScale=clock&locale=\(locale)", headers: ["Content-Type": "application/json"],
                    body: body)
                #expect(svg.status == 200)
                let labels = svg.text.matches(of: hours).compactMap { $0.output[1].substring.map(String.init) }
                #expect(!labels.isEmpty, "\(locale)")
                let expected = try Regex(pattern)
                for label in labels { #expect(label.wholeMatch(of: expected) != nil, "\(locale): \(label)") }
            }
        }
    }

    /// One rounding for a fare's minor units and its text (0.125 USD is 13 cents and "$0.13");
    /// a code ISO 4217 does not list keeps its amount, with no minor units and no text; the
    /// route's `fares` (Seattle's, per rider category and medium) have texts as `fare` does.
    @Test func fareTextsAgreeWithTheirMinorUnits() throws {
        func body(_ amount: String, _ currency: String) -> [UInt8] {
            Array(
                (#"{"legs":[{"mode":"BUS","startTime":1715974800000,"endTime":1715975400000,"route":{"shortName":"8"},"fareProducts":["#
                    + #"{"id":"u","product":{"name":"regular","price":{"amount":\#(amount),"currency":{"code":"\#(currency)"}}}}]}]}"#).utf8)
        }
        try withRouteBarService { server in
            let connection = try server.connect()
            let cases: [(String, String, minorUnits: Int?, text: String?)] = [
                ("0.125", "USD", 13, "$0.13"), ("0.135", "EUR", 14, "€0.14"), ("1.2345", "KWD", 1235, "KWD\u{A0}1.235"),
                ("0.0125", "BTC", nil, nil), ("3", "ABC", nil, nil),
            ]
            for (amount, currency, minorUnits, text) in cases {
                let answer = try connection.request(
                    "POST", "/v1/route-bars?width=343&locale=en", headers: ["Content-Type": "application/json"], body: body(amount, currency))
                #expect(answer.status == 200)
                let routes = try #require(try answer.json()["routes"] as? [[String: Any]])
                let segment = try #require((routes.first?["segments"] as? [[String: Any]])?.first)
                let product = try #require((segment["fareProducts"] as? [[String: Any]])?.first)
                #expect(product["minorUnits"] as? Int == minorUnits, "\(amount) \(currency)")
                #expect(product["text"] as? String == text, "\(amount) \(currency)")
                let fare = try #require((routes.first?["fares"] as? [[String: Any]])?.first, "\(amount) \(currency)")
                #expect(fare["text"] as? String == text && fare["productIds"] as? [String] == ["u"])
            }
            let seattle = try connection.request(
                "POST", "/v1/route-bars?width=343&locale=en", headers: ["Content-Type": "application/json"],
                body: try Self.body("otp2-otpui-seattle.json"))
            let fares = try #require((try seattle.json()["routes"] as? [[String: Any]])?.first?["fares"] as? [[String: Any]])
            let regular = try #require(fares.first { $0["riderCategory"] as? String == "regular" && $0["medium"] as? String == "electronic" })
            #expect(regular["text"] as? String == "$2.75" && regular["minorUnits"] as? Int == 275)
        }
    }

    /// ICU is opened on first use, not linked: the real binary maps none of it until an answer
    /// writes a clock, then maps it and writes the clock.
    @Test func icuIsMappedOnlyOnceAnAnswerWritesAClock() throws {
        let server = try ServerProcess()
        // libsimdjson, linked, is the control that the whole list was read.
        func mapsICU() throws -> Bool {
            let mapped = try server.procText("maps")
            #expect(mapped.contains("libsimdjson"))
            return mapped.contains("libicui18n")
        }
        let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../bench/workloads/single.json")
        let plain = try TestHTTPConnection.request(
            port: server.port, "POST", "/v1/route-bars", headers: ["Content-Type": "application/json"], body: Array(try Data(contentsOf: bench)))
        #expect(plain.status == 200)
        #expect(try !mapsICU())
        let carded = try TestHTTPConnection.request(
            port: server.port, "POST", "/v1/route-bars?width=343&locale=en", headers: ["Content-Type": "application/json"],
            body: try Self.body("google-directions-gmp-openapi-brooklyn-queens.json"))
        #expect(carded.status == 200)
        let route = try #require((try carded.json()["routes"] as? [[String: Any]])?.first)
        #expect(route["departureClock"] as? String == "6:08\u{202F}PM")
        #expect(try mapsICU())
    }

    @Test func cardsSayTheLocalClockInTheAnswersLanguage() throws {
        try withRouteBarService { server in
            let connection = try server.connect()
            let expected: [(String, String, departure: String, arrival: String)] = [
                ("google-directions-gmp-openapi-brooklyn-queens.json", "ko", "오후 6:08", "오후 7:07"),
                ("google-directions-gmp-openapi-brooklyn-queens.json", "en", "6:08\u{202F}PM", "7:07\u{202F}PM"),
                ("hafas-client-db-overnight-journey.json", "en", "10:14\u{202F}PM", "1:42\u{202F}AM"),
                ("navitia-kpt-paris-journeys.json", "ko", "오후 10:04", "오후 11:00"),
            ]
            for (sample, locale, departure, arrival) in expected {
                let query = "?width=343&locale=\(locale)"
                for accept in ["application/json", "application/x-ndjson"] {
                    let answer = try connection.request(
                        "POST", "/v1/route-bars" + query, headers: ["Content-Type": "application/json", "Accept": accept], body: try Self.body(sample)
                    )
                    #expect(answer.status == 200)
                    let route =
                        accept == "application/json"
                        ? try #require((try answer.json()["routes"] as? [[String: Any]])?.first)
                        : try #require(try JSONSerialization.jsonObject(with: Data(answer.text.split(separator: "\n")[0].utf8)) as? [String: Any])
                    #expect(route["departureClock"] as? String == departure, "\(sample) \(locale)")
                    #expect(route["arrivalClock"] as? String == arrival, "\(sample) \(locale)")
                }
            }
            let overnight = try connection.request(
                "POST", "/v1/route-bars?width=343", headers: ["Content-Type": "application/json"],
                body: try Self.body("hafas-client-db-overnight-journey.json"))
            let route = try #require((try overnight.json()["routes"] as? [[String: Any]])?.first)
            #expect(route["arrivalDate"] as? String == "2023-11-14")
            #expect(route["departureDate"] == nil, "the journey's own date is not repeated")
        }
    }
}
