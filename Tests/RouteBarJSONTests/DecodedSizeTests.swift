import CAllocationCounter
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// The decoded model is bounded by a small multiple of its body for every shape, measured with
/// an attacker's densest body of each (the shortest leg that shape reads, repeated), and a body
/// refused for its first leg builds nothing for the rest.
@Suite struct DecodedSizeTests {
    struct Shape: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// The body with `legs` copies of the shape's shortest leg, `perRoute` to an itinerary.
        let body: @Sendable (_ leg: String, _ legs: Int, _ perRoute: Int) -> String
        let leg: String
    }

    /// Itineraries of `perRoute` legs (1000 at most, as a route has), as many as `count` legs need.
    static func itineraries(_ leg: String, _ count: Int, _ perRoute: Int, wrap: (String) -> String) -> String {
        stride(from: 0, to: count, by: perRoute).map { start in
            wrap(Array(repeating: leg, count: min(perRoute, count - start)).joined(separator: ","))
        }
        .joined(separator: ",")
    }

    static let shapes: [Shape] = [
        Shape(
            testDescription: "ours",
            body: { leg, n, per in #"{"width":20000,"routes":["# + itineraries(leg, n, per) { #"{"subPaths":[\#($0)]}"# } + "]}" },
            leg: #"{"trafficType":3,"sectionTime":1}"#),
        Shape(
            testDescription: "ODsay",
            body: { leg, n, per in #"{"result":{"path":["# + itineraries(leg, n, per) { #"{"info":{"totalTime":1},"subPath":[\#($0)]}"# } + "]}}" },
            leg: #"{"trafficType":3,"sectionTime":1}"#),
        Shape(
            testDescription: "OpenTripPlanner",
            body: { leg, n, per in #"{"plan":{"itineraries":["# + itineraries(leg, n, per) { #"{"legs":[\#($0)]}"# } + "]}}" },
            leg: #"{"mode":"BUS","duration":1}"#),
        Shape(
            testDescription: "MOTIS", body: { leg, n, per in #"{"itineraries":["# + itineraries(leg, n, per) { #"{"legs":[\#($0)]}"# } + "]}" },
            leg: #"{"mode":"BUS","duration":1}"#),
        Shape(
            testDescription: "hafas-client", body: { leg, n, per in #"{"journeys":["# + itineraries(leg, n, per) { #"{"legs":[\#($0)]}"# } + "]}" },
            leg:
                #"{"origin":{"type":"stop","id":"8000001"},"destination":{"type":"stop","id":"8000002"},"plannedDeparture":"2024-05-18T10:00:00+02:00","departure":"2024-05-18T10:00:00+02:00","plannedArrival":"2024-05-18T10:00:01+02:00","arrival":"2024-05-18T10:00:01+02:00"}"#
        ),
        Shape(
            testDescription: "Navitia",
            body: { leg, n, per in #"{"feed_publishers":[],"journeys":["# + itineraries(leg, n, per) { #"{"sections":[\#($0)]}"# } + "]}" },
            leg: #"{"type":"waiting","duration":1}"#),
        Shape(
            testDescription: "Google",
            body: { leg, n, per in
                // Consecutive drives (or walks) are one leg: the densest body alternates the two
                // (a leg that is no step, as `0`, alternates with itself).
                let walk = leg.hasPrefix("{") ? #"{"travel_mode":"WALKING","duration":{"value":1}}"# : leg
                let routes = stride(from: 0, to: n, by: per).map { start in
                    (start..<min(start + per, n)).map { $0 % 2 == 0 ? leg : walk }.joined(separator: ",")
                }
                return #"{"status":"OK","routes":["# + routes.map { #"{"legs":[{"steps":[\#($0)]}]}"# }.joined(separator: ",") + "]}"
            },
            leg: #"{"travel_mode":"DRIVING","duration":{"value":1}}"#),
        Shape(
            testDescription: "TMAP",
            body: { leg, n, per in #"{"metaData":{"plan":{"itineraries":["# + itineraries(leg, n, per) { #"{"legs":[\#($0)]}"# } + "]}}}" },
            leg: #"{"mode":"WALK","sectionTime":1}"#),
    ]

    /// The model a shape's densest body decodes to: at most 4 times the body's bytes.
    @Test(arguments: shapes)
    func theDecodedModelIsASmallMultipleOfItsBody(_ shape: Shape) throws {
        let body = Array(shape.body(shape.leg, 20_000, 1000).utf8)
        let request = try RouteBarRequest(json: body) { $0 == "width" ? "20000" : nil }
        #expect(request.segmentCount >= 20_000)
        let ratio = Double(request.heldBytes) / Double(body.count)
        #expect(ratio <= 4, "\(shape.testDescription): \(request.heldBytes) bytes held for a body of \(body.count) (\(ratio)x)")
        #expect(RouteBarRequest.decodingBytes(forBody: body.count) >= request.heldBytes)
        // The most routes, a leg each: what does not grow with the body stays within the bound.
        let routes = Array(shape.body(shape.leg, RouteBarLayout.maxRoutes, 1).utf8)
        let many = try RouteBarRequest(json: routes) { $0 == "width" ? "20000" : nil }
        #expect(many.routes.count == RouteBarLayout.maxRoutes)
        #expect(
            RouteBarRequest.decodingBytes(forBody: routes.count) >= many.heldBytes,
            "\(shape.testDescription): \(many.heldBytes) bytes held for \(RouteBarLayout.maxRoutes) routes in \(routes.count)")
    }

    /// Legs written as `0` are refused as they are read (in our shape and ODsay's), or a planner's
    /// answer of them is no planner's (its legs have none of the members its signature names):
    /// a refused body's allocations do not grow with its legs (a record per leg made its arrays
    /// grow, a dozen allocations per 1000).
    @Test(arguments: shapes)
    func legsThatAreNotObjectsBuildNoRecords(_ shape: Shape) throws {
        guard routebar_allocation_counting() == 1 else { return }
        func allocations(legsPerRoute: Int) throws -> UInt64 {
            let body = Array(shape.body("0", 100 * legsPerRoute, legsPerRoute).utf8)
            let before = routebar_thread_allocation_count()
            let refused = Result { () throws(RouteBarInputError) in try RouteBarRequest(json: body) { $0 == "width" ? "20000" : nil } }
            let count = routebar_thread_allocation_count() - before
            guard case .failure(let problem) = refused else {
                Issue.record("\(shape.testDescription): a body of bare-number legs was accepted")
                return count
            }
            let planners = shape.testDescription != "ours" && shape.testDescription != "ODsay"
            #expect(problem.type == (planners ? .unknownShape : .invalidType), "\(shape.testDescription): \(problem.detail)")
            return count
        }
        let few = try allocations(legsPerRoute: 2)
        let many = try allocations(legsPerRoute: 1000)
        #expect(many <= few + 10, "\(shape.testDescription): \(many) allocations for 100 x 1000 refused legs, \(few) for 100 x 2")
    }

    /// Legs that cost the model more than 4 times their size in the body: a leg box (a `mode`) or
    /// a card (times), for a few bytes of JSON each.
    static let denseShapes: [Shape] = [
        Shape(
            testDescription: "ours, with a mode",
            body: { leg, n, per in #"{"width":20000,"routes":["# + itineraries(leg, n, per) { #"{"subPaths":[\#($0)]}"# } + "]}" },
            leg: #"{"mode":"tram","sectionTime":1}"#),
        Shape(
            testDescription: "ours, with times",
            body: { leg, n, per in #"{"width":20000,"routes":["# + itineraries(leg, n, per) { #"{"subPaths":[\#($0)]}"# } + "]}" },
            leg: #"{"trafficType":3,"sectionTime":1,"departure":"2024-05-18T18:08:00Z","arrival":"2024-05-18T18:08:01Z"}"#),
        Shape(
            testDescription: "OpenTripPlanner, with epoch times",
            body: { leg, n, per in #"{"plan":{"itineraries":["# + itineraries(leg, n, per) { #"{"legs":[\#($0)]}"# } + "]}}" },
            leg: #"{"mode":"BUS","startTime":1,"endTime":2}"#),
        Shape(
            testDescription: "hafas-client, with times",
            body: { leg, n, per in #"{"journeys":["# + itineraries(leg, n, per) { #"{"legs":[\#($0)]}"# } + "]}" },
            leg: #"{"origin":{},"destination":{},"departure":"2024-05-18T10:00:00Z","arrival":"2024-05-18T10:00:01Z"}"#),
    ]

    /// The routes are counted as they are made: a body whose model would pass what was set aside
    /// for it (`decodingBytes`) is refused at the route that passes it (they reached 6 to 15
    /// times their body, 4 times and a megabyte being reserved); a smaller one of the same legs
    /// is read whole, within it.
    @Test(arguments: denseShapes)
    func denseLegsAreRefusedPastWhatWasSetAside(_ shape: Shape) throws {
        let body = Array(shape.body(shape.leg, 20_000, 1000).utf8)
        let limit = RouteBarRequest.decodingBytes(forBody: body.count)
        let refused = Result { () throws(RouteBarInputError) in try RouteBarRequest(json: body) { $0 == "width" ? "20000" : nil } }
        guard case .failure(let problem) = refused else {
            Issue.record("\(shape.testDescription): \(try refused.get().heldBytes) bytes held, \(limit) set aside")
            return
        }
        #expect(problem.type == .tooMany && problem.limit == limit, "\(shape.testDescription): \(problem.detail)")
        let pointer = try #require(problem.pointer)
        #expect(pointer.range(of: #"^/(routes|plan/itineraries|journeys)/[0-9]+$"#, options: .regularExpression) != nil, "\(pointer)")
        let small = Array(shape.body(shape.leg, 2_000, 1000).utf8)
        let request = try RouteBarRequest(json: small) { $0 == "width" ? "20000" : nil }
        #expect(request.segmentCount >= 2_000)
        #expect(request.heldBytes <= RouteBarRequest.decodingBytes(forBody: small.count))
        // Below 16 KiB bodies are not counted: the densest stays within what is set aside.
        var legs = 1
        while shape.body(shape.leg, legs * 2, 1000).utf8.count < 16 << 10 { legs *= 2 }
        let tiny = Array(shape.body(shape.leg, legs, 1000).utf8)
        let uncounted = try RouteBarRequest(json: tiny) { $0 == "width" ? "20000" : nil }
        #expect(tiny.count < 16 << 10 && uncounted.segmentCount >= legs)
        #expect(uncounted.heldBytes <= RouteBarRequest.decodingBytes(forBody: tiny.count))
    }
}
