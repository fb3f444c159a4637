/// Train classes by ODsay's `trainType`, for a train leg's badge ("KTX", "무궁화").
///
/// ODsay's own table sits at the bottom of <https://lab.odsay.com/guide/releaseReference>, which
/// our stored copy of the page does not reach. Each entry below rests on recorded responses or on
/// app tables that agree; codes where the tables contradict each other (4 and 5: 누리로 or 통근열차;
/// 7: ITX-청춘 or SRT; 9) are left out, and a train leg with one of them is called "기차" / "train".
///
/// Sources:
///   [R] a recorded intercity response (서울→부산, 2021):
///       https://github.com/rumex93/Scheveler/blob/df5efcd8bb7b48d2ecb2ab8155353d9d14e207c9/WebContent/WEB-INF/views/Planner_Main.jsp#L584
///   [K] one team's live measurements:
///       https://github.com/kimyuhwan0126/AI_Bootcamp_team3_FinalProject/blob/34ac041c56fc9680f1d596ce1f4ea10e1a632a0a/lib/odsay-modes.ts#L33-L90
///   [M] https://github.com/twowice/myway/blob/032debc3169da12d0d1a840968a070f32e19e41d/feature/location/detail/RouteDetailBody.tsx#L24-L32
///       and https://github.com/twowice/myway/blob/032debc3169da12d0d1a840968a070f32e19e41d/utills/route/routeColors.ts#L68-L77
///   [O] https://github.com/woomchi/OnJourney/blob/0b60cc4355311137a08c1891406c439085f3b05f/src/lib/services/directions/transit/maasRPParser.ts#L5-L14
///       and https://github.com/woomchi/OnJourney/blob/e70128f7557d4ba1d73d1a8b5713a7e252327d3d/src/lib/services/directions/transit/publicTransitService.ts#L264-L267
public enum TrainClass {
    public struct Entry: Sendable, Hashable {
        public let trainType: Int
        public let name: String
        public let englishName: String
        public let source: String
    }

    public static let entries: [Entry] = [
        Entry(trainType: 1, name: "KTX", englishName: "KTX",
              source: "[R] 서울→부산 135 min at KTX fares; [K] measured 서울→부산 and 용산→전주; [M], [O] agree"),
        Entry(trainType: 2, name: "새마을", englishName: "Saemaeul",
              source: "every app table agrees ([M] both tables, [O] both); not yet seen in a recorded response"),
        Entry(trainType: 3, name: "무궁화", englishName: "Mugunghwa",
              source: "[R] 서울→구포 305 min, the slowest and cheapest train; [K]; every table agrees"),
        Entry(trainType: 6, name: "ITX-새마을", englishName: "ITX-Saemaeul",
              source: "[R] fares between 무궁화 and KTX, no first class; [K]; [O] both tables (one [M] table says 공항철도)"),
        Entry(trainType: 8, name: "SRT", englishName: "SRT",
              source: "[R] 수서→부산 130 min; [K] seen only from 수서; [M] colour table and [O] agree"),
    ]

    private static let index: [Int: Entry] = Dictionary(entries.map { ($0.trainType, $0) }, uniquingKeysWith: { first, _ in first })

    public static func entry(trainType: Int?) -> Entry? {
        trainType.flatMap { index[$0] }
    }
}
