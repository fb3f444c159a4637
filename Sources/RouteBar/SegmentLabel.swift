/// The "N분" under a segment, which the minimum width exists to protect, and whether it fits.
public enum SegmentLabel {
    /// `"6분"` in Korean, `"6 min"` in English; from an hour on, `"1시간 5분"` / `"1 h 5 min"`,
    /// and `"2시간"` / `"2 h"` for whole hours. Minutes are shown whole (`shownMinutes`): a
    /// planner's 839 seconds read "14분", never "13.9833분".
    public static func text(minutes: Double, locale: LabelLocale) -> String {
        locale.durations.text(minutes: shownMinutes(minutes))
    }

    /// A leg too short to draw, in whole seconds: `"20초"`, `"20 s"`.
    public static func text(seconds: Double, locale: LabelLocale) -> String {
        let whole = Int(min(max(seconds, 0), 3_600).rounded())
        return locale.durations.format(0, 0, whole)
    }

    /// The label's estimated width at `fontSize` (see `estimatedWidth(_:fontSize:)`).
    public static func estimatedWidth(minutes: Double, locale: LabelLocale, fontSize: Double) -> Double {
        Double(locale.durations.hundredths(minutes: shownMinutes(minutes))) * fontSize / 100
    }

    /// The whole minutes a label shows: the nearest, and at least 1 for a leg that is visible at
    /// all (widths keep the exact minutes).
    public static func shownMinutes(_ minutes: Double) -> Int {
        // Whole minutes, the usual case, with a conversion and a comparison: `rounded` calls libm.
        if minutes >= 0, minutes < Double(DurationTexts.tableMinutes), Double(Int(minutes)) == minutes { return Int(minutes) }
        guard minutes > 0 else { return 0 }
        return max(1, Int(min(minutes, RouteBarLayout.maxMinutes).rounded()))
    }

    /// A deliberately generous estimate of the text's width in points at `fontSize`, so that
    /// "fits" holds in any common UI font (SF Pro, Roboto, Noto Sans KR, Apple SD Gothic Neo):
    /// Hangul and other wide characters 1.0 em (those fonts draw Hangul at 0.9-1.0 em), digits
    /// and lowercase Latin 0.6 em (about 0.55 em in those fonts), uppercase Latin 0.7 em, space
    /// and punctuation 0.35 em, anything else 1.0 em.
    public static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(hundredths(text)) * fontSize / 100
    }

    /// The estimate in hundredths of an em, summed as integers so that boundaries are exact
    /// ("6분" at 12 pt is 19.2).
    static func hundredths(_ text: String) -> Int {
        var hundredths = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39, 0x61...0x7A: hundredths += 60
            case 0x41...0x5A: hundredths += 70
            case 0x20, 0x2C, 0x2E, 0x3A, 0x2D: hundredths += 35
            default: hundredths += 100
            }
        }
        return hundredths
    }

    /// Whether the label fits inside a segment `width` points wide.
    public static func fits(_ text: String, fontSize: Double, width: Double) -> Bool {
        estimatedWidth(text, fontSize: fontSize) <= width
    }
}
