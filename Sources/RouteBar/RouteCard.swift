/// What a route card shows beside the bar, where the planner gives it: times, distances,
/// fare. routebar passes these through; the layout does not use them. A class, so a route
/// without one (every ODsay route) carries a single empty reference.
public final class RouteCard: Sendable, Hashable {
    /// Departure and arrival in ISO 8601, as the planner writes them (an epoch time becomes UTC).
    public let departure: String?
    public let arrival: String?
    /// Metres walked.
    public let walkDistance: Double?
    /// The fare in the currency's unit (2.5 for USD 2.50), and its ISO 4217 code.
    public let fareAmount: Double?
    public let fareCurrency: String?
    /// The planner's count of transfers.
    public let transfers: Int?

    public init(
        departure: String? = nil, arrival: String? = nil, walkDistance: Double? = nil, fareAmount: Double? = nil,
        fareCurrency: String? = nil, transfers: Int? = nil
    ) {
        self.departure = departure
        self.arrival = arrival
        self.walkDistance = walkDistance
        self.fareAmount = fareAmount
        self.fareCurrency = fareCurrency
        self.transfers = transfers
    }

    public static func == (a: RouteCard, b: RouteCard) -> Bool {
        (a.departure, a.arrival, a.walkDistance, a.fareAmount, a.fareCurrency, a.transfers)
            == (b.departure, b.arrival, b.walkDistance, b.fareAmount, b.fareCurrency, b.transfers)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(departure)
        hasher.combine(arrival)
        hasher.combine(walkDistance)
        hasher.combine(fareAmount)
        hasher.combine(fareCurrency)
        hasher.combine(transfers)
    }
}

/// What a leg's row on a route card shows, where the planner gives it.
public final class LegCard: Sendable, Hashable {
    public let departure: String?
    public let arrival: String?
    /// Metres.
    public let distance: Double?
    /// Stop or place names.
    public let from: String?
    public let to: String?
    /// Where the vehicle is headed.
    public let headsign: String?

    public init(
        departure: String? = nil, arrival: String? = nil, distance: Double? = nil, from: String? = nil, to: String? = nil,
        headsign: String? = nil
    ) {
        self.departure = departure
        self.arrival = arrival
        self.distance = distance
        self.from = from
        self.to = to
        self.headsign = headsign
    }

    public static func == (a: LegCard, b: LegCard) -> Bool {
        (a.departure, a.arrival, a.distance, a.from, a.to, a.headsign) == (b.departure, b.arrival, b.distance, b.from, b.to, b.headsign)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(departure)
        hasher.combine(arrival)
        hasher.combine(distance)
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(headsign)
    }
}
