import Testing

@testable import RouteBar

/// What the server's memory account reads from a decoded route (`Route.heldBytes`): each
/// leg's box once, with the strings past Swift's 15 inline bytes, and nothing for a bare leg.
@Suite struct RouteHeldBytesTests {
    /// 20 Hangul syllables, 60 UTF-8 bytes: stored on the heap.
    static let longName = String(repeating: "가", count: 20)

    static let bare = Route(id: "r1", subPaths: Array(repeating: SubPath(trafficType: 3, sectionTime: 4), count: 10))

    @Test func bareLegsHoldOnlyTheirArray() {
        #expect(Self.bare.heldBytes == 32 + 10 * MemoryLayout<SubPath>.stride)
    }

    @Test func eachLegsBoxIsCountedOnceWithItsStrings() {
        var lined = Self.bare
        for index in lined.subPaths.indices where index % 2 == 1 {
            lined.subPaths[index].line = TransitLine(name: Self.longName)
        }
        let box = HeldBytes.objectHeader + MemoryLayout<(TransitLine?, [TransitLine], Int?, String?, String?, LegCard?)>.size
        #expect(lined.heldBytes == Self.bare.heldBytes + 5 * (box + 33 + 60))

        var carded = Self.bare
        carded.subPaths[9].card = LegCard(from: Self.longName, headsign: Self.longName)
        let card = HeldBytes.objectHeader + MemoryLayout<(String?, String?, Double?, String?, String?, String?, CardTime?, CardTime?)>.size
        #expect(carded.heldBytes == Self.bare.heldBytes + box + card + LegFacts().heldBytes + 2 * (33 + 60))
    }

    @Test func anIdPastFifteenBytesIsCounted() {
        var named = Self.bare
        named.id = Self.longName
        #expect(named.heldBytes == Self.bare.heldBytes + 33 + 60)
    }
}
