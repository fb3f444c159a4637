import RouteBar
import RouteBarPlanners
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

    /// The members one time is written under: "departure", "departureClock", ….
    struct Names {
        let text: StaticString, clock: StaticString, epoch: StaticString, offset: StaticString, date: StaticString
    }
    static let departure = Names(
        text: "departure", clock: "departureClock", epoch: "departureEpoch", offset: "departureOffset", date: "departureDate")
    static let arrival = Names(text: "arrival", clock: "arrivalClock", epoch: "arrivalEpoch", offset: "arrivalOffset", date: "arrivalDate")

    /// A time's members; `keep` has a bit for each, from the text's (bit 0) to the date's
    /// (bit 4), as `AnswerFields.timeBits` gives them.
    func write(departure text: String?, _ time: CardTime?, keep: UInt8 = 0x1F, to writer: inout JSONWriter) {
        write(text, time, as: Self.departure, keep: keep, to: &writer)
    }

    func write(arrival text: String?, _ time: CardTime?, keep: UInt8 = 0x1F, to writer: inout JSONWriter) {
        write(text, time, as: Self.arrival, keep: keep, to: &writer)
    }

    private func write(_ text: String?, _ time: CardTime?, as names: Names, keep: UInt8, to writer: inout JSONWriter) {
        guard let text, keep != 0 else { return }
        if keep & 1 != 0 { writer.field(names.text, text) }
        guard let time else { return }
        if keep & 2 != 0, let clock = formatter?.clock(time.localSeconds, locale) { writer.field(names.clock, clock) }
        if keep & 4 != 0 { writer.field(names.epoch, Int(time.epochSeconds)) }
        if keep & 8 != 0 { writer.field(names.offset, Int(time.utcOffset)) }
        guard keep & 16 != 0 else { return }
        let date = time.localDate
        if date != journeyDate { writer.field(names.date, date) }
    }
}
