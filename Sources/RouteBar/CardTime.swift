/// A departure or arrival on a route card: the instant, and the UTC offset of the place it
/// happens at, so that a card prints the local clock ("18:08") without a time-zone library.
///
/// routebar fills it in where the planner says where in the world it is: an offset written in
/// its times, OpenTripPlanner's `agencyTimeZoneOffset`, or a time zone (Google's `time_zone`,
/// Navitia's `context.timezone`, TfL's London) looked up in the system's IANA database. Free of
/// `Date`, so that it is the same value on every platform.
public struct CardTime: Sendable, Hashable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var epochSeconds: Int64
    /// The place's offset from UTC at that instant, in seconds east of Greenwich.
    public var utcOffset: Int32
    /// The clock text the service wrote for it in the answer's language ("6:08 PM",
    /// `departureClock`), where an answer gave one: RouteBarClient reads it. The library has no
    /// CLDR data to write one.
    public var clock: String?

    public init(epochSeconds: Int64, utcOffset: Int32) {
        self.epochSeconds = epochSeconds
        self.utcOffset = utcOffset
    }

    /// Seconds since 1970-01-01T00:00 on the place's own clock: what its clock text shows.
    public var localSeconds: Int64 { epochSeconds + Int64(utcOffset) }

    /// RFC 3339 with the place's offset, to the second: "2022-05-18T18:13:59-04:00".
    public var rfc3339: String {
        let (date, time) = Self.civil(localSeconds)
        let offset = Int(utcOffset)
        let sign = offset < 0 ? "-" : "+"
        return date + "T" + time + sign + Self.twoDigits(abs(offset) / 3_600) + ":" + Self.twoDigits(abs(offset) / 60 % 60)
    }

    /// The place's calendar date, "2018-12-03": where a journey crosses midnight, the date
    /// an arrival needs beside its clock.
    public var localDate: String { Self.civil(localSeconds).date }

    /// The local date and time of day, "2022-05-18" and "18:13:59".
    static func civil(_ seconds: Int64) -> (date: String, time: String) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = Int(seconds - days * 86_400)
        let (year, month, day) = CivilCalendar.date(ofDay: days)
        let date = String(year) + "-" + twoDigits(Int(month)) + "-" + twoDigits(Int(day))
        return (date, twoDigits(second / 3_600) + ":" + twoDigits(second / 60 % 60) + ":" + twoDigits(second % 60))
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
