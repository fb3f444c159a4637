extension SegmentLabel {
    /// The whole minutes each leg's label shows, written into `minutes` (0 for an invisible leg),
    /// so that the labels add up to the total the route's sentence says.
    ///
    /// Rounding each leg alone does not add up: TMAP's 45 labelled minutes under a total of 44.
    /// So the total is rounded once (`shownMinutes`), and shared among the visible legs by the
    /// largest-remainder method in proportion to their real minutes: each gets the floor of its
    /// quota (at least 1, as a visible leg shows at least "1분"), and the minutes left go to the
    /// largest fractions (ties to the longer leg, then the earlier). Widths do not read this.
    ///
    /// Legs add up to the total only where they account for it: a planner's legs and waits
    /// span its itinerary (`legsSpanTotal`; TfL's legs overlap by a minute, other planners
    /// leave seconds between legs too short to be a wait), but ODsay's `totalTime` includes
    /// waits it does not itemise (47 minutes over legs of 40). Elsewhere, where the total and
    /// the legs' sum differ by a minute or more, the legs' own sum is shared instead, so each
    /// label stays its leg's rounding (whole minutes stay as they are).
    ///
    /// Returns the minutes shared: the labels' sum.
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
        // The usual case: whole minutes that already add up (ODsay, our own shape).
        if whole, Double(target) == sum {
            for index in legs.indices { minutes[index] = legs[index].isVisible ? Int(legs[index].sectionTime) : 0 }
            return target
        }
        var given = 0
        withUnsafeTemporaryAllocation(of: (leg: Int, fraction: Double).self, capacity: visible) { buffer in
            var fractions = buffer
            var count = 0
            for index in legs.indices {
                guard legs[index].isVisible else {
                    minutes[index] = 0
                    continue
                }
                let quota = legs[index].sectionTime * Double(target) / sum
                let floor = quota.rounded(.down)
                minutes[index] = max(1, Int(floor))
                given += minutes[index]
                fractions.initializeElement(at: count, to: (index, floor >= 1 ? quota - floor : quota - 1))
                count += 1
            }
            fractions.sort { a, b in
                if a.fraction != b.fraction { return a.fraction > b.fraction }
                if legs[a.leg].sectionTime != legs[b.leg].sectionTime { return legs[a.leg].sectionTime > legs[b.leg].sectionTime }
                return a.leg < b.leg
            }
            // Short: the floors sum to at most `target`, so this adds fewer than `count`.
            var next = 0
            while given < target {
                minutes[fractions[next % count].leg] += 1
                given += 1
                next += 1
            }
            // Over only where legs under a minute were raised to 1: take back from the
            // smallest fractions among legs that keep at least 1.
            next = count - 1
            var passes = 0
            while given > target, passes < 2 * count {
                let leg = fractions[(next % count + count) % count].leg
                if minutes[leg] > 1 {
                    minutes[leg] -= 1
                    given -= 1
                }
                next -= 1
                passes += 1
            }
            fractions.deinitialize()
        }
        return given
    }
}
