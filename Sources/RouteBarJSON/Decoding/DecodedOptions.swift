import RouteBar

/// The layout options a request gives, body and query string merged: nil where neither does.
struct DecodedOptions {
    var width: Double?
    var scale: Double?
    var minSegmentRatio: Double?
    var minWalkingLength: Double?
    var minTransitLength: Double?
    var height: Double?
    var labelFontSize: Double?
    var gap: Double?
    var labelPadding: Double?
    var cornerRadius: Double?
    var algorithm: LayoutAlgorithm?
    var locale: LabelLocale?
    var theme: ColorTheme?
    var timeScale: TimeScale?
    var colors: Bool?
    var labelMinimums: Bool?

    /// The option a numeric field sets; nil for the fields that are not numbers.
    subscript(number field: LayoutOptions.Field) -> Double? {
        get {
            switch field {
            case .width: width
            case .scale: scale
            case .minSegmentRatio: minSegmentRatio
            case .minWalkingLength: minWalkingLength
            case .minTransitLength: minTransitLength
            case .height: height
            case .labelFontSize: labelFontSize
            case .gap: gap
            case .labelPadding: labelPadding
            case .cornerRadius: cornerRadius
            case .algorithm, .locale, .colors, .theme, .timeScale, .labelMinimums: nil
            }
        }
        set {
            switch field {
            case .width: width = newValue
            case .scale: scale = newValue
            case .minSegmentRatio: minSegmentRatio = newValue
            case .minWalkingLength: minWalkingLength = newValue
            case .minTransitLength: minTransitLength = newValue
            case .height: height = newValue
            case .labelFontSize: labelFontSize = newValue
            case .gap: gap = newValue
            case .labelPadding: labelPadding = newValue
            case .cornerRadius: cornerRadius = newValue
            case .algorithm, .locale, .colors, .theme, .timeScale, .labelMinimums: break
            }
        }
    }

    /// The options for a layout `width` points wide, defaults where nothing was given.
    func layoutOptions(width: Double) -> LayoutOptions {
        var options = LayoutOptions(width: width)
        if let scale { options.scale = scale }
        if let algorithm { options.algorithm = algorithm }
        if let minSegmentRatio { options.minSegmentRatio = minSegmentRatio }
        options.minWalkingLength = minWalkingLength
        options.minTransitLength = minTransitLength
        if let height { options.height = height }
        if let labelFontSize { options.labelFontSize = labelFontSize }
        if let locale { options.locale = locale }
        if let colors { options.colors = colors }
        if let gap { options.gap = gap }
        if let theme { options.theme = theme }
        if let timeScale { options.timeScale = timeScale }
        if let labelMinimums { options.labelMinimums = labelMinimums }
        if let labelPadding { options.labelPadding = labelPadding }
        options.cornerRadius = cornerRadius
        return options
    }
}

extension LayoutOptions.Field {
    /// How a field's value is written, in the body and in the query string.
    enum ValueKind {
        case number
        case flag
        /// A string naming one of several values.
        case name
    }

    var valueKind: ValueKind {
        switch self {
        case .width, .scale, .minSegmentRatio, .minWalkingLength, .minTransitLength, .height, .labelFontSize, .gap,
             .labelPadding, .cornerRadius: .number
        case .colors, .labelMinimums: .flag
        case .algorithm, .locale, .theme, .timeScale: .name
        }
    }
}

extension DecodedOptions {
    /// Whether the body or the query string gave `field`.
    func isSet(_ field: LayoutOptions.Field) -> Bool {
        switch field {
        case .algorithm: algorithm != nil
        case .locale: locale != nil
        case .theme: theme != nil
        case .timeScale: timeScale != nil
        case .colors: colors != nil
        case .labelMinimums: labelMinimums != nil
        default: self[number: field] != nil
        }
    }

    /// Sets a name-valued option (`algorithm`, `locale`, `theme`, `timeScale`) from `text`,
    /// unless `keepingExisting` and it is set already. False when `text` names no value.
    mutating func setName(_ text: String, for field: LayoutOptions.Field, keepingExisting: Bool = false) -> Bool {
        func assign<Value: RawRepresentable<String>>(_ value: inout Value?) -> Bool {
            guard let parsed = Value(rawValue: text) else { return false }
            if !keepingExisting || value == nil { value = parsed }
            return true
        }
        switch field {
        case .algorithm: return assign(&algorithm)
        case .locale: return assign(&locale)
        case .theme: return assign(&theme)
        case .timeScale: return assign(&timeScale)
        default: return false
        }
    }

    /// Sets a flag (`colors`, `labelMinimums`), unless `keepingExisting` and it is set already.
    mutating func setFlag(_ value: Bool, for field: LayoutOptions.Field, keepingExisting: Bool = false) {
        switch field {
        case .colors: if !keepingExisting || colors == nil { colors = value }
        case .labelMinimums: if !keepingExisting || labelMinimums == nil { labelMinimums = value }
        default: break
        }
    }

    /// The values a name-valued field takes, as a phrase: `"light" or "dark"`.
    static func choices(for field: LayoutOptions.Field) -> String {
        let names: [String] = switch field {
        case .algorithm: LayoutAlgorithm.allCases.map(\.rawValue)
        case .locale: LabelLocale.allCases.map(\.rawValue)
        case .theme: ColorTheme.allCases.map(\.rawValue)
        case .timeScale: TimeScale.allCases.map(\.rawValue)
        default: []
        }
        return names.map { "\"\($0)\"" }.joined(separator: " or ")
    }
}

extension RouteBarInputError {
    /// A name-valued option given a name it does not know.
    static func unknownName(_ text: String, for field: LayoutOptions.Field, pointer: String?, parameter: String?) -> Self {
        let type: ProblemType = switch field {
        case .algorithm: .unknownAlgorithm
        case .locale: .unknownLocale
        default: .unknownValue
        }
        return .init(type, "\(field.rawValue) must be \(DecodedOptions.choices(for: field)), got \"\(text)\"",
                     pointer: pointer, parameter: parameter)
    }
}
