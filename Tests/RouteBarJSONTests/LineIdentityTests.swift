import Foundation
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// A line's own short name, by one rule for every planner, and its stop counts wherever the
/// planner lists the stops.
@Suite struct LineIdentityTests {
    static func segments(_ body: String, _ query: [String: String] = [:]) throws -> [BarSegment] {
        let (_, bars) = try RouteMinutesTests.layOut(body, query.merging(["locale": "en"]) { a, _ in a })
        return try #require(bars.first).segments.filter { $0.kind == .transit }
    }

    /// TriMet's MAX line has no short name: its badge is the long name without "Line".
    @Test func trimetsMaxLineIsMaxBlue() throws {
        let (bytes, _) = try PlannerDecodingTests.sample("otp-rest-otpui-trimet-itinerary.json")
        let (_, bars) = try RouteMinutesTests.layOut(bytes, ["locale": "en"])
        let ride = try #require(bars.first?.segments.first { $0.kind == .transit })
        #expect(ride.badge == "MAX Blue")
        #expect(ride.line?.name == "MAX Blue Line")
    }

    /// The rule's three steps: a short name; else (Navitia's SNCF) the commercial mode and the
    /// trip's number; else the long name without the trailing "Line" and mode words.
    @Test(arguments: [
        (#"{"code":"B","name":"B","commercial_mode":"RER","headsign":"KISS"}"#, "B"),
        (
            #"{"code":"","name":"Paris <> Lyon <> Saint Etienne","commercial_mode":"TGV INOUI","headsign":"6613","trip_short_name":"6613"}"#,
            "TGV INOUI 6613"
        ),
        (#"{"code":"","name":"Paris <> Lyon","commercial_mode":"TER","headsign":"886123"}"#, "TER 886123"),
        (#"{"code":"","name":"Gare de Lyon Bus","commercial_mode":"Bus","headsign":"GARE DE LYON"}"#, "Gare de Lyon"),
    ])
    func navitiaLines(_ display: String, _ badge: String) throws {
        let section =
            #"{"type":"public_transport","departure_date_time":"20181202T220000","arrival_date_time":"20181202T223000","#
            + #""display_informations":\#(display)}"#
        let body =
            #"{"journeys":[{"departure_date_time":"20181202T220000","arrival_date_time":"20181202T223000","sections":[\#(section)]}],"#
            + #""feed_publishers":[],"context":{"timezone":"Europe/Paris"}}"#
        #expect(try Self.segments(body).first?.badge == badge)
    }

    @Test(arguments: [
        ("MAX Blue Line", "MAX Blue"), ("Portland Streetcar NS Line", "Portland Streetcar NS"), ("E Line", "E"),
        ("Line", "Line"), ("Red Line Subway", "Red"), ("Gare de Lyon - Bastille", "Gare de Lyon - Bastille"),
    ])
    func longNamesLoseTheirModeWords(_ name: String, _ badge: String) {
        #expect(LinePalette.badge(mode: .tram, line: TransitLine(name: name), locale: .en) == badge)
    }

    /// A planner's own short name is never shortened ("E Line" is Seattle's short name).
    @Test func aShortNameIsKeptWhole() {
        #expect(LinePalette.badge(mode: .bus, line: TransitLine(name: "E Line", shortName: "E Line"), locale: .en) == "E Line")
    }

    /// Digitransit asks for `intermediatePlaces`: the ride calls at one stop more than those.
    @Test func digitransitsIntermediatePlacesAreCounted() throws {
        let leg =
            #"{"mode":"BUS","startTime":1578590054000,"endTime":1578590363000,"route":{"shortName":"550"},"#
            + #""intermediatePlaces":[{"stop":{"name":"A"}},{"stop":{"name":"B"}},{"stop":{"name":"C"}}]}"#
        let body = #"{"data":{"plan":{"itineraries":[{"legs":[\#(leg)]}]}}}"#
        #expect(try Self.segments(body).first?.card?.facts.stops == 4)
    }

    /// OpenTripPlanner GraphQL: the leg's `headsign` (what the vehicle shows where the rider
    /// boards) is the card's, before or after its trip's `tripHeadsign`, which serves only a leg
    /// without one.
    @Test func theLegsHeadsignWinsOverItsTripsInEitherOrder() throws {
        let times = #""startTime":1580641260000,"endTime":1580642100000"#
        for members in [
            #""headsign":"At boarding","trip":{"tripHeadsign":"Trip's"}"#, #""trip":{"tripHeadsign":"Trip's"},"headsign":"At boarding""#,
        ] {
            let body = #"{"data":{"plan":{"itineraries":[{"legs":[{"mode":"BUS",\#(times),\#(members)}]}]}}}"#
            #expect(try Self.segments(body).first?.card?.headsign == "At boarding", "\(members)")
        }
        let tripOnly = #"{"data":{"plan":{"itineraries":[{"legs":[{"mode":"BUS",\#(times),"trip":{"tripHeadsign":"Trip's"}}]}]}}}"#
        #expect(try Self.segments(tripOnly).first?.card?.headsign == "Trip's")
    }

    /// Every transit segment of every recording that names its line has a badge; one that names
    /// none (OpenTripPlanner's expectations itinerary gives no `route`) has none, not a made-up one.
    @Test(
        arguments: try FileManager.default.contentsOfDirectory(atPath: PlannerDecodingTests.samplesDirectory).filter { $0.hasSuffix(".json") }
            .sorted())
    func everyRideHasABadge(_ name: String) throws {
        let (bytes, _) = try PlannerDecodingTests.sample(name)
        let (_, bars) = try RouteMinutesTests.layOut(bytes, ["locale": "en"])
        for bar in bars {
            for segment in bar.segments where segment.kind == .transit {
                #expect(
                    segment.line == nil ? segment.badge == nil : segment.badge?.isEmpty == false,
                    "\(name) route \(bar.index) segment \(segment.index)")
            }
        }
    }

    /// Bidi controls in a planner's text never reach the answer: U+202E in a line's name would
    /// reverse what a rider reads after it. Ours too.
    @Test func bidiControlsAreDropped() throws {
        let name = "\u{202E}12 Express\u{202C}"
        let otp =
            #"{"legs":[{"mode":"BUS","startTime":1715974800000,"endTime":1715975400000,"route":{"shortName":"\#(name)"},"#
            + #""to":{"name":"\#u{2067}Main St\#u{2069}"}}]}"#
        let own = #"{"width":343,"routes":[{"subPaths":[{"mode":"bus","sectionTime":10,"shortName":"\#(name)"}]}]}"#
        for body in [otp, own] {
            let answer = String(
                decoding: try RouteBarResponse.answer(json: Array(body.utf8), query: { $0 == "width" ? "343" : nil }).bytes, as: UTF8.self)
            #expect(!answer.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }, "\(answer)")
            #expect(answer.contains(#""badge":"12 Express""#))
        }
    }

    /// A name of the other direction is isolated in the sentence (FSI…PDI); Latin names in a
    /// left-to-right sentence are not.
    @Test func namesOfTheOtherDirectionAreIsolated() throws {
        var options = LayoutOptions(width: 343)
        options.locale = .en
        let hebrew = Route(subPaths: [SubPath(mode: .bus, minutes: 12, line: TransitLine(name: "קו 5", shortName: "קו 5"))])
        #expect(try RouteBarLayout(options).layOut(hebrew).accessibilityLabel == "Total 12 min: bus \u{2068}קו 5\u{2069}, 12 min")
        let latin = Route(subPaths: [SubPath(mode: .bus, minutes: 12, line: TransitLine(name: "421", shortName: "421"))])
        #expect(try RouteBarLayout(options).layOut(latin).accessibilityLabel == "Total 12 min: bus 421, 12 min")
        let arabic = try #require(LabelLocale(rawValue: "ar"))
        options.locale = arabic
        let inArabic = try RouteBarLayout(options).layOut(latin).accessibilityLabel
        #expect(inArabic.contains("\u{2068}421\u{2069}"))
    }

    /// bahn.de names a regional train by its number (`name` "RE 28526") and its line as the
    /// platform signs show it in `mittelText` ("RE 5"): the badge is the line, in either
    /// order of the two (KDE KPublicTransport's recorded db-hafas/journey-walk answer).
    @Test(arguments: [
        (#""name":"RE 28526","mittelText":"RE 5","langText":"RE 5 (28526)""#, "RE 5"),
        (#""mittelText":"RB 33","name":"RB 10314""#, "RB 33"),
        (#""name":"ICE 127""#, "ICE 127"),
    ])
    func bahnDeLinesAreTheirSignedNames(_ names: String, _ badge: String) throws {
        let body =
            #"{"verbindungen":[{"verbindungsAbschnitte":[{"verkehrsmittel":{"typ":"PUBLICTRANSPORT","produktGattung":"REGIONAL",\#(names)},"#
            + #""abfahrtsZeitpunkt":"2025-01-11T09:38:00","ankunftsZeitpunkt":"2025-01-11T10:12:00","abschnittsDauer":2040}]}]}"#
        let ride = try #require(try Self.segments(body).first)
        #expect(ride.badge == badge)
        #expect(ride.line?.shortName == badge)
    }

    /// A planner's error message and its no-route notice reach the problem and the answer
    /// without bidi controls.
    @Test func plannerMessagesLoseTheirBidiControls() throws {
        let error = #"{"error":{"id":500,"msg":"\#u{202E}failure"}}"#
        let problem = #expect(throws: RouteBarInputError.self) { try PlannerDecodingTests.decode(Array(error.utf8)) }
        #expect(problem?.plannerMessage == "failure")
        let empty = #"{"plan":{"itineraries":[]},"error":{"id":404,"msg":"\#u{202E}no trip"}}"#
        #expect(try PlannerDecodingTests.decode(Array(empty.utf8)).plannerNotice == "no trip")
    }

    /// A problem quoting a client's text drops its bidi controls too.
    @Test func problemsQuoteWithoutBidiControls() {
        let body = #"{"width":343,"routes":[{"subPaths":[{"mode":"\#u{202E}rocket","sectionTime":5}]}]}"#
        let problem = #expect(throws: RouteBarInputError.self) { try PlannerDecodingTests.decode(Array(body.utf8)) }
        #expect(problem?.detail.contains("\"rocket\"") == true, "\(problem?.detail ?? "")")
        #expect(problem?.detail.unicodeScalars.contains { $0.value == 0x202E } == false)
    }
}
