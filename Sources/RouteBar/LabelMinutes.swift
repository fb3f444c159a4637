/// Each leg's label minutes (`SegmentLabel.apportion`), held in the value itself for a route of
/// up to `inlineLegs` legs, so that a layout needs neither an allocation nor a closure for them:
/// the closure a stack buffer needs named the route and the layout, and held a copy of each
/// (their arrays and strings retained and released for every route). A longer route spills into
/// an array. Without `needed`, every leg's minutes are 0. A SIMD vector, not an `InlineArray`:
/// the library's floor (macOS 13) predates that.
struct LabelMinutes {
    static let inlineLegs = SIMD32<Int>.scalarCount

    private var inline = SIMD32<Int>()
    private var spilled: [Int] = []
    private var count = 0

    init(_ route: borrowing Route, needed: Bool) {
        guard needed else { return }
        let (legs, total, spanned) = (route.subPaths, route.totalTime, route.legsSpanTotal)
        count = legs.count
        if count <= Self.inlineLegs {
            withUnsafeMutableBytes(of: &inline) { raw in
                raw.withMemoryRebound(to: Int.self) { all in
                    let minutes = UnsafeMutableBufferPointer(rebasing: all[..<legs.count])
                    _ = legs.withUnsafeBufferPointer { SegmentLabel.apportion($0, total: total, spanned: spanned, into: minutes) }
                }
            }
        } else {
            spilled = [Int](repeating: 0, count: count)
            spilled.withUnsafeMutableBufferPointer { minutes in
                _ = legs.withUnsafeBufferPointer { SegmentLabel.apportion($0, total: total, spanned: spanned, into: minutes) }
            }
        }
    }

    subscript(leg: Int) -> Int {
        count == 0 ? 0 : count <= Self.inlineLegs ? inline[leg] : spilled[leg]
    }
}
