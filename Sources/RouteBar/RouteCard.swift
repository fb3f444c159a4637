/// What a route card shows beside the bar, where the planner gives it: times, distances,
/// fare. routebar passes these through; the layout does not use them. A class, so a route
/// without one (every ODsay route) carries a single empty reference.
public final class RouteCard: Sendable, Hashable {
    /// Departure and arrival in ISO 8601: RFC 3339 with the place's offset where it is known
    /// (`departureTime`), else as the planner writes them (an epoch time in UTC).
    public let departure: String?
    public let arrival: String?
    /// The same instants with the place's UTC offset, where the planner says where it is.
    public let departureTime: CardTime?
    public let arrivalTime: CardTime?
    /// Metres walked.
    public let walkDistance: Double?
    /// The fare in the currency's unit (2.5 for USD 2.50), and its ISO 4217 code.
    public let fareAmount: Double?
    public let fareCurrency: String?
    /// The planner's count of transfers.
    public let transfers: Int?
    /// What the route costs each rider category on each fare medium, where the planner prices
    /// it per category (`RouteFare`); `fareAmount` stays the one total a planner gives.
    public let fares: [RouteFare]
    /// The fare as the service wrote it in the answer's language ("$2.50"), where an answer
    /// gave one: RouteBarClient reads it.
    public let fareText: String?

    /// The fare in the currency's minor unit (250 for USD 2.50), where the currency is known.
    public var fareMinorUnits: Int? {
        guard let fareAmount, let fareCurrency else { return nil }
        return CurrencyUnits.minorUnits(fareAmount, currency: fareCurrency)
    }

    public convenience init(
        departure: String? = nil, arrival: String? = nil, walkDistance: Double? = nil, fareAmount: Double? = nil,
        fareCurrency: String? = nil, transfers: Int? = nil
    ) {
        self.init(
            departure: departure, arrival: arrival, walkDistance: walkDistance, fareAmount: fareAmount, fareCurrency: fareCurrency,
            transfers: transfers, departureTime: nil, arrivalTime: nil)
    }

    /// With times placed in the world: `departure` and `arrival` become their RFC 3339 text.
    public convenience init(
        departure: String?, arrival: String?, walkDistance: Double?, fareAmount: Double?, fareCurrency: String?, transfers: Int?,
        departureTime: CardTime?, arrivalTime: CardTime?
    ) {
        self.init(
            departure: departure, arrival: arrival, walkDistance: walkDistance, fareAmount: fareAmount, fareCurrency: fareCurrency,
            transfers: transfers, fares: [], departureTime: departureTime, arrivalTime: arrivalTime)
    }

    /// With the fares of each rider category and medium, and the fare's text where an answer
    /// gave it.
    public init(
        departure: String?, arrival: String?, walkDistance: Double?, fareAmount: Double?, fareCurrency: String?, transfers: Int?,
        fares: [RouteFare], departureTime: CardTime?, arrivalTime: CardTime?, fareText: String? = nil
    ) {
        self.fares = fares
        self.fareText = fareText
        self.departure = departureTime?.rfc3339 ?? departure
        self.arrival = arrivalTime?.rfc3339 ?? arrival
        self.departureTime = departureTime
        self.arrivalTime = arrivalTime
        self.walkDistance = walkDistance
        self.fareAmount = fareAmount
        self.fareCurrency = fareCurrency
        self.transfers = transfers
    }

    public static func == (a: RouteCard, b: RouteCard) -> Bool {
        (a.departure, a.arrival, a.walkDistance, a.fareAmount, a.fareCurrency, a.transfers)
            == (b.departure, b.arrival, b.walkDistance, b.fareAmount, b.fareCurrency, b.transfers)
            && a.fares == b.fares && a.fareText == b.fareText && (a.departureTime, a.arrivalTime) == (b.departureTime, b.arrivalTime)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(departure)
        hasher.combine(arrival)
        hasher.combine(walkDistance)
        hasher.combine(fareAmount)
        hasher.combine(fareCurrency)
        hasher.combine(transfers)
        hasher.combine(fares)
        hasher.combine(fareText)
        hasher.combine(departureTime)
        hasher.combine(arrivalTime)
    }
}

/// What a leg's row on a route card shows, where the planner gives it.
public final class LegCard: Sendable, Hashable {
    /// As `RouteCard`'s: RFC 3339 with the place's offset where it is known.
    public let departure: String?
    public let arrival: String?
    public let departureTime: CardTime?
    public let arrivalTime: CardTime?
    /// Metres.
    public let distance: Double?
    /// Stop or place names.
    public let from: String?
    public let to: String?
    /// Where the vehicle is headed.
    public let headsign: String?
    /// Platforms, stops, real time, occupancy, alerts, fares: what else the planner says.
    public let facts: LegFacts

    public convenience init(
        departure: String? = nil, arrival: String? = nil, distance: Double? = nil, from: String? = nil, to: String? = nil,
        headsign: String? = nil
    ) {
        self.init(
            departure: departure, arrival: arrival, distance: distance, from: from, to: to, headsign: headsign, departureTime: nil,
            arrivalTime: nil)
    }

    /// With times placed in the world: `departure` and `arrival` become their RFC 3339 text.
    public convenience init(
        departure: String?, arrival: String?, distance: Double?, from: String?, to: String?, headsign: String?,
        departureTime: CardTime?, arrivalTime: CardTime?
    ) {
        self.init(
            departure: departure, arrival: arrival, distance: distance, from: from, to: to, headsign: headsign,
            departureTime: departureTime, arrivalTime: arrivalTime, facts: LegFacts())
    }

    /// With times placed in the world and the planner's other facts.
    public init(
        departure: String?, arrival: String?, distance: Double?, from: String?, to: String?, headsign: String?,
        departureTime: CardTime?, arrivalTime: CardTime?, facts: LegFacts
    ) {
        self.facts = facts
        self.departure = departureTime?.rfc3339 ?? departure
        self.arrival = arrivalTime?.rfc3339 ?? arrival
        self.departureTime = departureTime
        self.arrivalTime = arrivalTime
        self.distance = distance
        self.from = from
        self.to = to
        self.headsign = headsign
    }

    public static func == (a: LegCard, b: LegCard) -> Bool {
        (a.departure, a.arrival, a.distance, a.from, a.to, a.headsign) == (b.departure, b.arrival, b.distance, b.from, b.to, b.headsign)
            && (a.departureTime, a.arrivalTime) == (b.departureTime, b.arrivalTime) && a.facts == b.facts
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(departure)
        hasher.combine(arrival)
        hasher.combine(distance)
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(headsign)
        hasher.combine(departureTime)
        hasher.combine(arrivalTime)
        hasher.combine(facts)
    }
}
