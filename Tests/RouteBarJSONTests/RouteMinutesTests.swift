import Foundation
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// Whole minutes that add up, and one rule for legs too short to draw (issue #31, items 3-4):
/// every recorded planner answer's labels sum to its total as far as each leg's own minutes,
/// rounded down or up, allow, and 2 s, 8 s and 26 s legs, in
/// bodies written after OpenTripPlanner's, Google's and MOTIS's shapes, are said, not drawn.
@Suite struct RouteMinutesTests {
    static func layOut(_ body: String, _ query: [String: String] = [:]) throws -> (RouteBarRequest, [LaidOutRoute]) {
        try layOut(Array(body.utf8), query)
    }

    static func layOut(_ bytes: [UInt8], _ query: [String: String] = [:]) throws -> (RouteBarRequest, [LaidOutRoute]) {
        let request = try PlannerDecodingTests.decode(bytes, query)
        var options = request.options
        options.width = 343
        return (request, try RouteBarLayout(options).layOut(request.routes))
    }

    /// The labels' minutes, read back from the label text ("1시간 5분" is 65).
    static func labelMinutes(_ label: String) -> Int {
        var total = 0
        var number = 0
        for character in label {
            if let digit = character.wholeNumberValue {
                number = number * 10 + digit
            } else if character == "시" {
                total += number * 60
                number = 0
            } else if character == "분" {
                total += number
                number = 0
            }
        }
        return total
    }

    @Test(
        arguments: try FileManager.default.contentsOfDirectory(atPath: PlannerDecodingTests.samplesDirectory).filter { $0.hasSuffix(".json") }
            .sorted())
    func everyRecordingsLabelsAddUpToItsTotal(_ name: String) throws {
        let (bytes, _) = try PlannerDecodingTests.sample(name)
        let (_, bars) = try Self.layOut(bytes)
        for bar in bars {
            let visible = bar.segments.filter { $0.width > 0 }
            let labelled = visible.map { Self.labelMinutes($0.label ?? "") }
            #expect(labelled == visible.map(\.minutes), "\(name) route \(bar.index): labels say their minutes")
            // Each its leg's minutes rounded down or up, and together as close to the total as that allows.
            for segment in visible {
                let lowest = max(1, Int(segment.sectionTime.rounded(.down))), highest = max(1, Int(segment.sectionTime.rounded(.up)))
                #expect(
                    (lowest...highest).contains(segment.minutes), "\(name) route \(bar.index): \(segment.sectionTime) labelled \(segment.minutes)")
            }
            let lowest = visible.reduce(0) { $0 + max(1, Int($1.sectionTime.rounded(.down))) }
            let highest = visible.reduce(0) { $0 + max(1, Int($1.sectionTime.rounded(.up))) }
            #expect(
                labelled.reduce(0, +) == min(max(bar.minutes, lowest), highest), "\(name) route \(bar.index): \(labelled) under \(bar.minutes)")
            // Rounded once: the real duration's nearest whole minute.
            #expect(bar.minutes == Int(bar.totalTime.rounded()), "\(name) route \(bar.index)")
            #expect(bar.accessibilityLabel.hasPrefix("총 " + SegmentLabel.text(minutes: Double(bar.minutes), locale: .ko) + ":"))
        }
    }

    /// `waits=omit`: the bar draws no waits, so labels are each drawn leg's own minutes, rounded
    /// down or up, adding up to the drawn legs' whole minutes; the route's total stays the
    /// journey's, waits included.
    @Test(
        arguments: try FileManager.default.contentsOfDirectory(atPath: PlannerDecodingTests.samplesDirectory).filter { $0.hasSuffix(".json") }
            .sorted())
    func withoutWaitsEachLabelIsItsLegsMinutes(_ name: String) throws {
        let (bytes, _) = try PlannerDecodingTests.sample(name)
        let (_, shown) = try Self.layOut(bytes)
        let (_, bars) = try Self.layOut(bytes, ["waits": "omit"])
        for (bar, withWaits) in zip(bars, shown) {
            #expect(!bar.segments.contains { $0.mode == .wait }, "\(name) route \(bar.index) draws no wait")
            let visible = bar.segments.filter { $0.width > 0 }
            for segment in visible {
                let floor = max(1, Int(segment.sectionTime.rounded(.down)))
                let ceiling = max(1, Int(segment.sectionTime.rounded(.up)))
                #expect(
                    (floor...ceiling).contains(segment.minutes),
                    "\(name) route \(bar.index): \(segment.mode) of \(segment.sectionTime) min labelled \(segment.minutes)")
                #expect(Self.labelMinutes(segment.label ?? "") == segment.minutes)
            }
            let drawn = visible.map(\.sectionTime).reduce(0, +)
            #expect(visible.map(\.minutes).reduce(0, +) == max(visible.count, SegmentLabel.shownMinutes(drawn)), "\(name) route \(bar.index)")
            #expect(bar.minutes == withWaits.minutes, "\(name) route \(bar.index): the journey's total")
        }
    }

    /// The issue's case: OpenTripPlanner 2's bus 90X runs 14:00 to 15:00 after a 10-minute wait;
    /// without waits its label is 1 h, not the 1 h 10 min it had when the total was shared.
    @Test func anHourLongBusAfterAWaitIsLabelledAnHour() throws {
        let t0 = 1_715_974_800_000
        let body =
            #"{"plan":{"itineraries":[{"startTime":\#(t0),"endTime":\#(t0 + 4_800_000),"legs":["#
            + #"{"mode":"WALK","startTime":\#(t0),"endTime":\#(t0 + 600_000)},"#
            + #"{"mode":"BUS","routeShortName":"90X","startTime":\#(t0 + 1_200_000),"endTime":\#(t0 + 4_800_000)}]}]}}"#
        let (_, bars) = try Self.layOut(body, ["waits": "omit"])
        let bar = try #require(bars.first)
        #expect(bar.segments.map(\.minutes) == [10, 60])
        #expect(bar.segments.map(\.label) == ["10분", "1시간"])
        #expect(bar.minutes == 80)
        #expect(bar.accessibilityLabel.hasPrefix("총 1시간 20분:"))
    }

    /// The issue's three: TMAP's Mangwon route (45 labelled minutes under 44), Navitia's
    /// second Paris journey (71 under 1 h 12) and Digitransit's first (123 under 2 h 2).
    @Test func theRoutesThatDidNotAddUp() throws {
        let cases: [(String, route: Int, minutes: Int)] = [
            ("tmap-csid-dgu-seoul-mangwon-eungbong.json", 0, 44), ("navitia-kpt-paris-journeys.json", 2, 72),
            ("otp-graphql-kpt-digitransit-helsinki-nodatawrapper.json", 1, 122),
        ]
        for (name, route, minutes) in cases {
            let (_, bars) = try Self.layOut(try PlannerDecodingTests.sample(name).bytes)
            #expect(bars[route].minutes == minutes, "\(name)")
            #expect(bars[route].segments.map(\.minutes).reduce(0, +) == minutes, "\(name): \(bars[route].segments.map(\.minutes))")
        }
    }

    /// A ride is never stretched to make the labels add up: OpenTripPlanner's expectations
    /// itinerary runs 11:00 to 12:00, but a 20 s walk (too short to draw) and the 40 s before
    /// the bus are in no drawn leg, so the labels say 59 minutes under "1 h", and the train that
    /// runs 11:30 to 11:50 reads 20 min (21 before: it took the spare minute as the longest leg).
    @Test func aRideIsNeverStretchedToMakeUpTheTotal() throws {
        let (bytes, _) = try PlannerDecodingTests.sample("otp2-gtfsgraphql-planConnection-extended-otp-expectations.json")
        let (_, bars) = try Self.layOut(bytes)
        let bar = try #require(bars.first)
        #expect(bar.segments.map(\.mode) == [.walk, .bus, .wait, .train, .car])
        #expect(bar.segments.map(\.minutes) == [0, 14, 15, 20, 10])
        #expect(bar.minutes == 60)
        #expect(bar.accessibilityLabel == "총 1시간: 도보, 버스 14분, 대기 15분, 환승 기차 20분, 자동차 10분")
    }

    /// Widths still follow the real minutes: the label's rounding never moves a pixel.
    @Test func widthsFollowRealMinutesNotLabels() throws {
        let route = Route(subPaths: [SubPath(mode: .walk, minutes: 2.4), SubPath(mode: .bus, minutes: 2.4), SubPath(mode: .walk, minutes: 2.2)])
        let bar = try RouteBarLayout(LayoutOptions(width: 300, scale: 1, minSegmentRatio: 0)).layOut(route)
        // 7 minutes: quotas 2.4, 2.4, 2.2 floor to 2, 2, 2; the one left goes to the largest fraction (the
        // first 2.4, the earlier of two equal legs).
        #expect(bar.segments.map(\.minutes) == [3, 2, 2])
        #expect(bar.segments.map(\.label) == ["3분", "2분", "2분"])
        #expect(bar.segments[0].width == bar.segments[1].width)
    }

    /// ODsay's totals include waits its legs do not list: its labels stay each leg's minutes.
    @Test func odsayLabelsStayTheLegsMinutes() throws {
        let route = Route(totalTime: 47, subPaths: [SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 2, sectionTime: 34)])
        let bar = try RouteBarLayout(LayoutOptions(width: 343)).layOut(route)
        #expect(bar.segments.map(\.minutes) == [6, 34])
        #expect(bar.minutes == 47)
        #expect(bar.accessibilityLabel == "총 47분: 도보 6분, 버스 34분")
    }

    // MARK: Legs too short to draw

    /// OpenTripPlanner: a 2 s walk between two buses, then a wait. The walk is no segment; its
    /// seconds join the wait (4 min 58 s + 2 s = 5 min), and the sentence says the transfer.
    @Test func aTwoSecondWalkBetweenRidesJoinsTheWait() throws {
        let t0 = 1_715_974_800_000
        func leg(_ mode: String, _ from: Int, _ to: Int, _ name: String? = nil) -> String {
            let line = name.map { #","routeShortName":"\#($0)""# } ?? ""
            return #"{"mode":"\#(mode)","startTime":\#(t0 + from * 1000),"endTime":\#(t0 + to * 1000),"duration":\#(to - from)\#(line)}"#
        }
        let body =
            #"{"plan":{"itineraries":[{"startTime":\#(t0),"endTime":\#(t0 + 1800_000),"duration":1800,"legs":["#
            + [leg("BUS", 0, 600, "21"), leg("WALK", 600, 602), leg("BUS", 900, 1800, "50")].joined(separator: ",") + "]}]}}"
        let (request, bars) = try Self.layOut(body)
        let bar = try #require(bars.first)
        #expect(bar.segments.map(\.mode) == [.bus, .walk, .wait, .bus])
        #expect(bar.segments[1].width == 0)
        #expect(bar.segments[1].shortSeconds == 2)
        #expect(bar.segments[2].sectionTime == 5)
        #expect(bar.segments.map(\.minutes) == [10, 0, 5, 15])
        #expect(bar.walkingCount == 0)
        #expect(bar.transferCount == 1)
        #expect(bar.segments[3].transferBefore == true)
        #expect(bar.accessibilityLabel == "총 30분: 버스 21, 10분, 환승, 도보, 대기 5분, 버스 50, 15분")
        var english = LayoutOptions(width: 343)
        english.locale = .en
        #expect(
            try RouteBarLayout(english).layOut(request.routes[0]).accessibilityLabel
                == "Total 30 min: bus 21, 10 min, transfer, walk, wait 5 min, bus 50, 15 min")
    }

    /// `?shortLegSeconds=` moves the threshold: 0 draws the 2 s walk, 60 folds a 40 s one; a
    /// value out of 0...300, or not a number, is refused naming the parameter.
    @Test func theShortLegThresholdIsAParameter() throws {
        let t0 = 1_715_974_800_000
        func leg(_ mode: String, _ from: Int, _ to: Int) -> String {
            #"{"mode":"\#(mode)","startTime":\#(t0 + from * 1000),"endTime":\#(t0 + to * 1000),"duration":\#(to - from)}"#
        }
        func body(walk seconds: Int) -> String {
            #"{"plan":{"itineraries":[{"startTime":\#(t0),"endTime":\#(t0 + 1800_000),"legs":["#
                + [leg("BUS", 0, 600), leg("WALK", 600, 600 + seconds), leg("BUS", 900, 1800)].joined(separator: ",") + "]}]}}"
        }
        let drawn = try #require(Self.layOut(body(walk: 2), ["shortLegSeconds": "0"]).1.first)
        #expect(drawn.segments.map(\.mode) == [.bus, .walk, .wait, .bus])
        #expect(drawn.segments[1].width > 0 && drawn.segments[1].shortSeconds == nil)
        let folded = try #require(Self.layOut(body(walk: 40), ["shortLegSeconds": "60"]).1.first)
        #expect(folded.segments[1].width == 0 && folded.segments[1].shortSeconds == 40)
        #expect(folded.segments.map(\.minutes) == [10, 0, 5, 15])
        let byDefault = try #require(Self.layOut(body(walk: 40)).1.first)
        #expect(byDefault.segments[1].width > 0 && byDefault.segments[1].shortSeconds == nil)
        for (value, type) in [("301", RouteBarInputError.ProblemType.outOfRange), ("-1", .outOfRange), ("soon", .invalidType)] {
            let error = #expect(throws: RouteBarInputError.self) { try Self.layOut(body(walk: 2), ["shortLegSeconds": value]) }
            #expect(error?.type == type && error?.parameter == "shortLegSeconds", "\(value): \(error?.detail ?? "")")
        }
    }

    /// Google Directions: an 8 s walking step between two transit steps (walks carry no times,
    /// so the walk follows the first ride); the wait to the second ride takes its seconds.
    @Test func anEightSecondWalkIsNotAMinute() throws {
        let t0 = 1_652_911_800
        func transit(_ from: Int, _ to: Int, _ name: String) -> String {
            #"{"travel_mode":"TRANSIT","duration":{"value":\#(to - from),"text":""},"transit_details":{"departure_time":{"value":\#(t0 + from),"time_zone":"America/New_York","text":""},"arrival_time":{"value":\#(t0 + to),"time_zone":"America/New_York","text":""},"line":{"short_name":"\#(name)","vehicle":{"type":"BUS","name":"Bus"}}}}"#
        }
        let walk = #"{"travel_mode":"WALKING","duration":{"value":8,"text":"1 min"}}"#
        let body =
            #"{"geocoded_waypoints":[],"status":"OK","routes":[{"legs":[{"departure_time":{"value":\#(t0),"time_zone":"America/New_York","text":""},"arrival_time":{"value":\#(t0 + 1800),"time_zone":"America/New_York","text":""},"duration":{"value":1800,"text":""},"steps":["#
            + [transit(0, 600, "B46"), walk, transit(720, 1800, "Q54")].joined(separator: ",") + "]}]}]}"
        let (_, bars) = try Self.layOut(body)
        let bar = try #require(bars.first)
        #expect(bar.segments.map(\.mode) == [.bus, .walk, .wait, .bus])
        #expect(bar.segments[1].shortSeconds == 8)
        #expect(bar.segments[1].label == nil)
        #expect(bar.segments.map(\.minutes) == [10, 0, 2, 18])
        #expect(bar.accessibilityLabel == "총 30분: 버스 B46, 10분, 환승, 도보, 대기 2분, 버스 Q54, 18분")
    }

    /// MOTIS rounds times to the minute: a 26 s first walk starts and ends at 16:34. It used
    /// to vanish; now its duration says it is there, and the sentence says it.
    @Test func aTwentySixSecondFirstWalkIsSaid() throws {
        func leg(_ mode: String, _ start: String, _ end: String, _ seconds: Int, _ name: String? = nil) -> String {
            let line = name.map { #","routeShortName":"\#($0)""# } ?? ""
            return
                #"{"mode":"\#(mode)","startTime":"2024-11-06T\#(start):00Z","endTime":"2024-11-06T\#(end):00Z","duration":\#(seconds),"from":{"name":"A"},"to":{"name":"B"}\#(line)}"#
        }
        let body =
            #"{"itineraries":[{"startTime":"2024-11-06T16:34:00Z","endTime":"2024-11-06T16:59:00Z","duration":1500,"transfers":0,"legs":["#
            + [leg("WALK", "16:34", "16:34", 26), leg("BUS", "16:34", "16:54", 1200, "42"), leg("WALK", "16:54", "16:59", 300)]
            .joined(separator: ",") + "]}]}"
        let (_, bars) = try Self.layOut(body)
        let bar = try #require(bars.first)
        #expect(bar.segments[0].shortSeconds == 26)
        #expect(bar.segments[0].width == 0)
        #expect(bar.segments.map(\.minutes) == [0, 20, 5])
        #expect(bar.walkingCount == 1)
        #expect(bar.accessibilityLabel == "총 25분: 도보, 버스 42, 20분, 도보 5분")
    }
}
