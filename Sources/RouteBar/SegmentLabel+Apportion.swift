extension SegmentLabel {
    /// The whole minutes each leg's label shows, written into `minutes` (0 for an invisible leg),
    /// so that the labels add up to the total the route's sentence says, where each leg's own
    /// minutes allow it.
    ///
    /// Rounding each leg alone does not add up: TMAP's 45 labelled minutes under a total of 44.
    /// So the total is rounded once (`shownMinutes`), and each visible leg shows its real minutes
    /// rounded down (at least 1, as a visible leg shows at least "1분") or up: the legs with the
    /// largest fractions are rounded up until the labels reach the total (ties to the longer
    /// leg, then the earlier). A label is never further from its leg than that: a train that
    /// runs 11:30 to 11:50 reads "20 min" whatever the total, since a rider reads both. Where
    /// the legs cannot reach the total so (time no drawn leg accounts for: gaps under a minute
    /// between legs and legs too short to draw adding up to a minute, an overlap of a planner's
    /// minute-rounded times, or legs under a minute shown as 1), the labels' sum differs from it
    /// by those whole minutes. Widths do not read this.
    ///
    /// Legs add up to the total only where they account for it: a planner's legs and waits
    /// span its itinerary (`legsSpanTotal`), but ODsay's `totalTime` includes waits it does not
    /// itemise (47 minutes over legs of 40). Elsewhere, where the total and the legs' sum differ
    /// by a minute or more, the legs' own sum is the target instead.
    ///
    /// Returns the labels' sum.
    @discardableResult
    public static func apportion(
        _ legs: UnsafeBufferPointer<SubPath>, total: Double?, spanned: Bool = false, into minutes: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        var sum = 0.0
        var whole = true
        var visible = 0
        for leg in legs where leg.isVisible {
            sum += leg.sectionTime
            whole = whole && leg.sectionTime == leg.sectionTime.rounded(.down)
            visible += 1
        }
        let total = total ?? sum
        let target = max(visible, shownMinutes(spanned || abs(total - sum) < 1 ? total : sum))
        var given = 0
        // Whole minutes (ODsay, our own shape): each label is its leg's minutes.
        if whole {
            for index in legs.indices {
                minutes[index] = legs[index].isVisible ? max(1, Int(legs[index].sectionTime)) : 0
                given += minutes[index]
            }
            return given
        }
        withUnsafeTemporaryAllocation(of: (leg: Int, fraction: Double).self, capacity: visible) { buffer in
            var fractions = buffer
            var count = 0
            for index in legs.indices {
                guard legs[index].isVisible else {
                    minutes[index] = 0
                    continue
                }
                let real = legs[index].sectionTime
                let floor = real.rounded(.down)
                minutes[index] = max(1, Int(floor))
                given += minutes[index]
                // Only a leg of a minute or more with a fraction can round up: under a minute it
                // already shows its ceiling, 1.
                if floor >= 1, real > floor {
                    fractions.initializeElement(at: count, to: (index, real - floor))
                    count += 1
                }
            }
            fractions[..<count].sort { a, b in
                if a.fraction != b.fraction { return a.fraction > b.fraction }
                if legs[a.leg].sectionTime != legs[b.leg].sectionTime { return legs[a.leg].sectionTime > legs[b.leg].sectionTime }
                return a.leg < b.leg
            }
            var next = 0
            while given < target, next < count {
                minutes[fractions[next].leg] += 1
                given += 1
                next += 1
            }
            fractions[..<count].deinitialize()
        }
        return given
    }
}
