import RouteBarJSON
import Testing

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
}
