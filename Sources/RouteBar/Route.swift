/// One leg of a route: ODsay's `subPath`, or a leg of any planner's itinerary.
public struct SubPath: Sendable, Hashable {
    /// ODsay's code: 1 subway, 2 bus, 3 walk, 4 train, 5 express bus, 6 intercity bus, 7 airplane;
    /// for a mode ODsay has no code for, 0. Setting it sets `mode` to the code's.
    public var trafficType: Int {
        didSet { mode = TransitMode(trafficType: trafficType) }
    }
    /// What carries the leg: ODsay's `trafficType` named, or the planner's mode.
    public var mode: TransitMode
    /// `shortSeconds`, or 0: inline, in the padding after `mode` (the leg stays 40 bytes), since
    /// a body of short legs would otherwise make a details box per leg.
    @usableFromInline var shortSecondsStorage: Float = 0
    /// Minutes; a leg of zero minutes (a transfer walk, say) is invisible in the bar.
    public var sectionTime: Double
    /// The leg continues the previous one in the same vehicle (OpenTripPlanner's and MOTIS's
    /// `interlineWithPreviousLeg`, Navitia's `stay_in`): not a transfer.
    public var interlined = false
    /// Lines, colours and card, which many legs do not have, behind one reference: every leg
    /// is copied, read and freed several times per request, and held inline they made a leg
    /// 176 bytes instead of 40. Copied on write (`uniqueDetails()`).
    @usableFromInline var details: LegDetails?
    /// Candidate lines kept per leg: more would only lengthen the answer.
    public static let maxOtherLines = 15

    /// The line, when the source names it (ODsay's first `lane`).
    @inlinable public var line: TransitLine? {
        get { details?.line }
        _modify { yield &uniqueDetails().line }
    }
    /// The other candidate lines, in the source's order: ODsay lists every bus that serves a
    /// leg, and any of them will do.
    @inlinable public var otherLines: [TransitLine] {
        get { details?.otherLines ?? [] }
        _modify { yield &uniqueDetails().otherLines }
    }
    /// ODsay's `trainType` for a train leg: the train's class (KTX, ITX-새마을, 무궁화, …).
    @inlinable public var trainType: Int? {
        get { details?.trainType }
        _modify { yield &uniqueDetails().trainType }
    }
    /// The planner's own line colour, `#RRGGBB`: it wins over the palette's.
    @inlinable public var color: String? {
        get { details?.color }
        _modify { yield &uniqueDetails().color }
    }
    /// The planner's text colour for `color`, used where it reaches 4.5:1 on it.
    @inlinable public var textColor: String? {
        get { details?.textColor }
        _modify { yield &uniqueDetails().textColor }
    }
    /// Times, distance, stops and headsign, where the planner gives them.
    @inlinable public var card: LegCard? {
        get { details?.card }
        _modify { yield &uniqueDetails().card }
    }
    /// A leg too short to draw: its real seconds (`sectionTime` is then 0). The sentence says
    /// it ("transfer, walk"), so it never vanishes unseen.
    @inlinable public var shortSeconds: Double? {
        get { shortSecondsStorage > 0 ? Double(shortSecondsStorage) : nil }
        set { shortSecondsStorage = newValue.map { Float($0) } ?? 0 }
    }

    // Inlinable, like the properties below: the decoder makes one per leg from another module.
    @inlinable
    public init(
        trafficType: Int, sectionTime: Double, line: TransitLine? = nil, otherLines: [TransitLine] = [],
        trainType: Int? = nil
    ) {
        self.trafficType = trafficType
        self.mode = TransitMode(trafficType: trafficType)
        self.sectionTime = sectionTime
        if holdsValue(line) || !otherLines.isEmpty || trainType != nil {
            details = LegDetails(line: line, otherLines: otherLines, trainType: trainType)
        }
    }

    /// A leg by mode and minutes, as a planner gives it (minutes may be fractional: seconds ÷ 60).
    @inlinable
    public init(mode: TransitMode, minutes: Double, line: TransitLine? = nil, color: String? = nil, textColor: String? = nil) {
        self.trafficType = mode.trafficType ?? 0
        self.mode = mode
        self.sectionTime = minutes
        if holdsValue(line) || holdsValue(color) || holdsValue(textColor) {
            details = LegDetails(line: line, color: color, textColor: textColor)
        }
    }

    @inlinable public var isVisible: Bool { sectionTime > 0 }
    @inlinable public var kind: SegmentKind { mode.kind }

    /// The details, made this value's own before it changes them.
    @usableFromInline
    mutating func uniqueDetails() -> LegDetails {
        guard let details, isKnownUniquelyReferenced(&self.details) else {
            let copy = details?.copy() ?? LegDetails()
            self.details = copy
            return copy
        }
        return details
    }

    public static func == (a: SubPath, b: SubPath) -> Bool {
        a.trafficType == b.trafficType && a.mode == b.mode && a.sectionTime == b.sectionTime && a.interlined == b.interlined
            && (a.details === b.details
                || (a.line == b.line && a.otherLines == b.otherLines && a.trainType == b.trainType && a.color == b.color
                    && a.textColor == b.textColor && a.card == b.card))
            && a.shortSecondsStorage == b.shortSecondsStorage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(trafficType)
        hasher.combine(mode)
        hasher.combine(sectionTime)
        hasher.combine(interlined)
        hasher.combine(line)
        hasher.combine(otherLines)
        hasher.combine(trainType)
        hasher.combine(color)
        hasher.combine(textColor)
        hasher.combine(card)
        hasher.combine(shortSecondsStorage)
    }
}

/// Whether `value` holds something, without the copy `!= nil` makes of it first (a whole
/// `TransitLine`, retaining its strings, for every leg a decoder makes).
@inlinable @inline(__always)
package func holdsValue<Wrapped>(_ value: Wrapped?) -> Bool {
    if case .some = value { true } else { false }
}

/// What a `SubPath` holds behind its one reference.
// @unchecked: written only through SubPath's accessors, which first make the reference the
// value's own (isKnownUniquelyReferenced, as Array does); a box two values or two threads can
// reach is never written, only copied.
@usableFromInline
final class LegDetails: @unchecked Sendable {
    @usableFromInline var line: TransitLine?
    @usableFromInline var otherLines: [TransitLine]
    @usableFromInline var trainType: Int?
    @usableFromInline var color: String?
    @usableFromInline var textColor: String?
    @usableFromInline var card: LegCard?

    @usableFromInline
    init(
        line: TransitLine? = nil, otherLines: [TransitLine] = [], trainType: Int? = nil, color: String? = nil,
        textColor: String? = nil, card: LegCard? = nil
    ) {
        self.line = line
        self.otherLines = otherLines
        self.trainType = trainType
        self.color = color
        self.textColor = textColor
        self.card = card
    }

    @usableFromInline
    func copy() -> LegDetails {
        LegDetails(line: line, otherLines: otherLines, trainType: trainType, color: color, textColor: textColor, card: card)
    }
}

/// One route of a search result: the legs drawn as one bar.
public struct Route: Sendable, Hashable {
    /// The client's identifier, echoed back.
    public var id: String?
    /// The route's total minutes as the source reports them; it may differ from the legs' sum.
    public var totalTime: Double?
    public var subPaths: [SubPath]
    /// Times, walking distance, fare and transfers, where the planner gives them.
    public var card: RouteCard?
    /// The legs, waits included, are the whole of `totalTime`, as a planner's itinerary is
    /// from its first departure to its last arrival: labels then add up to the total even
    /// where the planner's legs overlap by a minute or leave seconds between them.
    public var legsSpanTotal = false
    /// The route's position in the request where that is not its place in the list: a
    /// planner's itinerary after one that was left out keeps the planner's number, so that an
    /// answer's `index` still names the itinerary it was made from. nil: its place.
    public var position: Int?

    @inlinable
    public init(id: String? = nil, totalTime: Double? = nil, subPaths: [SubPath]) {
        self.id = id
        self.totalTime = totalTime
        self.subPaths = subPaths
    }
}
