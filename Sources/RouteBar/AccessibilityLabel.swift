/// One sentence that says what a route bar shows, for screen readers that cannot see the
/// coloured boxes: `"총 47분: 도보 6분, 버스 421, 14분, 도보 3분, 3호선, 21분, 도보 3분"`. A line's
/// name and its minutes are parted by the language's comma (`SentenceWords.nameSeparator`), so
/// that two numbers are never said in a row. Legs of zero minutes are left out, as the bar
/// leaves them out, except a leg too short to draw, which is named without a duration (its
/// seconds would be said as a number the bar does not show: `"버스 361, 40분, 환승, 도보, 버스
/// 143, 13분"`); a transit leg that follows another with no visible walk between is a transfer:
/// `"버스 361, 40분, 환승 버스 143, 13분"`.
public enum AccessibilityLabel {
    public static func sentence(totalMinutes: Double, legs: [SubPath], locale: LabelLocale) -> String {
        var sentence = ""
        rewrite(&sentence, totalMinutes: totalMinutes, legs: legs, locale: locale)
        return sentence
    }

    /// The sentence, appended to `sink` a piece at a time: into a `String` the layout reuses
    /// from route to route, or straight into an answer being written, without a String between.
    /// `legs` are the route's legs or its laid-out segments: both say the same sentence.
    /// Inlinable so that a writer in another module gets it specialized for its segments and
    /// its sink, instead of copying each segment through generic value witnesses.
    @inlinable
    package static func write<Leg: SentenceLeg, Sink: SentenceSink & ~Copyable>(
        totalMinutes: Double, legs: [Leg], locale asked: LabelLocale, into sink: inout Sink
    ) {
        // Said whole in one language: the asked one's, or where it has no words, another's.
        // The asked locale is borrowed where it says the sentence itself (nearly always): a
        // copy retains and releases its storage, shared by every thread, for each route.
        if asked.saysOwnSentence {
            say(totalMinutes: totalMinutes, legs: legs, locale: asked, into: &sink)
        } else {
            say(totalMinutes: totalMinutes, legs: legs, locale: asked.sentenceLocale, into: &sink)
        }
    }

    /// `write`, in `locale`, which has words of its own.
    @inlinable
    static func say<Leg: SentenceLeg, Sink: SentenceSink & ~Copyable>(
        totalMinutes: Double, legs: [Leg], locale: LabelLocale, into sink: inout Sink
    ) {
        let words = locale.words
        sink.appendLiteral(words.total)
        sink.appendLiteral(" ")
        sink.append(SegmentLabel.text(minutes: totalMinutes, locale: locale))
        sink.appendLiteral(words.colon)
        guard let list = locale.durations.list else {
            return writeLegs(legs, locale: locale, separator: ", ", into: &sink)
        }
        // The locale's own list ("…, bus 14 Min. und U-Bahn 58 Min.", "…、バス 14 分、…"), from
        // items separated by a character no word or label has.
        var items = ""
        writeLegs(legs, locale: locale, separator: "\u{1F}", into: &items)
        sink.append(list(items.split(separator: "\u{1F}").map(String.init)))
    }

    /// The legs' part of the sentence, `separator` between them.
    @inlinable
    static func writeLegs<Leg: SentenceLeg, Sink: SentenceSink & ~Copyable>(
        _ legs: [Leg], locale: LabelLocale, separator: StaticString, into sink: inout Sink
    ) {
        let words = locale.words
        var first = true
        var transitBefore = false
        // Said once per change of vehicle: by a short leg between two rides, or by the next ride.
        var transferSaid = false
        // Read in place through a pointer: a copy of each leg would retain and release its strings.
        legs.withUnsafeBufferPointer { legs in
            guard let start = legs.baseAddress else { return }
            for leg in start..<start + legs.count {
                let short = leg.pointee.sectionTime > 0 ? nil : leg.pointee.shortSeconds
                guard leg.pointee.sectionTime > 0 || short != nil else { continue }
                if !first { sink.appendLiteral(separator) }
                first = false
                if short != nil {
                    // "transfer, walk": the short leg is the change between two rides; after the
                    // last ride, or before a bike, it is only a walk.
                    if transitBefore && !transferSaid && rideFollows(leg, before: start + legs.count) {
                        sink.appendLiteral(words.transfer)
                        sink.appendLiteral(separator)
                        transferSaid = true
                    }
                    _ = appendLegName(leg, locale: locale, to: &sink)
                    continue
                }
                // A transit leg right after another (no visible walk between; a wait does not
                // count) is a transfer, unless it continues the same vehicle.
                switch leg.pointee.kind {
                case .transit:
                    if transitBefore && !transferSaid {
                        // The same vehicle goes on (a through service): no change, and it says so.
                        sink.appendLiteral(leg.pointee.interlined ? words.stayOnBoard : words.transferTo)
                        sink.appendLiteral(" ")
                    }
                    transitBefore = true
                    transferSaid = false
                case .waiting:
                    break
                case .walking, .other:
                    transitBefore = false
                    transferSaid = false
                }
                sink.appendLiteral(appendLegName(leg, locale: locale, to: &sink) ? words.nameSeparator : " ")
                sink.append(SegmentLabel.text(minutes: Double(leg.pointee.shownMinutes), locale: locale))
                // A ride that does not run is said so, after its minutes: the bar still shows it.
                if leg.pointee.isCancelled {
                    sink.appendLiteral(words.nameSeparator)
                    sink.appendLiteral(words.cancelled)
                }
            }
        }
    }

    /// Whether the next leg that is neither a wait nor too short to draw is a ride.
    @inlinable
    static func rideFollows<Leg: SentenceLeg>(_ leg: UnsafePointer<Leg>, before end: UnsafePointer<Leg>) -> Bool {
        for next in leg + 1..<end where next.pointee.kind != .waiting && next.pointee.sectionTime > 0 {
            return next.pointee.kind == .transit
        }
        return false
    }

    /// The sentence, written over `sentence` in its own storage.
    static func rewrite<Leg: SentenceLeg>(_ sentence: inout String, totalMinutes: Double, legs: [Leg], locale: LabelLocale) {
        sentence.removeAll(keepingCapacity: true)
        sentence.reserveCapacity(16 + 24 * legs.count)
        write(totalMinutes: totalMinutes, legs: legs, locale: locale, into: &sentence)
    }

    /// "도보", "버스 421", "3호선"; "walk", "bus 421", "Line 3" (a subway line says its name instead of "지하철" or "subway").
    /// Returns whether it said a line's name.
    @inlinable
    static func appendLegName<Leg: SentenceLeg, Sink: SentenceSink & ~Copyable>(
        _ leg: UnsafePointer<Leg>, locale: LabelLocale, to sink: inout Sink
    ) -> Bool {
        let mode = leg.pointee.mode
        // No line, and no train class: the mode's word, without copying the empty line out.
        if !holdsValue(leg.pointee.line), mode != .train {
            sink.appendLiteral(modeWord(mode, locale))
            return false
        }
        // A train says its class ("기차 KTX"), which ODsay gives as trainType, not as a lane.
        let short =
            mode == .train
            ? LinePalette.badge(mode: .train, line: leg.pointee.line, trainType: leg.pointee.trainType, locale: locale)
            : LinePalette.shortName(mode: mode, line: leg.pointee.line, locale: locale)
        // A subway line's name says what it is ("3호선", "Line 3"); ODsay's Korean name for a line
        // outside the table does not, to an English reader, so it keeps "subway" before it.
        let nameAlone = mode == .subway && (locale.isKorean || LinePalette.subwayEntry(leg.pointee.line) != nil)
        if short == nil || !nameAlone {
            sink.appendLiteral(modeWord(mode, locale))
        }
        guard let short else { return false }
        if !nameAlone { sink.appendLiteral(" ") }
        // A name of the other direction (Hebrew in an English sentence, Latin in an Arabic
        // one) is isolated (FSI…PDI), so that it cannot reorder the words around it.
        let isolated = locale.isRightToLeft || short.unicodeScalars.contains(where: isRightToLeftScalar)
        if isolated { sink.appendLiteral("\u{2068}") }
        sink.append(short)
        if isolated { sink.appendLiteral("\u{2069}") }
        return true
    }

    /// Whether a scalar is of a right-to-left script: Hebrew, Arabic, Syriac, Thaana, N'Ko,
    /// Samaritan, Mandaic (U+0590 to U+08FF), their presentation forms, and the supplementary
    /// planes' right-to-left blocks.
    @usableFromInline
    static func isRightToLeftScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    @usableFromInline
    static func modeWord(_ mode: TransitMode, _ locale: LabelLocale) -> StaticString {
        locale.words.word(for: mode)
    }
}

/// Where `AccessibilityLabel` writes a sentence: a `String`, or a writer of the answer.
@usableFromInline
package protocol SentenceSink: ~Copyable {
    mutating func append(_ piece: String)
    /// One of the sentence's own words or separators ("총 ", ", ", "버스"): text as it stands,
    /// which a sink that escapes (JSON) can copy without looking at it.
    mutating func appendLiteral(_ piece: StaticString)
}

extension String: SentenceSink {
    @usableFromInline
    package mutating func appendLiteral(_ piece: StaticString) {
        append(piece.description)
    }
}

/// What the sentence says of a leg: a route's `SubPath` or its laid-out `BarSegment`.
public protocol SentenceLeg {
    var mode: TransitMode { get }
    var kind: SegmentKind { get }
    var line: TransitLine? { get }
    var trainType: Int? { get }
    var sectionTime: Double { get }
    var interlined: Bool { get }
    /// The whole minutes its label shows.
    var shownMinutes: Int { get }
    /// A leg too short to draw: its seconds.
    var shortSeconds: Double? { get }
    /// Whether the planner says the ride does not run (its card's `cancelled`).
    var isCancelled: Bool { get }
}

extension SentenceLeg {
    /// The leg's own rounding: a route's legs said alone, not shared with the total.
    public var shownMinutes: Int { SegmentLabel.shownMinutes(sectionTime) }
    /// No leg is too short to draw unless it says so.
    public var shortSeconds: Double? { nil }
    /// No ride is cancelled unless its card says so.
    public var isCancelled: Bool { false }
}

extension SubPath: SentenceLeg {
    @inlinable public var isCancelled: Bool { details?.card?.facts.cancelled == true }
}
extension BarSegment: SentenceLeg {
    public var shownMinutes: Int { minutes }
    @inlinable public var isCancelled: Bool { card?.facts.cancelled == true }
}
