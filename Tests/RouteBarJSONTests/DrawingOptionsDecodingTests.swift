import Foundation
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// The drawing options through the JSON API: read from the body or the query string,
/// refused with a problem that says where, and answered with every field a list draws.
@Suite struct DrawingOptionsDecodingTests {
    private static let route =
        #"{"subPaths": [{"trafficType": 2, "sectionTime": 40}, {"trafficType": 3, "sectionTime": 0}, {"trafficType": 2, "sectionTime": 13}]}"#

    /// A real ODsay response (숭실대입구역 → 신촌, examples/README.md names its source).
    private static func soongsilSinchon() throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples/odsay-soongsil-sinchon.json")
        return Array(try Data(contentsOf: url))
    }

    @Test func everyDrawingOptionIsReadFromTheBody() throws {
        let request = try RouteBarRequest(
            json: Array(
                """
                {"width": 343, "gap": 2, "theme": "dark", "timeScale": "shared", "labelMinimums": true,
                 "labelPadding": 6, "cornerRadius": 8, "routes": [\(Self.route)]}
                """.utf8))
        #expect(request.options.gap == 2)
        #expect(request.options.theme == .dark)
        #expect(request.options.timeScale == .shared)
        #expect(request.options.labelMinimums)
        #expect(request.options.labelPadding == 6)
        #expect(request.options.cornerRadius == 8)
    }

    @Test func theQueryStringFillsInWhatTheBodyLeavesOut() throws {
        let request = try RouteBarRequest(
            json: Array(#"{"width": 343, "gap": 2, "routes": [\#(Self.route)]}"#.utf8),
            query: {
                ["gap": "1", "theme": "dark", "timeScale": "shared", "labelMinimums": "true", "labelPadding": "2"][$0]
            })
        #expect(request.options.gap == 2, "the body wins")
        #expect(request.options.theme == .dark)
        #expect(request.options.timeScale == .shared)
        #expect(request.options.labelMinimums)
        #expect(request.options.labelPadding == 2)
        #expect(request.optionsFromQuery == [.theme, .timeScale, .labelMinimums, .labelPadding])
    }

    @Test func badValuesSayWhereAndWhat() {
        let body = #"{"width": 343, "routes": [\#(Self.route)]}"#
        let theme = inputError(#"{"width": 343, "theme": "blue", "routes": []}"#)
        #expect(theme?.type == .unknownValue)
        #expect(theme?.pointer == "/theme")
        #expect(theme?.detail == #"theme must be "light" or "dark", got "blue"."#)
        #expect(inputError(body, query: ["timeScale": "global"])?.parameter == "timeScale")
        #expect(inputError(body, query: ["labelMinimums": "yes"])?.type == .invalidType)
        #expect(inputError(#"{"width": 343, "gap": 101, "routes": [\#(Self.route)]}"#)?.type == .outOfRange)
        let classic = inputError(#"{"width": 343, "algorithm": "classic", "gap": 2, "routes": [\#(Self.route)]}"#)
        #expect(classic?.type == .classicUndefined)
        #expect(classic?.pointer == "/gap")
        let shared = inputError(body, query: ["algorithm": "classic", "timeScale": "shared"])
        #expect(shared?.type == .classicUndefined)
        #expect(shared?.parameter == "timeScale")
    }

    @Test func anODsayErrorKeepsItsCode() {
        let error = inputError(#"{"error": {"code": "-98", "msg": "출발지 정류장이 없습니다."}}"#)
        #expect(error?.type == .odsayError)
        #expect(error?.odsayCode == "-98")
        #expect(inputError(#"{"error": [{"code": 500, "message": "[ApiKeyAuthFailed]"}]}"#)?.odsayCode == "500")
    }

    @Test func aRealODsayAnswerCarriesIndexesTransfersBadgesAndEveryCandidateBus() throws {
        let bytes = try RouteBarResponse.answer(json: try Self.soongsilSinchon(), query: { $0 == "width" ? "343" : nil }).bytes
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let routes = try #require(answer["routes"] as? [[String: Any]])
        #expect(routes.map { $0["index"] as? Int } == Array(0..<routes.count))
        // Path 0: 7호선, a zero-minute transfer walk, 2호선.
        let first = try #require(routes[0]["segments"] as? [[String: Any]])
        #expect(first.map { $0["transferBefore"] as? Bool } == [nil, false, nil, true, nil])
        #expect(routes[0]["transferCount"] as? Int == 1)
        let line7 = try #require(first[1]["line"] as? [String: Any])
        #expect(line7["shortName"] as? String == "7")
        #expect(line7["englishName"] as? String == "Line 7")
        #expect(first[1]["textColor"] as? String == "#000000", "black on 7호선's olive (4.78:1; white has 4.39)")
        // Path 3: bus 750B or 750A.
        let bus = try #require((routes[3]["segments"] as? [[String: Any]])?[1])
        let lines = try #require(bus["lines"] as? [[String: Any]])
        #expect(lines.map { $0["shortName"] as? String } == ["750B", "750A"])
        #expect(lines.allSatisfy { $0["color"] as? String == bus["color"] as? String }, "both trunk buses, both blue")
        #expect((bus["line"] as? [String: Any])?["name"] as? String == "750B")
    }

    @Test func ndjsonLinesCarryTheirRoutesIndex() throws {
        let request = try RouteBarRequest(json: try Self.soongsilSinchon(), query: { $0 == "width" ? "343" : nil })
        let laidOut = try RouteBarResponse.layoutForDrawing(request, format: .ndjson)
        var lines = RouteBarNDJSON(laidOut.routes, options: laidOut.options)
        var indexes: [Int] = []
        while let line = lines.nextLine() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            indexes.append(try #require(object["index"] as? Int))
        }
        #expect(indexes == Array(0..<request.routes.count))
    }
}

/// The JSON answer says each route's sentence from its segments, straight into the buffer; it
/// must be the sentence the library builds from the legs.
@Suite struct SentenceFromSegmentsTests {
    @Test(arguments: [LabelLocale.ko, .en])
    func theAnswersSentenceIsTheLibrarysSentence(locale: LabelLocale) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples/odsay-soongsil-sinchon.json")
        var request = try RouteBarRequest(json: Array(try Data(contentsOf: url)), query: { $0 == "width" ? "343" : nil })
        request.routes.append(
            Route(subPaths: [
                SubPath(trafficType: 3, sectionTime: 4), SubPath(trafficType: 4, sectionTime: 135, trainType: 1),
                SubPath(trafficType: 4, sectionTime: 61.5, trainType: 4),
                SubPath(trafficType: 1, sectionTime: 7, line: TransitLine(name: "수도권 신규\"선", subwayCode: 999)),
            ]))
        request.options.locale = locale
        let answer = try RouteBarResponse.encodeAnswer(request)
        let routes = try #require((try JSONSerialization.jsonObject(with: Data(answer.bytes)) as? [String: Any])?["routes"] as? [[String: Any]])
        #expect(routes.count == request.routes.count)
        for (route, json) in zip(request.routes, routes) {
            let total = route.totalTime ?? route.subPaths.reduce(0) { $0 + $1.sectionTime }
            #expect(json["accessibilityLabel"] as? String == AccessibilityLabel.sentence(totalMinutes: total, legs: route.subPaths, locale: locale))
        }
    }
}
