import RouteBar
internal import StrictJSON

/// Clock text for a local time, in the answer's language: "18:08", "6:08 PM", "오후 6:08".
/// `localSeconds` is `CardTime.localSeconds`. The service formats with CLDR's patterns through
/// ICU; the library has none, so an app that embeds it formats `CardTime` itself.
public typealias ClockFormatter = @Sendable (_ localSeconds: Int64, _ locale: LabelLocale) -> String?

/// How a card's times are written: each as RFC 3339 with the place's offset, its instant and
/// offset as numbers, its clock text where a `ClockFormatter` is given, and its local date
/// where it is not the journey's first (a journey past midnight).
struct CardClock {
    var formatter: ClockFormatter?
    var locale: LabelLocale
    var journeyDate: String?

    func write(departure text: String?, _ time: CardTime?, to writer: inout JSONWriter) {
        guard let text else { return }
        writer.field("departure", text)
        guard let time else { return }
        if let clock = formatter?(time.localSeconds, locale) { writer.field("departureClock", clock) }
        writer.field("departureEpoch", Int(time.epochSeconds))
        writer.field("departureOffset", Int(time.utcOffset))
        let date = time.localDate
        if date != journeyDate { writer.field("departureDate", date) }
    }

    func write(arrival text: String?, _ time: CardTime?, to writer: inout JSONWriter) {
        guard let text else { return }
        writer.field("arrival", text)
        guard let time else { return }
        if let clock = formatter?(time.localSeconds, locale) { writer.field("arrivalClock", clock) }
        writer.field("arrivalEpoch", Int(time.epochSeconds))
        writer.field("arrivalOffset", Int(time.utcOffset))
        let date = time.localDate
        if date != journeyDate { writer.field("arrivalDate", date) }
    }
}
