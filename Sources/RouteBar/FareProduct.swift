/// One fare product a planner prices a ride with (OpenTripPlanner 2's `fareProducts[]`): the
/// planner's id for this use of it, its name, who it is for, what it is held on, and its price.
public struct FareProduct: Sendable, Hashable {
    /// The planner's id for this use of the product: legs that share one ride on one ticket
    /// (OpenTripPlanner 2's `fareProducts[].id`), so it is paid once, not once a leg.
    public var id: String?
    /// The product's name ("regular", "rideCost", "transfer", "Orca Adult").
    public var name: String
    /// The rider category ("Adult", "Senior"), where named.
    public var riderCategory: String?
    /// The fare medium ("ORCA card", "cash"), where named.
    public var medium: String?
    /// The price in the currency's unit (2.75 for USD 2.75), and its ISO 4217 code.
    public var amount: Double
    public var currency: String
    /// The price as the service wrote it in the answer's language ("$2.75"), where an answer
    /// gave one: RouteBarClient reads it.
    public var text: String?
    /// Whether the product is what riding the leg costs (OpenTripPlanner's `rideCost` and
    /// `regular`), which route totals add up, rather than what a transfer is worth
    /// (`transfer`) or another product the planner lists beside it. Set by the planner's reader.
    package var pricesRide = false

    public init(id: String? = nil, name: String, riderCategory: String? = nil, medium: String? = nil, amount: Double, currency: String) {
        self.id = id
        self.name = name
        self.riderCategory = riderCategory
        self.medium = medium
        self.amount = amount
        self.currency = currency
    }

    /// The price in the currency's minor unit (275 for USD 2.75, 1450 for KRW 1450).
    public var minorUnits: Int? { CurrencyUnits.minorUnits(amount, currency: currency) }
}
