import RouteBar

// The names the answer writes for every segment, as static bytes: no String to build or scan.

extension SegmentKind {
    var jsonName: StaticString {
        switch self {
        case .walking: "walking"
        case .transit: "transit"
        case .waiting: "waiting"
        case .other: "other"
        }
    }
}

extension TransitMode {
    var jsonName: StaticString {
        switch self {
        case .subway: "subway"
        case .bus: "bus"
        case .walk: "walk"
        case .train: "train"
        case .expressBus: "expressBus"
        case .intercityBus: "intercityBus"
        case .airplane: "airplane"
        case .other: "other"
        case .tram: "tram"
        case .ferry: "ferry"
        case .cableCar: "cableCar"
        case .bicycle: "bicycle"
        case .car: "car"
        case .wait: "wait"
        }
    }
}
