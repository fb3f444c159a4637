import Foundation
import RouteBar
import RouteBarTestSupport
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

@Suite struct ResponseEncodingTests {
    @Test func theAnswerCarriesEveryNumberOfTheLayout() throws {
        let body = Array(Samples.seedRequest(width: 343, scale: 3).utf8)
        let bytes = try RouteBarResponse.answer(json: body).bytes
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(answer["width"] as? Double == 343)
        #expect(answer["scale"] as? Double == 3)
        #expect(answer["algorithm"] as? String == "fit")

        let request = try RouteBarRequest(json: body)
        let expected = try RouteBarLayout(request.options).layOut(request.routes)[0]
        let route = try #require((answer["routes"] as? [[String: Any]])?.first)
        #expect(route["id"] as? String == "seed")
        #expect(route["totalTime"] as? Double == 47)
        #expect(route["walkingCount"] as? Int == 3)
        #expect(route["transitCount"] as? Int == 2)
        #expect(route["minWalkingLength"] as? Double == expected.minWalkingLength)
        #expect(route["minTransitLength"] as? Double == expected.minTransitLength)
        #expect(route["minuteLength"] as? Double == expected.minuteLength)
        #expect(route["height"] as? Double == 30)
        #expect(route["compressed"] as? Bool == false)
        let segments = try #require(route["segments"] as? [[String: Any]])
        #expect(segments.count == 5)
        for (segment, laidOut) in zip(segments, expected.segments) {
            #expect(segment["index"] as? Int == laidOut.index)
            #expect(segment["trafficType"] as? Int == laidOut.trafficType)
            #expect(segment["kind"] as? String == laidOut.kind.rawValue)
            #expect(segment["mode"] as? String == laidOut.mode.rawValue)
            #expect(segment["sectionTime"] as? Double == laidOut.sectionTime)
            #expect(segment["x"] as? Double == laidOut.x)
            #expect(segment["width"] as? Double == laidOut.width)
        }
        let third: Double = 1.0 / 3
        let expectedWidths: [Double] = [50, 94, 100 * third, 397 * third, 100 * third]
        let widths: [Double] = segments.compactMap { $0["width"] as? Double }
        #expect(zip(widths, expectedWidths).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(widths.count == 5)
    }

    @Test func classicAnswerHasTheSeedsMinuteLength() throws {
        let bytes = try RouteBarResponse.answer(json: Array(Samples.seedRequest(algorithm: "classic").utf8)).bytes
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""minuteLength":5.4787234042553195"#))
        #expect(text.contains(#""minWalkingLength":17,"minTransitLength":17"#))
        #expect(
            text.hasPrefix(
                #"{"width":343,"scale":1,"algorithm":"classic","gap":0,"theme":"light","timeScale":"route","locale":"ko","routes":[{"index":0,"id":"seed","totalTime":47,"minutes":47,"walkingCount":3,"transitCount":2,"transferCount":1,"barWidth":342.5"#
            ))
    }

    @Test func routesWithoutAnIdHaveNoIdMember() throws {
        let bytes = try RouteBarResponse.answer(json: Array(Samples.odsayResponse.utf8), query: { $0 == "width" ? "343" : nil }).bytes
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let routes = try #require(answer["routes"] as? [[String: Any]])
        #expect(routes.count == 2)
        #expect(routes.allSatisfy { $0["id"] == nil })
        #expect(routes[0]["totalTime"] as? Double == 37)
    }
}

@Suite struct JSONNameTests {
    @Test func staticNamesAreTheRawValues() {
        for kind in [SegmentKind.walking, .transit] { #expect(kind.jsonName.description == kind.rawValue) }
        for mode in TransitMode.allCases { #expect(mode.jsonName.description == mode.rawValue) }
    }
}
