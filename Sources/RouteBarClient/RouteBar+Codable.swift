import RouteBar

// The RouteBar library's values in the service's JSON: routes as a request sends them, laid-out
// routes as an answer gives them. Declared here, not in RouteBar, so the algorithm library stays
// free of any wire format (both modules are this package's, so the conformances are not retroactive).

extension Route: Encodable {
    private enum Keys: String, CodingKey { case id, totalTime, subPaths, departure, arrival }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(totalTime, forKey: .totalTime)
        try container.encode(subPaths, forKey: .subPaths)
        try container.encodeIfPresent(card?.departure, forKey: .departure)
        try container.encodeIfPresent(card?.arrival, forKey: .arrival)
    }
}

extension SubPath: Encodable {
    private enum Keys: String, CodingKey { case trafficType, sectionTime, lane, trainType, departure, arrival }
    private enum LaneKeys: String, CodingKey { case name, busNo, type, subwayCode }

    /// ODsay's `subPath`: the line and the other candidates as its `lane` list, a bus by its
    /// number (`busNo`, `type`), a subway line by its name (`name`, `subwayCode`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(trafficType, forKey: .trafficType)
        try container.encode(sectionTime, forKey: .sectionTime)
        try container.encodeIfPresent(card?.departure, forKey: .departure)
        try container.encodeIfPresent(card?.arrival, forKey: .arrival)
        if let line {
            var lanes = container.nestedUnkeyedContainer(forKey: .lane)
            for candidate in [line] + otherLines {
                var lane = lanes.nestedContainer(keyedBy: LaneKeys.self)
                if mode == .bus {
                    try lane.encode(candidate.name, forKey: .busNo)
                    try lane.encodeIfPresent(candidate.busType, forKey: .type)
                } else {
                    try lane.encode(candidate.name, forKey: .name)
                    try lane.encodeIfPresent(candidate.subwayCode, forKey: .subwayCode)
                    try lane.encodeIfPresent(candidate.busType, forKey: .type)
                }
            }
        }
        try container.encodeIfPresent(trainType, forKey: .trainType)
    }
}

extension LaidOutRoute: Decodable {
    private enum Keys: String, CodingKey {
        case index, id, totalTime, walkingCount, transitCount, transferCount, barWidth, barStart, minWalkingLength, minTransitLength
        case minuteLength, height, compressed, accessibilityLabel, segments, minutes
        case departure, arrival, walkDistance, fare, transfers
        case departureEpoch, departureOffset, arrivalEpoch, arrivalOffset
    }

    private struct Fare: Decodable {
        var amount: Double
        var currency: String?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init()
        index = try container.decode(Int.self, forKey: .index)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        totalTime = try container.decode(Double.self, forKey: .totalTime)
        walkingCount = try container.decode(Int.self, forKey: .walkingCount)
        transitCount = try container.decode(Int.self, forKey: .transitCount)
        transferCount = try container.decode(Int.self, forKey: .transferCount)
        barWidth = try container.decode(Double.self, forKey: .barWidth)
        barStart = try container.decodeIfPresent(Double.self, forKey: .barStart) ?? 0
        minWalkingLength = try container.decode(Double.self, forKey: .minWalkingLength)
        minTransitLength = try container.decode(Double.self, forKey: .minTransitLength)
        minuteLength = try container.decode(Double.self, forKey: .minuteLength)
        height = try container.decode(Double.self, forKey: .height)
        compressed = try container.decode(Bool.self, forKey: .compressed)
        accessibilityLabel = try container.decode(String.self, forKey: .accessibilityLabel)
        segments = try container.decode([BarSegment].self, forKey: .segments)
        // A server before 1.2 sent no `minutes`: the total rounded, as it said it.
        minutes = try container.decodeIfPresent(Int.self, forKey: .minutes) ?? SegmentLabel.shownMinutes(totalTime)
        let card = RouteCard(
            departure: try container.decodeIfPresent(String.self, forKey: .departure),
            arrival: try container.decodeIfPresent(String.self, forKey: .arrival),
            walkDistance: try container.decodeIfPresent(Double.self, forKey: .walkDistance),
            fareAmount: try container.decodeIfPresent(Fare.self, forKey: .fare)?.amount,
            fareCurrency: try container.decodeIfPresent(Fare.self, forKey: .fare)?.currency,
            transfers: try container.decodeIfPresent(Int.self, forKey: .transfers),
            departureTime: try CardTime(container, epoch: .departureEpoch, offset: .departureOffset),
            arrivalTime: try CardTime(container, epoch: .arrivalEpoch, offset: .arrivalOffset))
        self.card = card == RouteCard() ? nil : card
    }
}

extension BarSegment: Decodable {
    private enum Keys: String, CodingKey {
        case index, trafficType, kind, mode, sectionTime, x, width, label, labelFits, transferBefore, line, lines, color, textColor
        case minutes, shortSeconds, badgeFits
        case departure, arrival, distance, from, to, headsign
        case departureEpoch, departureOffset, arrivalEpoch, arrivalOffset
        case departurePlatform, arrivalPlatform, stops, network, realTime, departureDelay, arrivalDelay, occupancy, alertCount, alerts
        case cancelled, reachable, fareProducts
    }

    /// The answer's `line` and `lines` (whose first is `line`) become `line` and `otherLines`;
    /// the badges and English names they carry come from `LinePalette`, as the service's do.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let mode = try container.decode(TransitMode.self, forKey: .mode)
        let line = try container.decodeIfPresent(AnswerLine.self, forKey: .line)
        let lines = try container.decodeIfPresent([AnswerLine].self, forKey: .lines) ?? []
        self.init(
            index: try container.decode(Int.self, forKey: .index),
            trafficType: try container.decode(Int.self, forKey: .trafficType),
            kind: try container.decode(SegmentKind.self, forKey: .kind),
            mode: mode,
            sectionTime: try container.decode(Double.self, forKey: .sectionTime),
            x: try container.decode(Double.self, forKey: .x),
            width: try container.decode(Double.self, forKey: .width),
            label: try container.decodeIfPresent(String.self, forKey: .label),
            labelFits: try container.decodeIfPresent(Bool.self, forKey: .labelFits),
            line: line?.transitLine(mode: mode),
            otherLines: lines.dropFirst().map { $0.transitLine(mode: mode) },
            trainType: line?.trainType,
            transferBefore: try container.decodeIfPresent(Bool.self, forKey: .transferBefore),
            color: try container.decodeIfPresent(String.self, forKey: .color),
            textColor: try container.decodeIfPresent(String.self, forKey: .textColor))
        let width = try container.decode(Double.self, forKey: .width)
        minutes =
            try container.decodeIfPresent(Int.self, forKey: .minutes)
            ?? (width > 0 ? SegmentLabel.shownMinutes(try container.decode(Double.self, forKey: .sectionTime)) : 0)
        shortSeconds = try container.decodeIfPresent(Double.self, forKey: .shortSeconds)
        // A transit segment's badge is its line's short name (`SegmentLabel.inside`).
        badge = kind == .transit ? line?.shortName : nil
        badgeFits = try container.decodeIfPresent(Bool.self, forKey: .badgeFits)
        let card = LegCard(
            departure: try container.decodeIfPresent(String.self, forKey: .departure),
            arrival: try container.decodeIfPresent(String.self, forKey: .arrival),
            distance: try container.decodeIfPresent(Double.self, forKey: .distance),
            from: try container.decodeIfPresent(String.self, forKey: .from),
            to: try container.decodeIfPresent(String.self, forKey: .to),
            headsign: try container.decodeIfPresent(String.self, forKey: .headsign),
            departureTime: try CardTime(container, epoch: .departureEpoch, offset: .departureOffset),
            arrivalTime: try CardTime(container, epoch: .arrivalEpoch, offset: .arrivalOffset),
            facts: LegFacts(
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
                fareProducts: try container.decodeIfPresent([AnswerFareProduct].self, forKey: .fareProducts)?.map(\.product) ?? []))
        self.card = card == LegCard() ? nil : card
    }

    /// A member of the answer's `fareProducts`.
    private struct AnswerFareProduct: Decodable {
        var name: String
        var riderCategory: String?
        var medium: String?
        var amount: Double
        var currency: String

        var product: FareProduct {
            FareProduct(name: name, riderCategory: riderCategory, medium: medium, amount: amount, currency: currency)
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

extension LayoutAlgorithm: Codable {}
extension ColorTheme: Codable {}
extension TimeScale: Codable {}
extension TransitMode: Codable {}
extension SegmentKind: Codable {}
extension LabelLocale: Codable {}

extension CardTime {
    /// A card's time from the answer's `…Epoch` and `…Offset`; nil where the answer has none.
    init?<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, epoch: Key, offset: Key) throws {
        guard let seconds = try container.decodeIfPresent(Int64.self, forKey: epoch),
            let utcOffset = try container.decodeIfPresent(Int32.self, forKey: offset)
        else { return nil }
        self.init(epochSeconds: seconds, utcOffset: utcOffset)
    }
}
