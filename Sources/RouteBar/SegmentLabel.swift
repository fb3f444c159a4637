/// The "N분" under a segment, which the minimum width exists to protect, and whether it fits.
public enum SegmentLabel {
    /// `"6분"` in Korean, `"6 min"` in English; from an hour on, `"1시간 5분"` / `"1 h 5 min"`,
    /// and `"2시간"` / `"2 h"` for whole hours. Minutes are shown whole (`shownMinutes`): a
    /// planner's 839 seconds read "14분", never "13.9833분".
    public static func text(minutes: Double, locale: LabelLocale) -> String {
        let shown = shownMinutes(minutes)
        if shown < cachedMinutes { return (locale == .ko ? koreanLabels : englishLabels)[shown].text }
        return formatted(minutes: Double(shown), locale: locale)
    }

    /// A leg too short to draw, in whole seconds: `"20초"`, `"20 s"`.
    public static func text(seconds: Double, locale: LabelLocale) -> String {
        let whole = Int(min(max(seconds, 0), 3_600).rounded())
        return locale == .ko ? "\(whole)초" : "\(whole) s"
    }

    /// The label's estimated width at `fontSize` (see `estimatedWidth(_:fontSize:)`).
    public static func estimatedWidth(minutes: Double, locale: LabelLocale, fontSize: Double) -> Double {
        let shown = shownMinutes(minutes)
        if shown < cachedMinutes {
            return Double((locale == .ko ? koreanLabels : englishLabels)[shown].hundredths) * fontSize / 100
        }
        return estimatedWidth(formatted(minutes: Double(shown), locale: locale), fontSize: fontSize)
    }

    /// The whole minutes a label shows: the nearest, and at least 1 for a leg that is visible at
    /// all (widths keep the exact minutes).
    public static func shownMinutes(_ minutes: Double) -> Int {
        // Whole minutes, the usual case, with a conversion and a comparison: `rounded` calls libm.
        if minutes >= 0, minutes < Double(cachedMinutes), Double(Int(minutes)) == minutes { return Int(minutes) }
        guard minutes > 0 else { return 0 }
        return max(1, Int(min(minutes, RouteBarLayout.maxMinutes).rounded()))
    }

    // Whole minutes under a day, the usual case, come from tables built once: formatting a
    // Double and measuring its text per segment were a good part of a layout's time.
    private static let cachedMinutes = 24 * 60
    private static let koreanLabels = labelTable(.ko)
    private static let englishLabels = labelTable(.en)

    private static func labelTable(_ locale: LabelLocale) -> [(text: String, hundredths: Int)] {
        (0..<cachedMinutes).map { minutes in
            let text = formatted(minutes: Double(minutes), locale: locale)
            return (text, hundredths(text))
        }
    }

    private static func formatted(minutes: Double, locale: LabelLocale) -> String {
        guard minutes >= 60 else {
            return locale == .ko ? "\(minutes.shortDescription)분" : "\(minutes.shortDescription) min"
        }
        // Split in thousandths of a minute (the shortest visible leg, 60 ms): 61.1 minutes read
        // "1시간 1.1분", not 1.0999999999999943, and 119.9999999 read "2시간", not "1시간 60분".
        let thousandths = (minutes * 1000).rounded()
        let hours = (thousandths / 60_000).rounded(.down)
        let rest = (thousandths - hours * 60_000) / 1000
        switch locale {
        case .ko: return rest == 0 ? "\(hours.shortDescription)시간" : "\(hours.shortDescription)시간 \(rest.shortDescription)분"
        case .en: return rest == 0 ? "\(hours.shortDescription) h" : "\(hours.shortDescription) h \(rest.shortDescription) min"
        }
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
    private static func hundredths(_ text: String) -> Int {
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

/// The language of labels and accessibility sentences.
public enum LabelLocale: String, Sendable, Hashable, CaseIterable {
    case ko
    case en
}
