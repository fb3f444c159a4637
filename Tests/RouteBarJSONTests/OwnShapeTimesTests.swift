import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// Our own shape's `departure`/`arrival` (RFC 3339) per route and leg, and its `timeZone`: the
/// cards get the place's offset as a planner's do; bad texts, unknown zones and an arrival
/// before its departure are refused, pointing at the member; without times, nothing changes.
@Suite struct OwnShapeTimesTests {
    static func decode(_ body: String, _ query: [String: String] = [:]) throws(RouteBarInputError) -> RouteBarRequest {
        var query = query
        query["width"] = "343"
        return try RouteBarRequest(json: Array(body.utf8), query: { query[$0] })
    }

    static func body(route: String = "", leg: String = "") -> String {
        #"{"routes":[{"totalTime":59\#(route),"subPaths":[{"trafficType":3,"sectionTime":4\#(leg)},{"trafficType":1,"sectionTime":55}]}]}"#
    }

    @Test func timesWithTheirOffsetsKeepThem() throws {
        let request = try Self.decode(
            Self.body(
                route: #","departure":"2024-05-18T18:08:00+09:00","arrival":"2024-05-18T19:07:00+09:00""#,
                leg: #","departure":"2024-05-18T18:08:00+09:00","arrival":"2024-05-18T18:12:30+09:00""#))
        let card = try #require(request.routes[0].card)
        // 2024-05-18T09:08:00Z.
        #expect(card.departureTime == CardTime(epochSeconds: 1_716_023_280, utcOffset: 32_400))
        #expect(card.arrivalTime == CardTime(epochSeconds: 1_716_026_820, utcOffset: 32_400))
        #expect(card.departure == "2024-05-18T18:08:00+09:00")
        let leg = try #require(request.routes[0].subPaths[0].card)
        #expect(leg.arrivalTime == CardTime(epochSeconds: 1_716_023_550, utcOffset: 32_400))
        #expect(request.routes[0].subPaths[1].card == nil)
    }

    @Test func utcTimesTakeTheRoutesZoneThenTheQuerys() throws {
        let inSeoul = try Self.decode(
            Self.body(route: #","timeZone":"Asia/Seoul""#, leg: #","departure":"2024-05-18T09:08:00Z""#), ["timeZone": "Europe/Paris"])
        let leg = try #require(inSeoul.routes[0].subPaths[0].card)
        #expect(leg.departureTime == CardTime(epochSeconds: 1_716_023_280, utcOffset: 32_400))
        #expect(leg.departure == "2024-05-18T18:08:00+09:00")
        // Paris in May is UTC+2 (the tz database's summer time).
        let inParis = try Self.decode(Self.body(leg: #","departure":"2024-05-18T09:08:00z""#), ["timeZone": "Europe/Paris"])
        #expect(inParis.routes[0].subPaths[0].card?.departure == "2024-05-18T11:08:00+02:00")
        // Without a zone, "Z" says the instant and not the place: the text as given, no offset.
        let nowhere = try Self.decode(Self.body(leg: #","departure":"2024-05-18T09:08:00Z""#))
        #expect(nowhere.routes[0].subPaths[0].card?.departure == "2024-05-18T09:08:00Z")
        #expect(nowhere.routes[0].subPaths[0].card?.departureTime == nil)
    }

    @Test func withoutTimesNothingChanges() throws {
        let plain = try Self.decode(Self.body())
        let timed = try Self.decode(Self.body(route: #","departure":"2024-05-18T18:08:00+09:00","timeZone":"Asia/Seoul""#))
        #expect(plain.routes[0].card == nil && plain.routes[0].subPaths.allSatisfy { $0.card == nil })
        let options = LayoutOptions(width: 343)
        let a = try RouteBarLayout(options).layOut(plain.routes[0])
        let b = try RouteBarLayout(options).layOut(timed.routes[0])
        #expect(a.segments.map(\.width) == b.segments.map(\.width) && a.accessibilityLabel == b.accessibilityLabel)
    }

    @Test(arguments: [
        (#","timeZone":"Mars/Olympus""#, "", RouteBarInputError.ProblemType.unknownValue, "/routes/0/timeZone"),
        (#","timeZone":"localtime""#, "", .unknownValue, "/routes/0/timeZone"),
        ("", #","departure":"18:08""#, .invalidType, "/routes/0/subPaths/0/departure"),
        ("", #","departure":"2024-05-18T18:08:00""#, .invalidType, "/routes/0/subPaths/0/departure"),
        ("", #","arrival":42"#, .invalidType, "/routes/0/subPaths/0/arrival"),
        (
            "", #","departure":"2024-05-18T18:08:00+09:00","arrival":"2024-05-18T18:07:00+09:00""#, .inconsistentLeg,
            "/routes/0/subPaths/0/arrival"
        ),
        (#","departure":"2024-05-18T19:00:00Z","arrival":"2024-05-18T18:00:00Z""#, "", .inconsistentLeg, "/routes/0/arrival"),
    ])
    func badTimesAreRefused(route: String, leg: String, type: RouteBarInputError.ProblemType, pointer: String) {
        let error = #expect(throws: RouteBarInputError.self) { try Self.decode(Self.body(route: route, leg: leg)) }
        #expect(error?.type == type && error?.pointer == pointer, "\(error?.detail ?? "")")
        if type == .inconsistentLeg { #expect(error?.values.map(\.name) == ["departure", "arrival"]) }
    }

    /// RFC 3339 exactly, where it is ours: a date that does not exist, hour 24, a second of 60
    /// other than 23:59:60, an offset without its colon or minutes, a space for the `T`, and
    /// an empty fraction are 422 at the member.
    @Test(arguments: [
        "2024-02-31T10:00:00+09:00", "2023-02-29T10:00:00Z", "2024-04-31T10:00:00Z", "2024-13-01T10:00:00Z", "2024-00-10T10:00:00Z",
        "2024-05-18T24:00:00+09:00", "2024-05-18T18:60:00Z", "2024-05-18T18:08:60Z", "2024-05-18T18:08:00+0900",
        "2024-05-18T18:08:00+09", "2024-05-18 18:08:00Z", "2024-05-18T18:08:00.Z", "2024-05-18T18:08Z", "20240518T180800Z",
        "2024-05-18T18:08:00+24:00",
    ])
    func whatRFC3339ForbidsIsRefused(_ time: String) {
        let error = #expect(throws: RouteBarInputError.self) { try Self.decode(Self.body(leg: #","departure":"\#(time)""#)) }
        #expect(error?.type == .invalidType && error?.pointer == "/routes/0/subPaths/0/departure", "\(time)")
    }

    /// What it allows: a leap day, a leap second at 23:59:60, a fraction, lower-case `t` and `z`.
    @Test(arguments: ["2024-02-29T10:00:00+09:00", "2016-12-31T23:59:60Z", "2024-05-18T18:08:00.123-05:30", "2024-05-18t18:08:00z"])
    func whatRFC3339AllowsIsRead(_ time: String) throws {
        let request = try Self.decode(Self.body(leg: #","departure":"\#(time)""#))
        #expect(request.routes.first?.subPaths.first?.card?.departure != nil)
    }
}
