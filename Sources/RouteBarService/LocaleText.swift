import CICUText
import RouteBarJSON

/// Clock text for a place's local time in the reader's locale: "18:08" (de, fr, ja, en-GB),
/// "6:08 PM" (en), "오후 6:08" (ko), "下午6:08" (zh-Hant); and fares: "$2.75" (en), "55,90 €" (de).
///
/// Why ICU: whether a locale shows 12 or 24 hours, where the day period goes and what it says,
/// and which digits it uses are CLDR data, not rules we could write down ourselves. ICU 72
/// (Debian bookworm's libicu) carries CLDR 42, and CICUText asks it for the locale's preferred
/// pattern for the skeleton "jm" (hour and minute, hour cycle chosen by the locale). The text is
/// ICU's as it is: English has U+202F NARROW NO-BREAK SPACE before AM/PM since CLDR 42.
///
/// Why it only formats: the UTC offset (and daylight saving) of a place at an instant comes from
/// the tz database, which we keep current, not from ICU 72's own zone data, frozen in 2022. So
/// the caller adds the offset first and passes local seconds; CICUText formats them in Etc/UTC,
/// where ICU applies no offset at all, and only the time of day is used.
///
/// Cost: about 1 µs a call once the calling thread has opened a locale (each thread caches its
/// last 4 locales); opening one costs a few hundred µs.
enum LocaleText {
    /// The answer's clock and fare text in the answer's language.
    static let cardFormatter = CardFormatter(
        clock: { localSeconds, locale in text(locale: locale.rawValue, localSeconds: localSeconds) },
        money: { amount, currency, locale in money(locale: locale.rawValue, amount: amount, currency: currency) })

    /// `amount` of `currency` (ISO 4217) as `locale` writes money, with CLDR's currency format:
    /// the symbol and the currency's own decimal places. Nil for a code ICU cannot use.
    static func money(locale: String, amount: Double, currency: String) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 96) { buffer -> String? in
            let length = buffer.withMemoryRebound(to: CChar.self) { chars in
                routebar_money_text(locale, amount, currency, chars.baseAddress, Int32(chars.count))
            }
            guard length >= 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(length)]), as: UTF8.self)
        }
    }

    /// The time of day, hours and minutes, of `localSeconds` (seconds since 1970-01-01T00:00 in
    /// the place's local time) as `locale` (a BCP 47 tag: "ko", "en-GB", "zh-Hant") writes it.
    /// A language without CLDR data gets CLDR root's "HH:mm". Nil for a tag of 64 bytes or more,
    /// or when ICU fails.
    static func text(locale: String, localSeconds: Int64) -> String? {
        // 64 bytes: the longest text over every locale in ICU 72 is 41 bytes (Assamese).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> String? in
            let length = buffer.withMemoryRebound(to: CChar.self) { chars in
                routebar_clock_text(locale, localSeconds, chars.baseAddress, Int32(chars.count))
            }
            guard length >= 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(length)]), as: UTF8.self)
        }
    }
}
