import RouteBar

/// The body of `POST /v1/route-bars` in routebar's own shape (openapi.yaml, `RouteBarRequest`),
/// made of the RouteBar library's values: its `LayoutOptions` and `Route`s.
///
/// ```swift
/// var options = LayoutOptions(width: 343, scale: 3)
/// options.theme = .dark
/// let request = LayoutRequest(options: options, routes: [
///     Route(id: "r1", totalTime: 47, subPaths: [SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 1, sectionTime: 21)]),
/// ])
/// ```
///
/// Each option is sent under its `LayoutOption` name when it differs from the service's default
/// (`width` always, unless `widths` replaces it), so the body stays short and the answer is the
/// one the options describe. `locale` is sent where it is not the library's default (Korean);
/// otherwise the client's `languages` choose it (`Accept-Language`), so that an app that sets
/// none speaks its rider's language.
public struct LayoutRequest: Encodable, Sendable, Hashable {
    public var options: LayoutOptions
    /// 1 to 16 widths, one layout each (`RouteBarClient.layOutForWidths`); `options.width` is then not sent.
    public var widths: [Double]?
    public var routes: [Route]
    /// The query parameters besides the options (`timeZone`, `fields`, …).
    public var parameters = RequestParameters()
    /// A field mask: the paths of the answer's members to get (`["routes.segments.width",
    /// "routes.transitCount"]`, openapi.yaml's `fields`), sent as the `fields` query parameter;
    /// nil for the whole answer. The members left out read as 0, false or empty in the answer.
    public var fields: [String]? {
        get { parameters.fields }
        set { parameters.fields = newValue }
    }

    public init(options: LayoutOptions, widths: [Double]? = nil, routes: [Route]) {
        self.options = options
        self.widths = widths
        self.routes = routes
    }

    /// A request for some members of the answer only (`fields`).
    public init(options: LayoutOptions, widths: [Double]? = nil, routes: [Route], fields: [String]) {
        self.init(options: options, widths: widths, routes: routes)
        self.fields = fields
    }

    /// A request for one width, every other option the service's default.
    public init(width: Double, scale: Double = 1, routes: [Route]) {
        self.init(options: LayoutOptions(width: width, scale: scale), routes: routes)
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (option, value) in options.sent(omittingWidth: widths != nil) {
            switch value {
            case .number(let number): try container.encode(number, forKey: Key(option.name))
            case .flag(let flag): try container.encode(flag, forKey: Key(option.name))
            case .choice(let name): try container.encode(name, forKey: Key(option.name))
            }
        }
        try container.encodeIfPresent(widths, forKey: Key("widths"))
        try container.encode(routes.map(WireRoute.init), forKey: Key("routes"))
    }
}

extension LayoutOptions {
    /// The options a request sends, by their `LayoutOption` names: those that differ from the
    /// service's default, and `width` unless `widths` replaces it. The library's default locale
    /// (Korean) is not sent: the client's `Accept-Language` (its `languages`) chooses then.
    func sent(omittingWidth: Bool) -> [(option: LayoutOption, value: LayoutOption.Value)] {
        LayoutOption.all.compactMap { option in
            guard let value = option.value(in: self) else { return nil }
            if option == .width { return omittingWidth ? nil : (option, value) }
            return value == option.defaultValue ? nil : (option, value)
        }
    }
}
