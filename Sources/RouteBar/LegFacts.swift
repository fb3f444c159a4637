/// What a planner says about a ride beyond its times and places, where it says it: platforms,
/// stops, network, real time, occupancy, alerts, whether it runs and can be reached, and the
/// fares it is priced with. routebar passes these through; the layout does not use them.
/// Which planner gives which is a table in the docs (docs/planners.md, "The route card").
public struct LegFacts: Sendable, Hashable {
    /// The platform or track the ride leaves from and arrives at, as the planner writes it ("41/42").
    public var departurePlatform: String?
    public var arrivalPlatform: String?
    /// The stops the ride calls at after boarding, the one it is left at included (Google's
    /// `num_stops`; one more than the stops in between).
    public var stops: Int?
    /// The network the line belongs to ("RER"), where the planner names one beside the agency.
    public var network: String?
    /// Whether the times are real-time predictions (true) or the timetable's (false).
    public var realTime: Bool?
    /// Seconds the departure and the arrival are late against the timetable (negative: early).
    public var departureDelay: Int?
    public var arrivalDelay: Int?
    /// How full the vehicle is.
    public var occupancy: Occupancy?
    /// How many alerts the planner attaches to the ride, and the first `maxAlerts` headlines.
    public var alertCount: Int?
    public var alerts: [String]
    /// The ride does not run: true only where the planner says so.
    public var cancelled: Bool?
    /// Whether the ride can be reached from the leg before it (hafas-client's `reachable`):
    /// false for a transfer a delay has broken, also where a planner's forecast has the leg
    /// before arrive after this one departs.
    public var reachable: Bool?
    /// The fare products the planner prices this ride with, as it lists them (OpenTripPlanner
    /// 2's `fareProducts`), at most `maxFareProducts`.
    public var fareProducts: [FareProduct]
    /// How many products past `maxFareProducts` the planner listed and `fareProducts` leaves
    /// out; nil where it keeps them all. The route then has no `fares`: they could miss a ride.
    public var fareProductsOmitted: Int?

    /// Headlines kept per leg: what a card shows; `alertCount` says how many there were.
    public static let maxAlerts = 3
    /// Fare products kept per leg. OpenTripPlanner 2 lists one per rider category and medium,
    /// and a transfer's worth beside each: the recordings list at most 12 (Seattle's ORCA: 4
    /// categories, 2 media, rides and transfers); 64 keeps every one of those and bounds a leg.
    public static let maxFareProducts = 64

    public init(
        departurePlatform: String? = nil, arrivalPlatform: String? = nil, stops: Int? = nil, network: String? = nil,
        realTime: Bool? = nil, departureDelay: Int? = nil, arrivalDelay: Int? = nil, occupancy: Occupancy? = nil,
        alertCount: Int? = nil, alerts: [String] = [], cancelled: Bool? = nil, reachable: Bool? = nil,
        fareProducts: [FareProduct] = []
    ) {
        self.departurePlatform = departurePlatform
        self.arrivalPlatform = arrivalPlatform
        self.stops = stops
        self.network = network
        self.realTime = realTime
        self.departureDelay = departureDelay
        self.arrivalDelay = arrivalDelay
        self.occupancy = occupancy
        self.alertCount = alertCount
        self.alerts = alerts
        self.cancelled = cancelled
        self.reachable = reachable
        self.fareProducts = fareProducts
        self.fareProductsOmitted = nil
    }

    /// Whether the planner said none of these.
    public var isEmpty: Bool { self == LegFacts() }
}
