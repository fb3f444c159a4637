import RouteBar

// The RouteBar library's values as a request sends them. Wrappers of the client's own, not
// conformances of RouteBar's types: an app that gives `Route` a `Codable` of its own keeps it.

/// A `Route` as a request sends it (openapi.yaml, `Route`).
struct WireRoute: Encodable {
    let route: Route

    private enum Keys: String, CodingKey { case id, totalTime, subPaths, departure, arrival }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(route.id, forKey: .id)
        try container.encodeIfPresent(route.totalTime, forKey: .totalTime)
        try container.encode(route.subPaths.map(WireSubPath.init), forKey: .subPaths)
        try container.encodeIfPresent(route.card?.departure, forKey: .departure)
        try container.encodeIfPresent(route.card?.arrival, forKey: .arrival)
    }
}

struct WireSubPath: Encodable {
    let subPath: SubPath

    private enum Keys: String, CodingKey { case trafficType, mode, sectionTime, lane, trainType, departure, arrival, color, textColor }
    private enum LaneKeys: String, CodingKey { case name, busNo, type, subwayCode }

    /// ODsay's `subPath`: the line and the other candidates as its `lane` list, a bus by its
    /// number (`busNo`, `type`), a subway line by its name (`name`, `subwayCode`). `mode` too,
    /// always: a tram, ferry, bike or wait has no ODsay code, and would arrive as `other`; and
    /// a planner's line colours where the leg has them.
    func encode(to encoder: any Encoder) throws {
        let subPath = subPath
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(subPath.trafficType, forKey: .trafficType)
        try container.encode(subPath.mode.rawValue, forKey: .mode)
        try container.encodeIfPresent(subPath.color, forKey: .color)
        try container.encodeIfPresent(subPath.textColor, forKey: .textColor)
        try container.encode(subPath.sectionTime, forKey: .sectionTime)
        try container.encodeIfPresent(subPath.card?.departure, forKey: .departure)
        try container.encodeIfPresent(subPath.card?.arrival, forKey: .arrival)
        if let line = subPath.line {
            var lanes = container.nestedUnkeyedContainer(forKey: .lane)
            for candidate in [line] + subPath.otherLines {
                var lane = lanes.nestedContainer(keyedBy: LaneKeys.self)
                if subPath.mode == .bus {
                    try lane.encode(candidate.name, forKey: .busNo)
                    try lane.encodeIfPresent(candidate.busType, forKey: .type)
                } else {
                    try lane.encode(candidate.name, forKey: .name)
                    try lane.encodeIfPresent(candidate.subwayCode, forKey: .subwayCode)
                    try lane.encodeIfPresent(candidate.busType, forKey: .type)
                }
            }
        }
        try container.encodeIfPresent(subPath.trainType, forKey: .trainType)
    }
}
