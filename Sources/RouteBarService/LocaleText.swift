import CICUText
import RouteBar
import RouteBarJSON
import Synchronization

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

    /// What of a tag reaches ICU: its language, script and region, and of its `-u-` extension
    /// only the keywords the service formats with, `nu` (digits) and `hc` (hour cycle).
    /// Variants, other extensions and private use (`-x-`) are a client's free text: each
    /// distinct one would open ICU's data anew, and none changes a clock, a fare or a duration.
    static func icuTag(_ tag: String) -> String {
        // Most tags are plain ("de", "en-US", "zh-Hant-TW"): a script and a region at most.
        let subtags = tag.split(separator: "-")
        let plain = subtags.dropFirst().allSatisfy {
            $0.allSatisfy(\.isLetter) ? $0.count == 4 || $0.count == 2 : $0.count == 3 && $0.allSatisfy(\.isNumber)
        }
        if plain { return tag }
        var kept: [Substring] = [subtags[0]]
        var index = 1
        // An extended language subtag is the language ICU knows ("zh-yue" is "yue").
        while index < subtags.count, subtags[index].count == 3, subtags[index].allSatisfy(\.isLetter) {
            kept[0] = subtags[index]
            index += 1
        }
        if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy(\.isLetter) {
            kept.append(subtags[index])
            index += 1
        }
        if index < subtags.count, subtags[index].count == 2 || subtags[index].count == 3 && subtags[index].allSatisfy(\.isNumber) {
            kept.append(subtags[index])
            index += 1
        }
        var keywords: [Substring] = []
        if let u = subtags.firstIndex(of: "u"), subtags[..<u].allSatisfy({ $0 != "x" }) {
            var at = u + 1
            while at + 1 < subtags.count, subtags[at].count == 2 {
                if subtags[at] == "nu" || subtags[at] == "hc" { keywords += [subtags[at], subtags[at + 1]] }
                at += 2
            }
        }
        return (kept + (keywords.isEmpty ? [] : ["u"] + keywords)).joined(separator: "-")
    }

    /// `amount` of `currency` (ISO 4217) as `locale` writes money, with CLDR's currency format:
    /// the symbol and the currency's own decimal places. Nil for a code ICU cannot use.
    static func money(locale tag: String, amount: Double, currency: String) -> String? {
        moneyText(locale: icuTag(tag), amount: amount, currency: currency)
    }

    private static func moneyText(locale: String, amount: Double, currency: String) -> String? {
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
    static func text(locale tag: String, localSeconds: Int64) -> String? {
        clockText(locale: icuTag(tag), localSeconds: localSeconds)
    }

    private static func clockText(locale: String, localSeconds: Int64) -> String? {
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

extension LocaleText {
    /// Locales whose durations ICU has made, at most `maxLocales`, keyed by the ICU locale ID a
    /// tag resolves to (`routebar_locale_id`: "de-US" and "de-CA" are one), the least recently
    /// used dropped for a new one: a tag is the client's choice, so the cache is bounded (each
    /// entry holds its minute labels, some 8 KB).
    static let maxLocales = 32
    /// What locales keep across requests at most, for the memory account (`RouteBarAPI.cacheBytes`):
    /// ICU's state for the locale IDs tags resolve to (its bundles, never dropped, and its shared
    /// objects, dropped past 100 unused), each thread's formatters, CICUText's clock patterns and
    /// the durations above. 20,000 distinct tags, every language ICU has with every region, grow
    /// the server's anonymous memory by 4.3 MiB (Tests/Integration/test_locale_bounds.py).
    static let keptBytes = 8 << 20
    private static let durationCache = Mutex<[(id: String, durations: DurationTexts)]>([])

    /// The ICU locale ID `tag` resolves to ("de_AG" for "de-US"), nil when ICU cannot read it.
    static func icuID(_ tag: String) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 160) { buffer -> String? in
            let length = buffer.withMemoryRebound(to: CChar.self) { chars in
                routebar_locale_id(tag, chars.baseAddress, Int32(chars.count))
            }
            guard length >= 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(length)]), as: UTF8.self)
        }
    }

    /// `locale` with CLDR's durations ("13 Min.", "1 Std., 18 Min.") and direction (ICU's
    /// likely subtags: `pa-PK` is right to left) where its labels are not routebar's own Korean
    /// or English ones; `locale` itself otherwise. A language without words of its own says its
    /// sentence in `sentenceLocale` (one with words), else in English, whole: words, durations
    /// and list.
    static func localized(_ locale: LabelLocale, sentenceIn sentenceLocale: LabelLocale? = nil) -> LabelLocale {
        guard !locale.hasOwnLabels else { return locale }
        guard locale.hasOwnWords else {
            let plain = withDurations(locale)
            let sentence = localized(sentenceLocale.flatMap { $0.hasOwnWords ? $0 : nil } ?? .en)
            return LabelLocale(plain, durations: plain.durations, rightToLeft: plain.isRightToLeft, sentence: sentence)
        }
        return withDurations(locale)
    }

    /// `locale` with CLDR's durations and direction, its sentence its own.
    private static func withDurations(_ locale: LabelLocale) -> LabelLocale {
        let tag = icuTag(locale.rawValue)
        // The direction is the tag's own ("az-IR" is right to left, "xx" not; both read root).
        let direction = routebar_is_right_to_left(tag)
        let rightToLeft = direction < 0 ? locale.isRightToLeft : direction == 1
        // Durations are the ICU ID's: tags that resolve to one share them.
        let id = icuID(tag) ?? tag
        let cached = durationCache.withLock { cache -> DurationTexts? in
            guard let index = cache.firstIndex(where: { $0.id == id }) else { return nil }
            let entry = cache.remove(at: index)
            cache.append(entry)
            return entry.durations
        }
        if let cached {
            return LabelLocale(locale, durations: cached, rightToLeft: rightToLeft)
        }
        // Made outside the lock (about a millisecond); two threads may make one twice, harmlessly.
        let durations = DurationTexts(
            format: { hours, minutes, seconds in
                duration(locale: tag, hours: hours, minutes: minutes, seconds: seconds)
                    ?? DurationTexts.english.format(hours, minutes, seconds)
            },
            list: { items in
                list(locale: tag, items: items) ?? items.joined(separator: ", ")
            })
        durationCache.withLock { cache in
            guard !cache.contains(where: { $0.id == id }) else { return }
            if cache.count >= maxLocales { cache.removeFirst() }
            cache.append((id, durations))
        }
        return LabelLocale(locale, durations: durations, rightToLeft: rightToLeft)
    }

    /// `items` as `locale` lists things (CLDR's "and" list): "A, B und C", "A、B、C".
    static func list(locale: String, items: [String]) -> String? {
        guard !items.isEmpty else { return "" }
        // The items as C strings, one after another in one buffer, and a pointer to each.
        let total = items.reduce(0) { $0 + $1.utf8.count + 1 }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: total) { storage -> String? in
            withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: items.count) { pointers -> String? in
                guard let base = storage.baseAddress else { return nil }
                var offset = 0
                for (index, item) in items.enumerated() {
                    pointers[index] = UnsafePointer(base + offset)
                    for byte in item.utf8 {
                        storage[offset] = CChar(bitPattern: byte)
                        offset += 1
                    }
                    storage[offset] = 0
                    offset += 1
                }
                // The items' bytes again, and room for separators and words between them.
                let capacity = total + 32 * items.count + 256
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out -> String? in
                    let length = out.withMemoryRebound(to: CChar.self) { chars in
                        routebar_list_text(locale, pointers.baseAddress, Int32(items.count), chars.baseAddress, Int32(chars.count))
                    }
                    guard length >= 0 else { return nil }
                    return String(decoding: UnsafeBufferPointer(rebasing: out[..<Int(length)]), as: UTF8.self)
                }
            }
        }
    }

    /// A duration in `locale`'s short units, joined as CLDR lists units: "1 Std., 18 Min.".
    static func duration(locale: String, hours: Int, minutes: Int, seconds: Int) -> String? {
        guard let hours = Int32(exactly: hours), let minutes = Int32(exactly: minutes), let seconds = Int32(exactly: seconds) else {
            return nil
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer -> String? in
            let length = buffer.withMemoryRebound(to: CChar.self) { chars in
                routebar_duration_text(locale, hours, minutes, seconds, chars.baseAddress, Int32(chars.count))
            }
            guard length >= 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(length)]), as: UTF8.self)
        }
    }
}
