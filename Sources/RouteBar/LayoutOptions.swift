/// How to lay out bars: the bar's size, the screen's scale, and the algorithm.
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

    /// The settings, named as in the JSON API.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case width, scale, algorithm, minSegmentRatio, minWalkingLength, minTransitLength, height, locale, labelFontSize, colors
    }
}

public enum LayoutAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// Whole device pixels that fill the bar exactly, with minimums that never go negative.
    case fit
    /// The seed's `lengthComputation(totalTime:)` and `sizeForItemAt`, number for number.
    case classic
}
