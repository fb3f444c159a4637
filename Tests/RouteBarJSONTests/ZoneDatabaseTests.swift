import RouteBarJSON
import Testing

@testable import RouteBarPlanners

/// Offsets from the system's TZif files, checked against known facts (and `zdump`). The
/// epoch values were computed with `date -u -d` and checked back with `date -u -d @EPOCH`.
@Suite struct ZoneDatabaseTests {
    let zones = ZoneDatabase.system

    @Test func parisInWinterAndSummer() {
        #expect(zones.offset(zone: "Europe/Paris", at: 1_543_784_691) == 3600)  // 2018-12-02T21:04:51Z, CET
        #expect(zones.offset(zone: "Europe/Paris", at: 1_719_792_000) == 7200)  // 2024-07-01T00:00:00Z, CEST
    }

    @Test func newYorkAndSeoul() {
        #expect(zones.offset(zone: "America/New_York", at: 1_652_912_039) == -14400)  // 2022-05-18T22:13:59Z, EDT
        #expect(zones.offset(zone: "Asia/Seoul", at: 1_719_792_000) == 32400)  // 2024-07-01T00:00:00Z, KST
    }

    /// Lord Howe Island moves its clocks by half an hour.
    @Test func lordHoweSummerAndWinter() {
        #expect(zones.offset(zone: "Australia/Lord_Howe", at: 1_705_276_800) == 39600)  // 2024-01-15T00:00:00Z, +11
        #expect(zones.offset(zone: "Australia/Lord_Howe", at: 1_721_001_600) == 37800)  // 2024-07-15T00:00:00Z, +1030
    }

    /// The clocks change exactly at 2024-03-10T07:00:00Z (02:00 EST).
    @Test func transitionSwitchesAtTheSecond() {
        #expect(zones.offset(zone: "America/New_York", at: 1_710_053_999) == -18000)
        #expect(zones.offset(zone: "America/New_York", at: 1_710_054_000) == -14400)
    }

    /// Past the files' last transition (2037), only the footer's TZ string decides.
    @Test func farFutureFollowsTheFooterRule() {
        #expect(zones.offset(zone: "Europe/Paris", at: 4_118_083_200) == 7200)  // 2100-07-01T00:00:00Z
        #expect(zones.offset(zone: "America/New_York", at: 4_108_690_799) == -18000)  // 2100-03-14T06:59:59Z
        #expect(zones.offset(zone: "America/New_York", at: 4_108_690_800) == -14400)  // 2100-03-14T07:00:00Z
    }

    @Test func namesThatAreNoZone() {
        #expect(zones.offset(zone: "Mars/Olympus", at: 0) == nil)
        #expect(zones.offset(zone: "../etc/passwd", at: 0) == nil)
        #expect(zones.offset(zone: "Europe/Paris/", at: 0) == nil)
        #expect(!zones.knows("Europe"))  // a directory
        #expect(zones.knows("Europe/Paris"))
        #expect(zones.offset(zone: "UTC", at: 0) == 0)
    }

    /// Only the tz database's zone and link names are zones (issue 51): `localtime` would tell a
    /// client the server's own zone; `posixrules`, `Factory` and the `posix/` and `right/` copies
    /// are files of the directory, not zones of the database. Links are zones.
    @Test func onlyTheDatabasesNamesAreZones() {
        for file in ["localtime", "posixrules", "Factory", "posix/Europe/Paris", "right/Europe/Paris", "tzdata.zi", "zone1970.tab"] {
            #expect(!zones.knows(file), "\(file)")
        }
        for link in ["US/Eastern", "Asia/Calcutta", "UTC", "Etc/GMT+5"] {
            #expect(zones.knows(link), "\(link)")
        }
        #expect(zones.offset(zone: "Asia/Calcutta", at: 1_719_792_000) == 19800)
    }

    /// The cache keeps real zones only, and at most its limit, dropping the least recently used:
    /// 5,000 made-up names leave it empty.
    @Test func theCacheKeepsRealZonesLeastRecentlyUsedFirstOut() {
        let database = ZoneDatabase(directory: "/usr/share/zoneinfo", cacheLimit: 2)
        for number in 0..<5_000 { #expect(database.offset(zone: "Mars/Crater_\(number)", at: 0) == nil) }
        #expect(database.cachedNames.isEmpty)
        _ = database.offset(zone: "Europe/Paris", at: 0)
        _ = database.offset(zone: "Asia/Seoul", at: 0)
        _ = database.offset(zone: "Europe/Paris", at: 0)
        _ = database.offset(zone: "America/New_York", at: 0)
        #expect(database.cachedNames == ["Europe/Paris", "America/New_York"], "Seoul was the least recently used")
        #expect(database.offset(zone: "Asia/Seoul", at: 1_719_792_000) == 32400, "read again when asked again")
    }
}
