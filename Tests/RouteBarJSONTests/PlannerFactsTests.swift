import Foundation
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// The route card's facts (`LegFacts`, the route's fare): every cell of docs/planners.md's table
/// ("The route card"), which is each adapter's `cardFacts`, is checked here against a recording
/// in examples/planners/ or, where none has it, a body written from the planner's documentation
/// (Tests/RouteBarJSONTests/PlannerFacts/, each cited in its README). The expected values are
/// read from the raw JSON with Foundation, independently of the decoder, leg by leg in order.
@Suite struct PlannerFactsTests {
    static let factsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PlannerFacts")

    /// A body: a recording's name, or "PlannerFacts/<name>".
    static func body(_ name: String) throws -> (request: RouteBarRequest, json: Any) {
        let url =
            name.hasPrefix("PlannerFacts/")
            ? factsDirectory.appendingPathComponent(String(name.dropFirst("PlannerFacts/".count)))
            : URL(fileURLWithPath: PlannerDecodingTests.samplesDirectory).appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        return (try PlannerDecodingTests.decode(Array(data)), try JSONSerialization.jsonObject(with: data))
    }

    /// The objects at `path` ("plan.itineraries[].legs[]"): `[]` steps into every element.
    static func objects(_ json: Any, _ path: String) -> [[String: Any]] {
        var current: [Any] = [json]
        for step in path.split(separator: ".") {
            let name = step.hasSuffix("[]") ? String(step.dropLast(2)) : String(step)
            current = current.compactMap { ($0 as? [String: Any])?[name] }
            if step.hasSuffix("[]") { current = current.flatMap { $0 as? [Any] ?? [] } }
        }
        return current.compactMap { $0 as? [String: Any] }
    }

    /// The value at a dotted path inside one object ("from.stop.platformCode"); NSNull is nil.
    static func value(_ object: [String: Any], _ path: String) -> Any? {
        var current: Any? = object
        for name in path.split(separator: ".") { current = (current as? [String: Any])?[String(name)] }
        return current is NSNull ? nil : current
    }

    /// Seconds from a Transmodel leg's `aimed<time>` to its `expected<time>`, for a real-time ride.
    static func transmodelDelay(_ leg: [String: Any], _ time: String) -> String? {
        guard leg["mode"] as? String != "foot", leg["realtime"] as? Bool == true,
            let aimed = (leg["aimed" + time] as? String).flatMap({ ISO8601DateFormatter().date(from: $0) }),
            let expected = (leg["expected" + time] as? String).flatMap({ ISO8601DateFormatter().date(from: $0) })
        else { return nil }
        return "\(Int(expected.timeIntervalSince(aimed).rounded()))"
    }

    /// Whether an EFA leg is a ride: its product class is no footpath's (99, 100).
    static func efaRide(_ leg: [String: Any]) -> Bool {
        ![99, 100].contains(value(leg, "transportation.product.class") as? Int ?? 100)
    }

    /// Seconds from one ISO 8601 time to another, as text; nil where either is missing.
    static func secondsBetween(_ from: Any?, _ to: Any?) -> String? {
        guard let from = (from as? String).flatMap({ ISO8601DateFormatter().date(from: $0) }),
            let to = (to as? String).flatMap({ ISO8601DateFormatter().date(from: $0) })
        else { return nil }
        return "\(Int(to.timeIntervalSince(from).rounded()))"
    }

    /// Seconds from one local time without an offset (bahn.de's "2024-12-18T00:22:00") to another.
    static func localSecondsBetween(_ from: Any?, _ to: Any?) -> String? {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        guard let from = (from as? String).flatMap(format.date), let to = (to as? String).flatMap(format.date) else { return nil }
        return "\(Int(to.timeIntervalSince(from).rounded()))"
    }

    /// Seconds from a HAFAS REST stop's `date`/`time` to its `rtDate`/`rtTime`, each at its
    /// offset (`tz`, `rtTz`, minutes east of UTC).
    static func hafasRESTDelay(_ stop: [String: Any]?) -> String? {
        guard let stop, let date = stop["date"] as? String, let time = stop["time"] as? String, let rtTime = stop["rtTime"] as? String
        else { return nil }
        func instant(_ date: String, _ time: String, _ offset: Int) -> Date? {
            let sign = offset < 0 ? "-" : "+"
            return ISO8601DateFormatter().date(from: "\(date)T\(time)\(sign)\(String(format: "%02d:%02d", abs(offset) / 60, abs(offset) % 60))")
        }
        let offset = stop["tz"] as? Int ?? 0
        guard let planned = instant(date, time, offset),
            let forecast = instant(stop["rtDate"] as? String ?? date, rtTime, stop["rtTz"] as? Int ?? offset)
        else { return nil }
        return "\(Int(forecast.timeIntervalSince(planned).rounded()))"
    }

    /// A boolean member as `decoded` writes it.
    static func flag(_ value: Any?) -> String? {
        (value as? Bool).map { $0 ? "true" : "false" }
    }

    static func text(_ value: Any?) -> String? {
        switch value {
        case let text as String: return text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : text
        case let number as NSNumber: return "\(Int(number.doubleValue.rounded()))"
        default: return nil
        }
    }

    /// The decoded legs' `fact`, in order, where they have it.
    static func decoded(_ request: RouteBarRequest, _ fact: CardFact) -> [String] {
        var values: [String] = []
        for route in request.routes {
            if fact == .fare {
                if let card = route.card, let amount = card.fareAmount {
                    values.append("\(card.fareMinorUnits.map(String.init) ?? "\(amount)") \(card.fareCurrency ?? "-")")
                }
                continue
            }
            if fact == .fares {
                if let fares = route.card?.fares, !fares.isEmpty {
                    values.append(
                        fares.map {
                            "\($0.riderCategory ?? "-") \($0.medium ?? "-") \($0.minorUnits.map(String.init) ?? "\($0.amount)") \($0.currency ?? "-") \($0.productIDs.count)"
                        }
                        .joined(separator: "; "))
                }
                continue
            }
            for subPath in route.subPaths {
                guard let facts = subPath.card?.facts else { continue }
                let value: String? =
                    switch fact {
                    case .departurePlatform: facts.departurePlatform
                    case .arrivalPlatform: facts.arrivalPlatform
                    case .stops: facts.stops.map(String.init)
                    case .network: facts.network
                    case .realTime: facts.realTime.map { $0 ? "true" : "false" }
                    case .departureDelay: facts.departureDelay.map(String.init)
                    case .arrivalDelay: facts.arrivalDelay.map(String.init)
                    case .occupancy: facts.occupancy?.jsonName
                    case .alerts: facts.alertCount.map { "\($0) \(facts.alerts.first ?? "-")" }
                    case .cancelled: facts.cancelled.map { $0 ? "true" : "false" }
                    case .reachable: facts.reachable.map { $0 ? "true" : "false" }
                    case .fareProducts:
                        facts.fareProducts.first.map { "\($0.id ?? "-") \($0.name) \($0.minorUnits.map(String.init) ?? "-") \($0.currency)" }
                    case .fare, .fares: nil
                    }
                if let value { values.append(value) }
            }
        }
        return values
    }

    /// One cell: the body `name`, the raw objects at `objects` (legs, or itineraries for the
    /// fare), and what each should give (nil: nothing).
    struct Cell: Sendable {
        var body: String
        var objects: String
        var expected: @Sendable ([String: Any]) -> String?
    }

    /// Whether a raw leg is a ride: its `mode` is not "WALK" (OpenTripPlanner, MOTIS).
    static func ride(_ leg: [String: Any]) -> Bool {
        (value(leg, "mode") as? String).map { $0 != "WALK" } ?? true
    }

    /// "FEW_SEATS_AVAILABLE" as the answer writes it: "fewSeatsAvailable".
    static func camel(_ name: String) -> String {
        let words = name.lowercased().split(separator: "_")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func stops(_ leg: [String: Any], _ path: String, ends: Bool, calls: ([String: Any]) -> Bool = { _ in true }) -> String? {
        guard let stops = value(leg, path) as? [Any] else { return nil }
        let between = ends ? Array(stops.dropFirst().dropLast()) : stops
        // Where no stop is called at (a ride cancelled whole), the planned count.
        let called = stops.contains { ($0 as? [String: Any]).map(calls) ?? true }
        let passed = called ? between.filter { ($0 as? [String: Any]).map { !calls($0) } ?? false }.count : 0
        return "\(ends ? stops.count - 1 - passed : stops.count + 1 - passed)"
    }

    /// The alert count and first headline, as `decoded` writes them.
    static func alerts(_ lists: [Any?], headline: ([String: Any]) -> String?) -> String? {
        let alerts = lists.flatMap { $0 as? [[String: Any]] ?? [] }
        guard !alerts.isEmpty else { return nil }
        let first = alerts.lazy.compactMap(headline).first.map(PlannerFactsTests.shortened) ?? "-"
        return "\(alerts.count) \(first)"
    }

    static func shortened(_ text: String) -> String {
        text.utf8.count > RouteBarRequest.maxNameBytes ? PlannerText.shortened(text, toBytes: RouteBarRequest.maxNameBytes) : text
    }

    static func minor(_ amount: Double, _ digits: Int) -> String {
        "\(Int((amount * pow(10, Double(digits))).rounded()))"
    }

    static let digitransit = "otp-graphql-kpt-digitransit-helsinki-nodatawrapper.json"
    static let otpLegs = "plan.itineraries[].legs[]"

    /// Every cell of the table, by planner and fact.
    static let cells: [String: Cell] = [
        "otp.departurePlatform": Cell(body: digitransit, objects: otpLegs) { text(value($0, "from.stop.platformCode")) },
        "otp.arrivalPlatform": Cell(body: digitransit, objects: otpLegs) { text(value($0, "to.stop.platformCode")) },
        "otp.stops": Cell(body: "otp-rest-otpui-trimet-itinerary.json", objects: "legs[]") {
            ride($0) ? stops($0, "intermediateStops", ends: false) : nil
        },
        "otp.realTime": Cell(body: digitransit, objects: otpLegs) { ride($0) ? flag(value($0, "realTime")) : nil },
        "otp.departureDelay": Cell(body: digitransit, objects: otpLegs) {
            ride($0) && value($0, "realTime") as? Bool == true ? text(value($0, "departureDelay")) : nil
        },
        "otp.arrivalDelay": Cell(body: digitransit, objects: otpLegs) {
            ride($0) && value($0, "realTime") as? Bool == true ? text(value($0, "arrivalDelay")) : nil
        },
        "otp.occupancy": Cell(body: digitransit, objects: otpLegs) { leg in
            (value(leg, "trip.occupancy.occupancyStatus") as? String).flatMap { $0 == "NO_DATA_AVAILABLE" ? nil : camel($0) }
        },
        "otp.alerts": Cell(body: "otp-rest-headway-seattle-transit.json", objects: otpLegs) { leg in
            alerts([leg["alerts"]]) { text($0["alertHeaderText"]) }
        },
        "otp.cancelled": Cell(body: "PlannerFacts/otp-graphql-cancelled.json", objects: "data.plan.itineraries[].legs[]") { leg in
            value(leg, "realtimeState") as? String == "CANCELED" ? "true" : nil
        },
        "otp.fareProducts": Cell(body: "otp2-otpui-seattle.json", objects: "legs[]") { leg in
            guard let use = (leg["fareProducts"] as? [[String: Any]])?.first, let product = use["product"] as? [String: Any],
                let amount = value(product, "price.amount") as? Double, let code = value(product, "price.currency.code") as? String
            else { return nil }
            return "\(use["id"] as? String ?? "-") \(product["name"] as? String ?? "-") "
                + "\(minor(amount, value(product, "price.currency.digits") as? Int ?? 2)) \(code)"
        },
        // otp-ui's `getItineraryCost`, for each rider category and medium in order of appearance:
        // each priced leg's `rideCost` or `regular` product, a use id once, added up.
        "otp.fares": Cell(body: "otp2-otpui-seattle.json", objects: "") { itinerary in
            let priced = (itinerary["legs"] as? [[String: Any]] ?? []).compactMap { $0["fareProducts"] as? [[String: Any]] }.filter { !$0.isEmpty }
            func pair(_ use: [String: Any]) -> String {
                "\(value(use, "product.riderCategory.name") as? String ?? "-") \(value(use, "product.medium.name") as? String ?? "-")"
            }
            func ride(_ use: [String: Any]) -> Bool { ["rideCost", "regular"].contains(value(use, "product.name") as? String ?? "") }
            var pairs: [String] = []
            for use in priced.joined() where ride(use) && !pairs.contains(pair(use)) { pairs.append(pair(use)) }
            let totals = pairs.compactMap { key -> String? in
                var ids: [String] = []
                var cents = 0
                for uses in priced {
                    guard let use = uses.first(where: { ride($0) && pair($0) == key }) else { return nil }
                    let id = use["id"] as? String ?? ""
                    if ids.contains(id) { continue }
                    ids.append(id)
                    cents += Int(minor(value(use, "product.price.amount") as? Double ?? 0, 2)) ?? 0
                }
                return "\(key) \(cents) USD \(ids.count)"
            }
            return totals.isEmpty ? nil : totals.joined(separator: "; ")
        },
        "otp.fare": Cell(body: "otp-rest-otpui-trimet-itinerary.json", objects: "") { itinerary in
            guard let cents = value(itinerary, "fare.fare.regular.cents") as? Int,
                let code = value(itinerary, "fare.fare.regular.currency.currencyCode") as? String
            else { return nil }
            return "\(cents) \(code)"
        },

        "google.stops": Cell(body: "google-directions-gmp-openapi-brooklyn-queens.json", objects: "routes[].legs[].steps[]") {
            text(value($0, "transit_details.num_stops"))
        },
        "google.fare": Cell(body: "PlannerFacts/google-directions-fare.json", objects: "routes[]") { route in
            guard let amount = value(route, "fare.value") as? Double, let code = value(route, "fare.currency") as? String else { return nil }
            return "\(minor(amount, code == "JPY" || code == "KRW" ? 0 : 2)) \(code)"
        },

        "navitia.stops": Cell(body: "navitia-kpt-paris-journeys.json", objects: "journeys[].sections[]") { section in
            section["type"] as? String == "public_transport" ? stops(section, "stop_date_times", ends: true) : nil
        },
        "navitia.network": Cell(body: "navitia-kpt-paris-journeys.json", objects: "journeys[].sections[]") {
            text(value($0, "display_informations.network"))
        },
        "navitia.realTime": Cell(body: "navitia-kpt-paris-journeys.json", objects: "journeys[].sections[]") { section in
            guard section["type"] as? String == "public_transport", let freshness = section["data_freshness"] as? String else { return nil }
            return freshness == "realtime" ? "true" : "false"
        },
        "navitia.departureDelay": Cell(body: "PlannerFacts/navitia-realtime.json", objects: "journeys[].sections[]") { section in
            navitiaDelay(section, "departure_date_time", "base_departure_date_time")
        },
        "navitia.arrivalDelay": Cell(body: "PlannerFacts/navitia-realtime.json", objects: "journeys[].sections[]") { section in
            navitiaDelay(section, "arrival_date_time", "base_arrival_date_time")
        },
        "navitia.fare": Cell(body: "PlannerFacts/navitia-fare.json", objects: "journeys[]") { journey in
            guard value(journey, "fare.found") as? Bool == true, let value = (value(journey, "fare.total.value") as? String).flatMap(Double.init)
            else { return nil }
            return "\(value / 100) -"
        },

        "tmap.fare": Cell(body: "tmap-csid-dgu-seoul-mangwon-eungbong.json", objects: "metaData.plan.itineraries[]") { itinerary in
            guard let fare = value(itinerary, "fare.regular.totalFare") as? Int,
                let code = value(itinerary, "fare.regular.currency.currencyCode") as? String
            else { return nil }
            return "\(fare) \(code)"
        },

        "motis.departurePlatform": Cell(body: "PlannerFacts/motis2-documented.json", objects: "itineraries[].legs[]") {
            text(value($0, "from.track"))
        },
        "motis.arrivalPlatform": Cell(body: "PlannerFacts/motis2-documented.json", objects: "itineraries[].legs[]") {
            text(value($0, "to.track"))
        },
        "motis.stops": Cell(body: "motis2-kpt-paris-transit.json", objects: "itineraries[].legs[]") {
            ride($0) ? stops($0, "intermediateStops", ends: false) : nil
        },
        "motis.realTime": Cell(body: "motis2-kpt-paris-transit.json", objects: "itineraries[].legs[]") {
            ride($0) ? flag(value($0, "realTime")) : nil
        },
        "motis.alerts": Cell(body: "PlannerFacts/motis2-documented.json", objects: "itineraries[].legs[]") { leg in
            alerts([leg["alerts"]]) { text($0["headerText"]) ?? text($0["descriptionText"]) }
        },
        "motis.cancelled": Cell(body: "PlannerFacts/motis2-documented.json", objects: "itineraries[].legs[]") { leg in
            ["cancelled", "from.cancelled", "to.cancelled"].contains { value(leg, $0) as? Bool == true } ? "true" : nil
        },
        "motis.departureDelay": Cell(body: "PlannerFacts/motis2-documented.json", objects: "itineraries[].legs[]") { leg in
            delay(leg, "startTime", "scheduledStartTime")
        },
        "motis.arrivalDelay": Cell(body: "PlannerFacts/motis2-documented.json", objects: "itineraries[].legs[]") { leg in
            delay(leg, "endTime", "scheduledEndTime")
        },

        "hafas.departurePlatform": Cell(body: "PlannerFacts/hafas-client-documented.json", objects: "journeys[].legs[]") {
            text(value($0, "departurePlatform")) ?? text(value($0, "plannedDeparturePlatform"))
        },
        "hafas.arrivalPlatform": Cell(body: "PlannerFacts/hafas-client-documented.json", objects: "journeys[].legs[]") {
            text(value($0, "arrivalPlatform")) ?? text(value($0, "plannedArrivalPlatform"))
        },
        "hafas.stops": Cell(body: "PlannerFacts/hafas-client-documented.json", objects: "journeys[].legs[]") {
            value($0, "walking") as? Bool == true ? nil : stops($0, "stopovers", ends: true) { $0["cancelled"] as? Bool != true }
        },
        "hafas.departureDelay": Cell(body: "PlannerFacts/hafas-client-documented.json", objects: "journeys[].legs[]") {
            text(value($0, "departureDelay"))
        },
        "hafas.arrivalDelay": Cell(body: "PlannerFacts/hafas-client-documented.json", objects: "journeys[].legs[]") {
            text(value($0, "arrivalDelay"))
        },
        "hafas.occupancy": Cell(body: "PlannerFacts/hafas-client-documented.json", objects: "journeys[].legs[]") { leg in
            let scale = [
                "low-to-medium": "manySeatsAvailable", "high": "fewSeatsAvailable", "very-high": "standingRoomOnly",
                "exceptionally-high": "crushedStandingRoomOnly",
            ]
            return (value(leg, "loadFactor") as? String).flatMap { scale[$0] }
        },
        "hafas.alerts": Cell(body: "PlannerFacts/hafas-client-documented.json", objects: "journeys[].legs[]") { leg in
            let warnings = (leg["remarks"] as? [[String: Any]])?.filter { $0["type"] as? String == "warning" }
            return alerts([warnings?.isEmpty == false ? warnings : nil]) { text($0["summary"]) ?? text($0["text"]) }
        },
        "hafas.cancelled": Cell(body: "PlannerFacts/hafas-client-documented.json", objects: "journeys[].legs[]") {
            value($0, "cancelled") as? Bool == true ? "true" : nil
        },
        "hafas.reachable": Cell(body: "hafas-client-db-overnight-journey.json", objects: "legs[]") { flag(value($0, "reachable")) },
        "hafas.fare": Cell(body: "hafas-client-db-overnight-journey.json", objects: "") { journey in
            guard let amount = value(journey, "price.amount") as? Double, let code = value(journey, "price.currency") as? String else { return nil }
            return "\(minor(amount, 2)) \(code)"
        },

        "tfl.departurePlatform": Cell(body: "tfl-orgtfl-london.json", objects: "journeys[].legs[]") {
            text(value($0, "departurePoint.platformName"))
        },
        "tfl.arrivalPlatform": Cell(body: "tfl-orgtfl-london.json", objects: "journeys[].legs[]") {
            text(value($0, "arrivalPoint.platformName"))
        },
        "tfl.stops": Cell(body: "tfl-orgtfl-london.json", objects: "journeys[].legs[]") {
            value($0, "mode.id") as? String == "walking" ? nil : (value($0, "path.stopPoints") as? [Any]).map { "\($0.count)" }
        },
        "tfl.alerts": Cell(body: "PlannerFacts/tfl-documented.json", objects: "journeys[].legs[]") { leg in
            alerts([leg["disruptions"]]) { text($0["summary"]) ?? text($0["description"]) }
        },
        "tfl.fare": Cell(body: "PlannerFacts/tfl-documented.json", objects: "journeys[]") { journey in
            (value(journey, "fare.totalCost") as? Int).map { "\($0) GBP" }
        },

        "here.departurePlatform": Cell(body: "here-heretransit-frankfurt.json", objects: "routes[].sections[]") {
            text(value($0, "departure.place.platform"))
        },
        "here.arrivalPlatform": Cell(body: "here-heretransit-frankfurt.json", objects: "routes[].sections[]") {
            text(value($0, "arrival.place.platform"))
        },
        "here.stops": Cell(body: "here-heretransit-frankfurt.json", objects: "routes[].sections[]") {
            $0["type"] as? String == "transit" ? stops($0, "intermediateStops", ends: false) : nil
        },
        "here.departureDelay": Cell(body: "PlannerFacts/here-documented.json", objects: "routes[].sections[]") {
            text(value($0, "departure.delay"))
        },
        "here.arrivalDelay": Cell(body: "PlannerFacts/here-documented.json", objects: "routes[].sections[]") {
            text(value($0, "arrival.delay"))
        },
        "here.cancelled": Cell(body: "PlannerFacts/here-documented.json", objects: "routes[].sections[]") {
            value($0, "departure.status") as? String == "cancelled" ? "true" : nil
        },

        "hafas-rest.departurePlatform": Cell(body: "PlannerFacts/hafas-rest-documented.json", objects: "Trip[].LegList.Leg[]") {
            text(value($0, "Origin.rtTrack")) ?? text(value($0, "Origin.track"))
        },
        "hafas-rest.arrivalPlatform": Cell(body: "PlannerFacts/hafas-rest-documented.json", objects: "Trip[].LegList.Leg[]") {
            text(value($0, "Destination.rtTrack")) ?? text(value($0, "Destination.track"))
        },
        "hafas-rest.cancelled": Cell(body: "PlannerFacts/hafas-rest-documented.json", objects: "Trip[].LegList.Leg[]") { leg in
            let stops = value(leg, "Stops.Stop") as? [[String: Any]] ?? []
            let ends = stops.count > 1 ? [stops[0], stops[stops.count - 1]] : []
            return value(leg, "cancelled") as? Bool == true || ends.contains { $0["cancelled"] as? Bool == true } ? "true" : nil
        },
        "hafas-rest.reachable": Cell(body: "PlannerFacts/hafas-rest-documented.json", objects: "Trip[].LegList.Leg[]") {
            flag(value($0, "reachable"))
        },
        "hafas-rest.realTime": Cell(body: "PlannerFacts/hafas-rest-db-hildesheim-hannover.json", objects: "Trip[].LegList.Leg[]") {
            value($0, "Origin.rtTime") != nil || value($0, "Destination.rtTime") != nil ? "true" : nil
        },
        "hafas-rest.departureDelay": Cell(body: "PlannerFacts/hafas-rest-db-hildesheim-hannover.json", objects: "Trip[].LegList.Leg[]") {
            hafasRESTDelay(value($0, "Origin") as? [String: Any])
        },
        "hafas-rest.arrivalDelay": Cell(body: "PlannerFacts/hafas-rest-db-hildesheim-hannover.json", objects: "Trip[].LegList.Leg[]") {
            hafasRESTDelay(value($0, "Destination") as? [String: Any])
        },
        "hafas-rest.stops": Cell(body: "resrobot21-trafiklab-phpsdk-solna-malmo.json", objects: "Trip[].LegList.Leg[]") {
            $0["type"] as? String == "JNY" ? stops($0, "Stops.Stop", ends: true) : nil
        },

        "transmodel.departurePlatform": Cell(body: "PlannerFacts/transmodel-documented.json", objects: "data.trip.tripPatterns[].legs[]") {
            text(value($0, "fromEstimatedCall.quay.publicCode"))
        },
        "transmodel.arrivalPlatform": Cell(body: "PlannerFacts/transmodel-documented.json", objects: "data.trip.tripPatterns[].legs[]") {
            text(value($0, "toEstimatedCall.quay.publicCode"))
        },
        "transmodel.stops": Cell(body: "PlannerFacts/transmodel-documented.json", objects: "data.trip.tripPatterns[].legs[]") {
            stops($0, "intermediateEstimatedCalls", ends: false)
        },
        "dbweb.cancelled": Cell(body: "PlannerFacts/dbweb-documented.json", objects: "verbindungen[].verbindungsAbschnitte[]") { section in
            let cancelled = ["text.realtime.stop.cancelled", "text.realtime.connection.cancelled"]
            let stops = section["halte"] as? [[String: Any]] ?? []
            let notes = [section, stops.first ?? [:], stops.last ?? [:]].flatMap { $0["risNotizen"] as? [[String: Any]] ?? [] }
            return notes.contains { cancelled.contains($0["key"] as? String ?? "") } ? "true" : nil
        },
        "transmodel.cancelled": Cell(body: "PlannerFacts/transmodel-documented.json", objects: "data.trip.tripPatterns[].legs[]") {
            value($0, "fromEstimatedCall.cancellation") as? Bool == true || value($0, "toEstimatedCall.cancellation") as? Bool == true
                ? "true" : nil
        },
        "transmodel.realTime": Cell(body: "otp2-transmodel-norway-otpdebugclient-2024.json", objects: "trip.tripPatterns[].legs[]") {
            $0["mode"] as? String == "foot" ? nil : flag(value($0, "realtime"))
        },
        "transmodel.departureDelay": Cell(body: "otp2-transmodel-norway-otpdebugclient-2024.json", objects: "trip.tripPatterns[].legs[]") {
            transmodelDelay($0, "StartTime")
        },
        "transmodel.arrivalDelay": Cell(body: "otp2-transmodel-norway-otpdebugclient-2024.json", objects: "trip.tripPatterns[].legs[]") {
            transmodelDelay($0, "EndTime")
        },

        "efa.occupancy": Cell(body: "efa-tfnsw-krail-sevenhills-townhall.json", objects: "journeys[].legs[]") { leg in
            (value(leg, "origin.properties.occupancy") as? String).flatMap {
                ["MANY_SEATS": "manySeatsAvailable", "FEW_SEATS": "fewSeatsAvailable", "STANDING_ONLY": "standingRoomOnly"][$0]
            }
        },
        "efa.alerts": Cell(body: "efa-tfnsw-krail-sevenhills-townhall.json", objects: "journeys[].legs[]") { leg in
            alerts([leg["infos"]]) { text($0["subtitle"]) ?? text($0["urlText"]) }
        },
        "efa.departurePlatform": Cell(body: "efa-tfnsw-krail-sevenhills-townhall.json", objects: "journeys[].legs[]") {
            efaRide($0) ? text(value($0, "origin.properties.platformName")) ?? text(value($0, "origin.properties.platform")) : nil
        },
        "efa.arrivalPlatform": Cell(body: "efa-tfnsw-krail-sevenhills-townhall.json", objects: "journeys[].legs[]") {
            efaRide($0) ? text(value($0, "destination.properties.platformName")) ?? text(value($0, "destination.properties.platform")) : nil
        },
        "efa.stops": Cell(body: "efa-tfnsw-krail-sevenhills-townhall.json", objects: "journeys[].legs[]") {
            efaRide($0)
                ? stops($0, "stopSequence", ends: true) { stop in
                    ["departureTimePlanned", "arrivalTimePlanned", "departureTimeEstimated", "arrivalTimeEstimated"].contains { stop[$0] is String }
                } : nil
        },
        "efa.realTime": Cell(body: "efa-tfnsw-krail-sevenhills-townhall.json", objects: "journeys[].legs[]") {
            efaRide($0) ? flag(value($0, "isRealtimeControlled")) : nil
        },
        "efa.departureDelay": Cell(body: "efa-tfnsw-krail-sevenhills-townhall.json", objects: "journeys[].legs[]") {
            efaRide($0) && value($0, "isRealtimeControlled") as? Bool == true
                ? secondsBetween(value($0, "origin.departureTimePlanned"), value($0, "origin.departureTimeEstimated")) : nil
        },
        "efa.arrivalDelay": Cell(body: "efa-tfnsw-krail-sevenhills-townhall.json", objects: "journeys[].legs[]") {
            efaRide($0) && value($0, "isRealtimeControlled") as? Bool == true
                ? secondsBetween(value($0, "destination.arrivalTimePlanned"), value($0, "destination.arrivalTimeEstimated")) : nil
        },

        // Each leg's first fare product is its first ticket (the body lists the ADULT one first).
        "efa.fareProducts": Cell(body: "PlannerFacts/efa-documented.json", objects: "journeys[].fare.tickets[]") { ticket in
            guard ticket["person"] as? String == "ADULT", let from = ticket["fromLeg"] as? Int, ticket["toLeg"] as? Int == from,
                let price = ticket["priceBrutto"] as? Double, let code = ticket["currency"] as? String
            else { return nil }
            return "- \(ticket["name"] as? String ?? "-") \(minor(price, 2)) \(code)"
        },
        "efa.fare": Cell(body: "PlannerFacts/efa-documented.json", objects: "journeys[]") { journey in
            let tickets = value(journey, "fare.tickets") as? [[String: Any]] ?? []
            let first = tickets.compactMap { $0["fromLeg"] as? Int }.min(), last = tickets.compactMap { $0["toLeg"] as? Int }.max()
            guard
                let whole = tickets.first(where: {
                    $0["person"] as? String == "ADULT" && $0["fromLeg"] as? Int == first && $0["toLeg"] as? Int == last
                }), let price = whole["priceBrutto"] as? Double, let code = whole["currency"] as? String
            else { return nil }
            return "\(minor(price, 2)) \(code)"
        },

        "dbweb.departurePlatform": Cell(
            body: "dbweb-bahnde-dbvendoclient-refresh-berlin-dortmund.json", objects: "verbindungen[].verbindungsAbschnitte[]"
        ) {
            text(((($0["halte"] as? [[String: Any]])?.first)?["gleis"]))
        },
        "dbweb.arrivalPlatform": Cell(
            body: "dbweb-bahnde-dbvendoclient-refresh-berlin-dortmund.json", objects: "verbindungen[].verbindungsAbschnitte[]"
        ) {
            (($0["halte"] as? [[String: Any]])?.count ?? 0) > 1 ? text(((($0["halte"] as? [[String: Any]])?.last)?["gleis"])) : nil
        },
        "dbweb.stops": Cell(body: "dbweb-bahnde-dbvendoclient-refresh-berlin-dortmund.json", objects: "verbindungen[].verbindungsAbschnitte[]") {
            stops($0, "halte", ends: true) { stop in
                !((stop["risNotizen"] as? [[String: Any]]) ?? []).contains {
                    $0["key"] as? String == "text.realtime.stop.cancelled" || $0["type"] as? String == "HALT_AUSFALL"
                }
            }
        },
        "dbweb.realTime": Cell(body: "PlannerFacts/dbweb-documented.json", objects: "verbindungen[].verbindungsAbschnitte[]") {
            $0["ezAbfahrtsZeitpunkt"] is String || $0["ezAnkunftsZeitpunkt"] is String ? "true" : nil
        },
        "dbweb.departureDelay": Cell(body: "PlannerFacts/dbweb-documented.json", objects: "verbindungen[].verbindungsAbschnitte[]") {
            localSecondsBetween($0["abfahrtsZeitpunkt"], $0["ezAbfahrtsZeitpunkt"])
        },
        "dbweb.arrivalDelay": Cell(body: "PlannerFacts/dbweb-documented.json", objects: "verbindungen[].verbindungsAbschnitte[]") {
            localSecondsBetween($0["ankunftsZeitpunkt"], $0["ezAnkunftsZeitpunkt"])
        },
        "dbweb.fare": Cell(body: "dbweb-bahnde-dbvendoclient-refresh-berlin-dortmund.json", objects: "verbindungen[]") { connection in
            guard let amount = value(connection, "angebotsPreis.betrag") as? Double, let code = value(connection, "angebotsPreis.waehrung") as? String
            else { return nil }
            return "\(minor(amount, 2)) \(code)"
        },

        "opendatach.departurePlatform": Cell(body: "PlannerFacts/opendatach-documented.json", objects: "connections[].sections[]") {
            text(value($0, "departure.prognosis.platform")) ?? text(value($0, "departure.platform"))
        },
        "opendatach.arrivalPlatform": Cell(body: "PlannerFacts/opendatach-documented.json", objects: "connections[].sections[]") {
            text(value($0, "arrival.prognosis.platform")) ?? text(value($0, "arrival.platform"))
        },
        "opendatach.stops": Cell(body: "swiss-opendatach-zurich-baden.json", objects: "connections[].sections[]") {
            stops($0, "journey.passList", ends: true)
        },
        "opendatach.departureDelay": Cell(body: "PlannerFacts/opendatach-documented.json", objects: "connections[].sections[]") {
            (value($0, "departure.delay") as? Int).map { "\($0 * 60)" }
        },
        "opendatach.arrivalDelay": Cell(body: "PlannerFacts/opendatach-documented.json", objects: "connections[].sections[]") {
            (value($0, "arrival.delay") as? Int).map { "\($0 * 60)" }
        },
    ]

    /// MOTIS's delay: the real-time time minus the timetable's, where `realTime`.
    /// A real-time Navitia section's delay: its time less the timetable's, both "20181202T220700".
    static func navitiaDelay(_ section: [String: Any], _ time: String, _ base: String) -> String? {
        guard section["data_freshness"] as? String == "realtime", let real = section[time] as? String, let planned = section[base] as? String
        else { return nil }
        let format = DateFormatter()
        (format.dateFormat, format.timeZone) = ("yyyyMMdd'T'HHmmss", TimeZone(identifier: "UTC"))
        guard let realDate = format.date(from: real), let plannedDate = format.date(from: planned) else { return nil }
        return "\(Int(realDate.timeIntervalSince(plannedDate)))"
    }

    static func delay(_ leg: [String: Any], _ time: String, _ scheduled: String) -> String? {
        guard leg["realTime"] as? Bool == true, leg["cancelled"] as? Bool != true, let real = PlannerAdapterTests.seconds(leg[time]),
            let planned = PlannerAdapterTests.seconds(leg[scheduled])
        else { return nil }
        return "\(Int((real - planned).rounded()))"
    }

    /// Every adapter's declared cell, "planner.fact".
    static var declared: [String] {
        PlannerRegistry.adapters.flatMap { adapter in adapter.cardFacts.map { "\(adapter.planner.rawValue).\($0.key.rawValue)" } }
    }

    @Test func everyDeclaredCellIsCheckedAndNoOther() {
        #expect(Set(Self.declared) == Set(Self.cells.keys))
        #expect(Self.declared.count == Set(Self.declared).count, "a fact declared twice")
    }

    @Test(arguments: declared.sorted())
    func cell(_ name: String) throws {
        let cell = try #require(Self.cells[name])
        let fact = try #require(CardFact(rawValue: String(name.split(separator: ".")[1])))
        let (request, json) = try Self.body(cell.body)
        let objects = cell.objects.isEmpty ? [json as? [String: Any] ?? [:]] : Self.objects(json, cell.objects)
        let expected = objects.compactMap(cell.expected)
        #expect(!expected.isEmpty, "\(cell.body) has no \(fact) to check")
        #expect(Self.decoded(request, fact) == expected, "\(name) from \(cell.body)")
    }

    /// docs/planners.md's table is the adapters' declarations, planner by planner.
    @Test func theDocsTableIsTheDeclarations() throws {
        let docs = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/planners.md"),
            encoding: .utf8)
        let adapters = PlannerRegistry.adapters.filter { !$0.cardFacts.isEmpty }
        var table = "| member | " + adapters.map { $0.title }.joined(separator: " | ") + " |\n"
        table += "|---|" + adapters.map { _ in "---|" }.joined() + "\n"
        for fact in CardFact.allCases {
            let row = adapters.map { adapter in adapter.cardFacts.first { $0.key == fact }?.value ?? "—" }
            table += "| `\(fact.member)` | " + row.joined(separator: " | ") + " |\n"
        }
        #expect(docs.contains(table), "docs/planners.md should hold the table:\n\(table)")
    }
}
