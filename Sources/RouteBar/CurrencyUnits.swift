/// ISO 4217's minor units: how many decimal places a currency's amounts have (2 for USD and
/// EUR, 0 for KRW and JPY, 3 for KWD), from the standard's list one (SIX Group, the maintenance
/// agency: https://www.six-group.com/en/products-services/financial-information/data-standards.html).
public enum CurrencyUnits {
    /// ISO 4217's list one: the codes of the currencies in use with decimal minor units (funds
    /// codes included: BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), and a few withdrawn since
    /// 2019 that planners' older data still names (HRK, SLL, CUC, ANG, ZWL). Codes with no minor
    /// unit ("N.A.": gold, SDRs, XXX) are no money a fare is paid in.
    static let codes: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD", "BIF", "BMD",
        "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHE", "CHF", "CHW", "CLF", "CLP", "CNY",
        "COP", "COU", "CRC", "CUC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP",
        "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HRK", "HTG", "HUF", "IDR", "ILS", "INR", "IQD",
        "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
        "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR",
        "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON",
        "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SLL", "SOS", "SRD", "SSP", "STN", "SVC",
        "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "USN", "UYI", "UYU",
        "UYW", "UZS", "VED", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG", "ZWL",
    ]
    /// Currencies without minor units.
    static let none: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF",
    ]
    /// Currencies with three decimal places, and the two with four.
    static let three: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    static let four: Set<String> = ["CLF", "UYW"]

    /// The decimal places of `currency` (an ISO 4217 code): 2 unless the list says otherwise;
    /// nil for a code ISO 4217 does not list (`BTC`, `ABC`, `usd`), which is then no money
    /// routebar can round or write: its amount is passed on, with no minor units and no text.
    public static func exponent(of currency: String) -> Int? {
        guard codes.contains(currency) else { return nil }
        if none.contains(currency) { return 0 }
        if three.contains(currency) { return 3 }
        if four.contains(currency) { return 4 }
        return 2
    }

    /// `amount` in the currency's unit as a whole number of its minor unit (2.5 USD: 250),
    /// rounded half away from zero (0.125 USD: 13); nil for an unknown code or an amount out
    /// of range. The fare's text is written from this number (`rounded`), so the two agree.
    public static func minorUnits(_ amount: Double, currency: String) -> Int? {
        guard let exponent = exponent(of: currency) else { return nil }
        let units = (amount * scale(exponent)).rounded(.toNearestOrAwayFromZero)
        guard units.isFinite, abs(units) < 1e15 else { return nil }
        return Int(units) + 0
    }

    /// `amount` rounded as `minorUnits` rounds it, in the currency's unit (0.125 USD: 0.13), and
    /// `-0` as 0; nil where `minorUnits` is.
    public static func rounded(_ amount: Double, currency: String) -> Double? {
        guard let exponent = exponent(of: currency), let units = minorUnits(amount, currency: currency) else { return nil }
        return Double(units) / scale(exponent)
    }

    /// 10 to the `exponent`: a currency's minor units in its unit.
    package static func scale(_ exponent: Int) -> Double {
        var scale = 1.0
        for _ in 0..<exponent { scale *= 10 }
        return scale
    }
}
