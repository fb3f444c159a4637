/// How a locale writes durations: each whole minute under three hours, made once with its estimated
/// width (labels are looked up, not formatted, per segment), and other durations on demand.
/// Korean and English are routebar's own; the service makes others from CLDR.
public final class DurationTexts: Sendable {
    /// Whole minutes under three hours: almost every leg's label, made once (a day's would cost
    /// a new locale 1,440 formattings, some 4 ms); longer ones are formatted when asked.
    static let tableMinutes = 3 * 60

    let minuteLabels: [(text: String, hundredths: Int)]
    package let format: @Sendable (_ hours: Int, _ minutes: Int, _ seconds: Int) -> String
    /// How the locale lists the sentence's legs; nil joins them with ", " (Korean, English).
    @usableFromInline let list: (@Sendable (_ items: [String]) -> String)?

    /// Durations as `format` writes hours, minutes and seconds (each part 0 or more; the parts
    /// that are not 0 are said, and minutes alone when all are): `(1, 18, 0)` "1 Std., 18 Min.";
    /// and the sentence's legs as `list` joins them ("A, B und C"), or with ", " where it is nil.
    public init(
        format: @escaping @Sendable (_ hours: Int, _ minutes: Int, _ seconds: Int) -> String,
        list: (@Sendable (_ items: [String]) -> String)? = nil
    ) {
        self.format = format
        self.list = list
        minuteLabels = (0..<Self.tableMinutes).map { minutes in
            let text = format(minutes / 60, minutes % 60, 0)
            return (text, SegmentLabel.hundredths(text))
        }
    }

    /// "6분", "1시간 5분", "2시간", "20초".
    public static let korean = DurationTexts { hours, minutes, seconds in
        if seconds > 0 && hours == 0 && minutes == 0 { return "\(seconds)초" }
        guard hours > 0 else { return "\(minutes)분" }
        return minutes == 0 ? "\(hours)시간" : "\(hours)시간 \(minutes)분"
    }

    /// "6 min", "1 h 5 min", "2 h", "20 s".
    public static let english = DurationTexts { hours, minutes, seconds in
        if seconds > 0 && hours == 0 && minutes == 0 { return "\(seconds) s" }
        guard hours > 0 else { return "\(minutes) min" }
        return minutes == 0 ? "\(hours) h" : "\(hours) h \(minutes) min"
    }

    /// Whole `minutes` (0 or more).
    func text(minutes: Int) -> String {
        minutes < Self.tableMinutes ? minuteLabels[minutes].text : format(minutes / 60, minutes % 60, 0)
    }

    func hundredths(minutes: Int) -> Int {
        minutes < Self.tableMinutes ? minuteLabels[minutes].hundredths : SegmentLabel.hundredths(text(minutes: minutes))
    }
}
