import RouteBar
internal import StrictJSON

// OpenTripPlanner's fares, two generations: a leg's `fareProducts` (2.x, one per rider category
// and medium, https://docs.opentripplanner.org/api/dev-2.x/graphql-gtfs/types/FareProductUse)
// and an itinerary's `fares` (the GraphQL API's older one, Digitransit's). The route's totals
// are the legs' products added up as OpenTripPlanner's own UI (otp-ui's `getItineraryCost`) adds
// them: per rider category and medium, each leg's ride cost, a use id shared by legs once.
extension PlannerReader {
    /// The names OpenTripPlanner gives what a ride costs: `rideCost` (its fare models, such as
    /// Seattle's ORCA) and `regular` (GTFS fares). A `transfer` product says what a transfer is
    /// worth beside it, and is listed but not added up.
    static let rideCostNames: Set<String> = ["rideCost", "regular"]

    /// A leg's `fareProducts`: `[{"id": "<use id>", "product": {"id": …, "name": "rideCost",
    /// "price": {"amount": 2.75, "currency": {"code": "USD", "digits": 2}}, "riderCategory":
    /// {"name": "regular"}, "medium": {"name": "electronic"}}}]`, at most
    /// `LegFacts.maxFareProducts`; those past it are counted in `fareProductsOmitted`.
    mutating func decodeFareProducts(into facts: inout LegFacts) throws(JSONSyntaxError) {
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            var useID: String?
            var product: FareProduct?
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("id") {
                    useID = try decoder.plannerText()
                } else if decoder.reader.keyEquals("product") {
                    product = try decoder.decodeFareProduct()
                } else {
                    try decoder.reader.skipValue()
                }
            }
            guard var product else { return }
            product.id = useID
            guard !facts.fareProducts.contains(product) else { return }
            guard facts.fareProducts.count < LegFacts.maxFareProducts else {
                facts.fareProductsOmitted = (facts.fareProductsOmitted ?? 0) + 1
                return
            }
            facts.fareProducts.append(product)
        }
    }

    /// A `FareProduct` object: its name, rider category, medium and price; nil without a name,
    /// an amount or a currency code.
    private mutating func decodeFareProduct() throws(JSONSyntaxError) -> FareProduct? {
        var name: String?
        var rider: String?
        var medium: String?
        var amount: Double?
        var currency: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("name") {
                name = try decoder.plannerText()
            } else if decoder.reader.keyEquals("riderCategory") {
                rider = try decoder.plannerName()
            } else if decoder.reader.keyEquals("medium") {
                medium = try decoder.plannerName()
            } else if decoder.reader.keyEquals("price") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("amount") {
                        amount = try decoder.plannerNumber()
                    } else if decoder.reader.keyEquals("currency") {
                        currency = try decoder.plannerMember("code")
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        guard let name, let amount, amount.isFinite, let currency else { return nil }
        var product = FareProduct(name: name, riderCategory: rider, medium: medium, amount: amount, currency: currency)
        product.pricesRide = Self.rideCostNames.contains(name)
        return product
    }

    /// REST's itinerary `fare`: OpenTripPlanner 1's `{"fare": {"regular": {"cents": 250,
    /// "currency": {"currencyCode": "USD"}}}}`, the route's fare; and 2.x's `legProducts`:
    /// `[{"legIndices": [1], "products": [{"id": "headway-1330:300", "name": "regular",
    /// "amount": {"cents": 0, "currency": {"currencyCode": "USD", "defaultFractionDigits": 2}},
    /// "riderCategory": {"name": …}, "medium": {"name": …}}]}]` (2.2 says `category` and
    /// `container`), each product joining the legs it covers. REST gives no use id: the
    /// product's id with the legs it covers ("headway-1330:300@1") stands for one, so that a
    /// product covering two legs is counted once and one bought twice, twice.
    mutating func decodeOTPFare(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("fare") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    guard decoder.reader.keyEquals("regular") else { return try decoder.reader.skipValue() }
                    // Read whole even without `cents` (`{}`, a currency alone): then no fare.
                    if let money = try decoder.restMoney() { (itinerary.fareAmount, itinerary.fareCurrency) = money }
                }
            } else if decoder.reader.keyEquals("legProducts") {
                try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                    var covered: [Int] = []
                    var products: [FareProduct] = []
                    try decoder.eachMember { decoder throws(JSONSyntaxError) in
                        if decoder.reader.keyEquals("legIndices") {
                            try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                                if let index = try decoder.plannerNumber(), index >= 0, index < Double(RouteBarLayout.maxSubPaths),
                                    covered.count < RouteBarLayout.maxSubPaths
                                {
                                    covered.append(Int(index))
                                }
                            }
                        } else if decoder.reader.keyEquals("products") {
                            try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                                if let product = try decoder.restFareProduct(), products.count < LegFacts.maxFareProducts {
                                    products.append(product)
                                }
                            }
                        } else {
                            try decoder.reader.skipValue()
                        }
                    }
                    guard !covered.isEmpty, itinerary.legProducts.count < RouteBarLayout.maxSubPaths * LegFacts.maxFareProducts else { return }
                    let uses = covered.map(String.init).joined(separator: ",")
                    for var product in products {
                        product.id = product.id.map { "\($0)@\(uses)" }
                        itinerary.legProducts.append((covered, product))
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    /// A REST `FareProduct`: `id`, `name`, `amount` (`Money`), `riderCategory` or `category`,
    /// `medium` or `container`; nil without a name or an amount with its currency.
    private mutating func restFareProduct() throws(JSONSyntaxError) -> FareProduct? {
        var id: String?
        var name: String?
        var money: (Double, String?)?
        var rider: String?
        var medium: String?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("id") {
                id = try decoder.plannerText()
            } else if decoder.reader.keyEquals("name") {
                name = try decoder.plannerText()
            } else if decoder.reader.keyEquals("amount") {
                money = try decoder.restMoney()
            } else if decoder.reader.keyEquals("riderCategory") || decoder.reader.keyEquals("category") {
                rider = try decoder.plannerName()
            } else if decoder.reader.keyEquals("medium") || decoder.reader.keyEquals("container") {
                medium = try decoder.plannerName()
            } else {
                try decoder.reader.skipValue()
            }
        }
        guard let name, let (amount, code) = money, let currency = code else { return nil }
        var product = FareProduct(id: id, name: name, riderCategory: rider, medium: medium, amount: amount, currency: currency)
        product.pricesRide = Self.rideCostNames.contains(name)
        return product
    }

    /// REST's `Money`: `{"cents": 250, "currency": {"currencyCode": "USD", "defaultFractionDigits": 2}}`:
    /// the amount in the currency's unit (by ISO 4217's decimal places, else the answer's
    /// `defaultFractionDigits`, else hundredths), and its code.
    private mutating func restMoney() throws(JSONSyntaxError) -> (Double, String?)? {
        var cents: Double?
        var code: String?
        var digits: Double?
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("cents") {
                cents = try decoder.plannerNumber()
            } else if decoder.reader.keyEquals("currency") {
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("currencyCode") {
                        code = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("defaultFractionDigits") {
                        digits = try decoder.plannerNumber()
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
            } else {
                try decoder.reader.skipValue()
            }
        }
        guard let cents, cents.isFinite else { return nil }
        let exponent = code.flatMap(CurrencyUnits.exponent(of:)) ?? digits.map { Int(min(max($0, 0), 4)) } ?? 2
        return (cents / CurrencyUnits.scale(exponent), code)
    }

    /// The GraphQL API's itinerary `fares`: `[{"type": "regular", "currency": "EUR", "cents":
    /// 280, "components": [{"fareId": "HSL:AB", "cents": 280, …}]}]`. Each is a route fare for
    /// its type (the rider category), its components' `fareId`s the products; the regular one
    /// is also the route's `fare`. `cents` are the currency's minor units (hundredths where
    /// the currency is missing or unknown, as the member's name says).
    mutating func decodeItineraryFares(into itinerary: inout PlannerItinerary) throws(JSONSyntaxError) {
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            var type: String?
            var cents: Double?
            var currency: String?
            var fareIDs: [String] = []
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("type") {
                    type = try decoder.plannerWord()
                } else if decoder.reader.keyEquals("cents") {
                    cents = try decoder.plannerNumber()
                } else if decoder.reader.keyEquals("currency") {
                    currency = try decoder.plannerText()
                } else if decoder.reader.keyEquals("components") {
                    try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                        try decoder.eachMember { decoder throws(JSONSyntaxError) in
                            guard decoder.reader.keyEquals("fareId"), let id = try decoder.plannerText() else {
                                return try decoder.reader.skipValue()
                            }
                            if fareIDs.count < LegFacts.maxFareProducts, !fareIDs.contains(id) { fareIDs.append(id) }
                        }
                    }
                } else {
                    try decoder.reader.skipValue()
                }
            }
            guard let cents, cents.isFinite, itinerary.fares.count < LegFacts.maxFareProducts else { return }
            let amount = cents / CurrencyUnits.scale(currency.flatMap(CurrencyUnits.exponent(of:)) ?? 2)
            itinerary.fares.append(RouteFare(riderCategory: type, amount: amount, currency: currency, productIDs: fareIDs))
            if type == "regular" { (itinerary.fareAmount, itinerary.fareCurrency) = (amount, currency) }
        }
    }
}
