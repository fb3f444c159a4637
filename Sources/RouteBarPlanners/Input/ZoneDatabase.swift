import RouteBar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Offsets of IANA zones, read from TZif files (RFC 8536) in a zoneinfo directory, without
/// Foundation: a request names its zone, and we need the zone's UTC offset at one instant.
///
/// The names come from clients, so only the tz database's own zone and link names are zones:
/// the names `tzdata.zi` lists (the database's compiled source, which Debian's tzdata ships),
/// less `Factory`. `localtime`, `posixrules`, `posix/…`, `right/…` and every other file that
/// is not a zone of the database are refused, and a name that is not a zone costs no file
/// read and is not kept. Without `tzdata.zi`, IANA-looking names are read, those files
/// refused by name. Each zone is read once and kept, parsed down to its offset changes, in a
/// cache of at most 1024 zones that drops the least recently used (the database has about
/// 600 names, so in practice it never drops one).
///
/// Times up to the file's last transition come from its transitions (before the first one,
/// from its local time type 0); later times from its footer's POSIX TZ rule, so slim files
/// (which stop listing transitions early) and dates far in the future answer as well.
/// Files with leap-second records (the `right/` zones) count leap seconds in their times;
/// those times are converted to Unix time, so every zone answers in Unix time.
public final class ZoneDatabase: Sendable {
    /// The system's database: $TZDIR if set, else /usr/share/zoneinfo.
    public static let system: ZoneDatabase = {
        // TZDIR is the variable the C library's own tz code honours, so we read the same files.
        if let variable = getenv("TZDIR"), variable.pointee != 0 {
            return ZoneDatabase(directory: String(cString: variable))
        }
        return ZoneDatabase(directory: "/usr/share/zoneinfo")
    }()

    /// A database over the TZif files in `directory` (a zoneinfo tree: `Europe/Paris`, ...).
    /// Nothing is read until a zone is asked for.
    public init(directory: String) {
        self.directory = directory
        cacheLimit = Self.cacheLimit
    }

    /// As `init(directory:)`, keeping at most `cacheLimit` zones.
    init(directory: String, cacheLimit: Int) {
        self.directory = directory
        self.cacheLimit = cacheLimit
    }

    /// The zone's UTC offset in seconds at `epochSeconds` (Unix time), or nil when `zone`
    /// names no zone in the database (or is not a valid IANA name).
    public func offset(zone: String, at epochSeconds: Int64) -> Int32? {
        self.zone(named: zone)?.offset(at: epochSeconds)
    }

    /// Whether `zone` names a zone in the database.
    public func knows(_ zone: String) -> Bool {
        self.zone(named: zone) != nil
    }

    /// `zone` where the database knows it, else nil: a name a planner gives, kept only where
    /// it can place a time.
    func known(_ zone: String) -> String? {
        knows(zone) ? zone : nil
    }

    /// At most this many zones are kept; past it, the least recently used goes.
    static let cacheLimit = 1024
    /// What the system database keeps at most, for a server's memory account: every zone of
    /// the database, each parsed down to its offset changes, grows a server's anonymous memory
    /// by 0.84 MiB (597 zones; Tests/Integration/test_locale_bounds.py); 1024 would be 1.5 MiB.
    public static let keptBytes = 2 << 20
    /// TZif files are a few kilobytes (tzcode's own limits keep them under about 50 KB); a
    /// larger file is not one, and is not read into memory.
    static let largestFile = 256 * 1024

    private let directory: String
    private let cacheLimit: Int
    /// Parsed zones, each with when it was last used, and the use counter.
    private let cache = Locked<(zones: [String: (zone: Zone, lastUse: UInt64)], uses: UInt64)>(([:], 0))
    /// The database's zone and link names, read from `tzdata.zi` on first use; nil without it.
    private let names = Locked<Set<String>??>(nil)

    func zone(named name: String) -> Zone? {
        guard Self.isZoneName(name), isDatabaseName(name) else { return nil }
        let cached = cache.withLock { cache -> Zone? in
            cache.uses += 1
            guard let entry = cache.zones[name] else { return nil }
            cache.zones[name] = (entry.zone, cache.uses)
            return entry.zone
        }
        if let cached { return cached }
        // Read and parse outside the lock: two threads may both parse a new zone, which is
        // harmless, while a slow disk never blocks answers from zones already known.
        guard let zone = Self.contents(ofFile: directory + "/" + name).flatMap(Zone.init(tzif:)) else { return nil }
        cache.withLock { cache in
            if cache.zones.count >= cacheLimit, let oldest = cache.zones.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                cache.zones[oldest] = nil
            }
            cache.uses += 1
            cache.zones[name] = (zone, cache.uses)
        }
        return zone
    }

    /// The names of the zones the cache holds.
    var cachedNames: Set<String> { cache.withLock { Set($0.zones.keys) } }

    /// Whether `name` is one of the database's zone or link names (`tzdata.zi`); without that
    /// file, whether it is none of the files a zoneinfo directory holds besides zones.
    func isDatabaseName(_ name: String) -> Bool {
        let known = names.withLock { names -> Set<String>? in
            if let read = names { return read }
            let read = Self.contents(ofFile: directory + "/tzdata.zi", largest: 1 << 20).map(Self.zoneNames(tzdataZi:))
            names = .some(read)
            return read
        }
        if let known { return known.contains(name) }
        let first = name.prefix { $0 != "/" }
        return !["localtime", "posixrules", "Factory", "posix", "right", "leap-seconds", "leapseconds", "tzdata"].contains(first)
    }

    /// The zone (`Z name …`) and link (`L target name`) names of a `tzdata.zi`, less `Factory`
    /// (the zone of a machine whose zone was never set, "-00": not a place's time).
    static func zoneNames(tzdataZi bytes: [UInt8]) -> Set<String> {
        var names = Set<String>()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3)
            switch (fields.first?.first, fields.count) {
            case (UInt8(ascii: "Z"), 2...) where fields[0].count == 1: names.insert(String(decoding: fields[1], as: UTF8.self))
            case (UInt8(ascii: "L"), 3...) where fields[0].count == 1: names.insert(String(decoding: fields[2], as: UTF8.self))
            default: break
            }
        }
        names.remove("Factory")
        return names
    }

    /// Whether `name` looks like an IANA zone name: components of ASCII letters, digits,
    /// `_`, `-` and `+`, joined by single slashes, at most 64 bytes. With no `.` at all and no
    /// leading slash, the name cannot leave the directory or name the directory itself.
    static func isZoneName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard (1...64).contains(bytes.count), bytes.first != UInt8(ascii: "/"), bytes.last != UInt8(ascii: "/") else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
                break
            case UInt8(ascii: "/") where previous != UInt8(ascii: "/"):
                break
            default:
                return false
            }
            previous = byte
        }
        return true
    }

    /// The bytes of a regular file of at most `largest` bytes, or nil. Only POSIX calls, so
    /// that this builds on Linux and Apple's systems alike.
    static func contents(ofFile path: String, largest: Int = largestFile) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        // A regular file only (S_IFREG in S_IFMT): a directory is not a zone, and a FIFO could block.
        guard fstat(descriptor, &status) == 0, Int(status.st_mode) & 0o170000 == 0o100000,
            let size = Int(exactly: status.st_size), (1...largest).contains(size)
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, size - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return bytes
    }
}

// MARK: - A parsed zone

extension ZoneDatabase {
    /// One zone, kept compact: only the instants at which its offset changes (changes of
    /// abbreviation or of the DST flag alone are dropped), and the footer's rule.
    struct Zone: Sendable {
        /// Unix times, ascending, from which `offsets` at the same index holds.
        let times: [Int64]
        /// UTC offsets in seconds, east positive.
        let offsets: [Int32]
        /// Before the first transition: local time type 0 (RFC 8536 section 3.2).
        let initial: Int32
        /// The file's last transition, after which `rule` decides; nil when the file has none.
        let lastTransition: Int64?
        /// The footer's TZ string; nil for version 1 files and empty footers, where the last
        /// transition's type holds forever.
        let rule: Rule?

        func offset(at time: Int64) -> Int32 {
            if let rule, lastTransition.map({ time > $0 }) ?? true {
                return rule.offset(at: time)
            }
            // The last transition at or before `time`.
            var low = 0
            var high = times.count
            while low < high {
                let middle = low + (high - low) / 2
                if times[middle] <= time {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low == 0 ? initial : offsets[low - 1]
        }
    }
}

extension ZoneDatabase.Zone {
    /// Parses a TZif file (RFC 8536): nil if it is not one, or breaks the RFC's constraints
    /// (a wrong answer for a zone is worse than none).
    init?(tzif bytes: [UInt8]) {
        var reader = TZifReader(bytes: bytes)
        guard var header = reader.header() else { return nil }
        var timeSize = 4
        if header.version != 0 {
            // Version 2 and later repeat the data with 64-bit times after the 32-bit block,
            // which we skip: its times stop at 2038 and before 1901.
            guard reader.skip(header.dataLength(timeSize: 4)), let second = reader.header() else { return nil }
            header = second
            timeSize = 8
        }
        guard header.isValid, reader.remaining >= header.dataLength(timeSize: timeSize) else { return nil }

        var times: [Int64] = []
        times.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            let time = reader.time(size: timeSize)
            guard times.last.map({ $0 < time }) ?? true else { return nil }
            times.append(time)
        }
        var typeIndices: [Int] = []
        typeIndices.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            let index = Int(reader.byte())
            guard index < header.typeCount else { return nil }
            typeIndices.append(index)
        }
        var typeOffsets: [Int32] = []
        typeOffsets.reserveCapacity(header.typeCount)
        for _ in 0..<header.typeCount {
            let offset = Int32(bitPattern: reader.word())
            let isDaylight = reader.byte()
            let designationIndex = Int(reader.byte())
            guard offset != .min, isDaylight <= 1, designationIndex < header.characterCount else { return nil }
            typeOffsets.append(offset)
        }
        reader.skip(header.characterCount)
        var leapSeconds: [(occurrence: Int64, correction: Int64)] = []
        for _ in 0..<header.leapCount {
            let occurrence = reader.time(size: timeSize)
            let correction = Int64(Int32(bitPattern: reader.word()))
            guard leapSeconds.last.map({ $0.occurrence < occurrence }) ?? true else { return nil }
            leapSeconds.append((occurrence, correction))
        }
        reader.skip(header.standardCount + header.universalCount)

        if timeSize == 8 {
            // The footer: a TZ string between newlines, perhaps empty.
            guard reader.remaining >= 2, reader.byte() == UInt8(ascii: "\n"),
                let end = bytes[reader.offset...].firstIndex(of: UInt8(ascii: "\n"))
            else { return nil }
            let text = bytes[reader.offset..<end]
            if text.isEmpty {
                rule = nil
            } else {
                guard let rule = ZoneDatabase.Rule(posix: text) else { return nil }
                self.rule = rule
            }
        } else {
            rule = nil
        }

        // With leap-second records, times count the leap seconds inserted before them; take
        // those out, so that times are Unix time like the question's.
        if !leapSeconds.isEmpty {
            var leap = 0
            var correction: Int64 = 0
            for index in times.indices {
                while leap < leapSeconds.count, leapSeconds[leap].occurrence <= times[index] {
                    correction = leapSeconds[leap].correction
                    leap += 1
                }
                times[index] -= correction
            }
        }

        initial = typeOffsets[0]
        lastTransition = times.last
        var keptTimes: [Int64] = []
        var keptOffsets: [Int32] = []
        var current = initial
        for (time, type) in zip(times, typeIndices) where typeOffsets[type] != current {
            current = typeOffsets[type]
            keptTimes.append(time)
            keptOffsets.append(current)
        }
        self.times = keptTimes
        self.offsets = keptOffsets
    }
}

/// Big-endian reads over a TZif file's bytes. Callers check `remaining` for a whole block
/// first; a read past the end would trap rather than read garbage.
private struct TZifReader {
    struct Header {
        var version: UInt8
        var universalCount: Int
        var standardCount: Int
        var leapCount: Int
        var timeCount: Int
        var typeCount: Int
        var characterCount: Int

        /// The data block's length. Every count is at most the file's size (checked when
        /// read), so this cannot overflow even with a 32-bit Int.
        func dataLength(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4) + standardCount + universalCount
        }

        /// RFC 8536 section 3.1's constraints on the counts.
        var isValid: Bool {
            typeCount > 0 && characterCount > 0 && (universalCount == 0 || universalCount == typeCount)
                && (standardCount == 0 || standardCount == typeCount)
        }
    }

    let bytes: [UInt8]
    var offset = 0

    var remaining: Int { bytes.count - offset }

    mutating func header() -> Header? {
        guard remaining >= 44, bytes[offset..<offset + 4].elementsEqual("TZif".utf8) else { return nil }
        skip(4)
        let version = byte()
        skip(15)
        var counts: [Int] = []
        for _ in 0..<6 {
            let count = word()
            guard count <= bytes.count else { return nil }
            counts.append(Int(count))
        }
        return Header(
            version: version, universalCount: counts[0], standardCount: counts[1], leapCount: counts[2], timeCount: counts[3],
            typeCount: counts[4], characterCount: counts[5])
    }

    @discardableResult
    mutating func skip(_ count: Int) -> Bool {
        guard count <= remaining else { return false }
        offset += count
        return true
    }

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func word() -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            value = value << 8 | UInt32(byte())
        }
        return value
    }

    /// A signed time of 4 (version 1 data) or 8 bytes.
    mutating func time(size: Int) -> Int64 {
        let high = word()
        guard size == 8 else { return Int64(Int32(bitPattern: high)) }
        return Int64(bitPattern: UInt64(high) << 32 | UInt64(word()))
    }
}

// MARK: - The footer's POSIX TZ rule

extension ZoneDatabase {
    /// A POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3` or `<+1030>-10:30<+11>-11,M10.1.0,M4.1.0`,
    /// with RFC 8536's extensions (section 3.3.1): rule times from -167 to 167 hours, and a
    /// daylight offset that may be below the standard one (Europe/Dublin's winter "DST").
    struct Rule: Sendable {
        /// The standard UTC offset in seconds, east positive (POSIX writes west positive).
        let standard: Int32
        let daylight: Daylight?

        struct Daylight: Sendable {
            /// The daylight UTC offset in seconds, east positive.
            let offset: Int32
            /// When daylight time starts (given in standard local time) and ends (in daylight local time).
            let start: Change
            let end: Change
        }

        struct Change: Sendable {
            let day: Day
            /// Seconds after the day's local midnight; may be negative or past a day.
            let time: Int32
        }

        enum Day: Sendable {
            /// `Jn`: day 1...365, February 29 never counted.
            case julian(Int32)
            /// `n`: day 0...365, February 29 counted.
            case zeroBased(Int32)
            /// `Mm.w.d`: weekday `d` (0 is Sunday) of week `w` (5 is the last) of month `m`.
            case weekday(month: Int32, week: Int32, day: Int32)
        }

        init?(posix text: ArraySlice<UInt8>) {
            var parser = PosixParser(text: text)
            guard parser.name(), let standardWest = parser.offset() else { return nil }
            standard = -standardWest
            if parser.isAtEnd {
                daylight = nil
                return
            }
            guard parser.name() else { return nil }
            var daylightOffset = standard + 3600
            if let next = parser.next, next != UInt8(ascii: ",") {
                guard let west = parser.offset() else { return nil }
                daylightOffset = -west
            }
            let start: Change
            let end: Change
            if parser.isAtEnd {
                // No rule given: tzcode's default, the United States' rules since 2007.
                start = Change(day: .weekday(month: 3, week: 2, day: 0), time: 7200)
                end = Change(day: .weekday(month: 11, week: 1, day: 0), time: 7200)
            } else {
                guard parser.take(","), let parsedStart = parser.change(), parser.take(","), let parsedEnd = parser.change(), parser.isAtEnd else {
                    return nil
                }
                start = parsedStart
                end = parsedEnd
            }
            daylight = Daylight(offset: daylightOffset, start: start, end: end)
        }

        func offset(at time: Int64) -> Int32 {
            guard let daylight else { return standard }
            // The Gregorian calendar repeats every 400 years, 146 097 days (a whole number of
            // weeks), so the answer for `time` is the answer for its place in 1970..<2370; that
            // keeps the arithmetic small for any Int64.
            let cycle: Int64 = 146_097 * 86_400
            var folded = time % cycle
            if folded < 0 { folded += cycle }
            let year = Self.year(ofDay: folded / 86_400)
            // The latest change at or before `folded`, from enough years around it that one
            // always exists (change times reach 167 hours either side of their day). On a tie,
            // the later year's change wins, and within a year the start: so a rule like
            // `EST5EDT,0/0,J365/25`, whose daylight time ends as the next one starts, stays in
            // daylight time all year, as tzcode has it.
            var latest = Int64.min
            var inDaylight = false
            func consider(_ instant: Int64, daylight: Bool) {
                if instant <= folded, instant >= latest {
                    latest = instant
                    inDaylight = daylight
                }
            }
            for candidate in year - 2...year + 1 {
                // The start is given in standard time, the end in daylight time.
                let start = daylight.start.instant(in: candidate, localOffset: standard)
                let end = daylight.end.instant(in: candidate, localOffset: daylight.offset)
                if start < end {
                    consider(start, daylight: true)
                    consider(end, daylight: false)
                } else {
                    consider(end, daylight: false)
                    consider(start, daylight: true)
                }
            }
            return inDaylight ? daylight.offset : standard
        }

        static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
            CivilCalendar.days(year: year, month: month, day: day)
        }

        static func year(ofDay days: Int64) -> Int64 {
            CivilCalendar.date(ofDay: days).year
        }

        static func isLeap(_ year: Int64) -> Bool {
            year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        }
    }
}

extension ZoneDatabase.Rule.Change {
    /// The Unix time of this change in `year`, its time being local time at `localOffset`.
    func instant(in year: Int64, localOffset: Int32) -> Int64 {
        typealias Rule = ZoneDatabase.Rule
        let dayNumber: Int64
        switch day {
        case .julian(let day):
            let skipsLeapDay = Rule.isLeap(year) && day >= 60
            dayNumber = Rule.days(year: year, month: 1, day: 1) + Int64(day) - 1 + (skipsLeapDay ? 1 : 0)
        case .zeroBased(let day):
            dayNumber = Rule.days(year: year, month: 1, day: 1) + Int64(day)
        case .weekday(let month, let week, let weekday):
            let first = Rule.days(year: year, month: Int64(month), day: 1)
            let next = month == 12 ? Rule.days(year: year + 1, month: 1, day: 1) : Rule.days(year: year, month: Int64(month) + 1, day: 1)
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = ((first + 4) % 7 + 7) % 7
            var day = first + (Int64(weekday) - firstWeekday + 7) % 7 + Int64(week - 1) * 7
            while day >= next {  // week 5, "the last", in a month with four of that weekday
                day -= 7
            }
            dayNumber = day
        }
        return dayNumber * 86_400 + Int64(time) - Int64(localOffset)
    }
}

/// Reads a POSIX TZ string's parts; each method consumes what it read, or returns nil/false.
private struct PosixParser {
    let text: ArraySlice<UInt8>
    var index: Int

    init(text: ArraySlice<UInt8>) {
        self.text = text
        index = text.startIndex
    }

    var isAtEnd: Bool { index == text.endIndex }

    var next: UInt8? { isAtEnd ? nil : text[index] }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard next == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A zone abbreviation: letters, or anything of letters, digits, `+` and `-` in angle brackets.
    mutating func name() -> Bool {
        let quoted = take("<")
        let start = index
        while let byte = next, Self.isLetter(byte) || (quoted && (Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"))) {
            index += 1
        }
        guard index > start else { return false }
        return !quoted || take(">")
    }

    /// A number of at most `maximum`, from at least one digit.
    mutating func number(maximum: Int32) -> Int32? {
        let start = index
        var value: Int32 = 0
        while let byte = next, Self.isDigit(byte) {
            value = value * 10 + Int32(byte - UInt8(ascii: "0"))
            guard value <= maximum else { return nil }
            index += 1
        }
        return index > start ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours up to 167 (RFC 8536's extension for rule
    /// times; tzcode allows as much for offsets too).
    mutating func offset() -> Int32? {
        let sign: Int32 = take("-") ? -1 : 1
        if sign == 1 { _ = take("+") }
        guard var seconds = number(maximum: 167).map({ $0 * 3600 }) else { return nil }
        if take(":") {
            guard let minutes = number(maximum: 59) else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let extra = number(maximum: 59) else { return nil }
                seconds += extra
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (02:00 when absent).
    mutating func change() -> ZoneDatabase.Rule.Change? {
        let day: ZoneDatabase.Rule.Day
        if take("J") {
            guard let number = number(maximum: 365), number >= 1 else { return nil }
            day = .julian(number)
        } else if take("M") {
            guard let month = number(maximum: 12), month >= 1, take("."), let week = number(maximum: 5), week >= 1, take("."),
                let weekday = number(maximum: 6)
            else { return nil }
            day = .weekday(month: month, week: week, day: weekday)
        } else {
            guard let number = number(maximum: 365) else { return nil }
            day = .zeroBased(number)
        }
        var time: Int32 = 7200
        if take("/") {
            guard let parsed = offset() else { return nil }
            time = parsed
        }
        return ZoneDatabase.Rule.Change(day: day, time: time)
    }
}
