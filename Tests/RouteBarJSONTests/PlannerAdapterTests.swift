import Foundation
import RouteBar
import RouteBarTestSupport
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// The planners added through `PlannerAdapter` (TfL, HERE, transport.opendata.ch): each
/// recording lays out with the legs, minutes, waits and lines its own numbers give, computed
/// here with Foundation, independently of the decoder; and each planner's no-route and error
/// answers.
@Suite struct PlannerAdapterTests {
    typealias Leg = PlannerDecodingTests.Leg

    static func sample(_ name: String) throws -> (bytes: [UInt8], json: [String: Any]) {
        try PlannerDecodingTests.sample(name)
    }

    static func decode(_ body: String, _ query: [String: String] = [:]) throws -> RouteBarRequest {
        try PlannerDecodingTests.decode(Array(body.utf8), query)
    }

    /// "2016-01-03T00:40:00" (TfL: London time, no offset) or with an offset (HERE).
    static func seconds(_ text: Any?) -> Double? {
        guard let text = text as? String else { return nil }
        let withOffset = ISO8601DateFormatter()
        if let date = withOffset.date(from: text) { return date.timeIntervalSince1970 }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(identifier: "UTC")
        local.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return local.date(from: text)?.timeIntervalSince1970
    }

    @Test func tfl() throws {
        let (bytes, json) = try Self.sample("tfl-orgtfl-london.json")
        let modes: [String: TransitMode] = ["walking": .walk, "bus": .bus, "tube": .subway]
        let journeys = try #require(json["journeys"] as? [[String: Any]])
        let expected = journeys.map { journey in
            PlannerDecodingTests.withWaits(
                (journey["legs"] as? [[String: Any]] ?? []).map { leg in
                    let start = Self.seconds(leg["departureTime"])!, end = Self.seconds(leg["arrivalTime"])!
                    let mode = modes[(leg["mode"] as! [String: Any])["id"] as! String]!
                    let name = ((leg["routeOptions"] as? [[String: Any]])?.first?["name"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                    return (Leg(mode: mode, minutes: (end - start) / 60, badge: name), start as Double?, end as Double?)
                })
        }
        let request = try PlannerDecodingTests.decode(bytes)
        #expect(request.shape == .planner(.tfl))
        let totals = journeys.map { (Self.seconds($0["arrivalDateTime"])! - Self.seconds($0["startDateTime"])!) / 60 as Double? }
        PlannerDecodingTests.check(request, expected, totals: totals)
        #expect(request.routes[0].subPaths[1].line?.shortName == "N18")
        #expect(request.routes[0].subPaths[1].card?.from == "Piccadilly Circus")
        // Journey 2 has 75 minutes of legs in an 83-minute journey: the gaps are waits.
        #expect(request.routes[1].subPaths.contains { $0.mode == .wait })
    }

    @Test func here() throws {
        let (bytes, json) = try Self.sample("here-heretransit-frankfurt.json")
        let modes: [String: TransitMode] = ["pedestrian": .walk, "bus": .bus]
        let routes = try #require(json["routes"] as? [[String: Any]])
        let expected = routes.map { route in
            PlannerDecodingTests.withWaits(
                (route["sections"] as? [[String: Any]] ?? []).map { section in
                    let start = Self.seconds((section["departure"] as! [String: Any])["time"])!
                    let end = Self.seconds((section["arrival"] as! [String: Any])["time"])!
                    let transport = section["transport"] as! [String: Any]
                    return (
                        Leg(mode: modes[transport["mode"] as! String]!, minutes: (end - start) / 60, badge: transport["name"] as? String),
                        start as Double?, end as Double?
                    )
                })
        }
        let request = try PlannerDecodingTests.decode(bytes)
        #expect(request.shape == .planner(.here))
        PlannerDecodingTests.check(request, expected, totals: [108])
        #expect(request.routes[0].subPaths.map(\.mode) == [.walk, .bus, .wait, .bus, .walk])
        #expect(request.routes[0].subPaths[2].sectionTime == 13, "the 13-minute gap between the buses")
        #expect(request.routes[0].subPaths[1].line?.agency == "DB Regio Bus Mitte")
        #expect(request.routes[0].subPaths[1].card?.headsign == "Hofheim am Taunus Bahnhof")
    }

    @Test func transportOpendataCH() throws {
        let (bytes, json) = try Self.sample("swiss-opendatach-zurich-baden.json")
        let connections = try #require(json["connections"] as? [[String: Any]])
        var names: [[String]] = []
        let expected = connections.map { connection in
            var lineNames: [String] = []
            let legs = PlannerDecodingTests.withWaits(
                (connection["sections"] as? [[String: Any]] ?? []).map { section in
                    let start = (section["departure"] as! [String: Any])["departureTimestamp"] as! Double
                    let end = (section["arrival"] as! [String: Any])["arrivalTimestamp"] as! Double
                    let journey = section["journey"] as? [String: Any]
                    if let journey {
                        let category = journey["category"] as! String, number = journey["number"] as! String
                        lineNames.append(category + (category.count > 1 ? " " : "") + number)
                    }
                    return (Leg(mode: journey == nil ? .walk : .train, minutes: (end - start) / 60), start as Double?, end as Double?)
                })
            names.append(lineNames)
            return legs
        }
        let request = try PlannerDecodingTests.decode(bytes)
        #expect(request.shape == .planner(.opendatach))
        PlannerDecodingTests.check(request, expected, totals: Array(repeating: nil, count: expected.count))
        #expect(request.routes.map { $0.subPaths.compactMap { $0.line?.shortName } } == names)
        #expect(names[0] == ["S 12"] || names[0].first?.hasPrefix("S") == true, "\(names)")
    }

    /// A planner's word that there is no route is an answer: 200 with no routes, the planner named.
    @Test(arguments: [
        ("errors/here-heretransit-noRouteFound.json", Planner.here),
        ("errors/here-heretransit-noTransitRouteFound.json", Planner.here),
    ])
    func noRouteRecordings(file: String, planner: Planner) throws {
        let (bytes, _) = try Self.sample(file)
        let request = try PlannerDecodingTests.decode(bytes)
        #expect(request.shape == .planner(planner))
        #expect(request.routes.isEmpty)
    }

    @Test(arguments: [
        (#"{"connections": [], "from": null, "to": null, "stations": {"from": [], "to": []}}"#, Planner.opendatach),
        (
            #"{"$type": "Tfl.Api.Presentation.Entities.ApiError, Tfl.Api.Presentation.Entities", "timestampUtc": "2024-01-01T00:00:00Z", "exceptionType": "EntityNotFoundException", "httpStatusCode": 404, "httpStatus": "NotFound", "relativeUri": "/Journey/JourneyResults/1/to/2", "message": "No journey found for your inputs."}"#,
            Planner.tfl
        ),
        (#"{"plan": {"itineraries": [], "routingErrors": [{"code": "NO_TRANSIT_CONNECTION", "description": "No connection"}]}}"#, Planner.otp),
        (#"{"data": {"planConnection": {"edges": [], "routingErrors": []}}}"#, Planner.otp),
        (#"{"requestParameters": {}, "error": {"id": 404, "msg": "No trip found.", "message": "PATH_NOT_FOUND"}}"#, Planner.otp),
        (#"{"error": {"id": "no_solution", "message": "no solution found for this journey"}, "links": [], "context": {}}"#, Planner.navitia),
        (#"{"error": {"id": "no_solution", "message": "no solution found for this journey"}}"#, Planner.navitia),
        (#"{"status": "ZERO_RESULTS", "routes": [], "geocoded_waypoints": []}"#, Planner.google),
        // Google's DirectionsResponse requires only these two: no other member need say whose.
        (#"{"routes": [], "status": "ZERO_RESULTS"}"#, Planner.google),
        (#"{"result": {"status": 11, "message": "경로탐색 결과가 없습니다."}}"#, Planner.tmap),
        (#"{"journeys": [], "feed_publishers": []}"#, Planner.navitia),
        (#"{"feed_publishers": [], "journeys": []}"#, Planner.navitia),
        (#"{"journeys": [], "earlierRef": "x", "laterRef": "y"}"#, Planner.hafas),
        (#"{"itineraries": [], "direct": []}"#, Planner.motis),
    ])
    func noRouteAnswers(body: String, planner: Planner) throws {
        let request = try Self.decode(body)
        #expect(request.shape == .planner(planner))
        #expect(request.routes.isEmpty)
    }

    /// Any other error is the planner's, named, in its own words.
    @Test(arguments: [
        ("errors/here-heretransit-invalid_request.json", "HERE", "Invalid input parameters"),
        ("errors/swiss-opendatach-error.json", "transport.opendata.ch", "Incomplete route description"),
    ])
    func errorRecordings(file: String, planner: String, message: String) throws {
        let (bytes, _) = try Self.sample(file)
        let error = #expect(throws: RouteBarInputError.self) { try PlannerDecodingTests.decode(bytes) }
        #expect(error?.type == .plannerError)
        #expect(error?.planner == planner)
        #expect(error?.detail.contains(message) == true, "\(error?.detail ?? "")")
    }

    @Test(arguments: [
        (
            #"{"errors": [{"message": "Validation error of type FieldUndefined", "locations": [{"line": 1, "column": 3}]}]}"#, "OpenTripPlanner",
            "FieldUndefined"
        ),
        (#"{"error": "Unauthorized", "error_description": "Token validation failed"}"#, "HERE", "Token validation failed"),
        (#"{"status": "INVALID_REQUEST", "routes": []}"#, "Google", "INVALID_REQUEST"),
        (
            #"{"$type": "Tfl.Api.Presentation.Entities.JourneyPlanner.DisambiguationResult, Tfl.Api.Presentation.Entities", "toLocationDisambiguation": {"disambiguationOptions": [], "matchStatus": "list"}, "fromLocationDisambiguation": {"matchStatus": "identified"}}"#,
            "TfL", "ambiguous"
        ),
        (#"{"error": {"id": "unknown_object", "message": "Invalid id : stop_area:XYZ"}, "links": []}"#, "Navitia", "Invalid id"),
        (
            #"{"requestParameters": {}, "error": {"id": 400, "msg": "Trip is not possible.", "message": "BOGUS_PARAMETER"}}"#, "OpenTripPlanner",
            "Trip is not possible"
        ),
    ])
    func errorAnswers(body: String, planner: String, message: String) {
        let error = #expect(throws: RouteBarInputError.self) { try Self.decode(body) }
        #expect(error?.type == .plannerError)
        #expect(error?.planner == planner)
        #expect(error?.detail.contains(message) == true, "\(error?.detail ?? "")")
    }

    /// Members only two planners write at once: ambiguous, named, and `?source=` settles it.
    @Test func aBodyTwoPlannersClaimNamesBothAndSourceDecides() throws {
        // OpenTripPlanner's whole signature (its itineraries, their legs' modes and minutes)
        // holds more than transport.opendata.ch's empty `connections`.
        let body = #"{"plan": {"itineraries": [{"legs": [{"mode": "BUS", "duration": 600}]}]}, "connections": []}"#
        #expect(try Self.decode(body).shape == .planner(.otp))
        #expect(try Self.decode(body, ["source": "otp"]).routes.count == 1)
        #expect(try Self.decode(body, ["source": "opendatach"]).routes.isEmpty)
        // Equal signatures are named both.
        let tie = #expect(throws: RouteBarInputError.self) { try Self.decode(#"{"plan": {"itineraries": []}, "connections": []}"#) }
        #expect(tie?.type == .ambiguousShape && tie?.parameter == "source")
        #expect(tie?.detail.contains("OpenTripPlanner") == true && tie?.detail.contains("transport.opendata.ch") == true)
    }

    /// Google's answer without a route has nothing but `status` to say whose it is; our own
    /// routes beside a stray `status` stay ours, and `?source=` decides either way.
    @Test func googleStatusWithoutRoutesIsGooglesAndSourceDecides() throws {
        let empty = #"{"routes": [], "status": "ZERO_RESULTS"}"#
        let told = try Self.decode(empty, ["source": "google"])
        #expect(told.shape == .planner(.google) && told.routes.isEmpty)
        #expect(try Self.decode(empty, ["source": "routebar"]).shape == .routeBar)
        let denied = #expect(throws: RouteBarInputError.self) {
            try Self.decode(#"{"routes": [], "status": "REQUEST_DENIED"}"#, ["source": "google"])
        }
        #expect(denied?.type == .plannerError && denied?.planner == "Google")
        let ours = try Self.decode(#"{"width": 343, "status": "draft", "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": 5}]}]}"#)
        #expect(ours.shape == .routeBar && ours.routes.count == 1)
    }

    /// `?source=` picks the reader: journeys of legs read as TfL's or hafas-client's as told.
    @Test func sourcePicksTheAdapter() throws {
        let body = #"{"journeys": [{"legs": [{"mode": {"id": "bus"}, "duration": 10, "routeOptions": [{"name": "N18"}]}]}]}"#
        let tfl = try Self.decode(body)
        #expect(tfl.shape == .planner(.tfl))
        #expect(tfl.routes[0].subPaths.map(\.sectionTime) == [10], "TfL's durations are minutes")
        let hafas = #"""
            {"journeys": [{"legs": [{"origin": {}, "destination": {}, "line": {"mode": "bus"},
             "departure": "2024-05-18T10:00:00+02:00", "arrival": "2024-05-18T10:10:00+02:00"}]}]}
            """#
        #expect(try Self.decode(hafas).shape == .planner(.hafas))
        #expect(try Self.decode(hafas, ["source": "hafas"]).routes[0].subPaths[0].sectionTime == 10)
        // Legs with neither TfL's nor hafas-client's members are no planner's.
        let neither = #expect(throws: RouteBarInputError.self) { try Self.decode(#"{"journeys": [{"legs": [{"mode": "bus", "duration": 600}]}]}"#) }
        #expect(neither?.type == .unknownShape)
        let wrong = #expect(throws: RouteBarInputError.self) { try Self.decode(#"{"plan": {"itineraries": []}}"#, ["source": "navitia"]) }
        #expect(wrong?.type == .unknownShape && wrong?.parameter == "source")
    }

    /// More legs than a route may have is a 422 naming the limit, in every shape (it was a
    /// silent cut in four of them).
    @Test(arguments: ["routebar", "otp", "otp-bare", "motis", "hafas", "navitia", "tmap", "google", "tfl", "here", "opendatach"])
    func anItineraryOf1005LegsIsRefused(shape: String) throws {
        let count = 1005
        func legs(_ leg: String) -> String { "[" + Array(repeating: leg, count: count).joined(separator: ",") + "]" }
        let body: String
        switch shape {
        case "routebar": body = #"{"width": 343, "routes": [{"subPaths": "# + legs(#"{"trafficType": 3, "sectionTime": 1}"#) + "}]}"
        case "otp": body = #"{"plan": {"itineraries": [{"legs": "# + legs(#"{"mode": "WALK", "duration": 60}"#) + "}]}}"
        case "otp-bare": body = #"{"legs": "# + legs(#"{"mode": "WALK", "duration": 60}"#) + "}"
        case "motis": body = #"{"itineraries": [{"legs": "# + legs(#"{"mode": "WALK", "duration": 60}"#) + "}]}"
        case "hafas":
            body =
                #"{"journeys": [{"legs": "#
                + legs(#"{"origin": {}, "destination": {}, "walking": true, "departure": "2024-05-18T10:00:00Z", "arrival": "2024-05-18T10:01:00Z"}"#)
                + #"}], "earlierRef": "x"}"#
        case "navitia":
            body = #"{"journeys": [{"sections": "# + legs(#"{"type": "street_network", "mode": "walking", "duration": 60}"#) + #"}], "links": []}"#
        case "tmap": body = #"{"metaData": {"plan": {"itineraries": [{"legs": "# + legs(#"{"mode": "WALK", "sectionTime": 60}"#) + "}]}}}"
        case "google":
            body =
                #"{"status": "OK", "routes": [{"legs": [{"steps": "#
                + legs(#"{"travel_mode": "TRANSIT", "duration": {"value": 60}, "transit_details": {"line": {"vehicle": {"type": "BUS"}}}}"#) + "}]}]}"
        case "tfl": body = #"{"journeys": [{"legs": "# + legs(#"{"mode": {"id": "bus"}, "duration": 1}"#) + "}]}"
        case "here":
            body =
                #"{"routes": [{"sections": "# + legs(#"{"type": "transit", "transport": {"mode": "bus"}, "travelSummary": {"duration": 60}}"#) + "}]}"
        default: body = #"{"connections": [{"sections": "# + legs(#"{"walk": {"duration": 60}, "departure": {}, "arrival": {}}"#) + "}]}"
        }
        let error = #expect(throws: RouteBarInputError.self, "\(shape)") { try Self.decode(body) }
        #expect(error?.type == .tooMany, "\(shape): \(error?.detail ?? "")")
        #expect(error?.limit == RouteBarLayout.maxSubPaths, "\(shape)")
    }

    /// `Planner`'s cases, as released, and the registry's adapters name the same planners in the
    /// same order: a case without an adapter, or an adapter without a case, fails here.
    @Test func everyPlannerHasOneAdapter() {
        #expect(PlannerRegistry.adapters.map { $0.planner } == Planner.allCases.filter { $0 != .routebar && $0 != .odsay })
        #expect(Set(PlannerRegistry.adapters.map { $0.title }).count == PlannerRegistry.adapters.count)
        #expect(Planner.tfl.title == "TfL" && Planner.opendatach.title == "transport.opendata.ch")
    }
}

/// What every adapter's legs become, whichever planner wrote them.
@Suite struct PlannerNormalisationTests {
    /// Colours belong to rides (`TransitMode.takesLineColor`): a walk with a colour is the
    /// palette's grey from every planner and from a named leg, as it was from Navitia alone.
    @Test(arguments: [
        ##"{"plan": {"itineraries": [{"legs": [{"mode": "WALK", "duration": 60, "routeColor": "FF0000"}, {"mode": "BUS", "duration": 60, "routeColor": "FF0000"}]}]}}"##,
        ##"{"width": 343, "routes": [{"subPaths": [{"mode": "walk", "seconds": 60, "color": "#FF0000"}, {"mode": "bus", "seconds": 60, "color": "#FF0000"}]}]}"##,
        ##"{"routes": [{"sections": [{"type": "pedestrian", "transport": {"mode": "pedestrian", "color": "#FF0000"}, "travelSummary": {"duration": 60}}, {"type": "transit", "transport": {"mode": "bus", "color": "#FF0000"}, "travelSummary": {"duration": 60}}]}]}"##,
    ])
    func aWalksColourIsNotDrawn(body: String) throws {
        let request = try PlannerDecodingTests.decode(Array(body.utf8))
        #expect(request.routes[0].subPaths.map(\.color) == [nil, "#FF0000"])
    }

    /// A line colour of three digits is CSS's short form, as the planner's front end draws it
    /// (otp-ui's flex-itinerary: RTD's LD3 `"routeColor": "111"`, near-black under white text),
    /// not dropped for the palette's; other lengths and non-digits are no colour.
    @Test func aThreeDigitLineColourIsItsShortForm() throws {
        let body =
            ##"{"plan": {"itineraries": [{"legs": [{"mode": "BUS", "duration": 60, "routeColor": "111", "routeTextColor": "FFF"}, {"mode": "BUS", "duration": 60, "routeColor": "#a0b"}, {"mode": "BUS", "duration": 60, "routeColor": "1111"}, {"mode": "BUS", "duration": 60, "routeColor": "11G"}]}]}}"##
        let request = try PlannerDecodingTests.decode(Array(body.utf8))
        #expect(request.routes[0].subPaths.map(\.color) == ["#111111", "#AA00BB", nil, nil])
        #expect(request.routes[0].subPaths[0].textColor == "#FFFFFF")
    }
}

extension PlannerNormalisationTests {
    /// A planner's decorative text past the limit is shortened, not refused: a 200-byte stop
    /// name decorates its leg cut to 128 bytes with "…", between two characters.
    @Test func aLongStopNameIsShortened() throws {
        let name = String(repeating: "가", count: 70)  // 210 bytes of UTF-8
        let body = #"{"plan": {"itineraries": [{"legs": [{"mode": "BUS", "duration": 600, "from": {"name": ""# + name + #""}}]}]}}"#
        let request = try PlannerDecodingTests.decode(Array(body.utf8))
        let from = try #require(request.routes[0].subPaths[0].card?.from)
        #expect(from == String(repeating: "가", count: 41) + "…")
        #expect(from.utf8.count <= RouteBarRequest.maxNameBytes)
        // Our own shape keeps its strict refusal.
        let ours = #"{"width": 343, "routes": [{"subPaths": [{"mode": "bus", "seconds": 60, "name": ""# + name + #""}]}]}"#
        #expect((#expect(throws: RouteBarInputError.self) { try PlannerDecodingTests.decode(Array(ours.utf8)) })?.type == .tooLong)
    }
}

extension PlannerNormalisationTests {
    /// Each planner's mode names live in its folder; no name means two modes across them, and
    /// every one of them is found.
    @Test func modeTablesAgree() {
        var seen: [String: TransitMode] = [:]
        for list in PlannerMode.allNames {
            for (mode, names) in list {
                for name in names {
                    let key = PlannerMode.key(name)
                    #expect(seen[key] == nil || seen[key] == mode, "\(name) is \(mode) and \(seen[key].map { "\($0)" } ?? "")")
                    seen[key] = mode
                    #expect(PlannerMode.named(name) == mode, "\(name)")
                }
            }
        }
        #expect(PlannerMode.named("Train de banlieue / RER") == .train)
        #expect(PlannerMode.named("HIGH_SPEED_TRAIN") == .train)
        #expect(PlannerMode.named("hovercraft") == nil)
        #expect(!OpenTripPlannerAdapter.modeNames.isEmpty && !TMAPAdapter.modeNames.isEmpty)
    }

    /// MOTIS's `METRO` (API v1 to v4) is suburban rail, in its answers alone: KDE's
    /// trip-alerts recording has Helsinki's commuter train U as `METRO`. Navitia's and
    /// Transmodel's metro stays a subway.
    @Test func aNameAPlannerMeansOtherwiseIsReadSoInItsAnswersAlone() throws {
        #expect(PlannerMode.named("METRO", in: .motis) == .train)
        #expect(PlannerMode.named("METRO", in: .navitia) == .subway && PlannerMode.named("metro") == .subway)
        #expect(PlannerMode.named("SUBWAY", in: .motis) == .subway)
        let body =
            #"{"itineraries": [{"startTime": "2025-05-27T15:07:00Z", "endTime": "2025-05-27T15:49:00Z", "legs": [{"mode": "METRO", "#
            + #""startTime": "2025-05-27T15:07:00Z", "endTime": "2025-05-27T15:49:00Z", "scheduledStartTime": "2025-05-27T15:07:00Z", "#
            + #""routeShortName": "U", "duration": 2520}]}]}"#
        let request = try PlannerRecognitionTests.decode(body)
        #expect(request.shape == .planner(.motis))
        #expect(request.routes.first?.subPaths.map(\.mode) == [.train])
    }

    /// MOTIS 2's street modes (its openapi.yaml `Mode`) are drives, not rides of an unknown
    /// mode: a car to a car park is not counted as a transfer.
    @Test func motisStreetModesAreDrives() throws {
        let legs = ["CAR_PARKING", "WALK", "BUS", "CAR_DROPOFF", "RIDE_SHARING", "HGV"].enumerated().map { index, mode in
            let start = "2025-05-27T15:\(10 + index * 5):00Z", end = "2025-05-27T15:\(14 + index * 5):00Z"
            return #"{"mode": "\#(mode)", "startTime": "\#(start)", "endTime": "\#(end)", "scheduledStartTime": "\#(start)", "duration": 240}"#
        }
        let body = #"{"itineraries": [{"legs": [\#(legs.joined(separator: ", "))]}]}"#
        let route = try #require(try PlannerRecognitionTests.decode(body).routes.first)
        let modes = route.subPaths.filter { $0.mode != .wait }.map(\.mode)
        #expect(modes == [.car, .walk, .bus, .car, .car, .car])
    }
}

/// Never a silent answer: a body is a planner's by its whole signature, and a planner's error
/// says what it means for an app.
@Suite struct PlannerRecognitionTests {
    static func decode(_ body: String, _ query: [String: String] = [:]) throws(RouteBarInputError) -> RouteBarRequest {
        var query = query
        query["width"] = query["width"] ?? "343"
        return try RouteBarRequest(json: Array(body.utf8)) { query[$0] }
    }

    static func problem(_ body: String, _ query: [String: String] = [:]) -> RouteBarInputError? {
        do {
            _ = try decode(body, query)
            return nil
        } catch {
            return error
        }
    }

    /// Only what no signature names is skimmed (and so read twice when the body is refused): a
    /// body of values the signatures name, such as a megabyte of `0` legs, is read once.
    @Test func valuesTheSignaturesNameAreNotSkimmed() {
        func skimmed(_ body: String) -> Bool {
            Array(body.utf8).withUnsafeBufferPointer { PlannerSketch($0, tree: PlannerRecognition.compiled.tree).skimmed }
        }
        #expect(!skimmed(#"{"plan": {"itineraries": [{"legs": [0, 0, "x", null]}]}}"#))
        #expect(skimmed(#"{"plan": {"itineraries": [{"legs": [{"mode": "BUS", "geometry": {"points": "abc"}}]}]}}"#))
        #expect(skimmed(#"{"foo": [0]}"#))
    }

    /// Recognition passes what no signature names without validating it (`skimValue`); bad JSON
    /// there still wins over everything else, whatever the body turns out to be: our own shape
    /// with a member of its own, a planner's answer (read again strictly), no shape at all, a
    /// `?source=` it does not fit, or a bad value of ours.
    @Test(arguments: [
        (#"{"width": 343, "routes": [ROUTE], "meta": {"a": [1, 2, x]}}"#, RouteBarInputError.ProblemType.malformedJSON, [:]),
        (#"{"width": 343, "routes": [ROUTE], "meta": {"a": 1, "a": 2}}"#, .duplicateMember, [:]),
        (#"{"width": 343, "routes": [ROUTE], "meta": "\q"}"#, .malformedJSON, [:]),
        (#"{"routes": [ROUTE], "meta": "\#u{01}"}"#, .malformedJSON, [:]),
        (#"{"width": -1, "routes": [ROUTE], "meta": [1,]}"#, .malformedJSON, [:]),
        (#"{"plan": {"itineraries": [{"legs": [{"mode": "BUS", "duration": 60, "x": [1 2]}]}]}}"#, .malformedJSON, [:]),
        (#"{"foo": {"a": tru}}"#, .malformedJSON, [:]),
        (#"{"foo": {"a": "\#u{01}"}}"#, .malformedJSON, [:]),
        (#"{"plan": {"x": [1, }}"#, .malformedJSON, ["source": "otp"]),
        ("{\"foo\": " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}", .tooDeep, [:]),
    ])
    func badJSONInWhatRecognitionSkimsIsRefused(body: String, type: RouteBarInputError.ProblemType, query: [String: String]) {
        let problem = Self.problem(body.replacingOccurrences(of: "ROUTE", with: Samples.seedRouteJSON), query)
        #expect(problem?.type == type, "\(body.prefix(60))")
        #expect(problem?.type.status == 400)
    }

    @Test(arguments: [
        #"{"data":{"foo":1}}"#, #"{"data":{"trip":{"x":[]}}}"#, #"{"plan":{"foo":[]}}"#,
        #"{"journeys":[{"legs":[{"foo":1}]}]}"#, #"{"data":{"viewer":{"foo":1}}}"#,
    ])
    func aBodyThatIsNoPlannersIsRefused(body: String) throws {
        let problem = try #require(Self.problem(body), "\(body) was laid out")
        #expect(problem.type.status == 422 && problem.type != .plannerError, "\(body): \(problem)")
    }

    /// EFA's journeys (Transport for NSW's rapidJSON) have `legs` but none of hafas-client's
    /// leg members: EFA's, never read as hafas-client's with every leg `other`.
    @Test func efaJourneysAreNotHafasClients() throws {
        let body = #"""
            {"version": "10.6.14.22", "systemMessages": [], "journeys": [{"rating": 0, "isAdditional": false, "interchanges": 0,
             "legs": [{"duration": 2640, "origin": {"id": "214710", "name": "Seven Hills Station",
                       "departureTimePlanned": "2024-09-10T08:00:00Z", "departureTimeEstimated": "2024-09-10T08:01:00Z"},
                       "destination": {"id": "200070", "name": "Town Hall Station", "arrivalTimePlanned": "2024-09-10T08:44:00Z"},
                       "transportation": {"disassembledName": "T1", "product": {"class": 1, "name": "Sydney Trains Network"}}}]}]}
            """#
        #expect(try Self.decode(body).shape == .planner(.efa))
        #expect(Self.problem(body, ["source": "hafas"])?.type == .unknownShape, "?source= is checked against its planner's signature")
    }

    /// Entur's Transmodel answer to KDE KPublicTransport's query, which renames its members to
    /// OpenTripPlanner's (`plan: trip`, `itineraries: tripPatterns`, `startTime:
    /// aimedStartTime`) beside `expectedStartTime`: read as OpenTripPlanner's, its planned
    /// `startTime` was taken for the forecast and a reachable metro said `reachable: false`.
    /// Refused as Transmodel's answer under a query's names, pointing at the first leg with
    /// Transmodel's times (KDE's no-entur-journey input), with or without `?source=transmodel`;
    /// `?source=otp` is told the member no OpenTripPlanner answer has.
    @Test func transmodelRenamedToOpenTripPlannersNamesIsRefused() throws {
        let body = #"""
            {"plan": {"itineraries": [{"startTime": "2020-01-12T13:20:00+0100", "endTime": "2020-01-12T13:40:17+0100", "legs": [
             {"startTime": "2020-01-12T13:20:00+0100", "endTime": "2020-01-12T13:29:17+0100", "mode": "foot", "realTime": false},
             {"startTime": "2020-01-12T13:27:00+0100", "endTime": "2020-01-12T13:38:00+0100", "realTime": true,
              "expectedStartTime": "2020-01-12T13:29:17+0100", "expectedEndTime": "2020-01-12T13:40:17+0100", "mode": "metro",
              "line": {"shortName": "4", "name": "Vestli - Bergkrystallen", "presentation": {"color": "EC700C"}}}]}]}}
            """#
        let problem = try #require(Self.problem(body))
        #expect(problem.type == .unknownShape && problem.pointer == "/plan/itineraries/0/legs/1/expectedStartTime")
        let aliased = "the body is OpenTripPlanner Transmodel's answer (legs with its expected and aimed times) under names a query's aliases"
        #expect(problem.detail.hasPrefix(aliased), "\(problem.detail)")
        #expect(problem.detail.contains("ask for trip.tripPatterns[].legs[] under the names the API gives them"))
        let transmodel = try #require(Self.problem(body, ["source": "transmodel"]))
        #expect(transmodel.type == .unknownShape && transmodel.detail.hasPrefix(aliased) && transmodel.parameter == "source")
        let renamed = "plan.itineraries[].legs[].expectedStartTime, which no such answer has"
        let named = try #require(Self.problem(body, ["source": "otp"]))
        #expect(named.type == .unknownShape)
        #expect(named.detail.contains("it has \(renamed)"), "\(named.detail)")
        // Without the renamed member, the same legs are OpenTripPlanner's.
        let expected = #""expectedStartTime": "2020-01-12T13:29:17+0100", "expectedEndTime": "2020-01-12T13:40:17+0100", "#
        let plain = body.replacingOccurrences(of: expected, with: "")
        #expect(try Self.decode(plain).shape == .planner(.otp))
    }

    /// A body no shape's signature holds is refused at what lacks the closest shape's member:
    /// a Routes API answer asked without `routes.legs.steps.travelMode` in its field mask
    /// (a saved app's answer, whose steps hold `transitDetails` alone), at its first step.
    @Test func anUnknownShapePointsAtWhatLacksTheMember() throws {
        let body = #"{"routes": [{"legs": [{"duration": "600s", "steps": [{"staticDuration": "600s", "transitDetails": {"stopCount": 3}}]}]}]}"#
        let problem = try #require(Self.problem(body))
        #expect(problem.type == .unknownShape && problem.pointer == "/routes/0/legs/0/steps/0")
        #expect(problem.detail.contains("closest to Google's (google), but has no routes[].legs[].steps[].travelMode"))
    }

    /// A Directions answer whose leg was cut down to its addresses (google-maps-services-java's
    /// GetDirectionsResponse fixture): with `geocoded_waypoints` it is Google's, and the leg
    /// without steps is refused as such, not as a route with nothing to draw.
    @Test func aGoogleLegWithoutStepsIsRefusedAtTheLeg() throws {
        let body =
            #"{"geocoded_waypoints": [], "status": "OK", "routes": [{"legs": [{"start_address": "Sydney NSW, Australia", "end_address": "Melbourne VIC, Australia"}]}]}"#
        let problem = try #require(Self.problem(body, ["source": "google"]))
        #expect(problem.type == .missingField && problem.pointer == "/routes/0/legs/0", "\(problem)")
        #expect(problem.detail.contains("no steps"))
        let stepless = #"{"geocoded_waypoints": [], "status": "OK", "routes": [{"legs": [{"steps": []}]}]}"#
        #expect(Self.problem(stepless, ["source": "google"])?.pointer == "/routes/0/legs/0")
        // After a route that is drawn, by its signature alone: pointed at the second route's leg.
        let second =
            #"{"status": "OK", "routes": [{"legs": [{"steps": [{"travel_mode": "WALKING", "duration": {"value": 200}}]}]}, {"legs": [{"start_address": "Sydney"}]}]}"#
        #expect(Self.problem(second)?.pointer == "/routes/1/legs/0")
    }

    /// Pointers through names a body chose (`*`: GraphQL aliases) are escaped (RFC 6901), and
    /// lead to the first element that has the member, or to the deepest value on the way.
    @Test func aSignaturesPathIsFoundInTheBody() {
        func pointer(_ path: String, _ body: String) -> String {
            Array(body.utf8).withUnsafeBufferPointer { PlannerRecognition.pointer(to: path, in: $0) }
        }
        let body = #"{"data": {"a/b~": {"itineraries": [{"legs": [{"mode": "BUS"}]}, {"legs": [{"x": 1}, {"expectedStartTime": "t"}]}]}}}"#
        #expect(pointer("data.*.itineraries[].legs[].expectedStartTime", body) == "/data/a~1b~0/itineraries/1/legs/1/expectedStartTime")
        #expect(pointer("data.*.itineraries[].legs[].duration", body) == "/data/a~1b~0/itineraries/0/legs/0")
        #expect(pointer("plan.itineraries", body) == "")
        #expect(pointer("data.*.itineraries[].legs[].mode", "{\"data\": []}") == "/data")
    }

    /// MOTIS's `/api/v1/trip` answer is one itinerary as the body (KDE KPublicTransport's
    /// motis2/trip-alerts): MOTIS's, by its legs' timetable times, not OpenTripPlanner's, and
    /// `?source=motis` reads it.
    @Test func aMOTISTripIsMOTISs() throws {
        let body = #"""
            {"duration": 600, "startTime": "2025-02-05T08:01:00Z", "endTime": "2025-02-05T08:11:00Z", "transfers": 0, "legs": [
             {"mode": "METRO", "from": {"name": "Marienplatz", "track": "2"}, "to": {"name": "Odeonsplatz"}, "duration": 600,
              "startTime": "2025-02-05T08:01:00Z", "endTime": "2025-02-05T08:11:00Z",
              "scheduledStartTime": "2025-02-05T08:00:00Z", "scheduledEndTime": "2025-02-05T08:10:00Z", "realTime": true,
              "routeShortName": "U3"}]}
            """#
        for query in [[:], ["source": "motis"]] {
            let request = try Self.decode(body, query)
            #expect(request.shape == .planner(.motis), "\(query)")
            #expect(request.routes.first?.subPaths.first?.line?.shortName == "U3")
        }
        let otp = body.replacingOccurrences(of: #""scheduledStartTime": "2025-02-05T08:00:00Z", "#, with: "")
        #expect(try Self.decode(otp).shape == .planner(.otp), "without MOTIS's own member, the bare itinerary is OpenTripPlanner's")
    }

    /// hafas-client's `refreshJourney()` answers `{"journey": …, "realtimeDataUpdatedAt": …}`
    /// (db-vendo-client's dbweb-refresh-journey fixture): the journey under `journey` is read as
    /// one in `journeys`, and its problems point into it.
    @Test func hafasClientsRefreshedJourneyIsRead() throws {
        let leg =
            #"{"origin":{"type":"stop","name":"Berlin Hbf"},"destination":{"type":"stop","name":"Dortmund Hbf"},"#
            + #""departure":"2024-12-18T00:24:00+01:00","plannedDeparture":"2024-12-18T00:22:00+01:00","departureDelay":120,"#
            + #""arrival":"2024-12-18T05:21:00+01:00","plannedArrival":"2024-12-18T05:21:00+01:00","#
            + #""line":{"type":"line","name":"ICE 101","product":"nationalExpress","mode":"train"}}"#
        let body = #"{"journey":{"type":"journey","legs":[\#(leg)],"price":{"amount":55.9,"currency":"EUR"}},"realtimeDataUpdatedAt":1734478000}"#
        let request = try Self.decode(body)
        #expect(request.shape == .planner(.hafas))
        #expect(request.routes.count == 1)
        #expect(request.routePointers == ["/journey"])
        #expect(request.routes.first?.subPaths.first?.line?.shortName == "ICE 101")
        #expect(request.routes.first?.card?.fareAmount == 55.9)
        let backwards = body.replacingOccurrences(of: "05:21:00+01:00\",\"plannedArrival", with: "00:10:00+01:00\",\"plannedArrival")
        #expect(Self.problem(backwards)?.pointer == "/journey/legs/0")
    }

    /// One Navitia journey sent alone (travel_comparator's SNCF example: the one a rider chose)
    /// is read as its route, with or without `?source=navitia`; it was refused as "closest to
    /// Google's" (for its `status`). A body with none of a journey's members, named Navitia's
    /// by `?source=`, gets what every Navitia answer has, not "none of its members".
    @Test func aPlannerNamedBySourceSaysWhatTheBodyLacks() throws {
        let journey = #"{"duration": 7380, "status": "", "sections": [{"type": "public_transport", "duration": 7380}]}"#
        for query in [[:], ["source": "navitia"]] {
            let request = try Self.decode(journey, query)
            #expect(request.shape == .planner(.navitia))
            #expect(request.routes.map(\.id) == [""] && request.routes.first?.subPaths.map(\.sectionTime) == [123])
        }
        let problem = try #require(Self.problem(#"{"duration": 7380, "status": ""}"#, ["source": "navitia"]))
        #expect(problem.type == .unknownShape)
        #expect(problem.detail.contains("it has no journeys, which every such answer has"), "\(problem.detail)")
    }

    /// One HERE route sent as the whole body is read as its route; it was told it is "closest
    /// to Navitia's" once a Navitia journey alone was read.
    @Test func oneHERERouteAsTheBodyIsRead() throws {
        let route =
            #"{"id": "R1", "sections": [{"id": "S1", "type": "pedestrian", "departure": {"time": "2024-01-01T10:00:00+01:00"}, "#
            + #""arrival": {"time": "2024-01-01T10:05:00+01:00"}, "transport": {"mode": "pedestrian"}}, {"id": "S2", "type": "transit", "#
            + #""departure": {"time": "2024-01-01T10:05:00+01:00"}, "arrival": {"time": "2024-01-01T10:25:00+01:00"}, "#
            + #""transport": {"mode": "bus", "name": "7"}}]}"#
        let request = try Self.decode(route)
        #expect(request.shape == .planner(.here))
        #expect(request.routes.map(\.id) == [""])
        #expect(request.routes.first?.subPaths.map(\.mode) == [.walk, .bus])
        #expect(request.routes.first?.subPaths.map(\.sectionTime) == [5, 20])
    }

    /// A body of several plans (digitransit-ui queries `walkPlan`, `bikePlan`… by aliases in one
    /// request) lays out every itinerary in the body's order, each route's id saying which plan
    /// it came from.
    @Test func theRoutesOfSeveralAliasedPlansSayWhichPlanTheyCameFrom() throws {
        let walk = #"{"legs": [{"mode": "WALK", "startTime": 1700000000000, "endTime": 1700003300000}]}"#
        let bus =
            #"{"legs": [{"mode": "WALK", "startTime": 1700000000000, "endTime": 1700000300000}, {"mode": "BUS", "startTime": 1700000300000, "endTime": 1700000900000, "route": {"shortName": "550"}}]}"#
        let request = try Self.decode(
            #"{"data": {"walkPlan": {"itineraries": ["# + walk + #"]}, "transitPlan": {"itineraries": ["# + bus + "," + bus + "]}}}")
        #expect(request.shape == .planner(.otp))
        #expect(request.routes.map(\.id) == ["/data/walkPlan/itineraries/0", "/data/transitPlan/itineraries/0", "/data/transitPlan/itineraries/1"])
        #expect(request.routes.map { $0.subPaths.map(\.mode) } == [[.walk], [.walk, .bus], [.walk, .bus]])
    }

    /// Digitransit's relay envelope lays out as the same itineraries as the plan without it.
    @Test func digitransitsRelayEnvelopeIsRead() throws {
        let plan =
            #"{"plan": {"itineraries": [{"legs": [{"mode": "WALK", "startTime": 1700000000000, "endTime": 1700000300000}, {"mode": "BUS", "startTime": 1700000300000, "endTime": 1700000900000, "route": {"shortName": "550"}}]}]}}"#
        let bare = try Self.decode(plan)
        let relayed = try Self.decode(#"{"data": {"viewer": "# + plan + "}}")
        #expect(bare.routes.count == 1 && relayed.routes.withoutIDs == bare.routes.withoutIDs)
        #expect(bare.routes[0].id == "/plan/itineraries/0" && relayed.routes[0].id == "/data/viewer/plan/itineraries/0")
        #expect(relayed.shape == .planner(.otp))
    }

    /// A planner's empty list is its "no route", and the answer says so.
    @Test func anEmptyListIsNoRouteWithANotice() throws {
        let request = try Self.decode(#"{"plan": {"itineraries": []}}"#)
        #expect(request.routes.isEmpty && request.plannerNotice == "OpenTripPlanner's answer lists no itinerary")
    }

    @Test(
        arguments: [
            (#"{"error": "Unauthorized", "error_description": "apiKey invalid. apiKey not found."}"#, [:], "unauthorized", "Unauthorized"),
            (
                #"{"error": "Too Many Requests", "error_description": "Rate limit for this service has been reached"}"#, [:], "rate-limited",
                "Too Many Requests"
            ),
            (
                #"{"title": "Invalid input parameters", "status": 400, "code": "E602000", "cause": "'origin': value is out of range", "action": "Adjust input parameters", "correlationId": "b688b6ac"}"#,
                [:], "invalid-request", "E602000"
            ),
            (
                #"{"status": "OVER_QUERY_LIMIT", "error_message": "You have exceeded your rate-limit.", "routes": []}"#, [:], "rate-limited",
                "OVER_QUERY_LIMIT"
            ),
            (
                #"{"status": "REQUEST_DENIED", "error_message": "The provided API key is invalid.", "routes": []}"#, [:], "unauthorized",
                "REQUEST_DENIED"
            ),
            (
                #"{"error": {"id": "date_out_of_bounds", "message": "date is not in data production period"}}"#, [:], "invalid-request",
                "date_out_of_bounds"
            ),
            (#"{"errors": [{"message": "Incomplete route description."}]}"#, [:], "invalid-request", nil),
            (#"{"errors": [{"message": "Incomplete route description."}]}"#, ["plannerStatus": "503"], "planner-failure", nil),
            (
                #"{"requestParameters": {}, "error": {"id": 500, "msg": "We're sorry. The trip planner is temporarily unavailable."}}"#, [:],
                "planner-failure", "500"
            ),
        ] as [(String, [String: String], String, String?)])
    func plannerErrorsSayWhatTheyMean(body: String, query: [String: String], reason: String, code: String?) throws {
        let problem = try #require(Self.problem(body, query))
        #expect(problem.type == .plannerError, "\(problem)")
        #expect(problem.reason?.rawValue == reason && problem.plannerCode == code, "\(body): \(problem)")
        #expect(problem.plannerMessage?.isEmpty == false)
    }

    /// HAFAS REST's (ResRobot's) trips: every leg laid out with its own minutes (its ISO 8601
    /// `duration`), rides with a mode, `WALK` and `TRSF` as walks; computed here from the raw
    /// recording with Foundation.
    @Test func hafasRESTTripsLayOutAsTheirLegsSay() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/resrobot21-trafiklab-phpsdk-solna-malmo.json")
        let data = try Data(contentsOf: url)
        let request = try Self.decode(String(decoding: data, as: UTF8.self), ["timeZone": "Europe/Stockholm"])
        #expect(request.shape == .planner(.hafasREST))
        let trips = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["Trip"] as? [[String: Any]])
        #expect(request.routes.count == trips.count && trips.count == 6)
        for (route, trip) in zip(request.routes, trips) {
            let list = (trip["LegList"] as? [String: Any])?["Leg"]
            let legs = list as? [[String: Any]] ?? [list as? [String: Any]].compactMap { $0 }
            let drawn = route.subPaths.filter { $0.mode != .wait }
            #expect(drawn.count == legs.count)
            for (subPath, leg) in zip(drawn, legs) {
                // "PT6H39M": hours and minutes, read here without routebar's parser.
                let duration = try #require(leg["duration"] as? String)
                var (minutes, digits) = (0.0, "")
                for character in duration.dropFirst(2) {
                    if character.isNumber {
                        digits.append(character)
                    } else {
                        minutes += (Double(digits) ?? 0) * (character == "H" ? 60 : 1)
                        digits = ""
                    }
                }
                #expect(abs(subPath.sectionTime - minutes) < 1, "\(leg["name"] ?? "") \(duration)")
                let type = leg["type"] as? String
                #expect(type == "JNY" ? subPath.mode != .other && subPath.mode != .walk : subPath.mode == .walk, "\(leg["name"] ?? "")")
            }
        }
        let first = try #require(request.routes.first)
        #expect(first.subPaths.first?.line?.shortName == "41" && first.subPaths.first?.color == "#B71766")
        #expect(first.subPaths.last?.mode == .train, "Nattåg is a train")
    }

    @Test func hafasRESTOutcomes() throws {
        let auth = try #require(Self.problem(#"{"errorCode": "API_AUTH", "errorText": "access denied for 'key' on 'service' "}"#))
        #expect(auth.type == .plannerError && auth.reason == .unauthorized && auth.plannerCode == "API_AUTH")
        let none = try Self.decode(#"{"errorCode": "SVC_NO_RESULT", "errorText": "No trips found"}"#)
        #expect(none.routes.isEmpty && none.plannerNotice == "No trips found" && none.shape == .planner(.hafasREST))
        // One leg is written as the object itself, not a list.
        let one = try Self.decode(
            #"""
            {"Trip": [{"LegList": {"Leg": {"type": "JNY", "duration": "PT12M", "Product": {"catOutL": "Tunnelbana", "line": "17"},
             "Origin": {"name": "Odenplan", "date": "2024-05-18", "time": "10:00:00"},
             "Destination": {"name": "T-Centralen", "date": "2024-05-18", "time": "10:12:00"}}}}]}
            """#)
        #expect(one.routes.count == 1 && one.routes[0].subPaths.map(\.mode) == [.subway] && one.routes[0].subPaths[0].sectionTime == 12)
    }

    /// One HAFAS REST trip sent as the whole body (the one a rider chose, as an app keeps it)
    /// is read as the same trip in `Trip[]` is, in the zone `?timeZone=` names; its route is
    /// the body's root.
    @Test func oneHAFASRESTTripAsTheBodyIsReadAsInItsList() throws {
        let (bytes, _) = try PlannerAdapterTests.sample("resrobot21-trafiklab-phpsdk-solna-malmo.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let trips = try #require(json["Trip"] as? [[String: Any]])
        let zone = ["timeZone": "Europe/Stockholm"]
        let whole = try Self.decode(String(decoding: bytes, as: UTF8.self), zone)
        for (index, trip) in trips.enumerated() {
            let alone = try Self.decode(String(decoding: JSONSerialization.data(withJSONObject: trip), as: UTF8.self), zone)
            #expect(alone.shape == .planner(.hafasREST))
            var listed = whole.routes[index]
            #expect(listed.id == "/Trip/\(index)" && alone.routes.first?.id == "")
            listed.id = ""
            #expect(alone.routes == [listed], "trip \(index)")
        }
        let problem = try #require(Self.problem(#"{"LegList": {"Leg": [{"type": "JNY"}]}}"#))
        #expect(problem.type == .unknownShape && problem.pointer == "/LegList/Leg/0")
    }

    /// transport.opendata.ch's messages begin with what went wrong (its `API.php`): its source
    /// failing is the planner's failure, not the request's (OpendataCH/Transport's recorded
    /// `response_500.json`); a route it could not read stays the request's.
    @Test(arguments: [
        (
            "Invalid JSON from timetable.search.ch: 500 Internal Server Error\n", PlannerErrorReason.plannerFailure,
            String?("Invalid JSON from timetable.search.ch")
        ),
        ("Server error from timetable.search.ch: 503 Service Unavailable", .plannerFailure, "Server error from timetable.search.ch"),
        ("Rate limit of 3 requests per second exceeded", .rateLimited, "Rate limit"),
        ("Error from timetable.search.ch: Incomplete route description.", .invalidRequest, nil),
        ("Maximal value of argument `limit` is 16.", .invalidRequest, nil),
    ])
    func opendataCHErrorsByTheirWords(message: String, reason: PlannerErrorReason, code: String?) throws {
        let body = try String(decoding: JSONSerialization.data(withJSONObject: ["errors": [["message": message]]]), as: UTF8.self)
        let problem = try #require(Self.problem(body))
        #expect(problem.type == .plannerError && problem.planner == "transport.opendata.ch")
        #expect(problem.reason == reason && problem.plannerCode == code)
    }

    /// TfL's disambiguation (HTTP 300) lists the places it offers, each whole.
    @Test func tflsDisambiguationIsAnAmbiguousPlaceWithItsOptions() throws {
        let body = #"""
            {"$type": "Tfl.Api.Presentation.Entities.JourneyPlanner.DisambiguationResult, Tfl.Api.Presentation.Entities",
             "toLocationDisambiguation": {"disambiguationOptions": [
               {"parameterValue": "1000266", "place": {"commonName": "King's Cross St. Pancras Underground Station"}, "matchQuality": 1000},
               {"parameterValue": "1001171", "place": {"commonName": "King's Cross Railway Station"}, "matchQuality": 900}],
              "matchStatus": "list"},
             "fromLocationDisambiguation": {"matchStatus": "identified"}, "recommendedMaxAgeMinutes": 1440}
            """#
        let problem = try #require(Self.problem(body))
        #expect(problem.type == .plannerError && problem.reason == .ambiguousPlace)
        #expect(
            problem.options == [
                PlannerPlaceOption(end: "to", name: "King's Cross St. Pancras Underground Station", id: "1000266"),
                PlannerPlaceOption(end: "to", name: "King's Cross Railway Station", id: "1001171"),
            ])
    }

    @Test func plannerStatusIsAnHTTPStatus() throws {
        #expect(Self.problem(#"{"errors": [{"message": "x"}]}"#, ["plannerStatus": "abc"])?.parameter == "plannerStatus")
        #expect(Self.problem(#"{"errors": [{"message": "x"}]}"#, ["plannerStatus": "99"])?.parameter == "plannerStatus")
    }

    /// Every code in an adapter's table is named in docs/planners.md's table of reasons.
    @Test func theDocsTableOfReasonsMatchesTheAdapters() throws {
        let docs = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/planners.md"),
            encoding: .utf8)
        let table = docs.components(separatedBy: "### What a planner's error means: `reason`")[1]
        for adapter in PlannerRegistry.adapters {
            let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("| \(adapter.title) |") }, "\(adapter.title)")
            for (code, reason) in adapter.errorReasons {
                #expect(row.contains("`\(code)`") && row.contains("`\(reason.rawValue)`"), "\(adapter.title): \(code)")
            }
            #expect(row.hasSuffix("| `\(adapter.unlistedErrorReason.rawValue)` |"), "\(adapter.title)'s unlisted reason")
        }
    }
}

/// Adding a planner is one folder and one registry line: no other source file names an
/// adapter's type or its `Planner` value, and the docs' tables have a row per adapter.
@Suite struct PlannerRegistryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized

    /// Every Swift file under Sources/, by path.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { path in
            (path, try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8))
        }
    }

    @Test func anAdapterIsNamedOutsideItsFolderOnlyByTheRegistry() throws {
        let files = try Self.swiftFiles()
        let registry = "RouteBarPlanners/PlannerAdapter.swift"
        for adapter in PlannerRegistry.adapters {
            let type = String(describing: adapter)
            let declaration = try #require(files.first { $0.path.hasSuffix("/\(type).swift") }, "\(type) has a file of its own")
            let folder = declaration.path.components(separatedBy: "/").dropLast().joined(separator: "/") + "/"
            #expect(
                folder.hasPrefix("RouteBarPlanners/") && folder.split(separator: "/").count == 2
                    && !["RouteBarPlanners/Shared/", "RouteBarPlanners/Input/"].contains(folder), "\(type) in \(folder)")
            let value = "." + adapter.planner.rawValue
            // The client mirrors the names for apps, checked against the registry by ClientVocabularyTests.
            for file in files where !file.path.hasPrefix(folder) && !file.path.hasPrefix("RouteBarClient/") {
                let code = file.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                let namesType = code.contains { $0.contains(type) }
                #expect(!namesType || file.path == registry, "\(file.path) names \(type)")
                let namesValue = code.contains { line in
                    line.ranges(of: value).contains { range in
                        range.upperBound == line.endIndex || !(line[range.upperBound].isLetter || line[range.upperBound].isNumber)
                    }
                }
                #expect(!namesValue, "\(file.path) names Planner\(value)")
            }
        }
    }

    /// docs/planners.md's table of how each planner's answers are recognised has a row per adapter.
    @Test func theDocsRecogniseEveryAdapter() throws {
        let docs = try String(contentsOf: Self.sources.appendingPathComponent("../docs/planners.md"), encoding: .utf8)
        let table = docs.components(separatedBy: "## Which planner a body is")[1].components(separatedBy: "\n## ")[0]
        for adapter in PlannerRegistry.adapters {
            #expect(table.contains("(`\(adapter.planner.rawValue)`) |"), "\(adapter.title)")
        }
    }
}

/// OpenTripPlanner's Transmodel API (Entur): the recording's patterns, bare and in `data`.
@Suite struct TransmodelTests {
    @Test func tripPatternsLayOutWithAndWithoutData() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/otp2-transmodel-norway-otpdebugclient-2024.json")
        let data = try Data(contentsOf: url)
        let text = String(decoding: data, as: UTF8.self)
        let bare = try PlannerRecognitionTests.decode(text)
        let wrapped = try PlannerRecognitionTests.decode(#"{"data": "# + text + "}")
        #expect(bare.shape == .planner(.transmodel) && wrapped.shape == .planner(.transmodel))
        #expect(bare.routes.withoutIDs == wrapped.routes.withoutIDs)
        #expect(bare.routes.map(\.id) == bare.routes.indices.map { "/trip/tripPatterns/\($0)" })
        #expect(wrapped.routes.map(\.id) == bare.routes.indices.map { "/data/trip/tripPatterns/\($0)" })
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let patterns = try #require((json["trip"] as? [String: Any])?["tripPatterns"] as? [[String: Any]])
        #expect(bare.routes.count == patterns.count && patterns.count == 12)
        for (route, pattern) in zip(bare.routes, patterns) {
            let legs = try #require(pattern["legs"] as? [[String: Any]])
            let drawn = route.subPaths.filter { $0.mode != .wait }
            #expect(drawn.count == legs.count)
            for (subPath, leg) in zip(drawn, legs) {
                // Minutes within a minute of the planner's own seconds; foot is a walk, no ride `other`.
                let seconds = try #require(leg["duration"] as? Double)
                #expect(abs(subPath.sectionTime - seconds / 60) < 1)
                #expect(leg["mode"] as? String == "foot" ? subPath.mode == .walk : subPath.mode != .other && subPath.mode != .walk)
                if let code = (leg["line"] as? [String: Any])?["publicCode"] as? String { #expect(subPath.line?.shortName == code) }
            }
        }
        let none = try PlannerRecognitionTests.decode(
            #"{"data": {"trip": {"tripPatterns": [], "routingErrors": [{"code": "noTransitConnection", "description": "No transit connection was found"}]}}}"#
        )
        #expect(none.routes.isEmpty && none.plannerNotice == "No transit connection was found")
    }
}

/// EFA (Transport for NSW): every journey laid out, each ride with its line and mode, each leg's
/// minutes its `duration`, footpaths as walks; its error system message is the planner's error.
@Suite struct EFATests {
    @Test func journeysLayOutAsTheirLegsSay() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/efa-tfnsw-krail-sevenhills-townhall.json")
        let data = try Data(contentsOf: url)
        let request = try PlannerRecognitionTests.decode(String(decoding: data, as: UTF8.self))
        #expect(request.shape == .planner(.efa))
        let journeys = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["journeys"] as? [[String: Any]])
        #expect(request.routes.count == journeys.count && journeys.count == 6)
        for (route, journey) in zip(request.routes, journeys) {
            let legs = try #require(journey["legs"] as? [[String: Any]])
            let drawn = route.subPaths.filter { $0.mode != .wait }
            #expect(drawn.count == legs.count)
            for (subPath, leg) in zip(drawn, legs) {
                let seconds = try #require(leg["duration"] as? Double)
                #expect(abs(subPath.sectionTime - seconds / 60) < 1)
                let transportation = try #require(leg["transportation"] as? [String: Any])
                let productClass = (transportation["product"] as? [String: Any])?["class"] as? Int
                #expect([99, 100].contains(productClass ?? 100) ? subPath.mode == .walk : subPath.mode != .other && subPath.mode != .walk)
                if let line = transportation["disassembledName"] as? String { #expect(subPath.line?.shortName == line) }
            }
        }
        #expect(request.routes[0].subPaths.map(\.mode) == [.train], "the T1 is a train")
    }

    /// `stopSequence` lists "all stops that are made for this leg" (TfNSW's schema, as Krail
    /// transcribes it), the ones a train runs through without a time: those are not counted. In
    /// the recording the T1 from Seven Hills lists 18 stops between, 8 of them without times.
    @Test func stopsARideRunsThroughAreNotCounted() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/efa-tfnsw-krail-sevenhills-townhall.json")
        let data = try Data(contentsOf: url)
        let request = try PlannerRecognitionTests.decode(String(decoding: data, as: UTF8.self))
        let journeys = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["journeys"] as? [[String: Any]])
        let legs = try #require(journeys[0]["legs"] as? [[String: Any]])
        let sequence = try #require(legs[0]["stopSequence"] as? [[String: Any]])
        let timed = sequence.dropFirst().dropLast().filter { $0["departureTimePlanned"] is String || $0["arrivalTimePlanned"] is String }
        #expect(sequence.count == 20 && timed.count == 10)
        #expect(request.routes[0].subPaths[0].card?.facts.stops == timed.count + 1)
    }

    /// A ride's `footPathInfo` walk (`AFTER` it, where no footpath leg follows) is drawn as a
    /// walk of its `duration` in the gap after the ride, the rest of the gap a wait: in Krail's
    /// recording, bus M90 arrives 07:34:12 and folds in 120 s, train T2 leaves 07:42:30; bus 715
    /// arrives 08:43 and folds in 240 s, the metro leaves 08:51:54. A transfer that names no
    /// walk's duration (`interchange` alone, T2 to T1 at Granville) stays a wait.
    @Test func aWalkARideFoldsInIsAWalk() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/efa-tfnsw-krail-multiple-legs.json")
        let data = try Data(contentsOf: url)
        let request = try PlannerRecognitionTests.decode(String(decoding: data, as: UTF8.self))
        let route = try #require(request.routes.first)
        let legs = route.subPaths.map { "\($0.mode.rawValue) \(Int(($0.sectionTime * 60).rounded()))" }
        #expect(
            legs == [
                "walk 480", "bus 372", "walk 120", "wait 378", "train 1302", "wait 300", "train 798", "wait 450", "bus 780", "walk 240",
                "wait 294", "subway 612",
            ])
        let journey = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["journeys"] as? [[String: Any]])
        let rideLegs = try #require(journey.first?["legs"] as? [[String: Any]])
        let folded = rideLegs.compactMap { ($0["footPathInfo"] as? [[String: Any]])?.first?["duration"] as? Double }
        #expect(folded == [120, 240], "the recording's own durations")
        // The walk leaves from where the bus arrives, when it arrives, for where the train leaves.
        let walk = route.subPaths[2]
        #expect(walk.card?.from == "Liverpool Station, Stand A, Liverpool" && walk.card?.departure == "2024-10-07T07:34:12Z")
        let train = try #require(rideLegs[2]["origin"] as? [String: Any])
        #expect(walk.card?.to == train["name"] as? String && walk.card?.to?.hasPrefix("Liverpool Station, Platform") == true)
    }

    /// Tickets of single rides are the rides' fare products; with no `ADULT` ticket over every
    /// ride the route has no fare (their sum would be a guess), and a ticket whose currency is
    /// not written as an ISO 4217 code is left out.
    @Test func ticketsOfSingleRidesAreNoRouteFare() throws {
        func leg(_ line: String, _ from: String, _ to: String) -> String {
            """
            {"duration": 600, "origin": {"departureTimePlanned": "\(from)"}, "destination": {"arrivalTimePlanned": "\(to)"},
             "transportation": {"disassembledName": "\(line)", "product": {"class": 5}}}
            """
        }
        func ticket(_ leg: Int, _ person: String, _ price: Double, _ currency: String = "AUD") -> String {
            #"{"name": "Opal tariff", "person": "\#(person)", "priceBrutto": \#(price), "currency": "\#(currency)", "fromLeg": \#(leg), "toLeg": \#(leg), "properties": {"riderCategoryName": "\#(person.capitalized)"}}"#
        }
        let body = """
            {"width": 343, "journeys": [{"legs": [\(leg("144", "2023-10-11T21:00:00Z", "2023-10-11T21:10:00Z")),
              \(leg("173X", "2023-10-11T21:12:00Z", "2023-10-11T21:22:00Z"))],
              "fare": {"tickets": [\(ticket(0, "ADULT", 2.24)), \(ticket(0, "CHILD", 1.12, "aud")), \(ticket(1, "ADULT", 1.29)),
                \(ticket(1, "CHILD", 0.64))]}}]}
            """
        let request = try PlannerRecognitionTests.decode(body)
        #expect(request.shape == .planner(.efa))
        let route = try #require(request.routes.first)
        #expect(route.card?.fareAmount == nil)
        let products = route.subPaths.filter { $0.mode != .wait }.map { $0.card?.facts.fareProducts ?? [] }
        #expect(
            products == [
                [FareProduct(name: "Opal tariff", riderCategory: "Adult", amount: 2.24, currency: "AUD")],
                [
                    FareProduct(name: "Opal tariff", riderCategory: "Adult", amount: 1.29, currency: "AUD"),
                    FareProduct(name: "Opal tariff", riderCategory: "Child", amount: 0.64, currency: "AUD"),
                ],
            ])
    }

    @Test func anErrorSystemMessageIsThePlannersError() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/errors/efa-sl-trafiklab-docs-stopfinder-systemMessages-error.json")
        let problem = try #require(PlannerRecognitionTests.problem(String(decoding: try Data(contentsOf: url), as: UTF8.self)))
        #expect(problem.type == .plannerError && problem.planner == "EFA" && problem.plannerCode == "-8011")
        #expect(problem.reason == .invalidRequest)
    }
}

/// bahn.de's web answer: each section laid out with its own seconds, rides with their mode and
/// name, at Germany's offset; the connection's price as its fare.
@Suite struct DBWebTests {
    /// db-vendo-client's `lib/request.js` throws on a `fehlerNachricht` with its `ueberschrift`
    /// and `text`, and its `code`; the code, the headline and the text here are made up.
    @Test func aFehlerNachrichtIsThePlannersError() throws {
        let body = #"{"fehlerNachricht": {"code": "MDA-TEST-1", "ueberschrift": "Keine Verbindung", "text": "Bitte Eingabe prüfen."}}"#
        let problem = try #require(PlannerRecognitionTests.problem(body))
        #expect(problem.type == .plannerError && problem.planner == "bahn.de" && problem.plannerCode == "MDA-TEST-1")
        #expect(problem.plannerMessage == "Keine Verbindung: Bitte Eingabe prüfen.")
        #expect(problem.reason == .plannerFailure)
        #expect(PlannerRecognitionTests.problem(body, ["plannerStatus": "400"])?.reason == .invalidRequest)
        #expect(PlannerRecognitionTests.problem(body, ["plannerStatus": "429", "source": "dbweb"])?.reason == .rateLimited)
        // Without any of its members, a `fehlerNachricht` is nobody's answer.
        #expect(PlannerRecognitionTests.problem(#"{"fehlerNachricht": {}}"#)?.type == .unknownShape)
    }

    @Test func connectionsLayOutAsTheirSectionsSay() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/dbweb-bahnde-dbvendoclient-refresh-berlin-dortmund.json")
        let data = try Data(contentsOf: url)
        let request = try PlannerRecognitionTests.decode(String(decoding: data, as: UTF8.self))
        #expect(request.shape == .planner(.dbweb))
        let connections = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["verbindungen"] as? [[String: Any]])
        #expect(request.routes.count == connections.count)
        for (route, connection) in zip(request.routes, connections) {
            let sections = try #require(connection["verbindungsAbschnitte"] as? [[String: Any]])
            let drawn = route.subPaths.filter { $0.mode != .wait }
            #expect(drawn.count == sections.count)
            for (subPath, section) in zip(drawn, sections) {
                let seconds = try #require(section["abschnittsDauer"] as? Double)
                #expect(abs(subPath.sectionTime - seconds / 60) < 1)
                let means = try #require(section["verkehrsmittel"] as? [String: Any])
                #expect(means["typ"] as? String == "PUBLICTRANSPORT" ? subPath.mode == .train : subPath.mode == .walk)
                #expect(subPath.line?.shortName == means["name"] as? String)
            }
        }
        #expect(request.routes.first?.card?.departure == "2024-12-18T00:22:00+01:00", "Germany's winter offset")
        // An app that sends its own zone with every planner's answer (MOTIS and EFA need it) gets
        // bahn.de's times where they are: Berlin's, as TfL's stay London's.
        for zone in ["Asia/Tokyo", "America/New_York"] {
            let sent = try PlannerRecognitionTests.decode(String(decoding: data, as: UTF8.self), ["timeZone": zone])
            #expect(sent.routes.map { $0.card?.departure } == request.routes.map { $0.card?.departure }, "\(zone)")
            #expect(sent.routes.map { $0.card?.arrival } == request.routes.map { $0.card?.arrival }, "\(zone)")
        }
    }

    /// A stop between the ends whose `risNotizen` cancel it is not called at (KDE's
    /// journey-transfer-extra-stop: Liège-Guillemins, "Stop cancelled", left ICE 17 at 6 stops,
    /// not 7); the stop where the rider alights still counts, and cancels the ride for them.
    @Test func aCancelledStopBetweenIsNotCounted() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/planners/dbweb-bahnde-dbvendoclient-refresh-berlin-dortmund.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var connections = try #require(json["verbindungen"] as? [[String: Any]])
        var sections = try #require(connections[0]["verbindungsAbschnitte"] as? [[String: Any]])
        let ride = try #require(sections.firstIndex { ($0["halte"] as? [Any])?.count ?? 0 >= 4 })
        var stops = try #require(sections[ride]["halte"] as? [[String: Any]])
        let before = try PlannerRecognitionTests.decode(String(decoding: JSONSerialization.data(withJSONObject: json), as: UTF8.self))
        let drawnBefore = before.routes[0].subPaths.filter { $0.mode != .wait }
        #expect(drawnBefore[ride].card?.facts.stops == stops.count - 1)
        let cancelled: [[String: Any]] = [["key": "text.realtime.stop.cancelled", "value": "Stop cancelled"]]
        stops[1]["risNotizen"] = cancelled
        stops[stops.count - 1]["risNotizen"] = cancelled
        sections[ride]["halte"] = stops
        connections[0]["verbindungsAbschnitte"] = sections
        json["verbindungen"] = connections
        let request = try PlannerRecognitionTests.decode(String(decoding: JSONSerialization.data(withJSONObject: json), as: UTF8.self))
        let drawn = request.routes[0].subPaths.filter { $0.mode != .wait }
        #expect(drawn[ride].card?.facts.stops == stops.count - 2)
        #expect(drawn[ride].card?.facts.cancelled == true, "the stop the rider alights at is cancelled")
        // A ride cancelled whole (every stop's notes cancel it, as KDE's journey-cancelled has
        // it) keeps its planned count.
        sections[ride]["halte"] = stops.map { stop in
            var stop = stop
            stop["risNotizen"] = cancelled
            return stop
        }
        connections[0]["verbindungsAbschnitte"] = sections
        json["verbindungen"] = connections
        let whole = try PlannerRecognitionTests.decode(String(decoding: JSONSerialization.data(withJSONObject: json), as: UTF8.self))
        #expect(whole.routes[0].subPaths.filter { $0.mode != .wait }[ride].card?.facts.stops == stops.count - 1)
    }

    /// A stop the ride halts at without letting anyone on or off is no stop of the rider's:
    /// MOTIS's pickup and drop-off `NOT_ALLOWED` (KDE's motis2 trip-limited-entry-exit: an ICE
    /// through Plattling, 15 stops, not 16; Hamburg Hbf, drop-off only, counts), Transmodel's
    /// `forBoarding` and `forAlighting` false. A cancelled one is not called at, unless none is.
    @Test(arguments: [
        (
            "motis", "intermediateStops",
            [
                #"{"name": "A"}"#, #"{"name": "B", "pickupType": "NOT_ALLOWED", "dropoffType": "NOT_ALLOWED"}"#,
                #"{"name": "C", "pickupType": "NOT_ALLOWED", "dropoffType": "NORMAL"}"#, #"{"name": "D", "cancelled": true}"#,
            ], 3
        ),
        ("motis", "intermediateStops", [#"{"name": "A", "cancelled": true}"#, #"{"name": "B", "cancelled": true}"#], 3),
        (
            "motis", "intermediateStops",
            [#"{"name": "A", "pickupType": "NOT_ALLOWED", "dropoffType": "NOT_ALLOWED"}"#, #"{"name": "B", "cancelled": true}"#], 2
        ),
        (
            "transmodel", "intermediateEstimatedCalls",
            [
                #"{"quay": {"name": "A"}, "forBoarding": true, "forAlighting": true}"#,
                #"{"quay": {"name": "B"}, "forBoarding": false, "forAlighting": false}"#,
                #"{"quay": {"name": "C"}, "forBoarding": false, "forAlighting": true, "cancellation": false}"#,
                #"{"quay": {"name": "D"}, "forBoarding": true, "forAlighting": true, "cancellation": true}"#,
            ], 3
        ),
    ])
    func aStopClosedToRidersIsNotCounted(planner: String, member: String, between: [String], stops: Int) throws {
        let times =
            planner == "motis"
            ? #""startTime": "2025-05-25T07:35:00Z", "endTime": "2025-05-25T08:35:00Z", "scheduledStartTime": "2025-05-25T07:35:00Z""#
            : #""expectedStartTime": "2025-05-25T09:35:00+02:00", "expectedEndTime": "2025-05-25T10:35:00+02:00""#
        let mode = planner == "motis" ? "HIGHSPEED_RAIL" : "rail"
        let leg = #"{"mode": "\#(mode)", \#(times), "duration": 3600, "\#(member)": [\#(between.joined(separator: ", "))]}"#
        let body = planner == "motis" ? #"{"itineraries": [{"legs": [\#(leg)]}]}"# : #"{"trip": {"tripPatterns": [{"legs": [\#(leg)]}]}}"#
        let request = try PlannerRecognitionTests.decode(body)
        #expect(request.shape == .planner(Planner(planner)))
        #expect(request.routes.first?.subPaths.first?.card?.facts.stops == stops)
    }
}
