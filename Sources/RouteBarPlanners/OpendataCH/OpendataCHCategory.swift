import RouteBar

/// transport.opendata.ch's `journey.category`: the Swiss timetable's product categories
/// (the HAFAS "Gattung" of opentransportdata.swiss's category list; docs/planners.md).
enum OpendataCHCategory {
    static func named(_ category: String) -> TransitMode? { table[category.uppercased()] }

    private static let table: [String: TransitMode] = [
        "S": .train, "SN": .train, "R": .train, "RE": .train, "IR": .train, "IRE": .train, "IC": .train, "ICN": .train,
        "ICE": .train, "EC": .train, "EN": .train, "NJ": .train, "TGV": .train, "RJ": .train, "RJX": .train, "PE": .train,
        "EXT": .train, "D": .train,
        "B": .bus, "BUS": .bus, "NFB": .bus, "BN": .bus, "EV": .bus, "KB": .bus, "TX": .car,
        "T": .tram, "TRAM": .tram, "NFT": .tram,
        "M": .subway,
        "BAT": .ferry, "BAV": .ferry, "FAE": .ferry,
        "FUN": .cableCar, "GB": .cableCar, "PB": .cableCar, "SL": .cableCar, "LB": .cableCar,
    ]
}
