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
    /// the minimums overflow the bar); the pixels left are shared in proportion to the
    /// minutes by the largest-remainder method, so the total is exact and, within a kind,
    /// a longer leg is never narrower than a shorter one.
    func fit(_ route: Route, _ legs: LegCounts, index: Int, into laidOut: inout LaidOutRoute) throws(RouteBarError) {
        let scale = options.scale
        let pixels = Self.devicePixels(width: options.width, scale: scale)
        guard pixels >= legs.visible else {
            throw RouteBarError(.barTooNarrow, at: .option(.width),
                                "width \(options.width.shortDescription) at scale \(scale.shortDescription) is \(pixels) device pixels, "
                                    + "too few for the \(legs.visible) visible segments of route \(index) (one pixel each at least)")
        }

        var minWalking = minimumPixels(override: options.minWalkingLength)
        var minTransit = minimumPixels(override: options.minTransitLength)
        let compressed = minWalking * legs.walking + minTransit * legs.transit > pixels
        if compressed {
            minWalking = pixels / legs.visible
            minTransit = minWalking
        }
        let rest = pixels - minWalking * legs.walking - minTransit * legs.transit

        laidOut.segments.removeAll(keepingCapacity: true)
        laidOut.segments.reserveCapacity(route.subPaths.count)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: route.subPaths.count) { extra in
            Self.shareByLargestRemainder(rest, among: route.subPaths, totalMinutes: legs.visibleMinutes, into: extra)
            var x = 0
            for (legIndex, leg) in route.subPaths.enumerated() {
                var width = 0
                if leg.isVisible {
                    width = (leg.kind == .walking ? minWalking : minTransit) + extra[legIndex]
                }
                laidOut.segments.append(segment(leg, index: legIndex, x: Double(x) / scale, width: Double(width) / scale))
                x += width
            }
        }
        // The segments and the sentence move into the new value with their storage.
        laidOut = LaidOutRoute(
            id: route.id, totalTime: route.totalTime ?? legs.allMinutes,
            walkingCount: legs.walking, transitCount: legs.transit,
            minWalkingLength: Double(minWalking) / scale, minTransitLength: Double(minTransit) / scale,
            minuteLength: Double(rest) / legs.visibleMinutes / scale,
            height: options.height, compressed: compressed,
            segments: laidOut.segments, accessibilityLabel: laidOut.accessibilityLabel)
        writeAccessibilityLabel(route, totalTime: route.totalTime ?? legs.allMinutes, into: &laidOut.accessibilityLabel)
    }

    /// `round(width * minSegmentRatio * scale)`, or the override in points times the scale;
    /// at least one pixel so that no visible segment vanishes.
    private func minimumPixels(override: Double?) -> Int {
        let points = override ?? options.width * options.minSegmentRatio
        return max(1, Int((points * options.scale).rounded()))
    }

    /// Shares `pixels` among the visible legs in proportion to their minutes: each gets the
    /// floor of its quota, and the pixels left go to the largest fractional parts (ties to
    /// the longer leg, then the earlier one). Writes one count per leg into `shares`, 0 for
    /// invisible ones. Works in stack memory: it runs for every route laid out.
    static func shareByLargestRemainder(_ pixels: Int, among legs: [SubPath], totalMinutes: Double,
                                        into shares: UnsafeMutableBufferPointer<Int>) {
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
