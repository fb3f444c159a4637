/// ISO 4217's minor units: how many decimal places a currency's amounts have (2 for USD and
/// EUR, 0 for KRW and JPY, 3 for KWD), from the standard's list one (SIX Group, the maintenance
/// agency: https://www.six-group.com/en/products-services/financial-information/data-standards.html).
public enum CurrencyUnits {
    /// Currencies without minor units.
    static let none: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF",
    ]
    /// Currencies with three decimal places, and the two with four.
    static let three: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    static let four: Set<String> = ["CLF", "UYW"]

    /// The decimal places of `currency` (an ISO 4217 code): 2 unless the list says otherwise,
    /// nil for a code that is not three capital letters.
    public static func exponent(of currency: String) -> Int? {
        guard currency.utf8.count == 3, currency.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
        if none.contains(currency) { return 0 }
        if three.contains(currency) { return 3 }
        if four.contains(currency) { return 4 }
        return 2
    }

    /// `amount` in the currency's unit as a whole number of its minor unit (2.5 USD: 250),
    /// rounded to the nearest; nil for an unknown code or an amount out of range.
    public static func minorUnits(_ amount: Double, currency: String) -> Int? {
        guard let exponent = exponent(of: currency) else { return nil }
        var scale = 1.0
        for _ in 0..<exponent { scale *= 10 }
        let units = (amount * scale).rounded()
        guard units.isFinite, abs(units) < 1e15 else { return nil }
        return Int(units)
    }
}
