/// What a route's segments so far say about the next one: whether any was visible, and
/// whether the last visible one was transit (so the next transit leg is a transfer).
struct SegmentPlacement {
    var anyVisible = false
    var lastVisibleWasTransit = false
}

extension RouteBarLayout {
    /// Makes a leg's segment the `index`th of `segments`, with what a client draws besides its
    /// box: label, line, colours, and whether it is a transfer. `placed` describes the segments
    /// before it and is updated. `minutes` is the label's, from `SegmentLabel.apportion`.
    /// Where the previous route left a segment at `index`, its members are overwritten in place:
    /// a new segment appended was built, copied into the array and destroyed (about 290
    /// instructions a segment, whatever the compiler was told). The caller first drops those
    /// past the route's legs (`dropSegments(after:of:)`), so `index` is at most the count.
    func placeSegment(
        _ leg: borrowing SubPath, index: Int, x: Double, width: Double, minutes: Int, after placed: inout SegmentPlacement,
        to segments: inout [BarSegment]
    ) {
        var label: String?
        var fits: Bool?
        var badgeFits: Bool?
        var transferBefore: Bool?
        let line = LinePalette.displayedLine(leg)
        let badge = buildsPresentation ? badge(of: leg, line: line) : nil
        if leg.isVisible {
            if buildsPresentation {
                label = SegmentLabel.text(minutes: Double(minutes), locale: options.locale)
                (badgeFits, fits) = SegmentLabel.inside(
                    badge: badge, minutes: minutes, locale: options.locale, fontSize: options.labelFontSize, width: width)
            }
            // A wait between two vehicles does not end a transfer; an interlined leg is none.
            switch leg.kind {
            case .transit:
                transferBefore = placed.lastVisibleWasTransit && !leg.interlined
                placed.lastVisibleWasTransit = true
            case .waiting: break
            case .walking, .other: placed.lastVisibleWasTransit = false
            }
            placed.anyVisible = true
        }
        var color: String?
        var textColor: String?
        if options.colors && buildsPresentation {
            let colors =
                leg.color.map {
                    LinePalette.plannerColors($0, text: leg.textColor, theme: options.theme, keepingText: options.textColors == .planner)
                }
                ?? LinePalette.colors(mode: leg.mode, line: line, theme: options.theme)
            color = colors.color
            textColor = colors.textColor
        }
        if index == segments.count {
            segments.append(BarSegment(index: index, trafficType: 0, kind: .other, mode: .other, sectionTime: 0, x: 0, width: 0))
        }
        segments.withUnsafeMutableBufferPointer { all in
            // Every stored member, so that nothing of the previous route's segment stays
            // (LayoutReuseTests checks each against the leg and counts BarSegment's members).
            all[index].index = index
            all[index].trafficType = leg.trafficType
            all[index].kind = leg.kind
            all[index].mode = leg.mode
            all[index].sectionTime = leg.sectionTime
            all[index].x = x
            all[index].width = width
            all[index].label = label
            all[index].minutes = minutes
            all[index].shortSeconds = leg.shortSeconds
            all[index].labelFits = fits
            all[index].badge = badge
            all[index].badgeFits = badgeFits
            all[index].line = line
            all[index].otherLines = leg.otherLines
            all[index].trainType = leg.trainType
            all[index].transferBefore = transferBefore
            all[index].color = color
            all[index].textColor = textColor
            all[index].interlined = leg.interlined
            all[index].card = leg.card
        }
    }

    /// Drops the segments the previous route left after the first `count`.
    func dropSegments(after count: Int, of segments: inout [BarSegment]) {
        if segments.count > count { segments.removeSubrange(count...) }
    }

    /// The badge a transit leg's segment shows, in the request's language; `line` is the leg's
    /// displayed line.
    func badge(of leg: SubPath, line: TransitLine?) -> String? {
        guard leg.kind == .transit, let line else { return nil }
        return LinePalette.badge(mode: leg.mode, line: line, trainType: leg.trainType, locale: options.locale)
    }

    /// The sentence, said from the laid-out segments: their minutes are the labels'.
    func writeAccessibilityLabel(_ laidOut: inout LaidOutRoute) {
        guard buildsAccessibilityLabels else {
            laidOut.accessibilityLabel.removeAll(keepingCapacity: true)
            return
        }
        var sentence = laidOut.accessibilityLabel
        laidOut.accessibilityLabel = ""
        AccessibilityLabel.rewrite(&sentence, totalMinutes: laidOut.totalTime, legs: laidOut.segments, locale: options.locale)
        laidOut.accessibilityLabel = sentence
    }

    /// Each leg's label minutes (`SegmentLabel.apportion`) in stack memory, for `body`.
    func withLabelMinutes<Result>(_ route: Route, _ body: (UnsafeMutableBufferPointer<Int>) throws(RouteBarError) -> Result)
        throws(RouteBarError) -> Result
    {
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: route.subPaths.count) { minutes throws(RouteBarError) in
            minutes.initialize(repeating: 0)
            _ = route.subPaths.withUnsafeBufferPointer {
                SegmentLabel.apportion($0, total: route.totalTime, spanned: route.legsSpanTotal, into: minutes)
            }
            return try body(minutes)
        }
    }
}
