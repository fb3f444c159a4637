import RouteBar

/// Every planner's name for a mode, read against one table built from each planner's own list
/// (`PlannerAdapter.modeNames`, in the planner's folder, traced to its documentation).
package enum PlannerMode {
    /// The mode a planner's name means; nil for a name no planner uses (the leg is `other`).
    package static func named(_ name: String) -> TransitMode? {
        // Names are matched without case, spaces, '-' or '_': "HIGH_SPEED_TRAIN", "Tramway",
        // "Train de banlieue / RER" and "nationalExpress" all reduce to one key.
        // Most names are ASCII (one per leg): lowered byte by byte, without Unicode's tables.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count)
            for byte in name.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
                default: break
                }
            }
            return table[String(decoding: bytes, as: UTF8.self)]
        }
        return table[key(name)]
    }

    /// The mode `planner`'s name means: its own meaning first (`PlannerAdapter.ownModeNames`),
    /// else every planner's.
    package static func named(_ name: String, in planner: Planner) -> TransitMode? {
        if let own = ownTables[planner], let mode = own[key(name)] { return mode }
        return named(name)
    }

    /// Each planner's names it means otherwise than the others, where it has any.
    static let ownTables: [Planner: [String: TransitMode]] = {
        var tables: [Planner: [String: TransitMode]] = [:]
        for adapter in PlannerRegistry.adapters where !adapter.ownModeNames.isEmpty {
            for (mode, names) in adapter.ownModeNames {
                for name in names { tables[adapter.planner, default: [:]][key(name)] = mode }
            }
        }
        return tables
    }()

    /// Every name: each planner's own (`PlannerAdapter.modeNames`, in its folder), routebar's
    /// mode names, and the plain words a named leg of our own shape may use. A planner's
    /// answer is read against all of them, which is how a planner's less usual word still
    /// finds its mode; no two lists disagree (`PlannerAdapterTests.modeTablesAgree`).
    package static let table: [String: TransitMode] = {
        var table: [String: TransitMode] = [:]
        for (mode, names) in allNames.joined() {
            for name in names { table[key(name)] = mode }
        }
        return table
    }()

    /// Every list of names: routebar's, the plain words, then each planner's.
    package static var allNames: [[(TransitMode, [String])]] {
        [TransitMode.allCases.map { ($0, [$0.rawValue]) }, plainWords] + PlannerRegistry.adapters.map { $0.modeNames }
    }

    /// Words a named leg may use that are no planner's: "foot", "plane", "underground"…
    package static let plainWords: [(TransitMode, [String])] = [
        (.walk, ["walking", "foot", "transfer"]),
        (.bus, ["localbus", "brt"]),
        (.subway, ["underground"]),
        (.tram, ["streetcar"]),
        (.intercityBus, ["longdistancebus"]),
        (.ferry, ["boat", "water"]),
        (.cableCar, ["cableway", "areallift"]),
        (.airplane, ["plane", "flight", "aircraft"]),
        (.car, ["drive"]),
        (.wait, ["waiting"]),
    ]

    /// A name as the table compares it: lower case, without spaces, '-' or '_'.
    package static func key(_ name: String) -> String {
        var key = ""
        for scalar in name.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            key.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return key
    }
}
