/// Train classes by ODsay's `trainType`, for a train leg's badge ("KTX", "무궁화"); codes the
/// public tables contradict are left out, and such a train is called "기차" / "train". The
/// evidence for each entry is in docs/line-tables.md.
public enum TrainClass {
    public struct Entry: Sendable, Hashable {
        public let trainType: Int
        public let name: String
        public let englishName: String
    }

    public static let entries: [Entry] = [
        Entry(trainType: 1, name: "KTX", englishName: "KTX"),
        Entry(trainType: 2, name: "새마을", englishName: "Saemaeul"),
        Entry(trainType: 3, name: "무궁화", englishName: "Mugunghwa"),
        Entry(trainType: 6, name: "ITX-새마을", englishName: "ITX-Saemaeul"),
        Entry(trainType: 8, name: "SRT", englishName: "SRT"),
    ]

    private static let index: [Int: Entry] = Dictionary(entries.map { ($0.trainType, $0) }, uniquingKeysWith: { first, _ in first })

    public static func entry(trainType: Int?) -> Entry? {
        trainType.flatMap { index[$0] }
    }
}
