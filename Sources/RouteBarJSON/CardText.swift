import RouteBar
internal import StrictJSON

/// Text for a card in the answer's language: clock times ("18:08", "6:08 PM", "오후 6:08") and
/// fares ("$2.75", "55,90 €", "₩1,450"). The service formats with CLDR's data through ICU; the
/// library has none, so an app that embeds it formats `CardTime`s and amounts itself.
public struct CardFormatter: Sendable {
    /// The time of day of `localSeconds` (`CardTime.localSeconds`).
    public var clock: @Sendable (_ localSeconds: Int64, _ locale: LabelLocale) -> String?
    /// An amount in `currency`'s unit (an ISO 4217 code).
    public var money: @Sendable (_ amount: Double, _ currency: String, _ locale: LabelLocale) -> String?

    public init(
        clock: @escaping @Sendable (_ localSeconds: Int64, _ locale: LabelLocale) -> String?,
        money: @escaping @Sendable (_ amount: Double, _ currency: String, _ locale: LabelLocale) -> String?
    ) {
        self.clock = clock
        self.money = money
    }
}

/// How a card's times and fares are written: each time as RFC 3339 with the place's offset, its
/// instant and offset as numbers, its clock text where a `CardFormatter` is given, and its local
/// date where it is not the journey's first (a journey past midnight); each fare with its text.
struct CardText {
    var formatter: CardFormatter?
    var locale: LabelLocale
    var journeyDate: String?

    func money(_ amount: Double, _ currency: String) -> String? {
        formatter?.money(amount, currency, locale)
    }

    func write(departure text: String?, _ time: CardTime?, to writer: inout JSONWriter) {
        guard let text else { return }
        writer.field("departure", text)
        guard let time else { return }
        if let clock = formatter?.clock(time.localSeconds, locale) { writer.field("departureClock", clock) }
        writer.field("departureEpoch", Int(time.epochSeconds))
        writer.field("departureOffset", Int(time.utcOffset))
        let date = time.localDate
        if date != journeyDate { writer.field("departureDate", date) }
    }

    func write(arrival text: String?, _ time: CardTime?, to writer: inout JSONWriter) {
        guard let text else { return }
        writer.field("arrival", text)
        guard let time else { return }
        if let clock = formatter?.clock(time.localSeconds, locale) { writer.field("arrivalClock", clock) }
        writer.field("arrivalEpoch", Int(time.epochSeconds))
        writer.field("arrivalOffset", Int(time.utcOffset))
        let date = time.localDate
        if date != journeyDate { writer.field("arrivalDate", date) }
    }
}
