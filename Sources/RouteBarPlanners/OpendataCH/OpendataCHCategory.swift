import RouteBar

/// transport.opendata.ch's `journey.category`: the Swiss timetable's product categories
/// (the HAFAS "Gattung" of opentransportdata.swiss's category list; docs/planners.md).
enum OpendataCHCategory {
    static func named(_ category: String) -> TransitMode? { table[category.uppercased()] }

    /// `journey.categoryCode`, the class the timetable files a category under, for categories
    /// the table above lacks (its Journey schema: "0, 1, 2, 3, 5, 8: train; 4: ship; 6: bus;
    /// 7: cable car; 9: tram"): an S-Bahn filed under an operator's own category is still a train.
    static func classed(_ code: Double) -> TransitMode? {
        switch code {
        case 0, 1, 2, 3, 5, 8: .train
        case 4: .ferry
        case 6: .bus
        case 7: .cableCar
        case 9: .tram
        default: nil
        }
    }

    /// A duration as the API writes them, "00:05:00" or "00d00:32:00"; nil for anything else.
    static func seconds(clock text: String) -> Double? {
        var (days, time) = (0.0, Substring(text))
        if let mark = text.firstIndex(of: "d") {
            guard let count = Double(text[..<mark]) else { return nil }
            (days, time) = (count, text[text.index(after: mark)...])
        }
        let parts = time.split(separator: ":", omittingEmptySubsequences: false).compactMap { Double($0) }
        guard parts.count == 3, days >= 0, parts[0] >= 0, (0..<60).contains(parts[1]), (0..<60).contains(parts[2]) else { return nil }
        return ((days * 24 + parts[0]) * 60 + parts[1]) * 60 + parts[2]
    }

    private static let table: [String: TransitMode] = [
        "S": .train, "SN": .train, "R": .train, "RE": .train, "IR": .train, "IRE": .train, "IC": .train, "ICN": .train,
        "ICE": .train, "EC": .train, "EN": .train, "NJ": .train, "TGV": .train, "RJ": .train, "RJX": .train, "PE": .train,
        "EXT": .train, "D": .train, "CC": .train,
        "B": .bus, "BUS": .bus, "NFB": .bus, "BN": .bus, "EV": .bus, "KB": .bus, "TX": .car,
        "T": .tram, "TRAM": .tram, "NFT": .tram,
        "M": .subway,
        "BAT": .ferry, "BAV": .ferry, "FAE": .ferry,
        "FUN": .cableCar, "GB": .cableCar, "PB": .cableCar, "SL": .cableCar, "LB": .cableCar,
    ]
}
