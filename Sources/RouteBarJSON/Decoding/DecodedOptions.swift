import RouteBar
import RouteBarPlanners

/// The layout options a request gives, body and query string merged, over `LayoutOptions`'
/// defaults, and which of them were given.
struct DecodedOptions {
    /// The values; `width` is a placeholder until one is given.
    private(set) var values = LayoutOptions(width: 1)
    /// One bit per option (`LayoutOption.rawValue`): a set without an allocation.
    private var given: UInt32 = 0

    /// Whether the body or the query string gave `option`.
    func isSet(_ option: LayoutOption) -> Bool {
        given & (1 << UInt32(option.rawValue)) != 0
    }

    /// The width given, if one was.
    var width: Double? {
        isSet(.width) ? values.width : nil
    }

    mutating func setNumber(_ value: Double, for option: LayoutOption) {
        if option.setNumber(value, in: &values) { markSet(option) }
    }

    /// Sets a flag, unless `keepingExisting` and it is set already.
    mutating func setFlag(_ value: Bool, for option: LayoutOption, keepingExisting: Bool = false) {
        guard !keepingExisting || !isSet(option) else { return }
        if option.setFlag(value, in: &values) { markSet(option) }
    }

    /// Sets a choice by name, unless `keepingExisting` and it is set already. False when
    /// `name` is none of the option's values (checked either way).
    mutating func setChoice(_ name: String, for option: LayoutOption, keepingExisting: Bool = false) -> Bool {
        guard !keepingExisting || !isSet(option) else {
            var scratch = values
            return option.setChoice(name, in: &scratch)
        }
        guard option.setChoice(name, in: &values) else { return false }
        markSet(option)
        return true
    }

    private mutating func markSet(_ option: LayoutOption) {
        given |= 1 << UInt32(option.rawValue)
    }

    /// The options for a layout `width` points wide.
    func layoutOptions(width: Double) -> LayoutOptions {
        var options = values
        options.width = width
        return options
    }
}

extension RouteBarInputError {
    /// A choice given a name it does not know.
    static func unknownName(_ text: String, for option: LayoutOption, pointer: String?, parameter: String?) -> Self {
        let type: ProblemType =
            switch option {
            case .algorithm: .unknownAlgorithm
            case .locale: .unknownLocale
            default: .unknownValue
            }
        return .init(type, "\(option.name) must be \(option.choicesPhrase), got \(quoted(text))", pointer: pointer, parameter: parameter)
    }
}
