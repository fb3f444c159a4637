/// RFC 3339's `date-time` (§5.6), exactly, for our own shape's times: where a planner's answer is
/// read as its planner writes it (`PlannerTime`), a client of ours writes the standard. The
/// date must exist (no 2024-02-31), the hour is 00 to 23, a second of 60 only 23:59:60 (a leap
/// second, §5.7), and the offset is `Z` or `±hh:mm` with its colon and minutes.
enum RFC3339 {
    /// Whether `text` is an RFC 3339 `date-time`: "2024-05-18T18:08:00+09:00",
    /// "2024-05-18t09:08:00.5Z".
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func literal(_ allowed: String) -> Bool {
            guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), literal("-"), let month = number(2), literal("-"), let day = number(2), literal("Tt"),
            let hour = number(2), literal(":"), let minute = number(2), literal(":"), let second = number(2)
        else { return false }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
            second < 60 || (second == 60 && hour == 23 && minute == 59)
        else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > digits else { return false }
        }
        if literal("Zz") { return index == bytes.count }
        guard literal("+-"), let offsetHour = number(2), literal(":"), let offsetMinute = number(2) else { return false }
        return offsetHour < 24 && offsetMinute < 60 && index == bytes.count
    }

    /// The days of `month` in `year` of the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
