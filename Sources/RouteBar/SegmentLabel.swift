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
    /// and punctuation 0.35 em, Arabic letters 1.3 em (an isolated seen is 1.21 em in Noto Sans
    /// Arabic and DejaVu Sans), anything else 1.0 em.
    public static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
        Double(hundredths(text)) * fontSize / 100
    }

    /// The estimate in hundredths of an em, summed as integers so that boundaries are exact
    /// ("6분" at 12 pt is 19.2).
    static func hundredths(_ text: String) -> Int {
        var hundredths = 0
        for scalar in text.unicodeScalars {
            hundredths += Self.hundredths(scalar)
        }
        return hundredths
    }

    /// One character's estimate in hundredths of an em.
    @inline(__always)
    static func hundredths(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x30...0x39, 0x61...0x7A: 60
        case 0x41...0x5A: 70
        case 0x20, 0x2C, 0x2E, 0x3A, 0x2D: 35
        // Arabic letters stand alone in a label ("7 س"): isolated, seen and sad reach 1.3 em.
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: 130
        default: 100
        }
    }

    /// What a segment shows inside it, in one order for JSON and drawings alike: its badge and
    /// its minutes ("512 14 min"); else the badge alone, the minutes under the bar; else the
    /// badge shortened (`shortened`); else nothing but, in a drawing, the mode's icon where it
    /// has room. A segment without a badge shows its minutes where they fit. `badgeFits` is nil
    /// without a badge.
    public static func inside(badge: String?, minutes: Int, locale: LabelLocale, fontSize: Double, width: Double)
        -> (badgeFits: Bool?, labelFits: Bool)
    {
        let label = locale.durations.hundredths(minutes: minutes)
        guard let badge else { return (nil, Double(label) * fontSize / 100 <= width) }
        let badgeWidth = hundredths(badge)
        return (Double(badgeWidth) * fontSize / 100 <= width, Double(badgeWidth + spaceHundredths + label) * fontSize / 100 <= width)
    }

    /// The width a badge and label take together: the badge, a space, the label.
    public static func estimatedWidth(badge: String?, label: String, fontSize: Double) -> Double {
        guard let badge else { return estimatedWidth(label, fontSize: fontSize) }
        return Double(hundredths(badge) + spaceHundredths + hundredths(label)) * fontSize / 100
    }

    /// The badge cut to its longest beginning that fits with "…" ("Ronkonkoma" → "Ronk…");
    /// the badge itself where it fits whole; nil where not even one character and "…" fit.
    /// Drawings no longer cut a word: the display plan keeps a badge's first whole words.
    @available(*, deprecated, message: "the display plan keeps a badge's first whole words: SegmentDisplay.plan(_:options:)")
    public static func shortened(_ badge: String, fontSize: Double, width: Double) -> String? {
        func fits(_ hundredths: Int) -> Bool { Double(hundredths) * fontSize / 100 <= width }
        if fits(hundredths(badge)) { return badge }
        var kept = ""
        var used = hundredths("…")
        for character in badge {
            let more = hundredths(String(character))
            guard fits(used + more) else { break }
            kept.append(character)
            used += more
        }
        return kept.isEmpty ? nil : kept.trimmingSuffixSpaces + "…"
    }

    static let spaceHundredths = 35

    /// Whether the label fits inside a segment `width` points wide.
    public static func fits(_ text: String, fontSize: Double, width: Double) -> Bool {
        estimatedWidth(text, fontSize: fontSize) <= width
    }
}

extension String {
    fileprivate var trimmingSuffixSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
