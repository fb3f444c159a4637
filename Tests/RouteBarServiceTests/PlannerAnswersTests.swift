import Foundation
import RouteBarTestSupport
import Testing

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
        #expect(Self.samples.count == 12, "\(Self.samples)")
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
}
