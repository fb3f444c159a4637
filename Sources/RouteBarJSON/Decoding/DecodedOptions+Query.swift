import RouteBar

extension DecodedOptions {
    /// Fills in from the query string what the body left out (the body wins), and returns
    /// the fields the query string gave. Every query value is checked, used or not, so a bad
    /// one never passes unnoticed; they are read in the documented order, so the first bad
    /// one is the one reported.
    mutating func merge(query: (String) -> String?) throws(RouteBarInputError) -> Set<LayoutOptions.Field> {
        var fromQuery: Set<LayoutOptions.Field> = []
        for field in LayoutOptions.Field.allCases {
            guard let text = query(field.rawValue) else { continue }
            let wasSet = isSet(field)
            switch field.valueKind {
            case .name:
                guard setName(text, for: field, keepingExisting: true) else {
                    throw .unknownName(text, for: field, pointer: nil, parameter: field.rawValue)
                }
            case .flag:
                guard text == "true" || text == "false" else {
                    throw .init(.invalidType, "the query parameter \(field.rawValue) must be true or false, got \"\(text)\"",
                                parameter: field.rawValue)
                }
                setFlag(text == "true", for: field, keepingExisting: true)
            case .number:
                let value = try Self.queryNumber(text, for: field)
                if !wasSet { self[number: field] = value }
            }
            if !wasSet { fromQuery.insert(field) }
        }
        return fromQuery
    }

    /// A query value for a numeric field, parsed and checked against the field's range.
    private static func queryNumber(_ text: String, for field: LayoutOptions.Field) throws(RouteBarInputError) -> Double {
        // Double("nan") and Double("inf") parse; a query number is digits, a point and an exponent.
        guard let value = Double(text), value.isFinite, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) else {
            throw .init(.invalidType, "the query parameter \(field.rawValue) must be a number, got \"\(text)\"",
                        parameter: field.rawValue)
        }
        do {
            try RouteBarLayout.check(field, value)
        } catch {
            throw .init(.outOfRange, error.message, parameter: field.rawValue)
        }
        return value
    }
}
