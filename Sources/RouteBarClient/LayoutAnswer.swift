import RouteBar

/// A `200` answer for one width (openapi.yaml, `RouteBarResponse`): every route laid out, as
/// the RouteBar library's own `LaidOutRoute`s, so code written for the library takes it as it is.
public struct LayoutAnswer: Decodable, Sendable, Hashable {
    public var width: Double
    public var scale: Double
    public var algorithm: LayoutAlgorithm
    /// The drawing options, echoed.
    public var gap: Double
    public var theme: ColorTheme
    public var timeScale: TimeScale
    /// The language of labels and sentences (a BCP 47 tag; nil from a server before 2.0, which
    /// spoke Korean unless asked for English). URLSession sends the system's languages as
    /// `Accept-Language`, which picks it when the request names none.
    public var locale: LabelLocale?
    /// The planner whose answer was posted (`"otp"`, `"here"`, …); nil for routebar's own shape.
    public var source: String?
    /// `source`, as a name this client knows (or `unknown`).
    public var planner: PlannerName? { source.map(PlannerName.init(rawValue:)) }
    /// Why the planner's answer has no route, in the planner's words, when it says.
    public var notice: String?
    /// Itineraries of the planner's answer left out for an inconsistent leg; nil when none was.
    public var problems: [AnswerProblem]?
    public var routes: [LaidOutRoute]

    private enum Keys: String, CodingKey { case width, routes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let masked = decoder.isMasked
        let echo = try AnswerEcho(from: decoder)
        width = try container.member(.width, masked, 0)
        (scale, algorithm, gap, theme, timeScale) = (echo.scale, echo.algorithm, echo.gap, echo.theme, echo.timeScale)
        (locale, source, notice, problems) = (echo.locale, echo.source, echo.notice, echo.problems)
        routes = try container.member(.routes, masked, [WireLaidOutRoute]()).map(\.value)
    }

    /// The options that made this answer, for drawing it with the library (RouteBarDrawing).
    public var options: LayoutOptions {
        var options = LayoutOptions(width: width, scale: scale, algorithm: algorithm)
        options.gap = gap
        options.theme = theme
        options.timeScale = timeScale
        options.locale = locale ?? .ko
        return options
    }
}

/// A `200` answer for a request with `widths` (openapi.yaml, `RouteBarLayoutsResponse`): one
/// `LayoutAnswer` per width, in order.
public struct MultiWidthLayoutAnswer: Decodable, Sendable, Hashable {
    public var scale: Double
    public var algorithm: LayoutAlgorithm
    public var gap: Double
    public var theme: ColorTheme
    public var timeScale: TimeScale
    public var locale: LabelLocale?
    public var source: String?
    /// `source`, as a name this client knows (or `unknown`).
    public var planner: PlannerName? { source.map(PlannerName.init(rawValue:)) }
    public var notice: String?
    public var problems: [AnswerProblem]?
    public var layouts: [LayoutAnswer]

    private enum Keys: String, CodingKey { case layouts }

    public init(from decoder: any Decoder) throws {
        let echo = try AnswerEcho(from: decoder)
        (scale, algorithm, gap, theme, timeScale) = (echo.scale, echo.algorithm, echo.gap, echo.theme, echo.timeScale)
        (locale, source, notice, problems) = (echo.locale, echo.source, echo.notice, echo.problems)
        layouts = try decoder.container(keyedBy: Keys.self).member(.layouts, decoder.isMasked, [LayoutAnswer]())
    }
}

/// The members both answers' top levels have: the options echoed and the planner's word.
private struct AnswerEcho: Decodable {
    var scale: Double
    var algorithm: LayoutAlgorithm
    var gap: Double
    var theme: ColorTheme
    var timeScale: TimeScale
    var locale: LabelLocale?
    var source: String?
    var notice: String?
    var problems: [AnswerProblem]?

    private enum Keys: String, CodingKey {
        case scale, algorithm, gap, theme, timeScale, locale, source, notice, problems
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let masked = decoder.isMasked
        scale = try container.member(.scale, masked, 0)
        algorithm = try container.rawMember(.algorithm, masked, LayoutAlgorithm.fit)
        gap = try container.member(.gap, masked, 0)
        theme = try container.rawMember(.theme, masked, ColorTheme.light)
        timeScale = try container.rawMember(.timeScale, masked, TimeScale.route)
        locale = try container.decodeRawIfPresent(LabelLocale.self, forKey: .locale)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        notice = try container.decodeIfPresent(String.self, forKey: .notice)
        problems = try container.decodeIfPresent([AnswerProblem].self, forKey: .problems)
    }
}

/// An itinerary left out of an answer (openapi.yaml, `Problem`): `inconsistent-leg`, pointing at
/// the leg in the posted body, with the two values that contradict each other among `values`.
public struct AnswerProblem: Decodable, Sendable, Hashable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var pointer: String?
    /// The members beside these (`departure`, `arrival`, `previousArrival`, …): the values.
    public var values: [String: String]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        type = try container.decode(String.self, forKey: Key(stringValue: "type"))
        title = try container.decode(String.self, forKey: Key(stringValue: "title"))
        status = try container.decode(Int.self, forKey: Key(stringValue: "status"))
        detail = try container.decode(String.self, forKey: Key(stringValue: "detail"))
        pointer = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "pointer"))
        var values: [String: String] = [:]
        for key in container.allKeys where !["type", "title", "status", "detail", "pointer"].contains(key.stringValue) {
            if let value = try? container.decode(String.self, forKey: key) { values[key.stringValue] = value }
        }
        self.values = values
    }
}
