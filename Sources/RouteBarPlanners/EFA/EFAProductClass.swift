import RouteBar

/// EFA's `transportation.product.class`. Deployments number their products alike where they
/// overlap: Mentz's generic list (0 train, 1 S-Bahn, 2 U-Bahn, 3 Stadtbahn, 4 tram, 5 city bus,
/// 6 regional bus, 7 express bus, 8 cable or rack railway, 9 ship, 10 on-demand bus, 11 other,
/// 12 plane, 13–16 regional and long-distance trains, 17 rail replacement bus, 18 shuttle
/// train, 19 community bus, 99 and 100 footpaths) and Transport for NSW's (1 train, 2 metro,
/// 4 light rail, 5 bus, 7 coach, 9 ferry, 11 school bus, 99 and 100 walking, 107 cycling) give
/// one mode to each number both use, so one table reads both (docs/planners.md).
enum EFAProductClass {
    static func mode(_ productClass: Int) -> TransitMode? { table[productClass] }

    private static let table: [Int: TransitMode] = [
        0: .train, 1: .train, 2: .subway, 3: .tram, 4: .tram, 5: .bus, 6: .bus, 7: .bus, 8: .cableCar, 9: .ferry,
        10: .bus, 11: .bus, 12: .airplane, 13: .train, 14: .train, 15: .train, 16: .train, 17: .bus, 18: .train, 19: .bus,
        99: .walk, 100: .walk, 107: .bicycle,
    ]
}
