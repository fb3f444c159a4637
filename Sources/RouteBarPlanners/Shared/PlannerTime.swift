import RouteBar

/// Times as planners write them, in seconds on one clock: what matters is the difference
/// between two times of one itinerary, so a time without an offset is read as UTC.
package enum PlannerTime {
    /// ISO 8601 / RFC 3339, extended or basic: "2024-11-06T16:36:00Z",
    /// "2019-11-13T21:54:00.000+01:00", "20181202T220451" (Navitia, local time).
    package static func seconds(iso text: String) -> Double? {
        parse(iso: text)?.seconds
    }

    /// What a time's text says of its place: nothing (a local time, "20181202T220451"),
    /// UTC ("Z", which a planner also writes for times whose place it does not say), or an
    /// offset in seconds ("+01:00", "+0100").
    package enum Suffix: Equatable {
        case local
        case utc
        case offset(Int32)
    }

    /// `seconds(iso:)`, and what the text says of its offset.
    package static func parse(iso text: String) -> (seconds: Double, suffix: Suffix)? {
        // The text's own bytes where they are (a native string's are): no copy per time, of
        // which a leg has two to four.
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ parse(iso: $0[...]) }) { return parsed }
        return Array(text.utf8).withUnsafeBufferPointer { parse(iso: $0[...]) }
    }

    private static func parse(iso bytes: Slice<UnsafeBufferPointer<UInt8>>) -> (seconds: Double, suffix: Suffix)? {
        var utf8 = bytes
        func number(_ count: Int) -> Int? {
            guard utf8.count >= count else { return nil }
            var value = 0
            for byte in utf8.prefix(count) {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            utf8 = utf8.dropFirst(count)
            return value
        }
        func skip(_ byte: UInt8) { if utf8.first == byte { utf8 = utf8.dropFirst() } }
        guard let year = number(4) else { return nil }
        skip(UInt8(ascii: "-"))
        guard let month = number(2) else { return nil }
        skip(UInt8(ascii: "-"))
        // RFC 3339 allows "t" for "T" (§5.6), and a space in its place.
        guard let day = number(2), let separator = utf8.first,
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ")
        else { return nil }
        utf8 = utf8.dropFirst()
        guard let hour = number(2) else { return nil }
        skip(UInt8(ascii: ":"))
        guard let minute = number(2) else { return nil }
        skip(UInt8(ascii: ":"))
        let second = number(2) ?? 0
        var fraction = 0.0
        if utf8.first == UInt8(ascii: ".") || utf8.first == UInt8(ascii: ",") {
            utf8 = utf8.dropFirst()
            var scale = 0.1
            while let byte = utf8.first, byte >= 0x30, byte <= 0x39 {
                fraction += Double(byte - 0x30) * scale
                scale /= 10
                utf8 = utf8.dropFirst()
            }
        }
        var offset = 0
        var suffix = Suffix.local
        if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            utf8 = utf8.dropFirst()
            guard let hours = number(2), hours < 24 else { return nil }
            skip(UInt8(ascii: ":"))
            let minutes = number(2) ?? 0
            guard minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (sign == UInt8(ascii: "+") ? 1 : -1)
            suffix = .offset(Int32(offset))
        } else if utf8.first == UInt8(ascii: "Z") || utf8.first == UInt8(ascii: "z") {
            utf8 = utf8.dropFirst()
            suffix = .utc
        }
        guard utf8.isEmpty, (1...12).contains(month), (1...31).contains(day), hour <= 24, minute < 60, second <= 60 else { return nil }
        let days = Int(CivilCalendar.days(year: Int64(year), month: Int64(month), day: Int64(day)))
        return (Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset) + fraction, suffix)
    }

    /// Unix times a planner's answer can hold: years 1900 to 2999. Outside, a number is no time
    /// (and would overflow the arithmetic that writes it).
    package static let plausible = -2_208_988_800.0...32_503_680_000.0

    /// A Unix time as ISO 8601 in UTC, to the second: "2024-05-17T19:55:01Z".
    package static func iso(seconds: Double) -> String {
        let seconds = min(max(seconds, plausible.lowerBound), plausible.upperBound)
        let whole = Int(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let second = whole - days * 86_400
        let (year, month, day) = CivilCalendar.date(ofDay: Int64(days))
        // Written as bytes: string interpolation cost more than the rest of reading a leg.
        var text = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int, at index: Int, digits: Int) {
            var value = value
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                text[index + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(Int(year), at: 0, digits: 4)
        put(Int(month), at: 5, digits: 2)
        put(Int(day), at: 8, digits: 2)
        put(second / 3_600, at: 11, digits: 2)
        put(second / 60 % 60, at: 14, digits: 2)
        put(second % 60, at: 17, digits: 2)
        for (index, byte) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")] as [(Int, Unicode.Scalar)] {
            text[index] = UInt8(ascii: byte)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// An offset given in milliseconds (OpenTripPlanner's `agencyTimeZoneOffset`), in seconds;
    /// nil beyond the ±18 hours RFC 3339 and every zone keep within.
    package static func offset(milliseconds: Double) -> Int32? {
        let seconds = (milliseconds / 1000).rounded()
        return abs(seconds) <= 18 * 3_600 ? Int32(seconds) : nil
    }

    /// How late a forecast is against the timetable, in whole seconds (negative: early), where
    /// both are given; within a day either way, as a delay a planner states (`plannerDelay`).
    package static func delay(planned: Double?, forecast: Double?) -> Int? {
        guard let planned, let forecast, abs(forecast - planned) <= 86_400 else { return nil }
        return Int((forecast - planned).rounded())
    }

    /// An offset in seconds as RFC 3339 writes it after a time: "+02:00", "-03:30".
    package static func offsetText(_ seconds: Int32) -> String {
        let minutes = Int(abs(seconds)) / 60
        let hours = minutes / 60, rest = minutes % 60
        return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// ISO 8601 durations of days, hours, minutes and seconds: "PT7H18M", "P1DT2H", "PT45.5S";
    /// nil for anything else (years and months have no fixed length).
    package static func seconds(isoDuration text: String) -> Double? {
        var rest = Substring(text)
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var seconds = 0.0
        var inTime = false
        var number = ""
        var sawPart = false
        for character in rest {
            switch character {
            case "T" where !inTime && number.isEmpty: inTime = true
            case "0"..."9", ".", ",": number.append(character == "," ? "." : character)
            case "D", "H", "M", "S":
                guard let value = Double(number), value.isFinite, (character == "D") != inTime else { return nil }
                let unit: Double = character == "D" ? 86_400 : character == "H" ? 3_600 : character == "M" ? 60 : 1
                seconds += value * unit
                (number, sawPart) = ("", true)
            default: return nil
            }
        }
        return sawPart && number.isEmpty ? seconds : nil
    }

    /// Google Routes' durations: "123s", "4.5s".
    package static func seconds(duration text: String) -> Double? {
        guard text.hasSuffix("s") else { return nil }
        return Double(text.dropLast())
    }
}
