/// Every mode's facts in one table, one row per mode: what it counts as, ODsay's code for it,
/// its colour when no line gives one, and the answer's name for it (its words in sentences are
/// each language's `SentenceWords`).
/// `kind`, `trafficType`, `init(trafficType:)`, `LinePalette.defaultColor(for:)`, the answer's
/// `mode` and `AccessibilityLabel` read it; whether a line's colour applies follows from the
/// kind (`takesLineColor`). `TransitModeTraitsTests` checks the table against `allCases`, and
/// `OpenAPIOptionsTests` the spec's enums against it.
extension TransitMode {
    @usableFromInline
    struct Traits: Sendable {
        @usableFromInline let mode: TransitMode
        @usableFromInline let kind: SegmentKind
        /// ODsay's `trafficType`, where it has one.
        @usableFromInline let trafficType: Int?
        /// The colour when neither the planner nor a line table gives one: this project's
        /// choices, muted, told apart from each other and from the line colours they stand in
        /// for, and claimed as nobody's official colour.
        let defaultColor: String
        /// The answer's name for the mode (`"expressBus"`), as static bytes.
        let jsonName: StaticString
    }

    /// In `allCases` order (`ordinal` indexes it).
    @usableFromInline
    static let traitsTable: [Traits] = [
        Traits(mode: .subway, kind: .transit, trafficType: 1, defaultColor: "#5F6B7A", jsonName: "subway"),
        Traits(mode: .bus, kind: .transit, trafficType: 2, defaultColor: "#4A78B5", jsonName: "bus"),
        Traits(mode: .walk, kind: .walking, trafficType: 3, defaultColor: "#A0A0A0", jsonName: "walk"),
        Traits(mode: .train, kind: .transit, trafficType: 4, defaultColor: "#1E4F91", jsonName: "train"),
        Traits(
            mode: .expressBus, kind: .transit, trafficType: 5, defaultColor: "#7E57C2", jsonName: "expressBus"),
        Traits(
            mode: .intercityBus, kind: .transit, trafficType: 6, defaultColor: "#8D6E63", jsonName: "intercityBus"),
        Traits(mode: .airplane, kind: .transit, trafficType: 7, defaultColor: "#00838F", jsonName: "airplane"),
        Traits(mode: .other, kind: .transit, trafficType: nil, defaultColor: "#6E6E6E", jsonName: "other"),
        Traits(mode: .tram, kind: .transit, trafficType: nil, defaultColor: "#2E7D32", jsonName: "tram"),
        Traits(mode: .ferry, kind: .transit, trafficType: nil, defaultColor: "#0277BD", jsonName: "ferry"),
        Traits(
            mode: .cableCar, kind: .transit, trafficType: nil, defaultColor: "#AD1457", jsonName: "cableCar"),
        Traits(mode: .bicycle, kind: .other, trafficType: nil, defaultColor: "#558B2F", jsonName: "bicycle"),
        Traits(mode: .car, kind: .other, trafficType: nil, defaultColor: "#546E7A", jsonName: "car"),
        Traits(mode: .wait, kind: .waiting, trafficType: nil, defaultColor: "#C8C8C8", jsonName: "wait"),
    ]

    /// The mode's row in `traitsTable`.
    @inlinable
    var traits: Traits { Self.traitsTable[ordinal] }

    /// The case's position in `allCases`. A Swift enum without payloads is stored as the index
    /// of its case in declaration order, which is `allCases`'s order: read, not written by hand
    /// (`TransitModeTraitsTests` checks it).
    @inlinable
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The answer's name for the mode.
    package var jsonName: StaticString { traits.jsonName }
}
