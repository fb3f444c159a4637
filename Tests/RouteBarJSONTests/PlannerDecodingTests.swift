import Foundation
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// Every recorded planner answer in examples/planners/ lays out as it is, with the legs, minutes,
/// waits, colours, badges and totals the planner's own numbers give. The expected values are
/// computed here from the raw JSON with Foundation, independently of the decoder.
@Suite struct PlannerDecodingTests {
    /// examples/planners/, where the recordings are kept with their provenance.
    static let samplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/planners").standardized.path

    static func sample(_ name: String) throws -> (bytes: [UInt8], json: [String: Any]) {
        let url = URL(fileURLWithPath: samplesDirectory).appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        return (Array(data), try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    static func decode(_ bytes: [UInt8], _ query: [String: String] = [:]) throws -> RouteBarRequest {
        var query = query
        query["width"] = query["width"] ?? "343"
        return try RouteBarRequest(json: bytes, query: { query[$0] })
    }

    /// One expected leg: mode, minutes, and where the planner gives them, colour and badge.
    struct Leg: Equatable, CustomStringConvertible {
        var mode: TransitMode
        var minutes: Double
        var color: String? = nil
        var badge: String? = nil
        var description: String { "\(mode) \(minutes) \(color ?? "-") \(badge ?? "-")" }
    }

    static func color(_ value: Any?) -> String? {
        guard var text = value as? String, !text.isEmpty else { return nil }
        if text.hasPrefix("#") { text.removeFirst() }
        return "#" + text.uppercased()
    }

    /// Legs with a wait before each that starts a minute or more after the previous one ended.
    static func withWaits(_ legs: [(leg: Leg, start: Double?, end: Double?)]) -> [Leg] {
        var result: [Leg] = []
        var previousEnd: Double?
        for item in legs {
            if let previousEnd, let start = item.start, start - previousEnd >= 60 {
                result.append(Leg(mode: .wait, minutes: (start - previousEnd) / 60))
            }
            result.append(item.leg)
            previousEnd = item.end ?? item.start.map { $0 + item.leg.minutes * 60 } ?? previousEnd.map { $0 + item.leg.minutes * 60 }
        }
        return result
    }

    static func check(_ request: RouteBarRequest, _ expected: [[Leg]], totals: [Double?], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(request.routes.count == expected.count, sourceLocation: sourceLocation)
        for (route, legs) in zip(request.routes, expected) {
            let got = route.subPaths.map {
                Leg(mode: $0.mode, minutes: $0.sectionTime, color: $0.color, badge: LinePalette.badge(mode: $0.mode, line: $0.line))
            }
            let comparable = legs.map { leg in Leg(mode: leg.mode, minutes: leg.minutes, color: leg.color, badge: leg.badge) }
            #expect(got.count == comparable.count, "\(got) vs \(comparable)", sourceLocation: sourceLocation)
            for (a, b) in zip(got, comparable) {
                #expect(
                    a.mode == b.mode && abs(a.minutes - b.minutes) < 1e-9 && a.color == b.color && (b.badge == nil || a.badge == b.badge),
                    "\(a) vs \(b)", sourceLocation: sourceLocation)
            }
        }
        for (route, total) in zip(request.routes, totals) {
            if let total { #expect(abs((route.totalTime ?? -1) - total) < 1e-9, sourceLocation: sourceLocation) }
        }
    }

    static let otpModes: [String: TransitMode] = [
        "WALK": .walk, "BUS": .bus, "RAIL": .train, "TRAM": .tram, "SUBWAY": .subway,
        "REGIONAL_FAST_RAIL": .train, "FERRY": .ferry,
    ]

    @Test func openTripPlannerREST() throws {
        let (bytes, json) = try Self.sample("otp-rest-headway-seattle-transit.json")
        let itineraries = try #require((json["plan"] as? [String: Any])?["itineraries"] as? [[String: Any]])
        var expected: [[Leg]] = []
        var totals: [Double?] = []
        for itinerary in itineraries {
            let legs = (itinerary["legs"] as? [[String: Any]] ?? []).map { leg in
                let start = (leg["startTime"] as! Double) / 1000, end = (leg["endTime"] as! Double) / 1000
                return (
                    Leg(
                        mode: Self.otpModes[leg["mode"] as! String]!, minutes: (end - start) / 60, color: Self.color(leg["routeColor"]),
                        badge: leg["routeShortName"] as? String), start as Double?, end as Double?
                )
            }
            expected.append(Self.withWaits(legs))
            totals.append(((itinerary["endTime"] as! Double) - (itinerary["startTime"] as! Double)) / 60_000)
        }
        let request = try Self.decode(bytes)
        #expect(request.shape == .planner(.otp))
        Self.check(request, expected, totals: totals)
        // Seattle's 21 then 5 is one bus: interlined, so no transfer.
        let answer = try RouteBarResponse.answer(json: bytes, query: { ["width": "343"][$0] })
        let first = try #require((try JSONSerialization.jsonObject(with: Data(answer.bytes)) as? [String: Any])?["routes"] as? [[String: Any]]).first
        #expect(first?["transferCount"] as? Int == 0)
        #expect((first?["segments"] as? [[String: Any]])?.compactMap { $0["transferBefore"] as? Bool } == [false, false])
    }

    @Test func openTripPlannerGraphQLWithoutTheDataWrapper() throws {
        let (bytes, json) = try Self.sample("otp-graphql-kpt-digitransit-helsinki-nodatawrapper.json")
        let itineraries = try #require((json["plan"] as? [String: Any])?["itineraries"] as? [[String: Any]])
        let expected = itineraries.map { itinerary in
            Self.withWaits(
                (itinerary["legs"] as? [[String: Any]] ?? []).map { leg in
                    let start = (leg["startTime"] as! Double) / 1000, end = (leg["endTime"] as! Double) / 1000
                    let route = ((leg["trip"] as? [String: Any])?["route"] as? [String: Any])
                    return (
                        Leg(mode: Self.otpModes[leg["mode"] as! String]!, minutes: (end - start) / 60, badge: route?["shortName"] as? String),
                        start as Double?, end as Double?
                    )
                })
        }
        let request = try Self.decode(bytes)
        Self.check(request, expected, totals: Array(repeating: nil, count: expected.count))
        #expect(request.routes[0].subPaths.contains { $0.mode == .wait }, "Digitransit's first itinerary waits between trains")
        // The same body under GraphQL's data wrapper, and under an alias of planConnection.
        let wrapped = Array(#"{"data": "#.utf8) + bytes + Array("}".utf8)
        let wrappedRoutes = try Self.decode(wrapped).routes
        #expect(wrappedRoutes.withoutIDs == request.routes.withoutIDs)
        #expect(wrappedRoutes.first?.id == "/data" + (request.routes.first?.id ?? ""), "each route says where its itinerary is")
        let plan = try JSONSerialization.data(withJSONObject: ["data": ["plan": ["edges": itineraries.map { ["node": $0] }]]])
        let planRoutes = try Self.decode(Array(plan)).routes
        #expect(planRoutes.withoutIDs == request.routes.withoutIDs)
        #expect(planRoutes.map(\.id) == planRoutes.indices.map { "/data/plan/edges/\($0)/node" })
    }

    @Test func oneOpenTripPlannerItinerary() throws {
        let (bytes, json) = try Self.sample("otp-rest-otpui-trimet-itinerary.json")
        let legs = (json["legs"] as? [[String: Any]] ?? []).map { leg in
            let start = (leg["startTime"] as! Double) / 1000, end = (leg["endTime"] as! Double) / 1000
            return (
                Leg(
                    mode: Self.otpModes[leg["mode"] as! String]!, minutes: (end - start) / 60, color: Self.color(leg["routeColor"]),
                    badge: leg["routeShortName"] as? String), start as Double?, end as Double?
            )
        }
        let request = try Self.decode(bytes)
        Self.check(request, [Self.withWaits(legs)], totals: [((json["endTime"] as! Double) - (json["startTime"] as! Double)) / 60_000])
        #expect(!request.routes[0].subPaths.contains { $0.mode == .wait }, "TriMet's 1 s gaps are no waits")
        #expect(request.routes[0].subPaths[1].line?.name == "MAX Blue Line")
    }

    @Test func googleDirections() throws {
        let (bytes, json) = try Self.sample("google-directions-gmp-openapi-brooklyn-queens.json")
        let route = try #require((json["routes"] as? [[String: Any]])?.first)
        let leg = try #require((route["legs"] as? [[String: Any]])?.first)
        let departure = ((leg["departure_time"] as? [String: Any])?["value"] as? Double)!
        var cursor = departure
        var legs: [(leg: Leg, start: Double?, end: Double?)] = []
        for step in leg["steps"] as? [[String: Any]] ?? [] {
            if let transit = step["transit_details"] as? [String: Any] {
                let start = ((transit["departure_time"] as? [String: Any])?["value"] as? Double)!
                let end = ((transit["arrival_time"] as? [String: Any])?["value"] as? Double)!
                let line = transit["line"] as? [String: Any]
                let vehicle = (line?["vehicle"] as? [String: Any])?["type"] as? String
                legs.append(
                    (
                        Leg(
                            mode: vehicle == "BUS" ? .bus : .train, minutes: (end - start) / 60, color: Self.color(line?["color"]),
                            badge: line?["short_name"] as? String), start, end
                    ))
                cursor = end
            } else {
                let seconds = ((step["duration"] as? [String: Any])?["value"] as? Double)!
                legs.append((Leg(mode: .walk, minutes: seconds / 60), cursor, cursor + seconds))
                cursor += seconds
            }
        }
        let arrival = ((leg["arrival_time"] as? [String: Any])?["value"] as? Double)!
        let request = try Self.decode(bytes)
        #expect(request.shape == .planner(.google))
        Self.check(request, [Self.withWaits(legs)], totals: [(arrival - departure) / 60])
        let waits = request.routes[0].subPaths.filter { $0.mode == .wait }
        #expect(waits.count == 1, "Google's leg lasts longer than its steps: the wait for the Q31")
    }

    /// Google's Routes API (v2) writes what Directions does in other words: `travelMode`,
    /// `staticDuration` "123s", `transitDetails.stopDetails` times (RFC 3339), `transitLine`;
    /// a walk comes as one step per instruction, joined here into one walk. Shaped after the
    /// Routes API's reference (no recording with known provenance exists; FORMATS.md).
    @Test func googleRoutesV2() throws {
        let body = #"""
            {"routes": [{"legs": [{"steps": [
                {"travelMode": "WALK", "staticDuration": "60s", "distanceMeters": 80},
                {"travelMode": "WALK", "staticDuration": "45.5s", "distanceMeters": 50},
                {"travelMode": "TRANSIT", "staticDuration": "900s", "transitDetails": {
                    "stopDetails": {"departureTime": "2024-05-01T08:05:00Z", "arrivalTime": "2024-05-01T08:20:00Z",
                                    "departureStop": {"name": "Hauptbahnhof"}, "arrivalStop": {"name": "Marienplatz"}},
                    "headsign": "Ostbahnhof",
                    "transitLine": {"nameShort": "S1", "name": "Freising", "color": "#16bae7", "textColor": "#ffffff",
                                    "vehicle": {"type": "COMMUTER_TRAIN"}, "agencies": [{"name": "S-Bahn München"}]}}},
                {"travelMode": "WALK", "staticDuration": "120s"}
            ]}], "duration": "1500s"}]}
            """#
        let request = try Self.decode(Array(body.utf8), ["source": "google"])
        let legs = request.routes[0].subPaths
        #expect(legs.map(\.mode) == [.walk, .train, .walk], "the two walking steps are one walk; no gap, no wait")
        #expect(abs(legs[0].sectionTime - 105.5 / 60) < 1e-12)
        #expect(legs[1].sectionTime == 15, "08:05 to 08:20")
        #expect(legs[1].color == "#16BAE7" && legs[1].textColor == "#FFFFFF")
        #expect(LinePalette.badge(mode: .train, line: legs[1].line) == "S1")
        #expect(legs[1].line?.agency == "S-Bahn München")
        #expect(legs[1].card?.headsign == "Ostbahnhof")
        #expect(legs[1].card?.from == "Hauptbahnhof" && legs[1].card?.to == "Marienplatz")
        #expect(legs[1].card?.departure == "2024-05-01T08:05:00Z")
        #expect(legs[2].sectionTime == 2)
        // The route's `duration`, not the steps' 18.8 minutes: it counts from the requested
        // departure, the wait for the S1 included, which no step has a time for.
        #expect(request.routes[0].totalTime == 25)
    }

    /// A drive or a ride by bicycle comes as a step per instruction, as a walk does: one leg,
    /// however short its steps, and the legs' `duration` is the route's total. Shaped after a
    /// Directions answer for `mode=driving` (75 9th Ave to MetLife Stadium: one leg of 1492 s
    /// in 22 steps of 4 to 353 s).
    @Test(arguments: ["DRIVING", "BICYCLING"])
    func aDriveOfManyStepsIsOneLeg(travelMode: String) throws {
        let steps = [24, 21, 353, 12, 4, 240, 18].map {
            #"{"travel_mode": "\#(travelMode)", "duration": {"value": \#($0), "text": "1 min"}, "distance": {"value": \#($0 * 10)}, "#
                + #""html_instructions": "Turn left"}"#
        }
        let body =
            #"{"status": "OK", "routes": [{"legs": [{"duration": {"value": 672, "text": "11 mins"}, "steps": ["#
            + steps.joined(separator: ", ") + "]}]}]}"
        let request = try Self.decode(Array(body.utf8))
        let legs = request.routes[0].subPaths
        #expect(legs.map(\.mode) == [travelMode == "DRIVING" ? .car : .bicycle])
        #expect(legs[0].sectionTime == 672.0 / 60, "every step's seconds, the short ones' too")
        #expect(legs[0].card?.distance == 6720, "every step's metres")
        #expect(request.routes[0].totalTime == 672.0 / 60)
        // Two legs (a waypoint), one without its `duration`: their sum is no total.
        let partial = try Self.decode(
            Array(
                (#"{"status": "OK", "routes": [{"legs": [{"duration": {"value": 600}, "steps": [\#(steps[2])]}, "#
                    + #"{"steps": [{"travel_mode": "WALKING", "duration": {"value": 900}}]}]}]}"#).utf8))
        #expect(partial.routes[0].totalTime == nil, "the legs' sum, 25 min, drawn as it is")
        #expect(partial.routes[0].subPaths.map(\.sectionTime) == [353.0 / 60, 15])
    }

    @Test func navitia() throws {
        let (bytes, json) = try Self.sample("navitia-kpt-paris-journeys.json")
        let journeys = try #require(json["journeys"] as? [[String: Any]])
        let modes: [String: TransitMode] = [
            "RapidTransit": .train, "Bus": .bus, "Metro": .subway, "Tramway": .tram, "LocalTrain": .train,
            "Train": .train,
        ]
        let expected = journeys.map { journey in
            (journey["sections"] as? [[String: Any]] ?? []).compactMap { section -> Leg? in
                let minutes = (section["duration"] as! Double) / 60
                switch section["type"] as! String {
                case "public_transport":
                    let info = section["display_informations"] as! [String: Any]
                    let id =
                        ((info["links"] as? [[String: Any]] ?? []) + (section["links"] as? [[String: Any]] ?? []))
                        .first { $0["type"] as? String == "physical_mode" }?["id"] as? String
                    return Leg(
                        mode: modes[String(id!.split(separator: ":").last!)]!, minutes: minutes, color: Self.color(info["color"]),
                        badge: info["code"] as? String)
                case "waiting": return Leg(mode: .wait, minutes: minutes)
                case "transfer" where section["transfer_type"] as? String == "stay_in": return nil
                default: return Leg(mode: .walk, minutes: minutes)
                }
            }
        }
        let totals = journeys.map { ($0["duration"] as? Double).map { $0 / 60 } }
        let request = try Self.decode(bytes)
        #expect(request.shape == .planner(.navitia))
        Self.check(request, expected, totals: totals)
        let omitted = try Self.decode(bytes, ["waits": "omit"])
        #expect(omitted.routes[0].subPaths.count == expected[0].filter { $0.mode != .wait }.count)
    }

    @Test func motis() throws {
        let (bytes, json) = try Self.sample("motis2-kpt-paris-transit.json")
        let itineraries = try #require(json["itineraries"] as? [[String: Any]])
        func seconds(_ text: Any?) -> Double { ISO8601DateFormatter().date(from: text as! String)!.timeIntervalSince1970 }
        let expected = itineraries.map { itinerary in
            Self.withWaits(
                (itinerary["legs"] as? [[String: Any]] ?? []).map { leg in
                    let start = seconds(leg["startTime"]), end = seconds(leg["endTime"])
                    let short = (leg["routeShortName"] as? String)?.trimmingCharacters(in: .whitespaces)
                    return (
                        Leg(
                            mode: Self.otpModes[leg["mode"] as! String]!, minutes: (end - start) / 60, color: Self.color(leg["routeColor"]),
                            badge: short), start as Double?, end as Double?
                    )
                })
        }
        let totals = itineraries.map { (seconds($0["endTime"]) - seconds($0["startTime"])) / 60 as Double? }
        let request = try Self.decode(bytes)
        #expect(request.shape == .planner(.motis))
        Self.check(request, expected, totals: totals)
        #expect(request.routes[0].subPaths[1].sectionTime == 44, "16:36 to 17:20, not its duration of 44 (minutes, from before MOTIS wrote seconds)")
    }

    @Test func hafasClient() throws {
        let (bytes, json) = try Self.sample("hafas-client-db-overnight-journey.json")
        func seconds(_ text: Any?) -> Double { ISO8601DateFormatter().date(from: text as! String)!.timeIntervalSince1970 }
        let legs = (json["legs"] as? [[String: Any]] ?? []).map { leg in
            let start = seconds(leg["departure"]), end = seconds(leg["arrival"])
            let walking = leg["walking"] as? Bool == true
            return (
                Leg(
                    mode: walking ? .walk : .train, minutes: (end - start) / 60,
                    badge: (leg["line"] as? [String: Any])?["name"] as? String), start as Double?, end as Double?
            )
        }
        let request = try Self.decode(bytes)
        #expect(request.shape == .planner(.hafas))
        Self.check(request, [Self.withWaits(legs)], totals: [nil])
    }

    @Test func tmap() throws {
        let (bytes, json) = try Self.sample("tmap-csid-dgu-seoul-mangwon-eungbong.json")
        let itineraries = try #require(((json["metaData"] as? [String: Any])?["plan"] as? [String: Any])?["itineraries"] as? [[String: Any]])
        let modes: [String: TransitMode] = ["WALK": .walk, "BUS": .bus, "SUBWAY": .subway, "EXPRESSBUS": .expressBus, "TRAIN": .train]
        let expected = itineraries.map { itinerary in
            (itinerary["legs"] as? [[String: Any]] ?? []).map { leg in
                let mode = modes[leg["mode"] as! String]!
                let route = leg["route"] as? String
                let badge = mode == .bus ? route.flatMap { $0.split(separator: ":").last.map(String.init) } : nil
                return Leg(mode: mode, minutes: (leg["sectionTime"] as! Double) / 60, color: Self.color(leg["routeColor"]), badge: badge)
            }
        }
        let request = try Self.decode(bytes)
        #expect(request.shape == .planner(.tmap))
        Self.check(request, expected, totals: itineraries.map { ($0["totalTime"] as? Double).map { $0 / 60 } })
        let subway = try #require(request.routes[0].subPaths.first { $0.mode == .subway })
        #expect(LinePalette.badge(mode: .subway, line: subway.line) == "2", "TMAP's type is ODsay's subwayCode")
        #expect(SegmentLabel.text(minutes: subway.sectionTime, locale: .ko) == "25분", "1473 s")
    }

    /// Route-card data passes through: times as the planner writes them (epoch times in UTC),
    /// distances, stops, headsigns, fares and transfer counts.
    @Test func routeCardsPassThrough() throws {
        let (tmapBytes, tmap) = try Self.sample("tmap-csid-dgu-seoul-mangwon-eungbong.json")
        let tmapItinerary = try #require(
            (((tmap["metaData"] as? [String: Any])?["plan"] as? [String: Any])?["itineraries"] as? [[String: Any]])?.first)
        let tmapRoute = try Self.decode(tmapBytes).routes[0]
        let fare = ((tmapItinerary["fare"] as? [String: Any])?["regular"] as? [String: Any])
        #expect(tmapRoute.card?.fareAmount == fare?["totalFare"] as? Double)
        #expect(tmapRoute.card?.fareCurrency == (fare?["currency"] as? [String: Any])?["currencyCode"] as? String)
        #expect(tmapRoute.card?.walkDistance == tmapItinerary["totalWalkDistance"] as? Double)
        #expect(tmapRoute.card?.transfers == tmapItinerary["transferCount"] as? Int)
        let firstLeg = try #require((tmapItinerary["legs"] as? [[String: Any]])?.first)
        #expect(tmapRoute.subPaths[0].card?.from == (firstLeg["start"] as? [String: Any])?["name"] as? String)
        #expect(tmapRoute.subPaths[0].card?.distance == firstLeg["distance"] as? Double)

        let (otpBytes, otp) = try Self.sample("otp-rest-headway-seattle-transit.json")
        let otpItinerary = try #require(((otp["plan"] as? [String: Any])?["itineraries"] as? [[String: Any]])?.first)
        let otpRoute = try Self.decode(otpBytes).routes[0]
        let start = Date(timeIntervalSince1970: (otpItinerary["startTime"] as! Double) / 1000)
        let formatter = ISO8601DateFormatter()
        let offset = Int((otpItinerary["legs"] as? [[String: Any]])?.first?["agencyTimeZoneOffset"] as? Double ?? 0) / 1000
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        #expect(otpRoute.card?.departure == formatter.string(from: start), "epoch milliseconds at the agency's offset")
        #expect(otpRoute.card?.walkDistance == otpItinerary["walkDistance"] as? Double)
        let bus = try #require((otpItinerary["legs"] as? [[String: Any]])?[1])
        #expect(otpRoute.subPaths[1].card?.headsign == bus["headsign"] as? String)
        #expect(otpRoute.subPaths[1].card?.distance == bus["distance"] as? Double)

        let (navitiaBytes, navitia) = try Self.sample("navitia-kpt-paris-journeys.json")
        let journey = try #require((navitia["journeys"] as? [[String: Any]])?.first)
        let navitiaRoute = try Self.decode(navitiaBytes).routes[0]
        // "20181202T220451", Paris time (context.timezone), with Paris's offset.
        let local = try #require(journey["departure_date_time"] as? String)
        let parse = DateFormatter()
        parse.dateFormat = "yyyyMMdd'T'HHmmss"
        parse.timeZone = TimeZone(identifier: "Europe/Paris")
        let write = ISO8601DateFormatter()
        write.timeZone = parse.timeZone
        #expect(navitiaRoute.card?.departure == write.string(from: try #require(parse.date(from: local))), "local time, with its zone's offset")
        #expect(navitiaRoute.card?.transfers == journey["nb_transfers"] as? Int)
        let rer = try #require((journey["sections"] as? [[String: Any]])?[1])
        // The direction riders read, not the mission code ("JANO"); "RER" beside "B".
        let display = rer["display_informations"] as? [String: Any]
        #expect(navitiaRoute.subPaths[1].card?.headsign == display?["direction"] as? String)
        #expect(navitiaRoute.subPaths[1].card?.headsign != display?["headsign"] as? String)
        #expect(navitiaRoute.subPaths[1].line?.name == "\(display?["commercial_mode"] as? String ?? "-") \(display?["code"] as? String ?? "-")")
        #expect(navitiaRoute.subPaths[1].line?.shortName == display?["code"] as? String)
        #expect(navitiaRoute.subPaths[1].card?.from == (rer["from"] as? [String: Any])?["name"] as? String)

        let (hafasBytes, hafas) = try Self.sample("hafas-client-db-overnight-journey.json")
        let train = try #require((hafas["legs"] as? [[String: Any]])?[1])
        let hafasRoute = try Self.decode(hafasBytes).routes[0]
        #expect(hafasRoute.subPaths[1].card?.departure == train["departure"] as? String, "ISO text as given, offset kept")
        #expect(hafasRoute.subPaths[1].card?.to == (train["destination"] as? [String: Any])?["name"] as? String)

        // Google's route-level fare, as Directions writes it.
        let google =
            #"{"status": "OK", "routes": [{"fare": {"currency": "USD", "value": 2.75, "text": "$2.75"}, "legs": [{"steps": [{"travel_mode": "WALKING", "duration": {"value": 120}}]}]}]}"#
        let googleRoute = try Self.decode(Array(google.utf8)).routes[0]
        #expect(googleRoute.card?.fareAmount == 2.75 && googleRoute.card?.fareCurrency == "USD")

        // OpenTripPlanner 2 GraphQL's itinerary fares: the regular one, in cents.
        let otp2 =
            #"{"data": {"plan": {"itineraries": [{"fares": [{"type": "student", "currency": "EUR", "cents": 140}, {"type": "regular", "currency": "EUR", "cents": 280}], "legs": [{"mode": "BUS", "duration": 600.0}]}]}}}"#
        let otp2Route = try Self.decode(Array(otp2.utf8)).routes[0]
        #expect(otp2Route.card?.fareAmount == 2.8 && otp2Route.card?.fareCurrency == "EUR")
        let noRegular = otp2.replacingOccurrences(of: #""regular""#, with: #""senior""#)
        #expect(try Self.decode(Array(noRegular.utf8)).routes[0].card?.fareAmount == nil, "no regular fare, none guessed")

        // The answer writes them beside the route's and the segment's own members.
        let answer = String(decoding: try RouteBarResponse.answer(json: tmapBytes, query: { ["width": "343"][$0] }).bytes, as: UTF8.self)
        #expect(answer.contains(#""fare":{"amount":1650,"currency":"KRW","minorUnits":1650}"#))
        #expect(answer.contains(#""from":"출발지""#))
    }

    @Test func sourceForcesAShapeAndWaitsAreChecked() throws {
        let (bytes, _) = try Self.sample("tmap-csid-dgu-seoul-mangwon-eungbong.json")
        #expect(try Self.decode(bytes, ["source": "tmap"]).routes.count == 1)
        #expect(throws: RouteBarInputError.self) { try Self.decode(bytes, ["source": "otp"]) }
        let wrong = #expect(throws: RouteBarInputError.self) { try Self.decode(bytes, ["source": "citymapper"]) }
        #expect(wrong?.type == .unknownValue && wrong?.parameter == "source")
        #expect((#expect(throws: RouteBarInputError.self) { try Self.decode(bytes, ["waits": "hide"]) })?.parameter == "waits")
    }

    /// Errors, not "no route" (those are answers: `PlannerAdapterTests.noRouteAnswers`).
    @Test(arguments: [
        (#"{"result": {"status": 31, "message": "출발 시간 형식이 올바르지 않습니다."}}"#, "TMAP", "출발 시간 형식이"),
        (#"{"status": "REQUEST_DENIED", "error_message": "The provided API key is invalid.", "routes": []}"#, "Google", "API key is invalid"),
        (
            #"{"requestParameters": {}, "error": {"id": 400, "msg": "Trip is not possible.", "message": "BOGUS_PARAMETER"}}"#, "OpenTripPlanner",
            "Trip is not possible."
        ),
        (
            #"{"error": {"id": "unknown_object", "message": "Invalid id : stop_area:XYZ"}, "links": [], "context": {}}"#, "Navitia",
            "Invalid id"
        ),
    ])
    func plannerErrorAnswersNameThePlanner(body: String, planner: String, message: String) {
        let error = #expect(throws: RouteBarInputError.self) { try Self.decode(Array(body.utf8)) }
        #expect(error?.type == .plannerError)
        #expect(error?.planner == planner)
        #expect(error?.detail.contains(message) == true, "\(error?.detail ?? "")")
    }

    /// A number too large to be a time is no time: once it overflowed the ISO writer and
    /// stopped the process (found by the contract test's fuzzing).
    @Test func numbersBeyondAnyTimeAreNoTimes() throws {
        for time in ["1e300", "-1e300", "9007199254740993000", "1.7976931348623157e308"] {
            let body = #"{"legs": [{"mode": "BUS", "startTime": "# + time + #", "endTime": 1715974870000, "duration": 60}]}"#
            let request = try Self.decode(Array(body.utf8))
            #expect(request.routes[0].subPaths[0].sectionTime == 1, "\(time): the duration, since the times are none")
            #expect(request.routes[0].card?.departure == nil)
        }
        #expect(PlannerTime.iso(seconds: 1_715_974_501) == "2024-05-17T19:35:01Z")
        #expect(PlannerTime.iso(seconds: 0) == "1970-01-01T00:00:00Z")
        #expect(PlannerTime.iso(seconds: -86_401) == "1969-12-30T23:59:59Z")
        #expect(
            PlannerTime.iso(seconds: .greatestFiniteMagnitude) == "2999-12-31T23:59:59Z"
                || PlannerTime.iso(seconds: .greatestFiniteMagnitude).hasPrefix("3000-01-01"))
        #expect(PlannerTime.seconds(iso: "2024-11-06T16:34:00Z") == 1_730_910_840)
        #expect(PlannerTime.seconds(iso: "2023-11-13T22:14:00+01:00") == 1_699_910_040)
        #expect(PlannerTime.seconds(iso: "20181202T220451") == 1_543_788_291)
        #expect(PlannerTime.seconds(iso: "2024-13-01T00:00:00Z") == nil)
    }

    @Test func aBodyOfNoShapeGetsUnknownShape() {
        let error = #expect(throws: RouteBarInputError.self) { try Self.decode(Array(#"{"trips": [{"steps": []}]}"#.utf8)) }
        #expect(error?.type == .unknownShape)
        #expect(error?.detail.contains("OpenTripPlanner") == true)
    }
}

/// Our own shape takes named legs too: any app can send a neutral form.
@Suite struct NamedLegTests {
    @Test func aNamedLegCarriesItsModeSecondsColourAndNames() throws {
        let body =
            ##"{"width": 343, "routes": [{"subPaths": [{"mode": "walk", "seconds": 120}, {"mode": "tram", "seconds": 540, "color": "#00a5de", "shortName": "T3", "name": "Tramway 3", "agency": "RATP"}, {"mode": "LIGHT_RAIL", "sectionTime": 4}]}]}"##
        let request = try RouteBarRequest(json: Array(body.utf8))
        let legs = request.routes[0].subPaths
        #expect(legs.map(\.mode) == [.walk, .tram, .tram])
        #expect(legs.map(\.sectionTime) == [2, 9, 4])
        #expect(legs[1].color == "#00A5DE")
        #expect(legs[1].line == TransitLine(name: "Tramway 3", shortName: "T3", agency: "RATP"))
        #expect(legs[1].trafficType == 0, "ODsay has no code for a tram")
        let answer = try RouteBarResponse.answer(json: Array(body.utf8))
        let text = String(decoding: answer.bytes, as: UTF8.self)
        #expect(text.contains(#""mode":"tram""#) && text.contains(#""shortName":"T3""#) && text.contains(#""agency":"RATP""#))
        #expect(text.contains(##""color":"#00A5DE""##))
    }

    @Test(arguments: [
        (#"{"mode": "hovercraft", "seconds": 60}"#, "unknown-value", "/routes/0/subPaths/0/mode"),
        (#"{"mode": "bus", "seconds": 60, "color": "blue"}"#, "invalid-type", "/routes/0/subPaths/0/color"),
        (#"{"mode": "bus"}"#, "missing-field", "/routes/0/subPaths/0"),
        (#"{"seconds": 60}"#, "missing-field", "/routes/0/subPaths/0"),
        (#"{"mode": "bus", "seconds": -5}"#, "out-of-range", "/routes/0/subPaths/0/seconds"),
    ])
    func badNamedLegsAreRefusedWithAPointer(leg: String, type: String, pointer: String) {
        let body = #"{"width": 343, "routes": [{"subPaths": ["# + leg + "]}]}"
        let error = #expect(throws: RouteBarInputError.self) { try RouteBarRequest(json: Array(body.utf8)) }
        #expect(error?.type.rawValue == type)
        #expect(error?.pointer == pointer)
    }
}
