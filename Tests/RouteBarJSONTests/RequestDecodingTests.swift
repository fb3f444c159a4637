import RouteBar
import RouteBarTestSupport
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

private func decode(_ body: String, query: [String: String] = [:]) throws(RouteBarInputError) -> RouteBarRequest {
    try RouteBarRequest(json: Array(body.utf8), query: { query[$0] })
}

@Suite struct RequestDecodingTests {
    @Test func decodesOurShapeAndIgnoresUnknownMembers() throws {
        let request = try decode(
            """
            {"width": 343, "scale": 3, "algorithm": "classic", "minSegmentRatio": 0.1, "height": 24,
             "minWalkingLength": 12, "minTransitLength": null, "style": {"dark": [true, null]},
             "routes": [{"id": "r1", "totalTime": 47, "pathType": 3,
                         "subPaths": [{"trafficType": 3, "sectionTime": 6, "distance": 400, "lane": [{"busNo": "421"}]},
                                      {"trafficType": 2, "sectionTime": 14.5}]},
                        {"subPaths": [{"sectionTime": 1, "trafficType": 1}], "id": null}]}
            """)
        #expect(request.shape == .routeBar)
        #expect(
            request.options
                == LayoutOptions(
                    width: 343, scale: 3, algorithm: .classic, minSegmentRatio: 0.1,
                    minWalkingLength: 12, minTransitLength: nil, height: 24))
        #expect(
            request.routes == [
                Route(
                    id: "r1", totalTime: 47,
                    subPaths: [
                        SubPath(trafficType: 3, sectionTime: 6, line: TransitLine(name: "421")),
                        SubPath(trafficType: 2, sectionTime: 14.5),
                    ]),
                Route(subPaths: [SubPath(trafficType: 1, sectionTime: 1)]),
            ])
        #expect(request.optionsFromQuery.isEmpty)
    }

    /// A null optional member counts as absent (docs/api.md), a named leg's `mode` and
    /// `seconds` as every other: the leg is its `trafficType` and `sectionTime`.
    @Test func aNullModeOrSecondsIsAbsent() throws {
        let request = try decode(
            #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": 21, "mode": null, "seconds": null}]}]}"#)
        #expect(request.routes.first?.subPaths.map(\.mode) == [.subway])
        #expect(request.routes.first?.subPaths.first?.sectionTime == 21)
    }

    @Test func decodesAnODsayResponseWithOptionsFromTheQuery() throws {
        let request = try decode(Samples.odsayResponse, query: ["width": "343", "scale": "2.625", "algorithm": "fit"])
        #expect(request.shape == .odsay)
        #expect(request.options.width == 343)
        #expect(request.options.scale == 2.625)
        #expect(request.optionsFromQuery == [.width, .scale, .algorithm])
        #expect(request.routes.count == 2)
        #expect(request.routes[0].totalTime == 37)
        #expect(request.routes[0].subPaths.map(\.sectionTime) == [3, 9, 0, 18, 4])
        #expect(request.routes[0].subPaths.map(\.trafficType) == [3, 2, 3, 1, 3])
        #expect(request.routes[1].totalTime == 52)
    }

    @Test func theQueryFillsInWhatTheBodyLeavesOutAndIsAlwaysChecked() throws {
        let request = try decode(#"{"width": 300, "routes": []}"#, query: ["width": "500", "height": "40"])
        #expect(request.options.width == 300)
        #expect(request.options.height == 40)
        #expect(request.optionsFromQuery == [.height])
        let unused = inputError(#"{"width": 300, "routes": []}"#, query: ["width": "100001"])
        #expect(unused?.type == .outOfRange)
        #expect(unused?.parameter == "width")
        #expect(unused?.detail == "width must be a number greater than 0 and at most 100000, got 100001.")
        #expect(inputError(#"{"width": 300, "algorithm": "fit", "routes": []}"#, query: ["algorithm": "best"])?.type == .unknownAlgorithm)
    }

    @Test func syntaxErrorsWinOverValueErrors() {
        let error = inputError(#"{"width": "wide", "routes": [}"#)
        #expect(error?.type == .malformedJSON)
        #expect(error?.detail == "The body is not valid JSON: unexpected '}' at byte 29.")
    }

    @Test(arguments: [
        ("", "empty-body"),
        ("{\"width\": 1} {}", "trailing-data"),
        (String(repeating: "[", count: 100), "too-deep"),
        ("{\"routes\": [\"\u{1}\"]}", "malformed-json"),
        ("{\"width\": 343, \"width\": 100, \"routes\": []}", "duplicate-member"),
        ("{\"width\": 343, \"routes\": [{\"subPaths\": [], \"subPaths\": []}]}", "duplicate-member"),
    ])
    func malformedBodies(body: String, type: String) {
        let error = inputError(body)
        #expect(error?.type.isMalformed == true)
        #expect(error?.type.rawValue == type)
    }

    @Test func invalidUTF8IsMalformed() throws {
        var body = Array(#"{"width": 343, "routes": [{"id": "x"#.utf8)
        body += [0xC3, 0x28]
        body += Array(#"", "subPaths": []}]}"#.utf8)
        do {
            _ = try RouteBarResponse.answer(json: body)
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.type == .invalidUTF8)
            #expect(error.detail.contains("byte 35"))
        }
    }

    /// Each 422 names the value by a JSON pointer into the body (or a query parameter).
    @Test(
        arguments: [
            (#"[1]"#, "invalid-type", "", "the body must be an object, got an array"),
            (#"{"routes": []}"#, "missing-field", "", "width is required: the bar's width in points"),
            (#"{"width": 343}"#, "missing-field", "", nil),
            (#"{"width": "343", "routes": []}"#, "invalid-type", "/width", "width must be a number, got a string"),
            (#"{"width": 343, "routes": {}}"#, "invalid-type", "/routes", "routes must be an array, got an object"),
            (
                #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 3}]}]}"#, "missing-field", "/routes/0/subPaths/0",
                "sectionTime is required"
            ),
            (
                #"{"width": 343, "routes": [{"subPaths": [{"sectionTime": 3}]}]}"#, "missing-field", "/routes/0/subPaths/0",
                "trafficType is required"
            ),
            (#"{"width": 343, "routes": [{"totalTime": 3}]}"#, "missing-field", "/routes/0", nil),
            (
                #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 2.5, "sectionTime": 3}]}]}"#, "invalid-type",
                "/routes/0/subPaths/0/trafficType", nil
            ),
            (
                #"{"width": 343, "routes": [{"subPaths": [{"trafficType": true, "sectionTime": 3}]}]}"#, "invalid-type",
                "/routes/0/subPaths/0/trafficType", "trafficType must be a number, got a boolean"
            ),
            (#"{"width": 343, "routes": [{"id": 7, "subPaths": []}]}"#, "invalid-type", "/routes/0/id", "id must be a string, got a number"),
            (
                #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": 1e999}]}]}"#, "out-of-range",
                "/routes/0/subPaths/0/sectionTime", "sectionTime is too large to be a finite number"
            ),
            (
                #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": -4}]}]}"#, "out-of-range",
                "/routes/0/subPaths/0/sectionTime", "sectionTime must be 0 or a number from 0.001 to 1000000, got -4"
            ),
            (
                #"{"width": 100, "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 5e-324}]}]}"#, "out-of-range",
                "/routes/0/subPaths/0/sectionTime", "sectionTime must be 0 or a number from 0.001 to 1000000, got 5e-324"
            ),
            (
                #"{"width": 100, "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 1e-320}]}]}"#, "out-of-range",
                "/routes/0/subPaths/0/sectionTime", "sectionTime must be 0 or a number from 0.001 to 1000000, got 1e-320"
            ),
            (
                #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 3000000000, "sectionTime": 1}]}]}"#, "out-of-range",
                "/routes/0/subPaths/0/trafficType", "trafficType must be an integer from -2147483648 to 2147483647, got 3000000000"
            ),
            (
                #"{"width": 343, "routes": [{"totalTime": -1, "subPaths": [{"trafficType": 1, "sectionTime": 4}]}]}"#, "out-of-range",
                "/routes/0/totalTime", nil
            ),
            (
                #"{"width": 343, "algorithm": "classic", "routes": [{"totalTime": 1e-303, "subPaths": [{"trafficType": 1, "sectionTime": 500}]}]}"#,
                "out-of-range", "/routes/0/totalTime", "totalTime must be 0 or a number from 0.001 to 1000000, got 1e-303"
            ),
            (#"{"width": 0, "routes": []}"#, "out-of-range", "/width", "width must be a number greater than 0 and at most 100000, got 0"),
            (#"{"width": 100001, "routes": []}"#, "out-of-range", "/width", nil),
            (#"{"width": 343, "scale": 5, "routes": []}"#, "out-of-range", "/scale", "scale must be a number from 1 to 4, got 5"),
            (
                #"{"width": 343, "algorithm": "pretty", "routes": []}"#, "unknown-algorithm", "/algorithm",
                #"algorithm must be "fit" or "classic", got "pretty""#
            ),
            (
                #"{"width": 343, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": 1}]}, {"subPaths": [{"trafficType": 3, "sectionTime": 0}]}]}"#,
                "no-visible-segment", "/routes/1", "route 1 has no leg with sectionTime > 0, so there is nothing to draw"
            ),
            // Where the layout's words would name a member the body does not have, the body's own.
            (
                #"{"width": 343, "routes": [{"subPaths": []}]}"#, "no-visible-segment", "/routes/0",
                "route 0 has no subPaths, so there is nothing to draw"
            ),
            (
                #"{"width": 2, "routes": [{"subPaths": [{"trafficType": 1, "sectionTime": 1}, {"trafficType": 2, "sectionTime": 1}, {"trafficType": 3, "sectionTime": 1}]}]}"#,
                "bar-too-narrow", "/width", nil
            ),
            (
                #"{"width": 343, "algorithm": "classic", "routes": [{"totalTime": 0, "subPaths": [{"trafficType": 1, "sectionTime": 1}]}]}"#,
                "classic-undefined", "/routes/0/totalTime", nil
            ),
            (
                #"{"result": {"path": [{"info": {"totalTime": 5}, "subPath": [{"trafficType": 1, "sectionTime": "5"}]}]}}"#, "invalid-type",
                "/result/path/0/subPath/0/sectionTime", nil
            ),
            (#"{"result": {"searchType": 0}}"#, "missing-field", "/result", nil),
            (
                #"{"error": {"code": "-98", "msg": "출발지 정류장이 없습니다."}}"#, "odsay-error", "/error",
                #"the body is an ODsay error response: "출발지 정류장이 없습니다."; there are no routes to lay out"#
            ),
            (#"{"error": [{"code": "500", "message": "[ApiKeyAuthFailed]"}]}"#, "odsay-error", "/error", nil),
            // Not ODsay's: HAFAS's own answer ("0" is its success) is a form routebar does not
            // read, and says what to send; a Swiss train formation's error (KDE
            // KPublicTransport's autotests) is no answer routebar reads.
            (
                #"{"error": "0", "svcResL": []}"#, "unknown-shape", "/svcResL",
                "the body is HAFAS's own mgate.exe answer (svcResL), which routebar does not read: send the journeys "
                    + "hafas-client makes of it (journeys[].legs), or a HAFAS REST answer (Trip[].LegList.Leg)"
            ),
            (#"{"error": "There were no formation data."}"#, "unknown-shape", "", nil),
        ] as [(String, String, String, String?)])
    func invalidRequests(body: String, type: String, pointer: String, detail: String?) {
        let error = inputError(body)
        #expect(error?.type.isMalformed == false, "\(body)")
        #expect(error?.type.rawValue == type, "\(body)")
        #expect(error?.pointer == pointer, "\(body)")
        #expect(error?.parameter == nil)
        if let detail { #expect(error?.detail == detail + ".") }
    }

    /// A route with nothing to draw is told in its body's words, not by `sectionTime`, which
    /// a planner's answer does not have: Navitia's journey of waits alone with `?waits=omit`,
    /// and a walk of 20 s, under `shortLegSeconds`; a planner's route numbered as the answer
    /// numbers it, after an itinerary left out. (Google's leg without steps is no such route:
    /// it lacks what every leg has, `PlannerRecognitionTests.aGoogleLegWithoutStepsIsRefusedAtTheLeg`.)
    @Test(
        arguments: [
            (
                #"{"result": {"path": [{"info": {"totalTime": 5}, "subPath": []}]}}"#, [:], "/result/path/0",
                "route 0 has no subPath, so there is nothing to draw"
            ),
            (
                #"{"journeys": [{"sections": [{"type": "waiting", "duration": 600}]}]}"#, ["waits": "omit"], "/journeys/0",
                "route 0 has no leg to draw"
            ),
            (
                #"{"status": "OK", "routes": [{"legs": [{"steps": [{"travel_mode": "WALKING", "duration": {"value": 20}}]}]}]}"#, [:], "/routes/0",
                "route 0 has no leg long enough to draw (a leg shorter than shortLegSeconds is no segment), so there is nothing to draw"
            ),
            (
                #"{"journeys": [{"sections": [{"type": "street_network", "mode": "walking", "departure_date_time": "20241027T014500", "arrival_date_time": "20241027T014000"}]}, {"sections": []}]}"#,
                [:], "/journeys/1", "route 1 has no leg to draw"
            ),
        ] as [(String, [String: String], String, String)])
    func nothingToDrawInTheBodysWords(body: String, query: [String: String], pointer: String, detail: String) {
        let error = inputError(body, query: query.merging(["width": "343"]) { a, _ in a })
        #expect(error?.type == .noVisibleSegment, "\(body)")
        #expect(error?.pointer == pointer)
        #expect(error?.detail == detail + ".")
        // The same walk is drawn where legs of 10 s are.
        if detail.contains("shortLegSeconds") {
            #expect(inputError(body, query: ["width": "343", "shortLegSeconds": "10"]) == nil)
        }
    }

    /// A route without `subPaths` but with members of another API's (VRS's `segments`, KDE
    /// KPublicTransport's recording): the problem names the member and the shapes routebar reads.
    @Test func aRouteOfAnotherAPISaysSo() {
        let error = inputError(#"{"routes": [{"duration": 3600, "segments": [{"type": "walk"}]}]}"#)
        #expect(error?.type == .missingField)
        #expect(error?.pointer == "/routes/0")
        #expect(error?.detail.contains(#"the route has "duration", which routebar's routes do not"#) == true, "\(error?.detail ?? "")")
        #expect(error?.detail.contains("OpenTripPlanner (plan.itineraries") == true)
        let plain = inputError(#"{"routes": [{"totalTime": 5}]}"#)
        #expect(plain?.detail == "subPaths is required: every route needs its legs.")
    }

    @Test func tooManyRoutesAndLegs() {
        let leg = #"{"trafficType": 1, "sectionTime": 1}"#
        let route = "{\"subPaths\": [\(leg)]}"
        let routes = Array(repeating: route, count: 1_001).joined(separator: ",")
        let error = inputError("{\"width\": 343, \"routes\": [\(routes)]}")
        #expect(error?.type == .tooMany)
        #expect(error?.pointer == "/routes")
        #expect(error?.limit == 1_000)
        let legs = Array(repeating: leg, count: 1_001).joined(separator: ",")
        let legsError = inputError("{\"width\": 343, \"routes\": [{\"subPaths\": [\(legs)]}]}")
        #expect(legsError?.type == .tooMany)
        #expect(legsError?.pointer == "/routes/0/subPaths")
        #expect(legsError?.limit == 1_000)
        let exactly = Array(repeating: route, count: 1_000).joined(separator: ",")
        #expect(inputError("{\"width\": 343, \"routes\": [\(exactly)]}") == nil)
    }

    @Test func queryParametersAreNamedInErrors() {
        let missing = inputError(Samples.odsayResponse)
        #expect(missing?.type == .missingField)
        #expect(missing?.parameter == "width")
        #expect(missing?.pointer == nil)
        #expect(missing?.detail == "width is required: pass the bar's width in points in the query string, as ?width=343.")

        for (name, value, type) in [
            ("width", "wide", "invalid-type"), ("width", "nan", "invalid-type"), ("scale", "inf", "invalid-type"),
            ("scale", "9", "out-of-range"), ("algorithm", "best", "unknown-algorithm"),
        ] {
            var query = ["width": "343"]
            query[name] = value
            let error = inputError(Samples.odsayResponse, query: query)
            #expect(error?.type.rawValue == type, "\(name)=\(value)")
            #expect(error?.parameter == name)
            #expect(error?.pointer == nil)
        }
    }
}
