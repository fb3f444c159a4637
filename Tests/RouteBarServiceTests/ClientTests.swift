import Foundation
import RouteBarClient
import RouteBarTestSupport
import Testing

/// `RouteBarClient` against the real service.
@Suite struct ClientTests {
    static let seed = LayoutRequest(width: 343, scale: 3, routes: [
        .init(id: "seed", totalTime: 47, subPaths: [
            .init(trafficType: 3, sectionTime: 6), .init(trafficType: 2, sectionTime: 14, lane: [.init(busNo: "421", type: 11)]),
            .init(trafficType: 3, sectionTime: 3), .init(trafficType: 1, sectionTime: 21, lane: [.init(name: "수도권 3호선", subwayCode: 3)]),
            .init(trafficType: 3, sectionTime: 3),
        ]),
    ])

    static func client(_ server: LiveServer) -> RouteBarClient {
        RouteBarClient(baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
    }

    @Test func laysOutTheSeedRouteAsTheServiceAnswersIt() async throws {
        try await withRouteBarService { server in
            let layout = try await Self.client(server).layOut(Self.seed)
            #expect(layout.width == 343 && layout.scale == 3 && layout.algorithm == .fit)
            let route = try #require(layout.routes.first)
            #expect(route.id == "seed" && route.walkingCount == 3 && route.transitCount == 2)
            #expect(route.segments.map(\.mode) == ["walk", "bus", "walk", "subway", "walk"])
            #expect(route.segments.last.map { $0.x + $0.width } == 343, "fit fills the bar")
            #expect(route.segments[1].line?.name == "421" && route.segments[1].line?.busType == 11)
            #expect(route.segments[3].line?.code == 3)
            // The same numbers as the raw answer, read independently.
            let raw = try TestHTTPConnection(port: server.port).postJSON("/v1/route-bars", String(decoding: try JSONEncoder().encode(Self.seed), as: UTF8.self))
            let rawSegments = (try raw.json()["routes"] as? [[String: Any]])?.first?["segments"] as? [[String: Any]]
            #expect(rawSegments?.compactMap { $0["width"] as? Double } == route.segments.map(\.width))
        }
    }

    @Test func anODsayResponseWidthsAndNDJSON() async throws {
        try await withRouteBarService { server in
            let client = Self.client(server)
            let odsay = try await client.layOut(odsayResponse: Data(Samples.odsayResponse.utf8), options: ["width": "343", "scale": "2"])
            #expect(odsay.width == 343 && odsay.scale == 2)
            #expect(!odsay.routes.isEmpty)
            #expect(odsay.theme == .light && odsay.timeScale == .route && odsay.gap == 0)

            let dark = try await client.layOut(odsayResponse: Data(Samples.odsayResponse.utf8),
                                               options: ["width": "343", "theme": "dark", "gap": "2", "timeScale": "shared"])
            #expect(dark.theme == .dark && dark.gap == 2 && dark.timeScale == .shared)
            #expect(dark.routes.map(\.index) == Array(0..<dark.routes.count).map { Optional($0) })
            let drawn = dark.routes[0]
            #expect(drawn.transferCount == 1)
            #expect(drawn.segments.compactMap(\.transferBefore) == [false, true])
            let bus = try #require(drawn.segments.first { $0.mode == "bus" })
            #expect(bus.line?.shortName == "421")
            #expect(bus.lines?.first?.color == bus.color)
            #expect(bus.textColor == "#FFFFFF")

            var several = Self.seed
            several.width = nil
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

    @Test func problemsAreTypedErrors() async throws {
        try await withRouteBarService({ $0.maxBodyBytes = 2000 }) { server in
            let client = Self.client(server)
            func problem(_ call: () async throws -> Void) async -> RouteBarProblem? {
                do {
                    try await call()
                    return nil
                } catch {
                    if case .problem(let problem) = error as? RouteBarClientError { return problem }
                    Issue.record("not a problem: \(error)")
                    return nil
                }
            }
            var negative = Self.seed
            negative.routes[0].subPaths[0].sectionTime = -4
            let outOfRange = await problem { _ = try await client.layOut(negative) }
            #expect(outOfRange?.type == "urn:routebar:problem:out-of-range")
            #expect(outOfRange?.status == 422)
            #expect(outOfRange?.pointer == "/routes/0/subPaths/0/sectionTime")
            #expect(outOfRange?.detail.contains("-4") == true)

            var classic = Self.seed
            classic.algorithm = .classic
            classic.routes[0].totalTime = 0
            #expect(await problem { _ = try await client.layOut(classic) }?.type == "urn:routebar:problem:classic-undefined")

            let malformed = await problem { _ = try await client.layOut(odsayResponse: Data("{".utf8), options: ["width": "343"]) }
            #expect(malformed?.type == "urn:routebar:problem:malformed-json")
            #expect(malformed?.status == 400)
            let smallODsay = Data(#"{"result": {"path": [{"info": {"totalTime": 12}, "subPath": [{"trafficType": 3, "sectionTime": 4}]}]}}"#.utf8)
            let missingWidth = await problem { _ = try await client.layOut(odsayResponse: smallODsay, options: [:]) }
            #expect(missingWidth?.type == "urn:routebar:problem:missing-field")
            #expect(missingWidth?.parameter == "width")

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
            guard case .problem(let streamProblem) = streamed else { Issue.record("the stream did not throw a problem: \(String(describing: streamed))"); return }
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
