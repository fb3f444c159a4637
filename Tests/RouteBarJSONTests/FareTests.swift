import Foundation
import RouteBar
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// Fares whole: every product a planner lists, with its use id; route totals per rider category
/// and medium as OpenTripPlanner's own UI adds them up; one rounding for minor units and text.
@Suite struct FareTests {
    static func product(_ id: String?, _ name: String, _ rider: String?, _ medium: String?, _ amount: Double, _ currency: String = "USD")
        -> FareProduct
    {
        var product = FareProduct(id: id, name: name, riderCategory: rider, medium: medium, amount: amount, currency: currency)
        product.pricesRide = PlannerReader.rideCostNames.contains(name)
        return product
    }

    /// The shared OpenTripPlanner 2 Seattle itinerary keeps all 29 products (7, 10 and 12 a
    /// ride), each with its use id, as the planner lists them.
    @Test func seattleKeepsEveryProductWithItsUseID() throws {
        let (bytes, _) = try PlannerDecodingTests.sample("otp2-otpui-seattle.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let legs = try #require(json["legs"] as? [[String: Any]])
        let expected = legs.map { leg in
            (leg["fareProducts"] as? [[String: Any]] ?? []).map { use -> String in
                let product = use["product"] as? [String: Any] ?? [:]
                return [
                    use["id"] as? String, product["name"] as? String, PlannerFactsTests.value(product, "riderCategory.name") as? String,
                    PlannerFactsTests.value(product, "medium.name") as? String,
                    (PlannerFactsTests.value(product, "price.amount") as? Double).map { "\($0)" },
                    PlannerFactsTests.value(product, "price.currency.code") as? String,
                ].map { $0 ?? "-" }.joined(separator: " ")
            }
        }
        let route = try #require(try PlannerDecodingTests.decode(bytes).routes.first)
        let decoded = route.subPaths.map { leg in
            (leg.card?.facts.fareProducts ?? []).map {
                [$0.id, $0.name, $0.riderCategory, $0.medium, "\($0.amount)", $0.currency].map { $0 ?? "-" }.joined(separator: " ")
            }
        }
        #expect(decoded.filter { !$0.isEmpty } == expected.filter { !$0.isEmpty })
        #expect(decoded.map(\.count).reduce(0, +) == 29)
        #expect(route.subPaths.allSatisfy { $0.card?.facts.fareProductsOmitted == nil })
    }

    /// Seattle's route fares, one per rider category and medium: ORCA's regular electronic fare
    /// is Swift Blue's 2.50, E Line's 0.25 upgrade and route 45's 0 (transfers are not added).
    @Test func seattleTotalsOnePerRiderCategoryAndMedium() throws {
        let (bytes, _) = try PlannerDecodingTests.sample("otp2-otpui-seattle.json")
        let card = try #require(try PlannerDecodingTests.decode(bytes).routes.first?.card)
        let fares = Dictionary(uniqueKeysWithValues: card.fares.map { ("\($0.riderCategory ?? "-")/\($0.medium ?? "-")", $0) })
        #expect(fares.count == 7)
        #expect(fares["regular/electronic"]?.minorUnits == 275)
        #expect(fares["regular/cash"]?.minorUnits == 525)
        #expect(fares["senior/electronic"]?.minorUnits == 125)
        #expect(fares["youth/cash"]?.amount == 0)
        #expect(fares["regular/electronic"]?.productIDs.count == 3)
        #expect(card.fares.allSatisfy { $0.currency == "USD" })
    }

    /// A product whose use id two legs share is counted once; a transfer's worth is not added;
    /// a category that misses a priced leg, or mixes currencies, has no total.
    @Test func totalsCountASharedUseOnce() {
        let legs: [[FareProduct]] = [
            [Self.product("use-1", "rideCost", "adult", "card", 2.5), Self.product("use-2", "rideCost", "senior", "card", 1.25)],
            [],
            [
                Self.product("use-1", "rideCost", "adult", "card", 2.5), Self.product("use-3", "transfer", "adult", "card", 2.5),
                Self.product("use-4", "rideCost", "senior", "cash", 1),
            ],
            [Self.product("use-5", "regular", "adult", "card", 0.1), Self.product("use-6", "rideCost", "senior", "card", 1, "EUR")],
        ]
        let totals = RouteFare.totals(of: legs)
        #expect(totals.map(\.riderCategory) == ["adult"])
        #expect(totals.first?.amount == 2.6)
        #expect(totals.first?.productIDs == ["use-1", "use-5"])
        #expect(totals.first?.minorUnits == 260)
        #expect(RouteFare.totals(of: [[], []]).isEmpty)
    }

    /// A leg that lists more products than are kept says how many it left out, and the route
    /// then has no totals: they could miss a ride's price.
    @Test func aLegPastTheLimitSaysWhatItLeftOut() throws {
        let count = LegFacts.maxFareProducts + 6
        let products = (0..<count).map { index in
            #"{"id":"use-\#(index)","product":{"name":"rideCost","price":{"amount":1,"currency":{"code":"USD","digits":2}},"riderCategory":{"name":"c\#(index)"}}}"#
        }
        let body =
            #"{"legs":[{"mode":"BUS","startTime":1715974800000,"endTime":1715975400000,"route":{"shortName":"8"},"fareProducts":["#
            + products.joined(separator: ",") + "]}]}"
        let route = try #require(try PlannerDecodingTests.decode(Array(body.utf8)).routes.first)
        let facts = try #require(route.subPaths.first?.card?.facts)
        #expect(facts.fareProducts.count == LegFacts.maxFareProducts)
        #expect(facts.fareProductsOmitted == 6)
        #expect(route.card?.fares.isEmpty ?? true)
        let answer = try Self.answer(body)
        #expect(answer.contains(#""fareProductsOmitted":6"#))
        #expect(!answer.contains(#""fares""#))
    }

    /// Digitransit's `fares[]`: each a route fare for its type, its components' `fareId`s its
    /// products; the regular one is also the route's `fare`. Without a currency the amount is
    /// kept and there is no text.
    @Test func digitransitFaresAreRouteFares() throws {
        let leg = #"{"mode":"BUS","startTime":1715974800000,"endTime":1715975400000,"route":{"shortName":"550"}}"#
        let body =
            #"{"data":{"plan":{"itineraries":[{"legs":[\#(leg)],"fares":[{"type":"regular","currency":"EUR","cents":280,"#
            + #""components":[{"fareId":"HSL:AB","currency":"EUR","cents":280,"routes":[{"gtfsId":"HSL:2550"}]}]},"#
            + #"{"type":"student","cents":140,"components":[{"fareId":"HSL:AB-student"}]}]}]}}}"#
        let card = try #require(try PlannerDecodingTests.decode(Array(body.utf8)).routes.first?.card)
        #expect(card.fares.map(\.riderCategory) == ["regular", "student"])
        #expect(card.fares.map(\.productIDs) == [["HSL:AB"], ["HSL:AB-student"]])
        #expect(card.fares.map(\.amount) == [2.8, 1.4])
        #expect(card.fareAmount == 2.8)
        #expect(card.fareCurrency == "EUR")
        let answer = try Self.answer(body)
        #expect(answer.contains(#"{"riderCategory":"regular","amount":2.8,"currency":"EUR","minorUnits":280,"productIds":["HSL:AB"]}"#))
        #expect(answer.contains(#"{"riderCategory":"student","amount":1.4,"productIds":["HSL:AB-student"]}"#))
    }

    /// Minor units by ISO 4217's exponent, rounded half away from zero; codes it does not list
    /// keep their amount alone; `-0` is 0. (The texts, from the same rounding, are checked
    /// where the service formats them: FareTextTests.)
    @Test(arguments: [
        ("0.125", "USD", #""amount":0.125,"currency":"USD","minorUnits":13}"#),
        ("2.5", "USD", #""amount":2.5,"currency":"USD","minorUnits":250}"#),
        ("1450", "KRW", #""amount":1450,"currency":"KRW","minorUnits":1450}"#),
        ("1.2345", "KWD", #""amount":1.2345,"currency":"KWD","minorUnits":1235}"#),
        ("0.0125", "BTC", #""amount":0.0125,"currency":"BTC"}"#),
        ("3", "ABC", #""amount":3,"currency":"ABC"}"#),
        ("3", "usd", #""amount":3,"currency":"usd"}"#),
        ("-0", "EUR", #""amount":0,"currency":"EUR","minorUnits":0}"#),
    ])
    func oneRoundingForMinorUnitsAndText(_ amount: String, _ currency: String, _ expected: String) throws {
        let body =
            #"{"legs":[{"mode":"BUS","startTime":1715974800000,"endTime":1715975400000,"route":{"shortName":"8"},"fareProducts":["#
            + #"{"id":"u","product":{"name":"regular","price":{"amount":\#(amount),"currency":{"code":"\#(currency)","digits":2}}}}]}]}"#
        let answer = try Self.answer(body)
        #expect(answer.contains(expected), "\(answer)")
    }

    /// The answer, as the library writes it (without the service's texts).
    static func answer(_ body: String) throws -> String {
        String(decoding: try RouteBarResponse.answer(json: Array(body.utf8), query: { $0 == "width" ? "343" : nil }).bytes, as: UTF8.self)
    }

    /// OpenTripPlanner REST's `fare.legProducts`: each product joins the legs it covers, with
    /// the product's id and those legs for a use id; one covering two legs is counted once,
    /// one bought on each of two legs twice.
    @Test func restLegProductsJoinTheirLegs() throws {
        let t0 = 1_715_974_800_000
        func leg(_ mode: String, _ from: Int, _ to: Int) -> String {
            #"{"mode":"\#(mode)","startTime":\#(t0 + from * 60_000),"endTime":\#(t0 + to * 60_000),"routeShortName":"\#(from)"}"#
        }
        func product(_ id: String, _ cents: Int) -> String {
            #"{"id":"\#(id)","name":"regular","amount":{"cents":\#(cents),"currency":{"currencyCode":"USD","defaultFractionDigits":2}}}"#
        }
        let fare =
            #"{"fare":{},"details":{},"legProducts":[{"legIndices":[0,2],"products":[\#(product("day", 500))]},"#
            + #"{"legIndices":[1],"products":[\#(product("single", 250))]},{"legIndices":[3],"products":[\#(product("single", 250))]}]}"#
        let body =
            #"{"plan":{"itineraries":[{"startTime":\#(t0),"endTime":\#(t0 + 40 * 60_000),"fare":\#(fare),"legs":["#
            + [leg("BUS", 0, 10), leg("BUS", 10, 20), leg("BUS", 20, 30), leg("BUS", 30, 40)].joined(separator: ",") + "]}]}}"
        let route = try #require(try PlannerDecodingTests.decode(Array(body.utf8)).routes.first)
        let ids = route.subPaths.map { $0.card?.facts.fareProducts.map { $0.id ?? "-" } ?? [] }
        #expect(ids == [["day@0,2"], ["single@1"], ["day@0,2"], ["single@3"]])
        #expect(route.card?.fares.map(\.minorUnits) == [1000])
        #expect(route.card?.fares.first?.productIDs == ["day@0,2", "single@1", "single@3"])
    }

    /// The shared REST recording (Seattle, headway): each bus's product on its own leg.
    @Test func headwaysLegProductsAreOnTheirLegs() throws {
        let (bytes, _) = try PlannerDecodingTests.sample("otp-rest-headway-seattle-transit.json")
        let route = try #require(try PlannerDecodingTests.decode(bytes).routes.first)
        let priced = route.subPaths.filter { !($0.card?.facts.fareProducts.isEmpty ?? true) }
        #expect(priced.map(\.mode) == [.bus, .bus])
        #expect(priced.compactMap { $0.card?.facts.fareProducts.first?.id } == ["headway-1330:300@1", "headway-1330:300@2"])
    }
}
