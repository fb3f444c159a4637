import RouteBar

/// TfL's mode ids (`leg.mode.id`), as `/Journey/Meta/Modes` lists them
/// (https://api.tfl.gov.uk/Journey/Meta/Modes; docs/planners.md).
enum TfLMode {
    static func named(_ id: String) -> TransitMode? { table[id] }

    private static let table: [String: TransitMode] = [
        "walking": .walk, "interchange-secure": .walk,
        "interchange-keep-sitting": .wait,
        "bus": .bus, "replacement-bus": .bus,
        "coach": .intercityBus,
        "tube": .subway, "dlr": .subway,
        "overground": .train, "elizabeth-line": .train, "national-rail": .train, "international-rail": .train, "tflrail": .train,
        "tram": .tram,
        "river-bus": .ferry, "river-tour": .ferry,
        "cable-car": .cableCar,
        "cycle": .bicycle, "cycle-hire": .bicycle,
        "taxi": .car,
    ]
}
