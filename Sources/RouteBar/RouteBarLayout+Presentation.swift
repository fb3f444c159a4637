/// What a route's segments so far say about the next one: whether any was visible, and
/// whether the last visible one was transit (so the next transit leg is a transfer).
struct SegmentPlacement {
    var anyVisible = false
    var lastVisibleWasTransit = false
}

extension RouteBarLayout {
    /// Appends a leg's segment, with what a client draws besides its box: label, line,
    /// colours, and whether it is a transfer. `placed` describes the segments before it and is
    /// updated. `minutes` is the label's, from `SegmentLabel.apportion`. Made in the array's
    /// storage: a segment returned and then appended was built, copied and destroyed.
    func appendSegment(
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
        segments.append(
            BarSegment(
                index: index, trafficType: leg.trafficType, kind: leg.kind, mode: leg.mode, sectionTime: leg.sectionTime,
                x: x, width: width, label: label, labelFits: fits, line: line, otherLines: leg.otherLines,
                trainType: leg.trainType, transferBefore: transferBefore, color: color, textColor: textColor,
                interlined: leg.interlined, card: leg.card))
        segments.withUnsafeMutableBufferPointer { added in
            let last = added.count - 1
            added[last].minutes = minutes
            added[last].shortSeconds = leg.shortSeconds
            added[last].badge = badge
            added[last].badgeFits = badgeFits
        }
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
