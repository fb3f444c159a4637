/// One sentence that says what a route bar shows, for screen readers that cannot see the
/// coloured boxes: `"총 47분: 도보 6분, 버스 421 14분, 도보 3분, 3호선 21분, 도보 3분"`.
/// Legs of zero minutes are left out, as the bar leaves them out; a transit leg that follows
/// another with no visible walk between is a transfer: `"버스 361 40분, 환승 버스 143 13분"`.
public enum AccessibilityLabel {
    public static func sentence(totalMinutes: Double, legs: [SubPath], locale: LabelLocale) -> String {
        var sentence = ""
        write(totalMinutes: totalMinutes, legs: legs, locale: locale, into: &sentence)
        return sentence
    }

    /// The sentence, written over `sentence` in its own storage: this runs for every route
    /// the service lays out, and the layout reuses one string from route to route.
    static func write(totalMinutes: Double, legs: [SubPath], locale: LabelLocale, into sentence: inout String) {
        sentence.removeAll(keepingCapacity: true)
        sentence.reserveCapacity(16 + 24 * legs.count)
        sentence += locale == .ko ? "총 " : "Total "
        sentence += SegmentLabel.text(minutes: totalMinutes, locale: locale)
        sentence += ": "
        var first = true
        var transitBefore = false
        for leg in legs where leg.isVisible {
            if !first { sentence += ", " }
            first = false
            // A transit leg right after another (no visible walk between) is a transfer.
            if leg.kind == .transit {
                if transitBefore { sentence += locale == .ko ? "환승 " : "transfer to " }
                transitBefore = true
            } else {
                transitBefore = false
            }
            appendLegName(leg, locale: locale, to: &sentence)
            sentence += " "
            sentence += SegmentLabel.text(minutes: leg.sectionTime, locale: locale)
        }
    }

    /// "도보", "버스 421", "3호선"; "walk", "bus 421", "Line 3" (a subway line says its name instead of "지하철" or "subway").
    static func appendLegName(_ leg: SubPath, locale: LabelLocale, to sentence: inout String) {
        // A train says its class ("기차 KTX"), which ODsay gives as trainType, not as a lane.
        let short = leg.mode == .train
            ? LinePalette.badge(mode: .train, line: leg.line, trainType: leg.trainType, locale: locale)
            : LinePalette.shortName(mode: leg.mode, line: leg.line, locale: locale)
        // A subway line's name says what it is ("3호선", "Line 3"); ODsay's Korean name for a line
        // outside the table does not, to an English reader, so it keeps "subway" before it.
        let nameAlone = leg.mode == .subway && (locale == .ko || LinePalette.subwayEntry(leg.line) != nil)
        if short == nil || !nameAlone {
            sentence += modeWord(leg.mode, locale)
        }
        if let short {
            if !nameAlone { sentence += " " }
            sentence += short
        }
    }

    static func modeWord(_ mode: TransitMode, _ locale: LabelLocale) -> String {
        switch (mode, locale) {
        case (.walk, .ko): "도보"
        case (.walk, .en): "walk"
        case (.bus, .ko): "버스"
        case (.bus, .en): "bus"
        case (.subway, .ko): "지하철"
        case (.subway, .en): "subway"
        case (.train, .ko): "기차"
        case (.train, .en): "train"
        case (.expressBus, .ko): "고속버스"
        case (.expressBus, .en): "express bus"
        case (.intercityBus, .ko): "시외버스"
        case (.intercityBus, .en): "intercity bus"
        case (.airplane, .ko): "항공"
        case (.airplane, .en): "flight"
        case (.other, .ko): "기타"
        case (.other, .en): "other"
        }
    }
}
