import Foundation
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// Every leg's and route's departure and arrival with the place's own UTC offset (issue #31,
/// item 1), checked against Foundation's time zones, an independent reading of the tz database.
@Suite struct CardTimeTests {
    /// Each recording and the zone its place is in, with where the answer says so.
    static let recordings: [(file: String, zone: String, query: [String: String])] = [
        ("google-directions-gmp-openapi-brooklyn-queens.json", "America/New_York", [:]),  // time_zone
        ("navitia-kpt-paris-journeys.json", "Europe/Paris", [:]),  // context.timezone, local times
        ("tfl-orgtfl-london.json", "Europe/London", [:]),  // TfL's own
        ("otp-rest-headway-seattle-transit.json", "America/Los_Angeles", [:]),  // agencyTimeZoneOffset
        ("otp-rest-otpui-trimet-itinerary.json", "America/Los_Angeles", [:]),
        ("otp2-otpui-seattle.json", "America/Los_Angeles", [:]),  // agency.timezone
        ("hafas-client-db-overnight-journey.json", "Europe/Berlin", [:]),  // offsets in the text
        ("here-heretransit-frankfurt.json", "Europe/Berlin", [:]),
        ("swiss-opendatach-zurich-baden.json", "Europe/Zurich", [:]),
        ("motis2-kpt-paris-transit.json", "Europe/Paris", ["timeZone": "Europe/Paris"]),  // says none
        ("otp-graphql-kpt-digitransit-helsinki-nodatawrapper.json", "Europe/Helsinki", ["timeZone": "Europe/Helsinki"]),
    ]

    static func expectPlaced(_ time: CardTime?, _ text: String?, zone: String, _ what: String) {
        guard let time else {
            Issue.record("\(what): no time with an offset (\(text ?? "no text"))")
            return
        }
        let date = Date(timeIntervalSince1970: TimeInterval(time.epochSeconds))
        let foundation = TimeZone(identifier: zone)!
        #expect(Int(time.utcOffset) == foundation.secondsFromGMT(for: date), "\(what)")
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = foundation
        formatter.formatOptions = [.withInternetDateTime, .withColonSeparatorInTimeZone]
        // Foundation writes "Z" for a zero offset; RFC 3339 with the place's offset is "+00:00".
        let expected = formatter.string(from: date).replacingOccurrences(of: "Z", with: "+00:00")
        #expect(text == expected, "\(what)")
        #expect(time.rfc3339 == expected, "\(what)")
    }

    @Test(arguments: recordings.map(\.file))
    func everyTimeHasItsPlacesOffset(_ file: String) throws {
        let recording = Self.recordings.first { $0.file == file }!
        let request = try PlannerDecodingTests.decode(try PlannerDecodingTests.sample(file).bytes, recording.query)
        var legs = 0
        for (index, route) in request.routes.enumerated() {
            let card = try #require(route.card, "\(file) route \(index)")
            Self.expectPlaced(card.departureTime, card.departure, zone: recording.zone, "\(file) route \(index) departure")
            Self.expectPlaced(card.arrivalTime, card.arrival, zone: recording.zone, "\(file) route \(index) arrival")
            for (legIndex, leg) in route.subPaths.enumerated() where leg.mode != .wait {
                // Waits are routebar's own; Google's walking steps, which carry no times, run
                // from the arrival before them.
                let legCard = try #require(leg.card, "\(file) \(index)/\(legIndex)")
                legs += 1
                Self.expectPlaced(legCard.departureTime, legCard.departure, zone: recording.zone, "\(file) \(index)/\(legIndex) departure")
                Self.expectPlaced(legCard.arrivalTime, legCard.arrival, zone: recording.zone, "\(file) \(index)/\(legIndex) arrival")
            }
        }
        #expect(legs > 0, "\(file): legs with times")
    }

    /// A planner's "Z" says the instant, not the place: without a zone, no offset is made up.
    @Test func aUTCTimeWithoutAZoneKeepsItsText() throws {
        let request = try PlannerDecodingTests.decode(try PlannerDecodingTests.sample("motis2-kpt-paris-transit.json").bytes)
        #expect(request.routes[0].card?.departure == "2024-11-06T16:34:00Z")
        #expect(request.routes[0].card?.departureTime == nil)
    }

    /// The overnight journey's arrival is the next day, locally.
    @Test func anOvernightArrivalHasItsOwnDate() throws {
        let request = try PlannerDecodingTests.decode(try PlannerDecodingTests.sample("hafas-client-db-overnight-journey.json").bytes)
        let card = try #require(request.routes[0].card)
        #expect(card.departureTime?.localDate == "2023-11-13")
        #expect(card.arrivalTime?.localDate == "2023-11-14")
    }

    /// `?timeZone=` must name a zone the tz database has.
    @Test func anUnknownZoneIsRefused() throws {
        let body = try PlannerDecodingTests.sample("motis2-kpt-paris-transit.json").bytes
        // `localtime` would answer in the server's own zone; the others are files, not zones.
        for zone in ["Mars/Olympus", "../../etc/passwd", "Europe/Paris/", "localtime", "posixrules", "Factory", "right/Europe/Paris"] {
            #expect {
                try PlannerDecodingTests.decode(body, ["timeZone": zone])
            } throws: { error in
                (error as? RouteBarInputError)?.type == .unknownValue && (error as? RouteBarInputError)?.parameter == "timeZone"
            }
        }
    }

    /// A local time in the hour after a clock goes forward or back still becomes one instant.
    @Test func localTimesAcrossAChangeOfOffset() throws {
        let place = PlannerPlace(timeZone: "Europe/Paris")
        // 2024-03-31 03:30 in Paris is after the change (+02:00): 01:30Z.
        let spring = try #require(place.time("2024-03-31T03:30:00", PlannerTime.seconds(iso: "2024-03-31T03:30:00")))
        #expect(spring.rfc3339 == "2024-03-31T03:30:00+02:00")
        #expect(spring.epochSeconds == 1_711_848_600)
        let winter = try #require(place.time("20241202T220451", PlannerTime.seconds(iso: "20241202T220451")))
        #expect(winter.rfc3339 == "2024-12-02T22:04:51+01:00")
    }
}
