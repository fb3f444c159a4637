import RouteBar
internal import StrictJSON

/// One of a journey's `fare.tickets[]`: a price for one rider category over the legs
/// `fromLeg` to `toLeg` (indices of the journey's `legs`, from 0). Transport for NSW's answers
/// list one ticket per category for each ride, and one per category for the whole journey
/// (its sum, with the transfer discounts in the rides' prices); many deployments list none.
struct EFATicket: Equatable {
    var product: FareProduct
    var person: String?
    var legs: ClosedRange<Int>

    /// The route's fare: the `ADULT` ticket whose legs take in every ticket's. Without one,
    /// the route has no fare (a sum of rides' tickets would be a guess).
    static func routeFare(_ tickets: [EFATicket]) -> FareProduct? {
        guard let first = tickets.map(\.legs.lowerBound).min(), let last = tickets.map(\.legs.upperBound).max() else { return nil }
        return tickets.first { $0.person == "ADULT" && $0.legs == first...last }?.product
    }

    /// Each leg's own tickets (`fromLeg` = `toLeg`) as its fare products, and the route's fare.
    static func apply(_ tickets: [EFATicket], to itinerary: inout PlannerItinerary) {
        for ticket in tickets where ticket.legs.count == 1 && itinerary.legs.indices.contains(ticket.legs.lowerBound) {
            var facts = itinerary.legs[ticket.legs.lowerBound].facts
            guard facts.fareProducts.count < LegFacts.maxFareProducts, !facts.fareProducts.contains(ticket.product) else { continue }
            facts.fareProducts.append(ticket.product)
            itinerary.legs[ticket.legs.lowerBound].facts = facts
        }
        if let fare = routeFare(tickets) { (itinerary.fareAmount, itinerary.fareCurrency) = (fare.amount, fare.currency) }
    }
}

extension PlannerReader {
    /// A journey's `fare`: its `tickets[]`, each with `name`, `person`, `priceBrutto`,
    /// `currency`, `fromLeg`, `toLeg` and `properties.riderCategoryName`; a ticket without a
    /// price, a known currency or its legs is left out.
    mutating func decodeEFAFare() throws(JSONSyntaxError) -> [EFATicket] {
        var tickets: [EFATicket] = []
        try eachMember { decoder throws(JSONSyntaxError) in
            guard decoder.reader.keyEquals("tickets") else { return try decoder.reader.skipValue() }
            try decoder.eachElement { decoder, _ throws(JSONSyntaxError) in
                var name: String?, person: String?, rider: String?, currency: String?
                var price: Double?, from: Int?, to: Int?
                try decoder.eachMember { decoder throws(JSONSyntaxError) in
                    if decoder.reader.keyEquals("name") {
                        name = try decoder.plannerText()
                    } else if decoder.reader.keyEquals("person") {
                        person = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("priceBrutto") {
                        price = try decoder.plannerNumber()
                    } else if decoder.reader.keyEquals("currency") {
                        currency = try decoder.plannerWord()
                    } else if decoder.reader.keyEquals("fromLeg") {
                        from = try decoder.plannerNumber().flatMap(Self.smallInteger)
                    } else if decoder.reader.keyEquals("toLeg") {
                        to = try decoder.plannerNumber().flatMap(Self.smallInteger)
                    } else if decoder.reader.keyEquals("properties") {
                        rider = try decoder.plannerMember("riderCategoryName")
                    } else {
                        try decoder.reader.skipValue()
                    }
                }
                guard let name, let price, price >= 0, let currency, CurrencyUnits.exponent(of: currency) != nil,
                    let from, let to, from >= 0, to >= from, tickets.count < RouteBarLayout.maxSubPaths * LegFacts.maxFareProducts
                else { return }
                let product = FareProduct(name: name, riderCategory: rider ?? person, amount: price, currency: currency)
                tickets.append(EFATicket(product: product, person: person, legs: from...to))
            }
        }
        return tickets
    }
}
