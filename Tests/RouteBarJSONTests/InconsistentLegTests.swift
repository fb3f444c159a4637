import Foundation
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// Input whose numbers contradict each other is refused, pointing at the leg (issue #31,
/// item 5): in our shape with a 422 naming both values; in a planner's answer by leaving the
/// itinerary out and naming it in the answer's `problems`, or a 422 when none is left.
@Suite struct InconsistentLegTests {
    static func refusal(_ body: String, _ query: [String: String] = [:]) -> RouteBarInputError? {
        do {
            _ = try PlannerDecodingTests.decode(Array(body.utf8), query)
            return nil
        } catch {
            return error as? RouteBarInputError
        }
    }

    /// A MOTIS leg whose arrival is before its departure (an offset applied to one time only):
    /// it used to become "wait 1 h 44 min" under a total of 55. Its only itinerary: 422.
    @Test func aMOTISLegArrivingBeforeItDepartsIsRefused() throws {
        let body = #"""
            {"itineraries":[{"duration":3300,"startTime":"2024-11-06T16:34:00Z","endTime":"2024-11-06T17:29:00Z","transfers":0,"legs":[
             {"mode":"WALK","startTime":"2024-11-06T16:34:00Z","endTime":"2024-11-06T16:36:00Z","duration":120,"from":{"name":"A"},"to":{"name":"B"}},
             {"mode":"BUS","routeShortName":"42","startTime":"2024-11-06T16:36:00Z","endTime":"2024-11-06T16:20:00+01:00","duration":2640,"from":{"name":"B"},"to":{"name":"C"}},
             {"mode":"WALK","startTime":"2024-11-06T17:20:00Z","endTime":"2024-11-06T17:29:00Z","duration":540,"from":{"name":"C"},"to":{"name":"D"}}]}]}
            """#
        let error = try #require(Self.refusal(body))
        #expect(error.type == .inconsistentLeg)
        #expect(error.type.status == 422)
        #expect(error.pointer == "/itineraries/0/legs/1")
        #expect(
            error.values == [.init(name: "departure", value: "2024-11-06T16:36:00Z"), .init(name: "arrival", value: "2024-11-06T16:20:00+01:00")])
        #expect(error.detail.contains("2024-11-06T16:20:00+01:00") && error.detail.contains("2024-11-06T16:36:00Z"))
    }

    /// An OpenTripPlanner leg that ends before it starts leaves its itinerary out; the other
    /// is laid out, and the answer names the one left out.
    @Test func anOTPItineraryWithABackwardsLegIsLeftOutAndNamed() throws {
        let t0 = 1_715_974_800_000
        func itinerary(_ legs: [(String, Int, Int)]) -> String {
            let text = legs.map { #"{"mode":"\#($0.0)","startTime":\#(t0 + $0.1 * 1000),"endTime":\#(t0 + $0.2 * 1000),"duration":\#($0.2 - $0.1)}"# }
            return #"{"startTime":\#(t0),"endTime":\#(t0 + 1800_000),"legs":[\#(text.joined(separator: ","))]}"#
        }
        let body =
            #"{"plan":{"itineraries":["# + itinerary([("WALK", 0, 300), ("BUS", 300, 1800)]) + ","
            + itinerary([("WALK", 0, 300), ("BUS", 600, 360), ("WALK", 1500, 1800)]) + "]}}"
        let request = try PlannerDecodingTests.decode(Array(body.utf8))
        #expect(request.routes.count == 1)
        #expect(request.routePointers == ["/plan/itineraries/0"])
        let problem = try #require(request.problems.first)
        #expect(problem.pointer == "/plan/itineraries/1/legs/1")
        #expect(problem.values.map(\.name) == ["departure", "arrival"])
        #expect(problem.values.map(\.value) == ["2024-05-17T19:50:00Z", "2024-05-17T19:46:00Z"])

        let answer = try StreamedAnswerTests.answer { () throws(RouteBarInputError) in
            var request = request
            request.options.width = 343
            return try RouteBarJSONPieces(request)
        }.get()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any])
        let problems = try #require(json["problems"] as? [[String: Any]])
        #expect(problems.count == 1)
        #expect(problems[0]["type"] as? String == "urn:routebar:problem:inconsistent-leg")
        #expect(problems[0]["status"] as? Int == 422)
        #expect(problems[0]["pointer"] as? String == "/plan/itineraries/1/legs/1")
        #expect(problems[0]["arrival"] as? String == "2024-05-17T19:46:00Z")
        #expect((json["routes"] as? [Any])?.count == 1)
    }

    /// The itineraries after one left out keep the planner's numbers as their `index` (the
    /// answer's link to the itinerary an app opens or books), not their place in the answer:
    /// bahn.de's recorded answer with a missed connection second of four (KDE
    /// KPublicTransport's autotests, db-hafas/journey-cancelled) was answered 0, 1, 2.
    @Test func itinerariesAfterOneLeftOutKeepThePlannersNumbers() throws {
        let t0 = 1_715_974_800_000
        func itinerary(_ legs: [(String, Int, Int)]) -> String {
            let text = legs.map { #"{"mode":"\#($0.0)","startTime":\#(t0 + $0.1 * 1000),"endTime":\#(t0 + $0.2 * 1000),"duration":\#($0.2 - $0.1)}"# }
            return #"{"startTime":\#(t0),"endTime":\#(t0 + 1800_000),"legs":[\#(text.joined(separator: ","))]}"#
        }
        let good = itinerary([("WALK", 0, 300), ("BUS", 300, 1800)])
        let missed = itinerary([("WALK", 0, 300), ("BUS", 600, 360), ("WALK", 1500, 1800)])
        let body = #"{"plan":{"itineraries":["# + [good, missed, good, missed, good].joined(separator: ",") + "]}}"
        var request = try PlannerDecodingTests.decode(Array(body.utf8))
        #expect(request.routePointers == ["/plan/itineraries/0", "/plan/itineraries/2", "/plan/itineraries/4"])
        #expect(request.problems.map(\.pointer) == ["/plan/itineraries/1/legs/1", "/plan/itineraries/3/legs/1"])
        request.options.width = 343
        let answer = try StreamedAnswerTests.answer { () throws(RouteBarInputError) in try RouteBarJSONPieces(request) }.get()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any])
        #expect((json["routes"] as? [[String: Any]])?.compactMap { $0["index"] as? Int } == [0, 2, 4])
        var lines = try RouteBarNDJSONPieces(request)
        var indices: [Int] = []
        while let line = try lines.nextPiece() {
            let route = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            indices += [route["index"] as? Int ?? -1]
        }
        #expect(indices == [0, 2, 4])
    }

    /// Legs that overlap by more than a minute, or run past their itinerary, are refused;
    /// TfL's minute of overlap (a walk that starts as the bus arrives, to the minute) is not.
    @Test func overlapsBeyondAMinuteAreRefusedAndAMinuteIsNot() throws {
        let t0 = 1_715_974_800_000
        func body(_ legs: [(String, Int, Int)], end: Int = 1800) -> String {
            let text = legs.map { #"{"mode":"\#($0.0)","startTime":\#(t0 + $0.1 * 1000),"endTime":\#(t0 + $0.2 * 1000)}"# }
            return #"{"plan":{"itineraries":[{"startTime":\#(t0),"endTime":\#(t0 + end * 1000),"legs":[\#(text.joined(separator: ","))]}]}}"#
        }
        let overlap = try #require(Self.refusal(body([("BUS", 0, 900), ("WALK", 780, 1800)])))
        #expect(overlap.pointer == "/plan/itineraries/0/legs/1")
        #expect(overlap.values.map(\.name) == ["departure", "previousArrival"])
        let pastTheEnd = try #require(Self.refusal(body([("BUS", 0, 900), ("WALK", 900, 1900)], end: 1800)))
        #expect(pastTheEnd.values.map(\.name) == ["arrival", "itineraryArrival"])
        let request = try PlannerDecodingTests.decode(Array(body([("BUS", 0, 900), ("WALK", 840, 1800)]).utf8))
        #expect(request.routes.count == 1)
        #expect(request.problems.isEmpty)
    }

    /// Our own shape: a leg that says its length or its mode twice must say the same.
    @Test func ourShapeRefusesTwoAnswersToOneQuestion() throws {
        let seconds = try #require(
            Self.refusal(#"{"width":343,"routes":[{"subPaths":[{"trafficType":3,"sectionTime":5},{"mode":"bus","seconds":300,"sectionTime":50}]}]}"#))
        #expect(seconds.type == .inconsistentLeg)
        #expect(seconds.pointer == "/routes/0/subPaths/1/seconds")
        #expect(seconds.values == [.init(name: "seconds", value: "300"), .init(name: "sectionTime", value: "50")])
        let mode = try #require(Self.refusal(#"{"width":343,"routes":[{"subPaths":[{"mode":"walk","trafficType":1,"sectionTime":5}]}]}"#))
        #expect(mode.pointer == "/routes/0/subPaths/0/mode")
        #expect(mode.values == [.init(name: "mode", value: "walk"), .init(name: "trafficType", value: "1")])
        // Agreeing twice is fine: 300 s is 5 minutes, and a tram is transit like ODsay's subway.
        #expect(Self.refusal(#"{"width":343,"routes":[{"subPaths":[{"mode":"bus","seconds":300,"sectionTime":5,"trafficType":2}]}]}"#) == nil)
        #expect(Self.refusal(#"{"width":343,"routes":[{"subPaths":[{"mode":"tram","trafficType":1,"sectionTime":5}]}]}"#) == nil)
    }
}
