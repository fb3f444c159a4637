extension RouteBarLayout {
    /// The seed's `lengthComputation(totalTime:)` and `sizeForItemAt`, in the same Double
    /// arithmetic and the same order of operations, so an app moving off that code sees
    /// identical numbers. Where that arithmetic breaks (a division by zero, a negative or
    /// non-finite width) it throws instead of drawing garbage, and suggests `fit`.
    func classic(_ route: Route, _ legs: LegCounts, index: Int, into laidOut: inout LaidOutRoute) throws(RouteBarError) {
        // The seed subtracts half a point so fractional widths do not wrap the last cell.
        let pathTotalLength = options.width - 0.5
        let leastWalkingLength = options.minWalkingLength ?? (pathTotalLength * options.minSegmentRatio).rounded()
        let leastTransitLength = options.minTransitLength ?? (pathTotalLength * options.minSegmentRatio).rounded()
        let remainTotalLength = pathTotalLength
            - (leastWalkingLength * Double(legs.walking) + leastTransitLength * Double(legs.transit))
        let totalTime = route.totalTime ?? legs.allMinutes
        guard totalTime != 0 else {
            throw RouteBarError(.classicUndefined, at: .totalTime(route: index),
                                "classic divides by route \(index)'s totalTime, which is 0; use \"algorithm\": \"fit\"")
        }
        let oneMinuteLength = remainTotalLength / totalTime

        laidOut.segments.removeAll(keepingCapacity: true)
        laidOut.segments.reserveCapacity(route.subPaths.count)
        var x = 0.0
        var placed = SegmentPlacement()
        // Read in place: a copy of each leg would retain and release its line.
        try route.subPaths.withUnsafeBufferPointer { legs throws(RouteBarError) in
            for legIndex in legs.indices {
                var width = 0.0
                if legs[legIndex].isVisible {
                    width = (legs[legIndex].kind == .walking ? leastWalkingLength : leastTransitLength)
                        + oneMinuteLength * legs[legIndex].sectionTime
                    guard width.isFinite, width >= 0, (x + width).isFinite else {
                        throw RouteBarError(
                            .classicUndefined, at: .sectionTime(route: index, subPath: legIndex),
                            "classic gives subPath \(legIndex) of route \(index) a width of \(width.shortDescription) points "
                                + "(the minimums leave \(remainTotalLength.shortDescription) points for \(totalTime.shortDescription) minutes); "
                                + "use \"algorithm\": \"fit\", which never goes negative")
                    }
                }
                laidOut.segments.append(segment(legs[legIndex], index: legIndex, x: x, width: width, after: &placed))
                x += width
            }
        }
        // The segments and the sentence move into the new value with their storage.
        laidOut = LaidOutRoute(
            index: index, id: route.id, totalTime: totalTime, walkingCount: legs.walking, transitCount: legs.transit,
            transferCount: max(0, legs.transit - 1), barWidth: x, minWalkingLength: leastWalkingLength, minTransitLength: leastTransitLength,
            minuteLength: oneMinuteLength, height: options.height, compressed: false,
            segments: laidOut.segments, accessibilityLabel: laidOut.accessibilityLabel)
        writeAccessibilityLabel(route, totalTime: totalTime, into: &laidOut.accessibilityLabel)
    }
}
