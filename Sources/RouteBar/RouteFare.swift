/// What a route costs one rider category on one fare medium, where the planner prices its
/// rides: OpenTripPlanner 2's legs' fare products totalled as its own UI totals them, or a
/// fare the planner gives for the whole itinerary (Digitransit's `fares[]`).
public struct RouteFare: Sendable, Hashable {
    /// The rider category ("regular", "senior") and fare medium ("electronic"), where named.
    public var riderCategory: String?
    public var medium: String?
    /// The total in the currency's unit, and its ISO 4217 code where the planner gives one: a
    /// fare without a currency keeps its amount and has no minor units and no text.
    public var amount: Double
    public var currency: String?
    /// The planner's ids of what was added up: its products' use ids, or its fare components'
    /// `fareId`s; each once.
    public var productIDs: [String]
    /// The total as the service wrote it in the answer's language ("$2.75"), where an answer
    /// gave one: RouteBarClient reads it.
    public var text: String?

    public init(riderCategory: String? = nil, medium: String? = nil, amount: Double, currency: String?, productIDs: [String] = []) {
        self.riderCategory = riderCategory
        self.medium = medium
        self.amount = amount
        self.currency = currency
        self.productIDs = productIDs
    }

    /// The total in the currency's minor unit, where the currency is known.
    public var minorUnits: Int? { currency.flatMap { CurrencyUnits.minorUnits(amount, currency: $0) } }

    /// The route's totals from its priced legs' products (each leg's list as its planner gives
    /// it; legs without products are not priced). One total per rider category and medium
    /// that prices every priced leg: each leg's first product of that pair that `pricesRide`,
    /// a use id two legs share counted once, in one currency. A pair that misses a priced leg
    /// or mixes currencies has no total: a sum that leaves out a ride is a wrong price.
    package static func totals(of legs: [[FareProduct]]) -> [RouteFare] {
        let priced = legs.filter { !$0.isEmpty }
        var pairs: [(String?, String?)] = []
        for product in priced.joined() where product.pricesRide && !pairs.contains(where: { $0 == (product.riderCategory, product.medium) }) {
            pairs.append((product.riderCategory, product.medium))
        }
        var totals: [RouteFare] = []
        pairs: for (rider, medium) in pairs {
            var total: RouteFare?
            var used: Set<String> = []
            for products in priced {
                guard let product = products.first(where: { $0.pricesRide && $0.riderCategory == rider && $0.medium == medium }),
                    total?.currency ?? product.currency == product.currency
                else { continue pairs }
                if let id = product.id {
                    guard used.insert(id).inserted else { continue }
                }
                var sum = total ?? RouteFare(riderCategory: rider, medium: medium, amount: 0, currency: product.currency)
                sum.amount += product.amount
                if let id = product.id { sum.productIDs.append(id) }
                total = sum
            }
            if var total {
                // Added in minor units' precision: 0.1 + 0.2 is 0.3.
                total.amount = total.currency.flatMap { CurrencyUnits.rounded(total.amount, currency: $0) } ?? total.amount
                totals.append(total)
            }
        }
        return totals
    }
}
