/// A transit line as ODsay's `lane` names it, or as a planner's route does.
public struct TransitLine: Sendable, Hashable {
    /// The name to show: the subway line's name ("수도권 3호선"), the bus number ("421"), or a
    /// planner's long name ("MAX Blue Line"), else its short name.
    public var name: String
    /// ODsay's `subwayCode`, for subway legs.
    public var subwayCode: Int?
    /// ODsay's bus `type`, for bus legs.
    public var busType: Int?
    /// The planner's short name, trimmed ("B", "T3", "421"): the badge.
    public var shortName: String?
    /// The agency that runs the line, where the planner names it.
    public var agency: String?

    public init(name: String, subwayCode: Int? = nil, busType: Int? = nil, shortName: String? = nil, agency: String? = nil) {
        self.name = name
        self.subwayCode = subwayCode
        self.busType = busType
        self.shortName = shortName
        self.agency = agency
    }
}

/// Colours and short names for ODsay's subway lines and bus types, with a default per mode.
///
/// The evidence for every code, name and colour is in docs/line-tables.md.
public enum LinePalette {
    public struct Entry: Sendable, Hashable {
        /// ODsay's code: `subwayCode` for subway entries, `type` for bus entries.
        public let code: Int
        /// The short name for sentences and labels ("3호선", "신분당선") or the bus type ("간선").
        public let name: String
        /// The name in English sentences: the line's English name as its operator signs it
        /// ("Line 3", "Shinbundang Line"), or the bus type ("trunk").
        public let englishName: String
        /// A badge's text, subway lines only: the number of a numbered line ("3"), the short
        /// name of a named one ("신분당"). Our choice: no operator prescribes badge texts.
        public let badge: String?
        /// The badge in English: the same number, or the line's short English name ("AREX").
        public let englishBadge: String?
        /// "#RRGGBB", uppercase.
        public let color: String

        init(
            code: Int, name: String, englishName: String, badge: String? = nil, englishBadge: String? = nil,
            color: String
        ) {
            self.code = code
            self.name = name
            self.englishName = englishName
            self.badge = badge
            self.englishBadge = englishBadge
            self.color = color
        }
    }

    // Where each code and colour comes from: docs/line-tables.md.

    /// Subway lines, keyed by ODsay's `subwayCode`.
    public static let subwayLines: [Entry] = [
        Entry(code: 1, name: "1호선", englishName: "Line 1", badge: "1", englishBadge: "1", color: "#0052A4"),
        Entry(code: 2, name: "2호선", englishName: "Line 2", badge: "2", englishBadge: "2", color: "#00A84D"),
        Entry(code: 3, name: "3호선", englishName: "Line 3", badge: "3", englishBadge: "3", color: "#EF7C1C"),
        Entry(code: 4, name: "4호선", englishName: "Line 4", badge: "4", englishBadge: "4", color: "#00A5DE"),
        Entry(code: 5, name: "5호선", englishName: "Line 5", badge: "5", englishBadge: "5", color: "#996CAC"),
        Entry(code: 6, name: "6호선", englishName: "Line 6", badge: "6", englishBadge: "6", color: "#CD7C2F"),
        Entry(code: 7, name: "7호선", englishName: "Line 7", badge: "7", englishBadge: "7", color: "#747F00"),
        Entry(code: 8, name: "8호선", englishName: "Line 8", badge: "8", englishBadge: "8", color: "#E6186C"),
        Entry(code: 9, name: "9호선", englishName: "Line 9", badge: "9", englishBadge: "9", color: "#BDB092"),
        Entry(code: 21, name: "인천 1호선", englishName: "Incheon Line 1", badge: "1", englishBadge: "1", color: "#7CA8D5"),
        Entry(code: 22, name: "인천 2호선", englishName: "Incheon Line 2", badge: "2", englishBadge: "2", color: "#ED8B00"),
        Entry(code: 31, name: "대전 1호선", englishName: "Daejeon Line 1", badge: "1", englishBadge: "1", color: "#007448"),
        Entry(code: 41, name: "대구 1호선", englishName: "Daegu Line 1", badge: "1", englishBadge: "1", color: "#D93F5C"),
        Entry(code: 42, name: "대구 2호선", englishName: "Daegu Line 2", badge: "2", englishBadge: "2", color: "#00AA80"),
        Entry(code: 51, name: "광주 1호선", englishName: "Gwangju Line 1", badge: "1", englishBadge: "1", color: "#009088"),
        Entry(code: 71, name: "부산 1호선", englishName: "Busan Line 1", badge: "1", englishBadge: "1", color: "#F06A00"),
        Entry(code: 72, name: "부산 2호선", englishName: "Busan Line 2", badge: "2", englishBadge: "2", color: "#81BF48"),
        Entry(code: 73, name: "부산 3호선", englishName: "Busan Line 3", badge: "3", englishBadge: "3", color: "#BB8C00"),
        Entry(code: 74, name: "부산 4호선", englishName: "Busan Line 4", badge: "4", englishBadge: "4", color: "#217DCB"),
        Entry(code: 78, name: "동해선", englishName: "Donghae Line", badge: "동해", englishBadge: "Donghae", color: "#0054A6"),
        Entry(code: 79, name: "부산김해경전철", englishName: "Busan-Gimhae LRT", badge: "부산김해", englishBadge: "Busan-Gimhae", color: "#8652A1"),
        Entry(code: 91, name: "GTX-A", englishName: "GTX-A", badge: "GTX-A", englishBadge: "GTX-A", color: "#9A6292"),
        Entry(code: 101, name: "공항철도", englishName: "AREX", badge: "공항", englishBadge: "AREX", color: "#0090D2"),
        Entry(code: 104, name: "경의중앙선", englishName: "Gyeongui-Jungang Line", badge: "경의중앙", englishBadge: "Gyeongui-Jungang", color: "#77C4A3"),
        Entry(code: 107, name: "에버라인", englishName: "Everline", badge: "에버라인", englishBadge: "Everline", color: "#509F22"),
        Entry(code: 108, name: "경춘선", englishName: "Gyeongchun Line", badge: "경춘", englishBadge: "Gyeongchun", color: "#0C8E72"),
        Entry(code: 109, name: "신분당선", englishName: "Shinbundang Line", badge: "신분당", englishBadge: "Shinbundang", color: "#D4003B"),
        Entry(code: 110, name: "의정부경전철", englishName: "U Line", badge: "의정부", englishBadge: "U Line", color: "#FDA600"),
        Entry(code: 112, name: "경강선", englishName: "Gyeonggang Line", badge: "경강", englishBadge: "Gyeonggang", color: "#0054A6"),
        Entry(code: 113, name: "우이신설선", englishName: "Ui LRT", badge: "우이신설", englishBadge: "Ui LRT", color: "#B0CE18"),
        Entry(code: 114, name: "서해선", englishName: "Seohae Line", badge: "서해", englishBadge: "Seohae", color: "#8FC31F"),
        Entry(code: 115, name: "김포골드라인", englishName: "Gimpo Goldline", badge: "김포골드", englishBadge: "Gimpo Gold", color: "#A17800"),
        Entry(code: 116, name: "수인분당선", englishName: "Suin-Bundang Line", badge: "수인분당", englishBadge: "Suin-Bundang", color: "#F5A200"),
        Entry(code: 117, name: "신림선", englishName: "Sillim Line", badge: "신림", englishBadge: "Sillim", color: "#6789CA"),
    ]

    // Evidence for the bus colours:
    //   Seoul city, bus types and their colours (간선 파랑, 지선 녹색, 광역 빨강, 순환 노랑; 좌석 "R" = red):
    //     https://opengov.seoul.go.kr/civilappeal/2896400
    //   Seoul city's 2003 bus BI decision (Blue/Green/Red/Yellow Bus):
    //     https://www.seoul.co.kr/news/2003/05/10/20030510009001
    //   Village buses mostly yellow-green (연두색): https://www.beyondpost.co.kr/view.php?ud=20250811081506999146a9e4dd7f_30
    //   Red seat/metropolitan buses outside Seoul (G/M buses): http://travel-life.co.kr/View.aspx?No=2214271
    //   Red 급행/좌석 buses in Busan and Daegu: http://wiki.onul.works/w/%EC%A2%8C%EC%84%9D%EB%B2%84%EC%8A%A4
    // The codes are ODsay's bus `type` (EB-Server path_info.py, Clova's table; recorded responses show
    // 421 as 11 and 3011 as 12). The hex values are the set Seoul-bus palettes in public apps share;
    // no authority publishes them.

    public static let busTypes: [Entry] = [
        Entry(code: 3, name: "마을", englishName: "village", color: "#53B332"),
        Entry(code: 4, name: "직행좌석", englishName: "express seat", color: "#E60012"),
        Entry(code: 11, name: "간선", englishName: "trunk", color: "#3D5BAB"),
        Entry(code: 12, name: "지선", englishName: "branch", color: "#5BB025"),
        Entry(code: 13, name: "순환", englishName: "circular", color: "#F2B70A"),
        Entry(code: 14, name: "광역", englishName: "metropolitan", color: "#E60012"),
        Entry(code: 15, name: "급행", englishName: "express", color: "#E60012"),
    ]

    // Looked up on every leg of every route, so built once; a duplicated code is a table error that
    // the tests report, so the first entry wins here rather than trapping while the table loads.
    private static let subwayIndex: [Int: Entry] = index(subwayLines)
    private static let busIndex: [Int: Entry] = index(busTypes)

    private static func index(_ entries: [Entry]) -> [Int: Entry] {
        Dictionary(entries.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Default colour per mode when neither the planner nor a table gives one
    /// (`TransitMode.traitsTable`).
    public static func defaultColor(for mode: TransitMode) -> String {
        mode.traits.defaultColor
    }

    /// The line's colour when its code is in a table, else the mode's default.
    ///
    /// Only the code that belongs to the mode is consulted: a bus leg's `subwayCode` (or a subway
    /// leg's `busType`) is noise, and the two code spaces overlap (4 is line 4 and 직행좌석).
    public static func color(mode: TransitMode, line: TransitLine?) -> String {
        let entry: Entry? =
            switch mode {
            case .subway: subwayEntry(line)
            case .bus: line?.busType.flatMap { busIndex[$0] }
            default: nil
            }
        return entry?.color ?? defaultColor(for: mode)
    }

    /// A short name for sentences and labels: "3호선" (or "Line 3" in English) for Seoul line 3,
    /// the table's short name for named lines, the bus number for buses; nil when unknown.
    ///
    /// A subway code outside the table still has ODsay's name, in Korean whatever the locale; it is
    /// shown without the "수도권 " prefix ODsay puts on capital-area lines, but other regions keep
    /// theirs, since "1호선" alone would read as Seoul's line 1. Walking has no line.
    ///
    /// One rule for every planner's line: its short name or public code (a planner without one
    /// gives its train's category and number there: "ICE 523", "TGV INOUI 6613"); else its long
    /// name without a trailing "Line" and mode word ("MAX Blue Line": "MAX Blue").
    public static func shortName(mode: TransitMode, line: TransitLine?, locale: LabelLocale = .ko) -> String? {
        guard let line else { return nil }
        if let short = line.shortName.flatMap(trimmed) { return short }
        switch mode {
        case .walk, .wait:
            return nil
        case .subway:
            if let entry = subwayEntry(line) { return !locale.isKorean ? entry.englishName : entry.name }
            // "수도권" alone (a prefix with no line after it) names nothing.
            guard let name = trimmed(line.name), name != "수도권" else { return nil }
            let capitalArea = "수도권 "
            return name.hasPrefix(capitalArea) ? trimmed(String(name.dropFirst(capitalArea.count))) : name
        case .bus, .train, .expressBus, .intercityBus, .airplane, .other, .tram, .ferry, .cableCar, .bicycle, .car:
            return trimmed(line.name).map(withoutTrailingModeWords)
        }
    }

    /// Words a long name ends with that say what a line is rather than which ("Line", "Bus"):
    /// a badge leaves them out, as riders do ("MAX Blue Line" is "MAX Blue").
    static let trailingModeWords: Set<String> = [
        "line", "bus", "tram", "train", "metro", "subway", "ferry", "streetcar", "trolley", "rail", "railway",
    ]

    /// `name` without the trailing words `trailingModeWords` names (compared without case),
    /// unless nothing would be left.
    static func withoutTrailingModeWords(_ name: String) -> String {
        var words = name.split(separator: " ", omittingEmptySubsequences: true)
        while words.count > 1, let last = words.last, trailingModeWords.contains(last.lowercased()) { words.removeLast() }
        return words.count == name.split(separator: " ").count ? name : words.joined(separator: " ")
    }

    /// The table's entry for a subway leg's line, if its code is known.
    @usableFromInline
    static func subwayEntry(_ line: TransitLine?) -> Entry? {
        line?.subwayCode.flatMap { subwayIndex[$0] }
    }

    /// The string without surrounding whitespace, or nil when nothing is left; no Foundation here.
    private static func trimmed(_ string: String) -> String? {
        guard let first = string.firstIndex(where: { !$0.isWhitespace }),
            let last = string.lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return String(string[first...last])
    }
}
