/// A transit line as ODsay's `lane` names it.
public struct TransitLine: Sendable, Hashable {
    /// The name to show: the subway line's name ("수도권 3호선") or the bus number ("421").
    public var name: String
    /// ODsay's `subwayCode`, for subway legs.
    public var subwayCode: Int?
    /// ODsay's bus `type`, for bus legs.
    public var busType: Int?

    public init(name: String, subwayCode: Int? = nil, busType: Int? = nil) {
        self.name = name
        self.subwayCode = subwayCode
        self.busType = busType
    }
}

/// Colours for segments: per subway line and bus type from ODsay's codes, with per-mode defaults.
///
/// Two questions are answered separately for every entry, and each entry's `source` names both:
///
/// 1. **Which line an ODsay code means.** ODsay documents its codes at the bottom of
///    <https://lab.odsay.com/guide/releaseReference> ("문서하단 지하철노선타입 / 버스노선타입 참조"), a
///    table our stored copy of the page does not reach, so every code here is one seen in public
///    evidence: recorded ODsay responses, the code table Naver's Clova guide publishes (the same
///    numbering), and apps that transcribed ODsay's table. A code with a single uncorroborated
///    source, or sources that contradict each other, is left out; the lookup then falls back to the
///    mode's default instead of painting a leg with a guessed colour.
///
/// 2. **Which colour the line has.** The target is the operator's published line colour (Seoul
///    Metro, Korail, the LRT operators, the Busan/Daegu/Daejeon/Gwangju transit corporations). The
///    CI documents themselves were not readable, so the hex comes from public reproductions of
///    them: the curated rmg-palette files and the palettes of independent apps built on ODsay.
///    Rule for conflicts: take the hex most of those reproductions agree on; on a tie, take
///    rmg-palette's (it is maintained per line against official material). Line 2 is the case in
///    point: `#00A84D` is what rmg-palette and every app palette we read use for Seoul Metro's
///    green, while `#009D3E` occurred in none of them, so line 2 is `#00A84D`.
///
/// Bus hues follow the Seoul Metropolitan Government's 2004 bus system (blue 간선, green 지선, red
/// 광역, yellow 순환), which the city documents; the city publishes no hex, so the hex values are the
/// set public Seoul-bus palettes share. Bus types whose colour differs from city to city (일반, 좌석,
/// 공항, 농어촌, …) are deliberately absent and take the bus default.
///
/// The per-mode defaults are this project's own choices, not anyone's published colours.
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
        /// Where the code and the colour come from.
        public let source: String

        init(code: Int, name: String, englishName: String, badge: String? = nil, englishBadge: String? = nil,
             color: String, source: String) {
            self.code = code
            self.name = name
            self.englishName = englishName
            self.badge = badge
            self.englishBadge = englishBadge
            self.color = color
            self.source = source
        }
    }

    // Evidence for the codes, cited by the entries below:
    //   ODsay reference (tables at the page's bottom): https://lab.odsay.com/guide/releaseReference
    //   Recorded ODsay searchPubTransPathT responses ("수도권 3호선"/3, "수도권 7호선"/7,
    //     "수도권 수인.분당선"/116, bus 421/type 11, bus 3011/type 12):
    //     https://github.com/EARLYBUDDY-TEAM/EB-Server/blob/ec9b464ed1e6d7d66aa793211d551ef62c79ad50/api/eb_fast_api/domain/map/route/sources/route_feature.py
    //   The same team's transcription of ODsay's tables (subway 1–9, 21, 22, 91, 101, 102, 104,
    //     107–110, 112–117; bus 1–6, 10–16, 20, 22, 26):
    //     https://github.com/EARLYBUDDY-TEAM/EB-Server/blob/4ff0e3952c6549f4e083ceba654a0b66560e0284/eb_fast_api/domain/schema/sources/path_info.py
    //   Naver Clova's code table (subway 1–9, 21, 31, 41, 42, 51, 71–74, 78, 79, 100–111; bus types):
    //     https://github.com/gracefulife/clova-developer-guide/blob/db1da871a6b5e6a74fa5f4c272684a190d45de8a/_book/en/CIC/References/ContentTemplates/Shared_Transportation_Code.md
    // Evidence for the colours:
    //   https://github.com/railmapgen/rmg-palette/blob/1a4506fd138af8f549da1e30f0374f72e270664c/public/resources/palettes/seoul.json
    //   https://github.com/railmapgen/rmg-palette/blob/03b6691daf7a0b1bbddf7f8612d15881f68da403/public/resources/palettes/busan.json
    //   https://github.com/railmapgen/rmg-palette/blob/6c008b60fd4619a1db8b526eab4e5b306e9308fd/public/resources/palettes/daegu.json
    //   https://github.com/railmapgen/rmg-palette/blob/2a92a1143f13e5ae274b4af2a05e7ac2e8eab8b5/public/resources/palettes/daejeon.json
    //   https://github.com/railmapgen/rmg-palette/blob/f15d53b396ee04a5d45e8152a988ef21a3024c94/public/resources/palettes/gwangju.json
    //   https://raw.githubusercontent.com/dukbong/seoul-subway/main/data/lines.json
    //   Seoul city on line 9's gold: https://www.newswire.co.kr/newsRead.php?no=125056
    //   Wikipedia line articles (operators), e.g. https://en.wikipedia.org/wiki/Seoul_Subway_Line_2
    // "N apps" below counts independent public ODsay/transit app palettes that use the same hex.

    /// Subway lines, keyed by ODsay's `subwayCode`.
    public static let subwayLines: [Entry] = [
        Entry(code: 1, name: "1호선", englishName: "Line 1", badge: "1", englishBadge: "1", color: "#0052A4",
              source: "Seoul Metro/Korail line 1 navy; hex: rmg-palette seoul.json, dukbong lines.json, 4+ apps. Code: recorded ODsay lanes, EB-Server, Clova"),
        Entry(code: 2, name: "2호선", englishName: "Line 2", badge: "2", englishBadge: "2", color: "#00A84D",
              source: "Seoul Metro line 2 green; hex: rmg-palette seoul.json, dukbong lines.json, 5+ apps (#009D3E in none). Code: recorded ODsay lanes, EB-Server, Clova"),
        Entry(code: 3, name: "3호선", englishName: "Line 3", badge: "3", englishBadge: "3", color: "#EF7C1C",
              source: "Seoul Metro/Korail line 3 orange; hex: rmg-palette seoul.json, dukbong lines.json, 4+ apps. Code: recorded ODsay response (수도권 3호선/3), EB-Server, Clova"),
        Entry(code: 4, name: "4호선", englishName: "Line 4", badge: "4", englishBadge: "4", color: "#00A5DE",
              source: "Seoul Metro/Korail line 4 sky blue; hex: dukbong lines.json, 4+ apps (rmg-palette: #00A4E3). Code: recorded ODsay lanes, EB-Server, Clova"),
        Entry(code: 5, name: "5호선", englishName: "Line 5", badge: "5", englishBadge: "5", color: "#996CAC",
              source: "Seoul Metro line 5 purple; hex: rmg-palette seoul.json, dukbong lines.json, 3+ apps. Code: EB-Server, Clova"),
        Entry(code: 6, name: "6호선", englishName: "Line 6", badge: "6", englishBadge: "6", color: "#CD7C2F",
              source: "Seoul Metro line 6 ochre; hex: rmg-palette seoul.json, dukbong lines.json, 3+ apps. Code: recorded ODsay lanes, EB-Server, Clova"),
        Entry(code: 7, name: "7호선", englishName: "Line 7", badge: "7", englishBadge: "7", color: "#747F00",
              source: "Seoul Metro line 7 olive; hex: rmg-palette seoul.json, dukbong lines.json, 3+ apps. Code: recorded ODsay response (수도권 7호선/7), EB-Server, Clova"),
        Entry(code: 8, name: "8호선", englishName: "Line 8", badge: "8", englishBadge: "8", color: "#E6186C",
              source: "Seoul Metro line 8 pink; hex: rmg-palette seoul.json, dukbong lines.json, 3+ apps. Code: EB-Server, Clova"),
        Entry(code: 9, name: "9호선", englishName: "Line 9", badge: "9", englishBadge: "9", color: "#BDB092",
              source: "Seoul Metro Line 9 gold (Seoul city, newswire 125056); hex: rmg-palette seoul.json, dukbong lines.json, 3+ apps. Code: EB-Server, Clova"),
        Entry(code: 21, name: "인천 1호선", englishName: "Incheon Line 1", badge: "1", englishBadge: "1", color: "#7CA8D5",
              source: "Incheon Transit line 1 blue; hex: 4 apps (rmg-palette: #759CCE). Code: EB-Server, Clova"),
        Entry(code: 22, name: "인천 2호선", englishName: "Incheon Line 2", badge: "2", englishBadge: "2", color: "#ED8B00",
              source: "Incheon Transit line 2 orange; hex: 4 apps (rmg-palette: #F5A251). Code: EB-Server, 2 apps"),
        Entry(code: 31, name: "대전 1호선", englishName: "Daejeon Line 1", badge: "1", englishBadge: "1", color: "#007448",
              source: "Daejeon Transit line 1 green; hex: rmg-palette daejeon.json, 2 apps. Code: Clova, 1 app"),
        Entry(code: 41, name: "대구 1호선", englishName: "Daegu Line 1", badge: "1", englishBadge: "1", color: "#D93F5C",
              source: "Daegu Transportation line 1 red; hex: 2 apps (rmg-palette: #D50F4D). Code: Clova, 1 app"),
        Entry(code: 42, name: "대구 2호선", englishName: "Daegu Line 2", badge: "2", englishBadge: "2", color: "#00AA80",
              source: "Daegu Transportation line 2 green; hex: 2 apps (rmg-palette: #21A37F). Code: Clova, 1 app"),
        Entry(code: 51, name: "광주 1호선", englishName: "Gwangju Line 1", badge: "1", englishBadge: "1", color: "#009088",
              source: "Gwangju Metro line 1 teal; hex: rmg-palette gwangju.json, 2 apps. Code: Clova, 1 app"),
        Entry(code: 71, name: "부산 1호선", englishName: "Busan Line 1", badge: "1", englishBadge: "1", color: "#F06A00",
              source: "Busan Transportation line 1 orange; hex: rmg-palette busan.json, 2 apps. Code: Clova, 1 app, an ODsay fixture (부산 1호선/71)"),
        Entry(code: 72, name: "부산 2호선", englishName: "Busan Line 2", badge: "2", englishBadge: "2", color: "#81BF48",
              source: "Busan Transportation line 2 green; hex: rmg-palette busan.json, 2 apps. Code: Clova, 1 app"),
        Entry(code: 73, name: "부산 3호선", englishName: "Busan Line 3", badge: "3", englishBadge: "3", color: "#BB8C00",
              source: "Busan Transportation line 3 brown-gold; hex: rmg-palette busan.json, 2 apps. Code: Clova, 1 app"),
        Entry(code: 74, name: "부산 4호선", englishName: "Busan Line 4", badge: "4", englishBadge: "4", color: "#217DCB",
              source: "Busan Transportation line 4 blue; hex: rmg-palette busan.json, 2 apps. Code: Clova, 1 app"),
        Entry(code: 78, name: "동해선", englishName: "Donghae Line", badge: "동해", englishBadge: "Donghae", color: "#0054A6",
              source: "Korail Donghae line (Korail blue); hex: rmg-palette busan.json, tie with 1 app's #003DA5. Code: Clova, 1 app"),
        Entry(code: 79, name: "부산김해경전철", englishName: "Busan-Gimhae LRT", badge: "부산김해", englishBadge: "Busan-Gimhae", color: "#8652A1",
              source: "Busan–Gimhae LRT purple; hex: 2 apps (rmg-palette: #875CAC). Code: Clova, 1 app"),
        Entry(code: 91, name: "GTX-A", englishName: "GTX-A", badge: "GTX-A", englishBadge: "GTX-A", color: "#9A6292",
              source: "GTX-A purple; hex: 3 apps. Code: EB-Server, 2 apps (one app's 117=GTX-A is contradicted by 3 sources)"),
        Entry(code: 101, name: "공항철도", englishName: "AREX", badge: "공항", englishBadge: "AREX", color: "#0090D2",
              source: "AREX (공항철도) blue; hex: rmg-palette seoul.json, dukbong lines.json, 3+ apps. Code: EB-Server, Clova"),
        Entry(code: 104, name: "경의중앙선", englishName: "Gyeongui-Jungang Line", badge: "경의중앙", englishBadge: "Gyeongui-Jungang", color: "#77C4A3",
              source: "Korail Gyeongui–Jungang line mint; hex: rmg-palette seoul.json, dukbong lines.json, 3+ apps. Code: EB-Server, Clova (104 Gyeongui)"),
        Entry(code: 107, name: "에버라인", englishName: "Everline", badge: "에버라인", englishBadge: "Everline", color: "#509F22",
              source: "Yongin Everline green; hex: rmg-palette seoul.json, 4 apps. Code: EB-Server, Clova"),
        Entry(code: 108, name: "경춘선", englishName: "Gyeongchun Line", badge: "경춘", englishBadge: "Gyeongchun", color: "#0C8E72",
              source: "Korail Gyeongchun line green; hex: dukbong lines.json, 4 apps (rmg-palette: #178C72). Code: EB-Server, Clova"),
        Entry(code: 109, name: "신분당선", englishName: "Shinbundang Line", badge: "신분당", englishBadge: "Shinbundang", color: "#D4003B",
              source: "Shinbundang line red; hex: dukbong lines.json, 5+ apps (rmg-palette: #D31145). Code: recorded ODsay lane (수도권 신분당선/109), EB-Server, Clova"),
        Entry(code: 110, name: "의정부경전철", englishName: "U Line", badge: "의정부", englishBadge: "U Line", color: "#FDA600",
              source: "Uijeongbu LRT (U Line) orange; hex: 8+ apps (rmg-palette: #FD8100). Code: EB-Server, Clova (110 U Line)"),
        Entry(code: 112, name: "경강선", englishName: "Gyeonggang Line", badge: "경강", englishBadge: "Gyeonggang", color: "#0054A6",
              source: "Korail Gyeonggang line (Korail blue); hex: rmg-palette seoul.json, 3+ apps. Code: EB-Server, 2 apps"),
        Entry(code: 113, name: "우이신설선", englishName: "Ui LRT", badge: "우이신설", englishBadge: "Ui LRT", color: "#B0CE18",
              source: "Ui LRT yellow-green; hex: 4 apps (rmg-palette: #B7C450). Code: EB-Server, 2 apps"),
        Entry(code: 114, name: "서해선", englishName: "Seohae Line", badge: "서해", englishBadge: "Seohae", color: "#8FC31F",
              source: "Seohae line green; hex: rmg-palette seoul.json, 3 apps (tie with #81A914 in 4 apps, broken by rmg-palette). Code: EB-Server, 2 apps"),
        Entry(code: 115, name: "김포골드라인", englishName: "Gimpo Goldline", badge: "김포골드", englishBadge: "Gimpo Gold", color: "#A17800",
              source: "Gimpo Goldline gold; hex: 5 apps (rmg-palette: #AD8605). Code: EB-Server, 2 apps"),
        Entry(code: 116, name: "수인분당선", englishName: "Suin-Bundang Line", badge: "수인분당", englishBadge: "Suin-Bundang", color: "#F5A200",
              source: "Korail Suin–Bundang line yellow; hex: 6+ apps (rmg-palette, dukbong: #FABE00). Code: recorded ODsay response (수도권 수인.분당선/116), EB-Server"),
        Entry(code: 117, name: "신림선", englishName: "Sillim Line", badge: "신림", englishBadge: "Sillim", color: "#6789CA",
              source: "Sillim LRT blue; hex: rmg-palette seoul.json, 4+ apps. Code: EB-Server, 2 apps"),
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

    /// Bus types, keyed by ODsay's bus `type`.
    public static let busTypes: [Entry] = [
        Entry(code: 3, name: "마을", englishName: "village", color: "#53B332",
              source: "Village bus yellow-green (beyondpost.co.kr); hex: 4 apps. Code: EB-Server, Clova (3 Town)"),
        Entry(code: 4, name: "직행좌석", englishName: "express seat", color: "#E60012",
              source: "Red express-seat buses (travel-life.co.kr; Seoul city: seat buses red); hex as 광역. Code: EB-Server, Clova (4 Express seats)"),
        Entry(code: 11, name: "간선", englishName: "trunk", color: "#3D5BAB",
              source: "Seoul city trunk bus blue (opengov.seoul.go.kr 2896400); hex: 5+ apps. Code: recorded ODsay response (421/11), EB-Server, Clova"),
        Entry(code: 12, name: "지선", englishName: "branch", color: "#5BB025",
              source: "Seoul city branch bus green (opengov.seoul.go.kr 2896400); hex: 3 apps. Code: recorded ODsay response (3011/12), EB-Server, Clova"),
        Entry(code: 13, name: "순환", englishName: "circular", color: "#F2B70A",
              source: "Seoul city circular bus yellow (opengov.seoul.go.kr 2896400); hex: 3 apps. Code: EB-Server, Clova"),
        Entry(code: 14, name: "광역", englishName: "metropolitan", color: "#E60012",
              source: "Seoul city metropolitan bus red (opengov.seoul.go.kr 2896400); hex: 5+ apps. Code: EB-Server, Clova"),
        Entry(code: 15, name: "급행", englishName: "express", color: "#E60012",
              source: "Red express buses in Busan/Daegu (wiki.onul.works 좌석버스); hex as 광역. Code: EB-Server, Clova (15 Direct express)"),
    ]

    // Looked up on every leg of every route, so built once; a duplicated code is a table error that
    // the tests report, so the first entry wins here rather than trapping while the table loads.
    private static let subwayIndex: [Int: Entry] = index(subwayLines)
    private static let busIndex: [Int: Entry] = index(busTypes)

    private static func index(_ entries: [Entry]) -> [Int: Entry] {
        Dictionary(entries.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Default colour per mode when no line matches (walk grey, train, express bus, intercity bus, airplane, other/unknown).
    ///
    /// These are this project's choices: muted, told apart from each other and from the line colours
    /// they stand in for, and claimed as nobody's official colour.
    public static func defaultColor(for mode: TransitMode) -> String {
        switch mode {
        case .subway: "#5F6B7A"
        case .bus: "#4A78B5"
        case .walk: "#A0A0A0"
        case .train: "#1E4F91"
        case .expressBus: "#7E57C2"
        case .intercityBus: "#8D6E63"
        case .airplane: "#00838F"
        case .other: "#6E6E6E"
        }
    }

    /// The line's colour when its code is in a table, else the mode's default.
    ///
    /// Only the code that belongs to the mode is consulted: a bus leg's `subwayCode` (or a subway
    /// leg's `busType`) is noise, and the two code spaces overlap (4 is line 4 and 직행좌석).
    public static func color(mode: TransitMode, line: TransitLine?) -> String {
        let entry: Entry? = switch mode {
        case .subway: subwayEntry(line)
        case .bus: line?.busType.flatMap { busIndex[$0] }
        case .walk, .train, .expressBus, .intercityBus, .airplane, .other: nil
        }
        return entry?.color ?? defaultColor(for: mode)
    }

    /// A short name for sentences and labels: "3호선" (or "Line 3" in English) for Seoul line 3,
    /// the table's short name for named lines, the bus number for buses; nil when unknown.
    ///
    /// A subway code outside the table still has ODsay's name, in Korean whatever the locale; it is
    /// shown without the "수도권 " prefix ODsay puts on capital-area lines, but other regions keep
    /// theirs, since "1호선" alone would read as Seoul's line 1. Walking has no line.
    public static func shortName(mode: TransitMode, line: TransitLine?, locale: LabelLocale = .ko) -> String? {
        guard let line else { return nil }
        switch mode {
        case .walk:
            return nil
        case .subway:
            if let entry = subwayEntry(line) { return locale == .en ? entry.englishName : entry.name }
            // "수도권" alone (a prefix with no line after it) names nothing.
            guard let name = trimmed(line.name), name != "수도권" else { return nil }
            let capitalArea = "수도권 "
            return name.hasPrefix(capitalArea) ? trimmed(String(name.dropFirst(capitalArea.count))) : name
        case .bus, .train, .expressBus, .intercityBus, .airplane, .other:
            return trimmed(line.name)
        }
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
