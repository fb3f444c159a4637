/// What a segment shows and where: its badge, its mode's icon and its minutes, each with its
/// box, and the parts left out. One decision for every renderer: the service's SVG draws it,
/// and an app that draws natively reads it from the JSON (`?display=true`).
///
/// Boxes are in points from the bar's start (`LaidOutRoute.barStart` away from the row's), as
/// segments' `x` is; a part is present only when it is shown. `SegmentDisplay.plan(_:options:)`
/// makes a route's plans by the rules docs/drawing.md lists: the badge first, then the icon,
/// then the minutes inside, then the minutes below the bar.
///
/// ```swift
/// let plans = SegmentDisplay.plan(route, options: options)
/// plans[1].badge?.text   // "MAX": "MAX Blue" shortened to the whole words that fit
/// plans[1].omitted       // [.icon]
/// ```
public struct SegmentDisplay: Sendable, Hashable {
    /// A part of what a segment shows, by the name the JSON gives it.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        case badge, icon, minutes
    }

    /// Where a segment's minutes are drawn.
    public enum Place: String, Sendable, Hashable, CaseIterable {
        /// In the segment, after its badge.
        case inside
        /// In the band under the bar.
        case below
    }

    /// A text's box: the text, its left edge and its width, in points.
    public struct TextBox: Sendable, Hashable {
        public var text: String
        public var x: Double
        public var width: Double
    }

    /// The mode's icon: its name (the segment's mode: `bus`, `walk`) and its square box.
    public struct IconBox: Sendable, Hashable {
        public var name: String
        public var x: Double
        public var width: Double
    }

    /// The line's badge, whole or shortened to its first whole words; bold.
    public var badge: TextBox?
    /// The mode's icon.
    public var icon: IconBox?
    /// The minutes (the segment's `label`), and where they go.
    public var minutes: TextBox?
    /// Where `minutes` go.
    public var minutesPlace: Place?
    /// The parts the segment has but does not show: a badge not even one word of which fits, an
    /// icon without room, minutes with room neither inside nor below (the sentence says them).
    public var omitted: [Part] = []

    public init() {}
}
