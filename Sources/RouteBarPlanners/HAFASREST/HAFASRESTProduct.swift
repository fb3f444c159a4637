import RouteBar

/// A HAFAS REST ride's mode, from its product's category text (`catOutL`, "Länstrafik - Tåg",
/// "Nattåg"; else `catOut` and the product's `name`), by the words of the deployments' languages.
/// Not by `cls`: its bits name each deployment's own product list (ResRobot's 1 is a plane,
/// SL's `catCode` 1 the metro), and the answer does not say which deployment wrote it.
enum HAFASRESTProduct {
    /// The first list whose word the text holds, in this order: a "Flygbuss" is a bus and a
    /// "Tågersättningsbuss" a bus, so buses are looked for first.
    static let words: [(TransitMode, [String])] = [
        // ResRobot's and SL's product names (trafiklab.se), Rejseplanen's (rejseplanen.dk).
        (.bus, ["buss", "bus", "bussen"]),
        (.subway, ["tunnelbana", "t-bana", "metro", "tunnelbanan"]),
        (.tram, ["spårväg", "spårvagn", "lokalbana", "letbane", "sporvogn", "tram"]),
        (.ferry, ["färja", "båt", "pendelbåt", "færge", "ferry", "ship"]),
        (.train, ["tåg", "pendeltåg", "snabbtåg", "tog", "s-tog", "train", "ic", "re"]),
        (.airplane, ["flyg", "fly", "flight"]),
        (.car, ["taxi"]),
    ]

    /// The mode `text` names, nil for none: one of its words, or a longer word ending in one
    /// ("Nattåg" ends in "tåg", "Flygbuss" in "buss").
    static func mode(_ text: String) -> TransitMode? {
        let tokens = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" })
        for (mode, names) in words {
            let named = tokens.contains { token in
                names.contains { token == $0 || ($0.count >= 3 && token.count > $0.count && token.hasSuffix($0)) }
            }
            if named { return mode }
        }
        return nil
    }
}
