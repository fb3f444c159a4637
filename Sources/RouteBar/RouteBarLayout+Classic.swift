extension RouteBarLayout {
    /// The seed's `lengthComputation(totalTime:)` and `sizeForItemAt`, in the same Double
    /// arithmetic and the same order of operations, so an app moving off that code sees
    /// identical numbers. Where that arithmetic breaks (a division by zero, a negative or
    /// non-finite width) it throws instead of drawing garbage, and suggests `fit`.
    func classic(_ route: Route, _ legs: LegCounts, index: Int, into laidOut: inout LaidOutRoute) throws(RouteBarError) {
        let arithmetic = try ClassicArithmetic(self, route, legs, index: index)
        dropSegments(after: route.subPaths.count, of: &laidOut.segments)
        laidOut.segments.reserveCapacity(route.subPaths.count)
        var placed = SegmentPlacement()
        let labelMinutes = LabelMinutes(route, needed: buildsPresentation)
        let barWidth = try arithmetic.widths(route, index: index) { leg, legIndex, x, width in
            placeSegment(
                leg, index: legIndex, x: x, width: width, minutes: labelMinutes[legIndex], after: &placed, to: &laidOut.segments)
        }
        // The segments and the sentence move into the new value with their storage.
        let storage = laidOut.takeStorage()
        laidOut = LaidOutRoute(
            index: index, id: route.id, totalTime: arithmetic.totalTime, walkingCount: legs.walks, transitCount: legs.transit,
            transferCount: max(0, legs.transit - 1 - legs.interlined), barWidth: barWidth, minWalkingLength: arithmetic.leastWalkingLength,
            minTransitLength: arithmetic.leastTransitLength, minuteLength: arithmetic.oneMinuteLength, height: options.height,
            compressed: false, segments: storage.segments, accessibilityLabel: storage.sentence)
        laidOut.minutes = SegmentLabel.shownMinutes(laidOut.totalTime)
        writeAccessibilityLabel(&laidOut)
    }

    /// Whether `classic` would lay the route out, by the same arithmetic, without a segment.
    func checkClassic(_ route: Route, _ legs: LegCounts, index: Int) throws(RouteBarError) {
        _ = try ClassicArithmetic(self, route, legs, index: index).widths(route, index: index) { _, _, _, _ in }
    }
}

/// The seed's numbers for one route, shared by the layout and its check so they cannot differ.
struct ClassicArithmetic {
    let leastWalkingLength: Double
    let leastTransitLength: Double
    let remainTotalLength: Double
    let totalTime: Double
    let oneMinuteLength: Double

    // Borrowed: an initializer's parameters are owned, and the caller copied the layout and
    // the route (retaining their storage) for each call.
    init(_ layout: borrowing RouteBarLayout, _ route: borrowing Route, _ legs: LegCounts, index: Int) throws(RouteBarError) {
        let options = layout.options
        // The seed subtracts half a point so fractional widths do not wrap the last cell.
        let pathTotalLength = options.width - 0.5
        leastWalkingLength = options.minWalkingLength ?? (pathTotalLength * options.minSegmentRatio).rounded()
        leastTransitLength = options.minTransitLength ?? (pathTotalLength * options.minSegmentRatio).rounded()
        remainTotalLength =
            pathTotalLength
            - (leastWalkingLength * Double(legs.walking) + leastTransitLength * Double(legs.transit))
        totalTime = route.totalTime ?? legs.allMinutes
        guard totalTime != 0 else {
            throw RouteBarError(
                .classicUndefined, at: .totalTime(route: index),
                "classic divides by route \(index)'s totalTime, which is 0; use \"algorithm\": \"fit\"")
        }
        oneMinuteLength = remainTotalLength / totalTime
    }

    /// Each leg's x and width, in order (0 for an invisible leg); returns the bar's width.
    @inline(__always)
    func widths(_ route: Route, index: Int, each body: (borrowing SubPath, Int, Double, Double) -> Void) throws(RouteBarError) -> Double {
        var x = 0.0
        // Read in place: a copy of each leg would retain and release its line.
        try route.subPaths.withUnsafeBufferPointer { legs throws(RouteBarError) in
            for legIndex in legs.indices {
                var width = 0.0
                if legs[legIndex].isVisible {
                    width =
                        (legs[legIndex].kind.takesTransitMinimum ? leastTransitLength : leastWalkingLength)
                        + oneMinuteLength * legs[legIndex].sectionTime
                    guard width.isFinite, width >= 0, (x + width).isFinite else {
                        throw RouteBarError(
                            .classicUndefined, at: .sectionTime(route: index, subPath: legIndex),
                            "classic gives subPath \(legIndex) of route \(index) a width of \(width.shortDescription) points "
                                + "(the minimums leave \(remainTotalLength.shortDescription) points for \(totalTime.shortDescription) minutes); "
                                + "use \"algorithm\": \"fit\", which never goes negative")
                    }
                }
                body(legs[legIndex], legIndex, x, width)
                x += width
            }
        }
        return x
    }
}
