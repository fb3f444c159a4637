import RouteBar

/// HERE v8's `transport.mode` values (https://docs.aws.amazon.com/location/latest/developerguide/transit-routing.html
/// lists the same modes; docs/planners.md).
enum HEREMode {
    static func named(_ mode: String) -> TransitMode? { table[mode] }

    private static let table: [String: TransitMode] = [
        "pedestrian": .walk,
        "bus": .bus, "privateBus": .bus, "busRapid": .bus,
        "highSpeedTrain": .train, "intercityTrain": .train, "interRegionalTrain": .train, "regionalTrain": .train,
        "cityTrain": .train,
        "subway": .subway,
        "lightRail": .tram, "monorail": .tram,
        "ferry": .ferry,
        "inclined": .cableCar, "aerial": .cableCar,
        "flight": .airplane,
        "car": .car, "taxi": .car,
        "bicycle": .bicycle, "kickScooter": .bicycle,
    ]
}
