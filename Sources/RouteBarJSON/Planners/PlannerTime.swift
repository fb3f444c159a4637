/// Times as planners write them, in seconds on one clock: what matters is the difference
/// between two times of one itinerary, so a time without an offset is read as UTC.
enum PlannerTime {
    /// ISO 8601 / RFC 3339, extended or basic: "2024-11-06T16:36:00Z",
    /// "2019-11-13T21:54:00.000+01:00", "20181202T220451" (Navitia, local time).
    static func seconds(iso text: String) -> Double? {
        var digits: [Int] = []
        var utf8 = Array(text.utf8)[...]
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
        guard let day = number(2), utf8.first == UInt8(ascii: "T") || utf8.first == UInt8(ascii: " ") else { return nil }
        utf8 = utf8.dropFirst()
        guard let hour = number(2) else { return nil }
        skip(UInt8(ascii: ":"))
        guard let minute = number(2) else { return nil }
        skip(UInt8(ascii: ":"))
        let second = number(2) ?? 0
        digits = [year, month, day, hour, minute, second]
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
        if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            utf8 = utf8.dropFirst()
            guard let hours = number(2) else { return nil }
            skip(UInt8(ascii: ":"))
            let minutes = number(2) ?? 0
            offset = (hours * 60 + minutes) * 60 * (sign == UInt8(ascii: "+") ? 1 : -1)
        } else {
            skip(UInt8(ascii: "Z"))
        }
        guard utf8.isEmpty, (1...12).contains(digits[1]), (1...31).contains(digits[2]), digits[3] <= 24, digits[4] < 60,
              digits[5] <= 60 else { return nil }
        let days = daysFromCivil(year: digits[0], month: digits[1], day: digits[2])
        return Double(days * 86_400 + digits[3] * 3_600 + digits[4] * 60 + digits[5] - offset) + fraction
    }

    /// Google Routes' durations: "123s", "4.5s".
    static func seconds(duration text: String) -> Double? {
        guard text.hasSuffix("s") else { return nil }
        return Double(text.dropLast())
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
