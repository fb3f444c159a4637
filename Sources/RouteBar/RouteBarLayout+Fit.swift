extension RouteBarLayout {
    /// The device pixels a bar of `width` points has at `scale`.
    ///
    /// `floor(width * scale)`, except that a product within rounding error of a whole number
    /// counts as that number: 4.35 × 100 is 434.99999999999994 in binary, and the bar is 435.
    public static func devicePixels(width: Double, scale: Double) -> Int {
        let product = width * scale
        let nearest = product.rounded()
        return abs(product - nearest) <= 1e-9 * max(1, product) ? Int(nearest) : Int(product.rounded(.down))
    }

    /// Whole device pixels, filling the bar exactly.
    ///
    /// Each visible segment first gets its minimum (the kind's minimum, shared evenly when
    /// the minimums overflow the bar; with `labelMinimums`, room for its label where that
    /// fits); the pixels left are shared in proportion to the minutes by the largest-remainder
    /// method, so the total is exact and, within a kind, a longer leg is never narrower than a
    /// shorter one. `barPixels` is the bar's length (nil: the whole width); gaps come out of it.
    func fit(_ route: Route, _ legs: LegCounts, index: Int, barPixels: Int?, into laidOut: inout LaidOutRoute) throws(RouteBarError) {
        let scale = options.scale
        let (pixels, segmentPixels) = try fitPixels(legs, index: index, barPixels: barPixels)
        let gap = gapPixels

        var minWalking = minimumPixels(override: options.minWalkingLength)
        var minTransit = minimumPixels(override: options.minTransitLength)
        let compressed = minWalking * legs.walking + minTransit * legs.transit > segmentPixels
        if compressed {
            minWalking = segmentPixels / legs.visible
            minTransit = minWalking
        }

        dropSegments(after: route.subPaths.count, of: &laidOut.segments)
        laidOut.segments.reserveCapacity(route.subPaths.count)
        var rest = 0
        let labelMinutes = LabelMinutes(route, needed: buildsPresentation || options.labelMinimums)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: route.subPaths.count) { minimums in
            for (legIndex, leg) in route.subPaths.enumerated() {
                minimums.initializeElement(at: legIndex, to: leg.isVisible ? (leg.kind.takesTransitMinimum ? minTransit : minWalking) : 0)
            }
            if options.labelMinimums && !compressed {
                grantLabelMinimums(route.subPaths, labelMinutes: labelMinutes, minimums: minimums, available: segmentPixels)
            }
            // On a clock axis a leg is as long as its time wherever that is at least its
            // minimum: only the legs that need it keep their minimum, and share nothing.
            let onAxis =
                options.timeScale == .clock && barPixels != nil
                ? Self.keepNeededMinimums(route.subPaths, minimums: minimums, pixels: segmentPixels) : nil
            rest = segmentPixels - minimums.reduce(0, +)
            withUnsafeTemporaryAllocation(of: Int.self, capacity: route.subPaths.count) { extra in
                if let onAxis {
                    Self.shareByLargestRemainder(rest, among: onAxis.legs, totalMinutes: onAxis.minutes, into: extra)
                } else {
                    Self.shareByLargestRemainder(rest, among: route.subPaths, totalMinutes: legs.visibleMinutes, into: extra)
                }
                var x = 0
                var placed = SegmentPlacement()
                for (legIndex, leg) in route.subPaths.enumerated() {
                    var width = 0
                    if leg.isVisible {
                        if placed.anyVisible { x += gap }
                        width = minimums[legIndex] + extra[legIndex]
                    }
                    placeSegment(
                        leg, index: legIndex, x: Double(x) / scale, width: Double(width) / scale,
                        minutes: labelMinutes[legIndex], after: &placed, to: &laidOut.segments)
                    x += width
                }
            }
        }
        // The segments and the sentence move into the new value with their storage.
        let storage = laidOut.takeStorage()
        laidOut = LaidOutRoute(
            index: index, id: route.id, totalTime: route.totalTime ?? legs.allMinutes,
            walkingCount: legs.walks, transitCount: legs.transit, transferCount: max(0, legs.transit - 1 - legs.interlined),
            barWidth: Double(pixels) / scale,
            minWalkingLength: Double(minWalking) / scale, minTransitLength: Double(minTransit) / scale,
            minuteLength: Double(rest) / legs.visibleMinutes / scale,
            height: options.height, compressed: compressed,
            segments: storage.segments, accessibilityLabel: storage.sentence)
        laidOut.minutes = SegmentLabel.shownMinutes(laidOut.totalTime)
        writeAccessibilityLabel(&laidOut)
    }

    /// The bar's device pixels and those left for segments after the gaps; throws where
    /// they cannot give every visible segment a pixel, the one way `fit` fails.
    func fitPixels(_ legs: LegCounts, index: Int, barPixels: Int?) throws(RouteBarError) -> (bar: Int, segments: Int) {
        let pixels = barPixels ?? Self.devicePixels(width: options.width, scale: options.scale)
        let gap = gapPixels
        let segmentPixels = pixels - gap * (legs.visible - 1)
        guard segmentPixels >= legs.visible else {
            let gaps = gap == 0 ? "" : ", after \(legs.visible - 1) gaps of \(gap)"
            throw RouteBarError(
                .barTooNarrow, at: .option(.width),
                "width \(options.width.shortDescription) at scale \(options.scale.shortDescription) is \(pixels) device pixels\(gaps), "
                    + "too few for the \(legs.visible) visible segments of route \(index) (one pixel each at least)")
        }
        return (pixels, segmentPixels)
    }

    /// Raises visible legs' `minimums` to hold their badges and labels (at `labelFontSize`, plus
    /// `labelPadding` on each side): all of them when they fit in `available` pixels, else the
    /// longest legs first until the next one would not fit. Within a kind, a leg's label
    /// minimum is at least that of every shorter leg ("2시간" is narrower than "1시간 59분"),
    /// so a longer leg still never ends up narrower.
    func grantLabelMinimums(
        _ legs: [SubPath], labelMinutes: LabelMinutes, minimums: UnsafeMutableBufferPointer<Int>, available: Int
    ) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: legs.count) { wanted in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: legs.count) { byMinutes in
                var visible = 0
                for (index, leg) in legs.enumerated() {
                    var want = minimums[index]
                    if leg.isVisible {
                        // Room for the badge first, then the minutes (`SegmentLabel.inside`).
                        let badgeWidth =
                            badge(of: leg, line: LinePalette.displayedLine(leg)).map {
                                SegmentLabel.estimatedWidth($0 + " ", fontSize: options.labelFontSize)
                            } ?? 0
                        let points =
                            badgeWidth
                            + SegmentLabel.estimatedWidth(
                                minutes: Double(labelMinutes[index]), locale: options.locale, fontSize: options.labelFontSize)
                            + 2 * options.labelPadding
                        want = max(want, Int((points * options.scale - 1e-9).rounded(.up)))
                        byMinutes.initializeElement(at: visible, to: index)
                        visible += 1
                    }
                    wanted.initializeElement(at: index, to: want)
                }
                var order = UnsafeMutableBufferPointer(rebasing: byMinutes[..<visible])
                order.sort { legs[$0].sectionTime != legs[$1].sectionTime ? legs[$0].sectionTime < legs[$1].sectionTime : $0 < $1 }
                var largest = (walking: 0, transit: 0)
                for index in order {
                    if !legs[index].kind.takesTransitMinimum {
                        largest.walking = max(largest.walking, wanted[index])
                        wanted[index] = largest.walking
                    } else {
                        largest.transit = max(largest.transit, wanted[index])
                        wanted[index] = largest.transit
                    }
                }
                var total = minimums.reduce(0, +)
                for index in order.reversed() {
                    let more = wanted[index] - minimums[index]
                    guard total + more <= available else { break }
                    minimums[index] = wanted[index]
                    total += more
                }
            }
        }
    }

    /// With `timeScale` `clock`: zeroes the minimum of every visible leg whose share of the
    /// bar by its minutes alone reaches it, so that those legs keep the axis's proportions and
    /// only the legs shorter than their minimum are held at it (the bar's ends stay on the
    /// axis). Raises the set of held legs until the others' shares all reach their minimums.
    /// Returns the legs that share the rest (the held ones with no minutes) and their minutes;
    /// nil where every leg is held, and all share as off the axis.
    static func keepNeededMinimums(
        _ legs: [SubPath], minimums: UnsafeMutableBufferPointer<Int>, pixels: Int
    ) -> (legs: [SubPath], minutes: Double)? {
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: legs.count) { held in
            held.initialize(repeating: false)
            while true {
                var heldPixels = 0
                var freeMinutes = 0.0
                for (index, leg) in legs.enumerated() where leg.isVisible {
                    if held[index] { heldPixels += minimums[index] } else { freeMinutes += leg.sectionTime }
                }
                var changed = false
                for (index, leg) in legs.enumerated() where leg.isVisible && !held[index] {
                    let share = freeMinutes > 0 ? Double(pixels - heldPixels) * leg.sectionTime / freeMinutes : 0
                    if share < Double(minimums[index]) {
                        held[index] = true
                        changed = true
                    }
                }
                if !changed { break }
            }
            guard legs.indices.contains(where: { legs[$0].isVisible && !held[$0] }) else { return nil }
            var sharing = legs
            var minutes = 0.0
            for index in legs.indices {
                if held[index] {
                    sharing[index].sectionTime = 0
                } else {
                    minimums[index] = 0
                    minutes += legs[index].sectionTime
                }
            }
            return (sharing, minutes)
        }
    }

    /// Shares `pixels` among the visible legs in proportion to their minutes: each gets the
    /// floor of its quota, and the pixels left go to the largest fractional parts (ties to
    /// the longer leg, then the earlier one). Writes one count per leg into `shares`, 0 for
    /// invisible ones. Works in stack memory: it runs for every route laid out.
    static func shareByLargestRemainder(
        _ pixels: Int, among legs: [SubPath], totalMinutes: Double,
        into shares: UnsafeMutableBufferPointer<Int>
    ) {
        shares.initialize(repeating: 0)
        withUnsafeTemporaryAllocation(of: (leg: Int, fraction: Double).self, capacity: legs.count) { buffer in
            var visible = 0
            var given = 0
            for (index, leg) in legs.enumerated() where leg.isVisible {
                // Multiplication and division are monotonic in IEEE arithmetic, so a longer leg's
                // quota is never below a shorter one's.
                let quota = Double(pixels) * leg.sectionTime / totalMinutes
                let whole = min(pixels, Int(quota.rounded(.down)))
                shares[index] = whole
                given += whole
                buffer.initializeElement(at: visible, to: (index, quota - Double(whole)))
                visible += 1
            }
            var fractions = UnsafeMutableBufferPointer(rebasing: buffer[..<visible])
            fractions.sort { a, b in
                if a.fraction != b.fraction { return a.fraction > b.fraction }
                if legs[a.leg].sectionTime != legs[b.leg].sectionTime { return legs[a.leg].sectionTime > legs[b.leg].sectionTime }
                return a.leg < b.leg
            }
            // The quotas sum to `pixels` up to rounding error, so `left` lies in 0..<fractions.count;
            // the loops also settle the (theoretical) case where rounding pushed the floors over.
            var left = pixels - given
            var next = 0
            while left > 0 {
                shares[fractions[next % fractions.count].leg] += 1
                left -= 1
                next += 1
            }
            next = fractions.count - 1
            while left < 0 {
                let leg = fractions[(next + fractions.count) % fractions.count].leg
                if shares[leg] > 0 {
                    shares[leg] -= 1
                    left += 1
                }
                next -= 1
            }
            fractions.deinitialize()
        }
    }
}
