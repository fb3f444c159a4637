import RouteBar
import RouteBarTestSupport
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// Decoding and answering reuse one workspace per thread: every request must still get
/// exactly its own routes and answer, and values a caller kept must not change afterwards.
@Suite struct WorkspaceReuseTests {
    private func body(routes: Int, legs: Int, lane: Bool) -> String {
        let leg =
            lane
            ? #"{"trafficType": 1, "sectionTime": 7, "lane": [{"name": "수도권 2호선", "subwayCode": 2}]}"#
            : #"{"trafficType": 3, "sectionTime": 4}"#
        let route = #"{"id": "r", "subPaths": ["# + Array(repeating: leg, count: legs).joined(separator: ",") + "]}"
        return #"{"width": 3000, "routes": ["# + Array(repeating: route, count: routes).joined(separator: ",") + "]}"
    }

    @Test func eachRequestGetsItsOwnRoutesAndAnswer() throws {
        let long = Array(body(routes: 40, legs: 30, lane: true).utf8)
        let short = Array(body(routes: 1, legs: 2, lane: false).utf8)
        let longRequest = try RouteBarRequest(json: long)
        let longAnswer = try RouteBarResponse.answer(json: long).bytes
        let shortRequest = try RouteBarRequest(json: short)
        let shortAnswer = try RouteBarResponse.answer(json: short).bytes

        #expect(shortRequest.routes == [Route(id: "r", subPaths: Array(repeating: SubPath(trafficType: 3, sectionTime: 4), count: 2))])
        #expect(longRequest.routes.count == 40)
        #expect(
            longRequest.routes.allSatisfy {
                $0.subPaths
                    == Array(
                        repeating: SubPath(trafficType: 1, sectionTime: 7, line: TransitLine(name: "수도권 2호선", subwayCode: 2)),
                        count: 30)
            }, "a request kept while later ones were decoded on this thread is unchanged")
        for _ in 0..<3 {
            #expect(try RouteBarRequest(json: short).routes == shortRequest.routes)
            #expect(try RouteBarResponse.answer(json: short).bytes == shortAnswer)
            #expect(try RouteBarResponse.answer(json: long).bytes == longAnswer)
        }
        // A request that fails half-way leaves nothing behind for the next one.
        #expect(throws: RouteBarInputError.self) {
            try RouteBarResponse.answer(json: Array(#"{"width": 3000, "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 4}]}, {"#.utf8))
        }
        #expect(try RouteBarResponse.answer(json: short).bytes == shortAnswer)
    }
}
