import RouteBar
import RouteBarPlanners

extension DecodedOptions {
    /// Fills in from the query string what the body left out (the body wins), and returns
    /// the options the query string gave. Every query value is checked, used or not, so a bad
    /// one never passes unnoticed; they are read in `LayoutOption.all`'s order, so the first
    /// bad one is the one reported.
    mutating func merge(query: (String) -> String?) throws(RouteBarInputError) -> Set<LayoutOption> {
        var fromQuery: Set<LayoutOption> = []
        for (index, name) in Self.optionNames.enumerated() {
            guard let text = query(name), let option = LayoutOption(rawValue: index) else { continue }
            let wasSet = isSet(option)
            switch option.values {
            case .choice, .languageTag:
                guard setChoice(text, for: option, keepingExisting: true) else {
                    throw .unknownName(text, for: option, pointer: nil, parameter: option.name)
                }
            case .flag:
                guard text == "true" || text == "false" else {
                    throw .init(
                        .invalidType, "the query parameter \(option.name) must be true or false, got \(quoted(text))",
                        parameter: option.name)
                }
                setFlag(text == "true", for: option, keepingExisting: true)
            case .number:
                let value = try Self.queryNumber(text, for: option)
                if !wasSet { setNumber(value, for: option) }
            }
            if !wasSet { fromQuery.insert(option) }
        }
        return fromQuery
    }

    private static let optionNames = LayoutOption.all.map(\.name)

    /// A query value for a numeric option, parsed and checked against the option's range.
    private static func queryNumber(_ text: String, for option: LayoutOption) throws(RouteBarInputError) -> Double {
        // Double("nan") and Double("inf") parse; a query number is digits, a point and an exponent.
        guard let value = Double(text), value.isFinite, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) else {
            throw .init(
                .invalidType, "the query parameter \(option.name) must be a number, got \(quoted(text))",
                parameter: option.name)
        }
        do {
            try option.check(value)
        } catch {
            throw .init(.outOfRange, error.message, parameter: option.name)
        }
        return value
    }
}
