import RouteBar

/// Every planner's name for a mode, in one table: OpenTripPlanner's and MOTIS's modes, Google's
/// vehicle types and travel modes, Navitia's physical and commercial modes, hafas-client's
/// products and modes, TMAP's modes.
enum PlannerMode {
    /// The mode a planner's name means; nil for a name no planner uses (the leg is `other`).
    static func named(_ name: String) -> TransitMode? {
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
        var key = ""
        for scalar in name.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            key.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return table[key]
    }

    private static let table: [String: TransitMode] = {
        let names: [(TransitMode, [String])] = [
            (.walk, ["walk", "walking", "foot", "streetnetwork", "crowfly", "transfer"]),
            (.bus, ["bus", "trolleybus", "sharetaxi", "busrapidtransit", "brt", "localbus"]),
            (.subway, ["subway", "metro", "métro", "metrorail", "underground"]),
            (.tram, ["tram", "tramway", "lightrail", "monorail", "streetcar"]),
            (
                .train,
                [
                    "rail", "train", "heavyrail", "commutertrain", "highspeedtrain", "longdistancetrain", "suburban",
                    "regionalrail", "regionalfastrail", "highspeedrail", "longdistance", "nightrail", "rapidtransit",
                    "localtrain", "trainderegion", "ter", "rer", "trainsdebanlieuerer", "traindebanlieuerer", "national",
                    "nationalexpress", "regional", "regionalexpress", "regionalexp", "interregional", "intercity", "ice", "ic", "ec", "tgv",
                    "nightjet", "eurostar",
                ]
            ),
            (.expressBus, ["expressbus"]),
            (.intercityBus, ["intercitybus", "coach", "longdistancebus"]),
            (.ferry, ["ferry", "boat", "watercraft", "water"]),
            (.cableCar, ["cablecar", "gondola", "gondolalift", "aeriallift", "areallift", "funicular", "cableway"]),
            (.airplane, ["airplane", "aircraft", "air", "plane", "flight"]),
            (.bicycle, ["bicycle", "bike", "bss", "rental", "scooter", "bicycling"]),
            (.car, ["car", "taxi", "carpool", "ridesharing", "carnopark", "odm", "driving", "drive", "twowheeler"]),
            (.wait, ["wait", "waiting"]),
        ]
        var table: [String: TransitMode] = [:]
        for (mode, keys) in names { for key in keys { table[key] = mode } }
        return table
    }()
}
