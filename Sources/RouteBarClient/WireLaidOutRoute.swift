import RouteBar

// The RouteBar library's values as an answer gives them. Wrappers of the client's own, not
// conformances of RouteBar's types: an app that gives `LaidOutRoute` a `Codable` of its own
// keeps it, and `JSONEncoder` never writes the service's shape by surprise.

/// A `LaidOutRoute` as an answer gives it (openapi.yaml, `LaidOutRoute`).
struct WireLaidOutRoute: Decodable {
    let value: LaidOutRoute

    private enum Keys: String, CodingKey {
        case index, id, totalTime, walkingCount, transitCount, transferCount, barWidth, barStart, minWalkingLength, minTransitLength
        case minuteLength, height, compressed, accessibilityLabel, segments, minutes
        case departure, arrival, walkDistance, fare, fares, transfers
        case departureEpoch, departureOffset, arrivalEpoch, arrivalOffset, departureClock, arrivalClock
    }

    private struct Fare: Decodable {
        var amount: Double
        var currency: String?
        var text: String?
    }

    /// A member of the answer's `fares`.
    private struct AnswerRouteFare: Decodable {
        var riderCategory: String?
        var medium: String?
        var amount: Double
        var currency: String?
        var text: String?
        var productIds: [String]?

        var fare: RouteFare {
            var fare = RouteFare(riderCategory: riderCategory, medium: medium, amount: amount, currency: currency, productIDs: productIds ?? [])
            fare.text = text
            return fare
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let masked = decoder.isMasked
        var route = LaidOutRoute()
        route.index = try container.member(.index, masked, 0)
        route.id = try container.decodeIfPresent(String.self, forKey: .id)
        route.totalTime = try container.member(.totalTime, masked, 0)
        route.walkingCount = try container.member(.walkingCount, masked, 0)
        route.transitCount = try container.member(.transitCount, masked, 0)
        route.transferCount = try container.member(.transferCount, masked, 0)
        route.barWidth = try container.member(.barWidth, masked, 0)
        route.barStart = try container.decodeIfPresent(Double.self, forKey: .barStart) ?? 0
        route.minWalkingLength = try container.member(.minWalkingLength, masked, 0)
        route.minTransitLength = try container.member(.minTransitLength, masked, 0)
        route.minuteLength = try container.member(.minuteLength, masked, 0)
        route.height = try container.member(.height, masked, 0)
        route.compressed = try container.member(.compressed, masked, false)
        route.accessibilityLabel = try container.member(.accessibilityLabel, masked, "")
        route.segments = try container.member(.segments, masked, [WireBarSegment]()).map(\.value)
        // A server before 1.2 sent no `minutes`: the total rounded, as it said it.
        route.minutes = try container.decodeIfPresent(Int.self, forKey: .minutes) ?? SegmentLabel.shownMinutes(route.totalTime)
        let fare = try container.decodeIfPresent(Fare.self, forKey: .fare)
        let card = RouteCard(
            departure: try container.decodeIfPresent(String.self, forKey: .departure),
            arrival: try container.decodeIfPresent(String.self, forKey: .arrival),
            walkDistance: try container.decodeIfPresent(Double.self, forKey: .walkDistance),
            fareAmount: fare?.amount, fareCurrency: fare?.currency,
            transfers: try container.decodeIfPresent(Int.self, forKey: .transfers),
            fares: try container.decodeIfPresent([AnswerRouteFare].self, forKey: .fares)?.map(\.fare) ?? [],
            departureTime: try CardTime(container, epoch: .departureEpoch, offset: .departureOffset, clock: .departureClock),
            arrivalTime: try CardTime(container, epoch: .arrivalEpoch, offset: .arrivalOffset, clock: .arrivalClock),
            fareText: fare?.text)
        route.card = card == RouteCard() ? nil : card
        value = route
    }
}

/// A `BarSegment` as an answer gives it.
struct WireBarSegment: Decodable {
    let value: BarSegment

    private enum Keys: String, CodingKey {
        case index, trafficType, kind, mode, sectionTime, x, width, label, labelFits, transferBefore, line, lines, color, textColor
        case minutes, shortSeconds, badge, badgeFits
        case departure, arrival, distance, from, to, headsign
        case departureEpoch, departureOffset, arrivalEpoch, arrivalOffset, departureClock, arrivalClock
        case departurePlatform, arrivalPlatform, stops, network, realTime, departureDelay, arrivalDelay, occupancy, alertCount, alerts
        case cancelled, reachable, fareProducts, fareProductsOmitted
    }

    /// The answer's `line` and `lines` (whose first is `line`) become `line` and `otherLines`;
    /// the badges and English names they carry come from `LinePalette`, as the service's do.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let masked = decoder.isMasked
        let mode = try container.rawMember(.mode, masked, TransitMode.other)
        let line = try container.decodeIfPresent(AnswerLine.self, forKey: .line)
        let lines = try container.decodeIfPresent([AnswerLine].self, forKey: .lines) ?? []
        var segment = BarSegment(
            index: try container.member(.index, masked, 0),
            trafficType: try container.member(.trafficType, masked, 0),
            kind: try container.rawMember(.kind, masked, SegmentKind.other),
            mode: mode,
            sectionTime: try container.member(.sectionTime, masked, 0),
            x: try container.member(.x, masked, 0),
            width: try container.member(.width, masked, 0),
            label: try container.decodeIfPresent(String.self, forKey: .label),
            labelFits: try container.decodeIfPresent(Bool.self, forKey: .labelFits),
            line: line?.transitLine(mode: mode),
            otherLines: lines.dropFirst().map { $0.transitLine(mode: mode) },
            trainType: line?.trainType,
            transferBefore: try container.decodeIfPresent(Bool.self, forKey: .transferBefore),
            color: try container.decodeIfPresent(String.self, forKey: .color),
            textColor: try container.decodeIfPresent(String.self, forKey: .textColor))
        let width: Double = try container.member(.width, masked, 0)
        segment.minutes =
            try container.decodeIfPresent(Int.self, forKey: .minutes)
            ?? (width > 0 ? SegmentLabel.shownMinutes(try container.member(.sectionTime, masked, 0)) : 0)
        segment.shortSeconds = try container.decodeIfPresent(Double.self, forKey: .shortSeconds)
        // The answer's badge; a server before 2.0 sent none: its line's short name then.
        segment.badge = try container.decodeIfPresent(String.self, forKey: .badge) ?? (segment.kind == .transit ? line?.shortName : nil)
        segment.badgeFits = try container.decodeIfPresent(Bool.self, forKey: .badgeFits)
        var facts = LegFacts(
            departurePlatform: try container.decodeIfPresent(String.self, forKey: .departurePlatform),
            arrivalPlatform: try container.decodeIfPresent(String.self, forKey: .arrivalPlatform),
            stops: try container.decodeIfPresent(Int.self, forKey: .stops),
            network: try container.decodeIfPresent(String.self, forKey: .network),
            realTime: try container.decodeIfPresent(Bool.self, forKey: .realTime),
            departureDelay: try container.decodeIfPresent(Int.self, forKey: .departureDelay),
            arrivalDelay: try container.decodeIfPresent(Int.self, forKey: .arrivalDelay),
            // An occupancy a newer server names is left out, not an error.
            occupancy: try container.decodeIfPresent(String.self, forKey: .occupancy).flatMap(Occupancy.init(rawValue:)),
            alertCount: try container.decodeIfPresent(Int.self, forKey: .alertCount),
            alerts: try container.decodeIfPresent([String].self, forKey: .alerts) ?? [],
            cancelled: try container.decodeIfPresent(Bool.self, forKey: .cancelled),
            reachable: try container.decodeIfPresent(Bool.self, forKey: .reachable),
            fareProducts: try container.decodeIfPresent([AnswerFareProduct].self, forKey: .fareProducts)?.map(\.product) ?? [])
        facts.fareProductsOmitted = try container.decodeIfPresent(Int.self, forKey: .fareProductsOmitted)
        let card = LegCard(
            departure: try container.decodeIfPresent(String.self, forKey: .departure),
            arrival: try container.decodeIfPresent(String.self, forKey: .arrival),
            distance: try container.decodeIfPresent(Double.self, forKey: .distance),
            from: try container.decodeIfPresent(String.self, forKey: .from),
            to: try container.decodeIfPresent(String.self, forKey: .to),
            headsign: try container.decodeIfPresent(String.self, forKey: .headsign),
            departureTime: try CardTime(container, epoch: .departureEpoch, offset: .departureOffset, clock: .departureClock),
            arrivalTime: try CardTime(container, epoch: .arrivalEpoch, offset: .arrivalOffset, clock: .arrivalClock),
            facts: facts)
        segment.card = card == LegCard() ? nil : card
        value = segment
    }

    /// A member of the answer's `fareProducts`.
    private struct AnswerFareProduct: Decodable {
        var id: String?
        var name: String
        var riderCategory: String?
        var medium: String?
        var amount: Double
        var currency: String
        var text: String?

        var product: FareProduct {
            var product = FareProduct(id: id, name: name, riderCategory: riderCategory, medium: medium, amount: amount, currency: currency)
            product.text = text
            return product
        }
    }

    /// A member of the answer's `line` or `lines`.
    private struct AnswerLine: Decodable {
        var name: String
        var code: Int?
        var busType: Int?
        var trainType: Int?
        var shortName: String?
        var agency: String?

        /// The line; its `shortName` only where it is the planner's, not the palette's badge
        /// (which the library derives again from the codes).
        func transitLine(mode: TransitMode) -> TransitLine {
            var line = TransitLine(name: name, subwayCode: code, busType: busType, agency: agency)
            let derived = [LabelLocale.ko, .en].map { LinePalette.badge(mode: mode, line: line, trainType: trainType, locale: $0) }
            if let shortName, !derived.contains(shortName) { line.shortName = shortName }
            return line
        }
    }
}

extension CardTime {
    /// A card's time from the answer's `…Epoch` and `…Offset`, with its `…Clock` text; nil
    /// where the answer has none.
    init?<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, epoch: Key, offset: Key, clock: Key) throws {
        guard let seconds = try container.decodeIfPresent(Int64.self, forKey: epoch),
            let utcOffset = try container.decodeIfPresent(Int32.self, forKey: offset)
        else { return nil }
        self.init(epochSeconds: seconds, utcOffset: utcOffset)
        self.clock = try container.decodeIfPresent(String.self, forKey: clock)
    }
}

extension CodingUserInfoKey {
    /// Set when the request sent a field mask (`LayoutRequest.fields`).
    static let routeBarMasked = CodingUserInfoKey(rawValue: "routebar.masked")!
}

extension Decoder {
    /// Whether the answer was asked for with a field mask: its members may be left out.
    var isMasked: Bool { userInfo[.routeBarMasked] as? Bool ?? false }
}

extension KeyedDecodingContainer {
    /// A member every whole answer has; under a field mask one left out takes `fallback` (0,
    /// false, empty), so that an app reads the members it asked for from the usual values.
    func member<Value: Decodable>(_ key: Key, _ masked: Bool, _ fallback: @autoclosure () -> Value) throws -> Value {
        if masked && !contains(key) { return fallback() }
        return try decode(Value.self, forKey: key)
    }

    func rawMember<Value: RawRepresentable>(_ key: Key, _ masked: Bool, _ fallback: Value) throws -> Value where Value.RawValue == String {
        if masked && !contains(key) { return fallback }
        return try decodeRaw(Value.self, forKey: key)
    }

    /// One of RouteBar's string-valued types by its raw value, without a `Decodable` conformance
    /// of RouteBar's own type.
    func decodeRaw<Value: RawRepresentable>(_ type: Value.Type, forKey key: Key) throws -> Value where Value.RawValue == String {
        let raw = try decode(String.self, forKey: key)
        guard let value = Value(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(raw) is not a \(Value.self)")
        }
        return value
    }

    func decodeRawIfPresent<Value: RawRepresentable>(_ type: Value.Type, forKey key: Key) throws -> Value? where Value.RawValue == String {
        try contains(key) && !decodeNil(forKey: key) ? decodeRaw(type, forKey: key) : nil
    }
}
