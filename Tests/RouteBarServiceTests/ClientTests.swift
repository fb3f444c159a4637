import Foundation
import RouteBar
import RouteBarDrawing
import RouteBarJSON
import RouteBarTestSupport
import Testing

@testable import RouteBarClient

/// `RouteBarClient` against the real service. An app imports RouteBar and RouteBarClient
/// together: the client's answers are the library's own values.
@Suite struct ClientTests {
    static let seed = LayoutRequest(
        width: 343, scale: 3,
        routes: [
            Route(
                id: "seed", totalTime: 47,
                subPaths: [
                    SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 2, sectionTime: 14, line: TransitLine(name: "421", busType: 11)),
                    SubPath(trafficType: 3, sectionTime: 3),
                    SubPath(trafficType: 1, sectionTime: 21, line: TransitLine(name: "수도권 3호선", subwayCode: 3)),
                    SubPath(trafficType: 3, sectionTime: 3),
                ])
        ])

    /// The problem `call` throws, or nil (recorded as an issue when it throws something else).
    static func problem(_ call: () async throws -> Void) async -> RouteBarProblem? {
        do {
            try await call()
            return nil
        } catch {
            if case .problem(let problem) = error as? RouteBarClientError { return problem }
            Issue.record("not a problem: \(error)")
            return nil
        }
    }

    static func client(_ server: LiveServer) -> RouteBarClient {
        client(port: server.port)
    }

    static func client(port: UInt16) -> RouteBarClient {
        RouteBarClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
    }

    @Test func laysOutTheSeedRouteAsTheLibraryDoes() async throws {
        try await withRouteBarService { server in
            let answer = try await Self.client(server).layOut(Self.seed)
            #expect(answer.width == 343 && answer.scale == 3 && answer.algorithm == .fit)
            let route = try #require(answer.routes.first)
            #expect(route.id == "seed" && route.walkingCount == 3 && route.transitCount == 2)
            #expect(route.segments.map(\.mode) == [.walk, .bus, .walk, .subway, .walk])
            #expect(route.segments.map(\.kind) == [.walking, .transit, .walking, .transit, .walking])
            #expect(route.segments.last.map { $0.x + $0.width } == 343, "fit fills the bar")
            #expect(route.segments[1].line == TransitLine(name: "421", busType: 11))
            #expect(route.segments[3].line?.subwayCode == 3)
            // One model of the answer: the service's route equals the library's own layout of it,
            // sentence aside (the library builds it on request).
            var local = try RouteBarLayout(answer.options).layOut(Self.seed.routes)[0]
            #expect(local.accessibilityLabel == route.accessibilityLabel)
            local.accessibilityLabel = route.accessibilityLabel
            #expect(local == route)
            // And library code takes the client's answer as it is: the SVG the service draws.
            let drawn = RouteBarSVG.render(answer.routes, options: answer.options)
            let served = try TestHTTPConnection(port: server.port).request(
                "POST", "/v1/route-bars.svg?locale=\(answer.options.locale)", headers: ["Content-Type": "application/json"],
                body: Array(try JSONEncoder().encode(Self.seed)))
            #expect(drawn == served.body)
        }
    }

    @Test func anODsayResponseWidthsAndNDJSON() async throws {
        try await withRouteBarService { server in
            let client = Self.client(server)
            let odsay = try await client.layOut(odsayResponse: Data(Samples.odsayResponse.utf8), options: LayoutOptions(width: 343, scale: 2))
            #expect(odsay.width == 343 && odsay.scale == 2)
            #expect(!odsay.routes.isEmpty)
            #expect(odsay.theme == .light && odsay.timeScale == .route && odsay.gap == 0)

            var darkOptions = LayoutOptions(width: 343)
            darkOptions.theme = .dark
            darkOptions.gap = 2
            darkOptions.timeScale = .shared
            let dark = try await client.layOut(odsayResponse: Data(Samples.odsayResponse.utf8), options: darkOptions)
            #expect(dark.theme == .dark && dark.gap == 2 && dark.timeScale == .shared)
            #expect(dark.routes.map(\.index) == Array(0..<dark.routes.count))
            let drawn = dark.routes[0]
            #expect(drawn.transferCount == 1)
            #expect(drawn.segments.compactMap(\.transferBefore) == [false, true])
            let bus = try #require(drawn.segments.first { $0.mode == .bus })
            #expect(LinePalette.badge(mode: bus.mode, line: bus.line) == "421")
            #expect(bus.color == LinePalette.color(mode: .bus, line: bus.line, theme: .dark))
            #expect(bus.textColor == "#FFFFFF")

            var several = Self.seed
            several.widths = [320, 375, 414]
            let layouts = try await client.layOutForWidths(several)
            #expect(layouts.layouts.map(\.width) == [320, 375, 414])
            #expect(layouts.layouts.allSatisfy { $0.routes.count == 1 })

            var many = Self.seed
            many.routes = (0..<40).map { index in
                var route = Self.seed.routes[0]
                route.id = "r\(index)"
                return route
            }
            var ids: [String?] = []
            for try await route in client.routes(many) { ids.append(route.id) }
            #expect(ids == (0..<40).map { "r\($0)" }, "every line, in order")
        }
    }

    /// A field mask: the members asked for are the whole answer's, the others read as 0 or empty.
    @Test func aFieldMaskGetsTheMembersAskedFor() async throws {
        try await withRouteBarService { server in
            let client = Self.client(server)
            let full = try await client.layOut(Self.seed)
            var request = Self.seed
            request.fields = ["routes.segments.width", "routes.transitCount"]
            let masked = try await client.layOut(request)
            #expect(masked.routes.map { $0.segments.map(\.width) } == full.routes.map { $0.segments.map(\.width) })
            #expect(masked.routes.map(\.transitCount) == full.routes.map(\.transitCount))
            #expect(masked.routes.allSatisfy { $0.accessibilityLabel.isEmpty && $0.segments.allSatisfy { $0.label == nil && $0.color == nil } })
            #expect(masked.width == 0 && !full.routes[0].accessibilityLabel.isEmpty)
            var streamed: [[Double]] = []
            for try await route in client.routes(request) { streamed.append(route.segments.map(\.width)) }
            #expect(streamed == full.routes.map { $0.segments.map(\.width) })
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../examples/planners/google-directions-gmp-openapi-brooklyn-queens.json")
            let planner = try await client.layOut(
                plannerAnswer: try Data(contentsOf: url), options: LayoutOptions(width: 343), fields: ["routes.segments.mode"])
            #expect(planner.routes.first?.segments.map(\.mode) == [.walk, .train, .walk, .wait, .bus, .walk])
            request.fields = ["routes.widht"]
            let typo = await Self.problem { _ = try await client.layOut(request) }
            #expect(typo?.type == "urn:routebar:problem:unknown-value" && typo?.parameter == "fields")
        }
    }

    /// A planner's answer as it is: Google's, with its colours, badges and the wait it implies.
    @Test func aPlannersAnswerAsItIs() async throws {
        try await withRouteBarService { server in
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../examples/planners/google-directions-gmp-openapi-brooklyn-queens.json")
            var english = LayoutOptions(width: 343)
            english.locale = .en
            let answer = try await Self.client(server).layOut(plannerAnswer: try Data(contentsOf: url), options: english)
            let route = try #require(answer.routes.first)
            #expect(route.segments.map(\.mode) == [.walk, .train, .walk, .wait, .bus, .walk])
            #expect(route.segments.map(\.kind) == [.walking, .transit, .walking, .waiting, .transit, .walking])
            let bus = route.segments[4]
            #expect(bus.color == "#1D59B3" && bus.textColor == "#FFFFFF")
            #expect(LinePalette.badge(mode: bus.mode, line: bus.line) == "Q31")
            #expect(bus.line?.agency == "MTA")
            #expect(
                route.accessibilityLabel == "Total 58 min: walk 5 min, train Ronkonkoma, 13 min, walk 2 min, wait 11 min, bus Q31, 24 min, walk 3 min"
            )
            // The card's times as typed values: the instant and New York's offset, Date-free.
            #expect(route.card?.departureTime?.epochSeconds == 1_652_911_733 && route.card?.departureTime?.utcOffset == -14_400)
            #expect(route.card?.departureTime?.clock == "6:08\u{202F}PM")
            #expect(route.card?.departure == "2022-05-18T18:08:53-04:00")
            #expect(route.segments[1].card?.departureTime?.rfc3339 == "2022-05-18T18:13:59-04:00")
            #expect(route.segments.map(\.minutes).reduce(0, +) == route.minutes)
        }
    }

    /// An itinerary left out for an inconsistent leg reaches the app as a typed problem.
    @Test func aLeftOutItineraryIsATypedProblem() async throws {
        try await withRouteBarService { server in
            let t0 = 1_715_974_800_000
            let body = """
                {"plan":{"itineraries":[
                {"startTime":\(t0),"endTime":\(t0 + 600_000),"legs":[{"mode":"BUS","startTime":\(t0),"endTime":\(t0 + 600_000)}]},
                {"startTime":\(t0),"endTime":\(t0 + 600_000),"legs":[{"mode":"BUS","startTime":\(t0 + 600_000),"endTime":\(t0)}]}]}}
                """
            let answer = try await Self.client(server).layOut(plannerAnswer: Data(body.utf8), options: LayoutOptions(width: 343), source: "otp")
            #expect(answer.routes.count == 1)
            let problem = try #require(answer.problems?.first)
            #expect(problem.type == "urn:routebar:problem:inconsistent-leg" && problem.status == 422)
            #expect(problem.pointer == "/plan/itineraries/1/legs/0")
            #expect(problem.values == ["departure": "2024-05-17T19:50:00Z", "arrival": "2024-05-17T19:40:00Z"])
        }
    }

    @Test func problemsAreTypedErrors() async throws {
        try await withRouteBarService({ $0.maxBodyBytes = 2000 }) { server in
            let client = Self.client(server)
            let problem = Self.problem
            var negative = Self.seed
            negative.routes[0].subPaths[0].sectionTime = -4
            let outOfRange = await problem { _ = try await client.layOut(negative) }
            #expect(outOfRange?.type == "urn:routebar:problem:out-of-range")
            #expect(outOfRange?.status == 422)
            #expect(outOfRange?.pointer == "/routes/0/subPaths/0/sectionTime")
            #expect(outOfRange?.detail.contains("-4") == true)

            var classic = Self.seed
            classic.options.algorithm = .classic
            classic.routes[0].totalTime = 0
            #expect(await problem { _ = try await client.layOut(classic) }?.type == "urn:routebar:problem:classic-undefined")

            let malformed = await problem { _ = try await client.layOut(odsayResponse: Data("{".utf8), options: LayoutOptions(width: 343)) }
            #expect(malformed?.type == "urn:routebar:problem:malformed-json")
            #expect(malformed?.status == 400)
            let smallODsay = Data(#"{"result": {"path": [{"info": {"totalTime": 12}, "subPath": [{"trafficType": 3, "sectionTime": 4}]}]}}"#.utf8)
            let noWidth = await problem { _ = try await client.layOut(odsayResponse: smallODsay, options: LayoutOptions(width: 0)) }
            #expect(noWidth?.type == "urn:routebar:problem:out-of-range")
            #expect(noWidth?.parameter == "width")

            var large = Self.seed
            large.routes = Array(repeating: Self.seed.routes[0], count: 40)
            let tooLarge = await problem { _ = try await client.layOut(large) }
            #expect(tooLarge?.status == 413)
            #expect(tooLarge?.limit == 2000)

            var streamed: RouteBarClientError?
            do {
                for try await _ in client.routes(negative) {}
            } catch let error as RouteBarClientError {
                streamed = error
            }
            guard case .problem(let streamProblem) = streamed else {
                Issue.record("the stream did not throw a problem: \(String(describing: streamed))"); return
            }
            #expect(streamProblem.type == "urn:routebar:problem:out-of-range")
        }
    }

    @Test func aServiceThatIsNotThereIsATransportError() async throws {
        let port = try ServerProcess().port  // stopped when it goes away at the end of this line
        let client = RouteBarClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        do {
            _ = try await client.layOut(Self.seed)
            Issue.record("answered without a server")
        } catch {
            guard case .transport = error else { Issue.record("not a transport error: \(error)"); return }
        }
    }
}

/// The client's names are the service's: every `source` value and every planner-error reason,
/// and a name it does not know is kept, not lost.
/// The client is the service's twin: every query parameter, every leg's mode, the card's
/// texts, badges, fares and minor units, and the rider's languages.
@Suite struct ClientTwinTests {
    /// One property of `RequestParameters` per entry of the service's table, each sent under
    /// the service's name.
    @Test func everyRequestParameterHasAProperty() {
        let properties = Set(Mirror(reflecting: RequestParameters()).children.compactMap(\.label))
        for parameter in RequestParameter.all {
            #expect(properties.contains(parameter.name), "RequestParameters has no \(parameter.name)")
        }
        var parameters = RequestParameters()
        parameters.source = "otp"
        parameters.waits = .omit
        parameters.timeZone = "Europe/Paris"
        parameters.shortLegSeconds = 10
        parameters.plannerStatus = 200
        parameters.fields = ["routes.minutes"]
        let request = ClientTests.client(port: 9).makeRequest(Data(), query: parameters.query)
        let items = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(Set(items.map(\.name)) == Set(RequestParameter.all.map(\.name)))
    }

    /// A tram, a ferry, a bike and a wait keep their modes and colours on the way.
    @Test func everyLegKeepsItsMode() async throws {
        try await withRouteBarService { server in
            let legs: [SubPath] = [
                .init(mode: .tram, minutes: 5), .init(mode: .ferry, minutes: 10), .init(mode: .bicycle, minutes: 4), .init(mode: .wait, minutes: 3),
            ]
            var tram = legs[0]
            tram.color = "#00A3E0"
            let route = Route(id: "m", subPaths: [tram] + legs.dropFirst())
            let answer = try await ClientTests.client(server).layOut(LayoutRequest(width: 343, routes: [route]))
            let segments = try #require(answer.routes.first?.segments)
            #expect(segments.map(\.mode) == [.tram, .ferry, .bicycle, .wait])
            #expect(segments[0].color == "#00A3E0")
            #expect(segments.allSatisfy { $0.color != nil })
        }
    }

    /// The card's texts, the badge, every fare product with its use id, the route's fares and
    /// minor units, from a planner's answer; its parameters reach the service.
    @Test func theCardsTextsAndFaresArrive() async throws {
        try await withRouteBarService { server in
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "../../examples/planners/otp2-otpui-seattle.json")
            var english = LayoutOptions(width: 343)
            english.locale = .en
            var parameters = RequestParameters()
            parameters.waits = .omit
            let answer = try await ClientTests.client(server).layOut(
                plannerAnswer: try Data(contentsOf: url), options: english, parameters: parameters)
            let route = try #require(answer.routes.first)
            #expect(!route.segments.contains { $0.mode == .wait }, "waits=omit reached the service")
            #expect(route.card?.departureTime?.clock?.isEmpty == false)
            let rides = route.segments.filter { $0.kind == .transit }
            #expect(rides.map(\.badge) == ["Swift Blue", "E Line", "45"])
            let products = rides.flatMap { $0.card?.facts.fareProducts ?? [] }
            #expect(products.count == 29 && products.allSatisfy { $0.id != nil && $0.text != nil })
            let regular = try #require(route.card?.fares.first { $0.riderCategory == "regular" && $0.medium == "electronic" })
            #expect(regular.minorUnits == 275 && regular.text == "$2.75" && regular.productIDs.count == 3)
        }
    }

    /// Without a locale set, the rider's languages choose (`Accept-Language`), not Korean; a
    /// locale the app sets wins.
    @Test func theRidersLanguagesChooseUnlessTheAppSets() async throws {
        try await withRouteBarService { server in
            var client = ClientTests.client(server)
            client.languages = ["de-CH", "en"]
            let german = try await client.layOut(ClientTests.seed)
            #expect(german.locale?.rawValue == "de-CH")
            #expect(german.routes.first?.accessibilityLabel.hasPrefix("Gesamtdauer") == true)
            var request = ClientTests.seed
            request.options.locale = .en
            #expect(try await client.layOut(request).locale == .en)
            client.languages = ["ko"]
            #expect(try await client.layOut(ClientTests.seed).locale == .ko)
        }
        #expect(RouteBarClient.acceptLanguage(["de-CH", "en", "fr"]) == "de-CH, en;q=0.9, fr;q=0.8")
    }
}

@Suite struct ClientVocabularyTests {
    @Test func theClientKnowsEverySourceAndReason() {
        #expect(PlannerName.known.map(\.rawValue) == RequestParameter.source.values)
        #expect(RouteBarProblem.Reason.known.map(\.rawValue) == PlannerErrorReason.all.map(\.rawValue))
        #expect(PlannerName(rawValue: "vendo") == .unknown("vendo") && PlannerName(rawValue: "hafas-rest") == .hafasREST)
        #expect(RouteBarProblem.Reason(rawValue: "quota") == .unknown("quota"))
    }

    /// A planner's error reaches the app as typed values: the reason, the code, the offered places.
    @Test func aPlannerErrorIsTyped() async throws {
        try await withRouteBarService { server in
            let client = RouteBarClient(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
            let body = Data(#"{"errorCode": "API_AUTH", "errorText": "access denied for 'key' on 'service' "}"#.utf8)
            do throws(RouteBarClientError) {
                _ = try await client.layOut(plannerAnswer: body, options: LayoutOptions(width: 343))
                Issue.record("an error answer was laid out")
            } catch {
                guard case .problem(let problem) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(problem.reason == .unauthorized && problem.plannerCode == "API_AUTH" && problem.planner == "HAFAS REST")
            }
        }
    }
}
