/// How to lay out bars: the bar's size, the screen's scale, and the algorithm. Each option's
/// name, range and meaning for clients is declared in `LayoutOption`.
public struct LayoutOptions: Sendable, Hashable {
    /// The bar's width in points, in (0, 100000].
    public var width: Double
    /// Device pixels per point, 1 to 4 (iOS 2 and 3, Android densities such as 2.625).
    public var scale: Double = 1
    public var algorithm: LayoutAlgorithm = .fit
    /// Each visible segment's minimum as a share of the width, 0 to 1; the seed uses 5%.
    public var minSegmentRatio: Double = 0.05
    /// Minimum walking-segment width in points; overrides `minSegmentRatio` for walks.
    public var minWalkingLength: Double?
    /// Minimum transit-segment width in points; overrides `minSegmentRatio` for transit.
    public var minTransitLength: Double?
    /// The bar's height in points, echoed for the client's cells; the seed's cells are 30.
    public var height: Double = 30
    /// The language of segment labels and accessibility sentences.
    public var locale: LabelLocale = .ko
    /// The labels' font size in points, 1 to 100, for deciding whether a label fits its segment.
    public var labelFontSize: Double = 12
    /// Whether segments get colours.
    public var colors = true
    /// Space between consecutive visible segments, in points; drawn as whole device pixels
    /// (`round(gap × scale)`). `fit` only.
    public var gap: Double = 0
    /// The background the colours are chosen for: `dark` lightens the line colours that would
    /// fall below 3:1 against #121212.
    public var theme: ColorTheme = .light
    /// Whether each route fills the width (`route`), the longest route does and the others
    /// get bars in proportion to their minutes (`shared`), or every route sits on one
    /// wall-clock axis from its departure to its arrival (`clock`). `fit` only.
    public var timeScale: TimeScale = .route
    /// Whether a visible segment's minimum grows to hold its label plus `labelPadding` on each
    /// side, longest legs first while they fit. `fit` only.
    public var labelMinimums = false
    /// Points on each side of what a segment shows inside it (the display plan's margin), and
    /// of a label for `labelMinimums`.
    public var labelPadding: Double = 4
    /// The radius of the bar's rounded ends in points, for drawings (the SVG); nil draws a pill
    /// (half the height).
    public var cornerRadius: Double?
    /// How drawings show walks: `dots` on the bar's centre line (as Google Maps and Citymapper
    /// draw them), a `line`, or a `block` like a ride's. Of the JSON, only the display plan
    /// changes (dots and lines keep room for a dot on each side).
    public var walkStyle: WalkStyle = .dots
    /// Whether drawings and the display plan put each mode's icon in segments with room for it,
    /// after the badge, before the minutes.
    public var icons = true
    /// Whose text colour a segment with a planner colour gets: `contrast` (white or black, or
    /// the planner's own where it reaches 4.5:1: WCAG 1.4.3), or `planner` (the planner's own
    /// pair whenever it gives a text colour, as brand guides draw them).
    public var textColors: TextColors = .contrast
    /// Whether the JSON answer gives each segment its display plan (`SegmentDisplay`): what it
    /// shows and where. Drawings always follow the plan.
    public var display = false
    /// The font text is measured in for the display plan and drawings (`LabelFont`); drawings
    /// ask for it first. `estimate` fits any common UI font.
    public var labelFont: LabelFont = .estimate

    public init(
        width: Double, scale: Double = 1, algorithm: LayoutAlgorithm = .fit, minSegmentRatio: Double = 0.05,
        minWalkingLength: Double? = nil, minTransitLength: Double? = nil, height: Double = 30
    ) {
        self.width = width
        self.scale = scale
        self.algorithm = algorithm
        self.minSegmentRatio = minSegmentRatio
        self.minWalkingLength = minWalkingLength
        self.minTransitLength = minTransitLength
        self.height = height
    }
}

/// The background segment colours are chosen for.
public enum ColorTheme: String, Sendable, Hashable, CaseIterable {
    case light
    /// Against #121212: every segment colour keeps at least 3:1 (WCAG 1.4.11).
    case dark
}

/// Whose minutes set a bar's length.
public enum TimeScale: String, Sendable, Hashable, CaseIterable {
    /// Every route fills the width.
    case route
    /// The route with the most visible minutes fills the width; the others in proportion.
    case shared
    /// Every route on one wall-clock axis, from the earliest departure to the latest arrival:
    /// each bar starts at its departure (`LaidOutRoute.barStart`). Every route needs its
    /// departure and arrival.
    case clock
}

/// How drawings show a walk.
public enum WalkStyle: String, Sendable, Hashable, CaseIterable {
    /// Dots on the bar's centre line.
    case dots
    /// A thin line on the bar's centre line.
    case line
    /// A block the bar's height, as a ride's.
    case block
}

/// Whose text colour a segment with a planner colour gets.
public enum TextColors: String, Sendable, Hashable, CaseIterable {
    /// White or black, whichever contrasts more; the planner's own where it reaches 4.5:1.
    case contrast
    /// The planner's own whenever it gives one, whatever the contrast.
    case planner
}

public enum LayoutAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// Whole device pixels that fill the bar exactly, with minimums that never go negative.
    case fit
    /// The seed's `lengthComputation(totalTime:)` and `sizeForItemAt`, number for number.
    case classic
}
