/// The body of `POST /v1/route-bars` in routebar's own shape (openapi.yaml, `RouteBarRequest`).
/// Options left nil take the service's defaults.
///
/// ```swift
/// let request = LayoutRequest(width: 343, scale: 3, routes: [
///     .init(id: "r1", totalTime: 47, subPaths: [.init(trafficType: 3, sectionTime: 6), .init(trafficType: 1, sectionTime: 21)]),
/// ])
/// ```
public struct LayoutRequest: Codable, Sendable, Hashable {
    /// The bar's width in points; give this or `widths`.
    public var width: Double?
    /// 1 to 16 widths, one layout each (`RouteBarClient.layOutForWidths`).
    public var widths: [Double]?
    public var scale: Double?
    public var algorithm: Algorithm?
    public var minSegmentRatio: Double?
    public var minWalkingLength: Double?
    public var minTransitLength: Double?
    public var height: Double?
    public var locale: LabelLocale?
    public var labelFontSize: Double?
    public var colors: Bool?
    /// Points between consecutive visible segments (`fit` only).
    public var gap: Double?
    public var theme: Theme?
    public var timeScale: TimeScale?
    /// Whether visible segments' minimums grow to hold their labels (`fit` only).
    public var labelMinimums: Bool?
    /// Points on each side of a label, for `labelMinimums`.
    public var labelPadding: Double?
    /// The SVG's rounded bar ends; half the height when nil.
    public var cornerRadius: Double?
    public var routes: [Route]

    public init(width: Double? = nil, widths: [Double]? = nil, scale: Double? = nil, algorithm: Algorithm? = nil,
                minSegmentRatio: Double? = nil, minWalkingLength: Double? = nil, minTransitLength: Double? = nil,
                height: Double? = nil, locale: LabelLocale? = nil, labelFontSize: Double? = nil, colors: Bool? = nil,
                gap: Double? = nil, theme: Theme? = nil, timeScale: TimeScale? = nil, labelMinimums: Bool? = nil,
                labelPadding: Double? = nil, cornerRadius: Double? = nil, routes: [Route]) {
        self.width = width
        self.widths = widths
        self.scale = scale
        self.algorithm = algorithm
        self.minSegmentRatio = minSegmentRatio
        self.minWalkingLength = minWalkingLength
        self.minTransitLength = minTransitLength
        self.height = height
        self.locale = locale
        self.labelFontSize = labelFontSize
        self.colors = colors
        self.gap = gap
        self.theme = theme
        self.timeScale = timeScale
        self.labelMinimums = labelMinimums
        self.labelPadding = labelPadding
        self.cornerRadius = cornerRadius
        self.routes = routes
    }

    public enum Algorithm: String, Codable, Sendable, Hashable {
        /// Whole device pixels that fill the bar exactly (the default).
        case fit
        /// The original app's arithmetic, to the last digit.
        case classic
    }

    /// The language of labels and accessibility sentences.
    public enum LabelLocale: String, Codable, Sendable, Hashable {
        case ko, en
    }

    /// The background the colours are for: `dark` lightens colours under 3:1 against #121212.
    public enum Theme: String, Codable, Sendable, Hashable {
        case light, dark
    }

    /// `route`: every route fills the width; `shared`: the longest route does, the others in proportion.
    public enum TimeScale: String, Codable, Sendable, Hashable {
        case route, shared
    }

    public struct Route: Codable, Sendable, Hashable {
        /// Echoed in the answer.
        public var id: String?
        /// Minutes; the legs' sum when nil.
        public var totalTime: Double?
        public var subPaths: [SubPath]

        public init(id: String? = nil, totalTime: Double? = nil, subPaths: [SubPath]) {
            self.id = id
            self.totalTime = totalTime
            self.subPaths = subPaths
        }
    }

    /// One leg, with ODsay's codes: `trafficType` 1 subway, 2 bus, 3 walk, 4 train, ...
    public struct SubPath: Codable, Sendable, Hashable {
        public var trafficType: Int
        public var sectionTime: Double
        /// ODsay's candidate lines for the leg, the first named in the answer.
        public var lane: [Lane]?
        /// ODsay's train class for a train leg (1 KTX, 3 무궁화, 6 ITX-새마을, 8 SRT, ...).
        public var trainType: Int?

        public init(trafficType: Int, sectionTime: Double, lane: [Lane]? = nil, trainType: Int? = nil) {
            self.trafficType = trafficType
            self.sectionTime = sectionTime
            self.lane = lane
            self.trainType = trainType
        }
    }

    /// An ODsay `lane` entry: a bus (`busNo`, `type`) or a subway line (`name`, `subwayCode`).
    public struct Lane: Codable, Sendable, Hashable {
        public var name: String?
        public var busNo: String?
        public var type: Int?
        public var subwayCode: Int?

        public init(name: String? = nil, busNo: String? = nil, type: Int? = nil, subwayCode: Int? = nil) {
            self.name = name
            self.busNo = busNo
            self.type = type
            self.subwayCode = subwayCode
        }
    }
}
