/// What a route's segments so far say about the next one: whether any was visible, and
/// whether the last visible one was transit (so the next transit leg is a transfer).
struct SegmentPlacement {
    var anyVisible = false
    var lastVisibleWasTransit = false
}

extension RouteBarLayout {
    /// Makes a leg's segment the `index`th of `segments`, with whether it is a transfer and,
    /// when the layout `buildsPresentation`, what a client draws besides its box: label, line,
    /// colours. `placed` describes the segments before it and is updated. `minutes` is the
    /// label's, from `SegmentLabel.apportion`.
    /// Where the previous route left a segment at `index`, its members are overwritten in place:
    /// a new segment appended was built, copied into the array and destroyed (about 290
    /// instructions a segment, whatever the compiler was told). The caller first drops those
    /// past the route's legs (`dropSegments(after:of:)`), so `index` is at most the count.
    func placeSegment(
        _ leg: borrowing SubPath, index: Int, x: Double, width: Double, minutes: Int, after placed: inout SegmentPlacement,
        to segments: inout [BarSegment]
    ) {
        var transferBefore: Bool?
        if leg.isVisible {
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
        if index == segments.count {
            segments.append(BarSegment(index: index, trafficType: 0, kind: .other, mode: .other, sectionTime: 0, x: 0, width: 0))
        }
        segments.withUnsafeMutableBufferPointer { all in
            // Every stored member, here or in `present`/`clearPresentation`, so that nothing of
            // the previous route's segment stays (LayoutReuseTests checks each against the leg
            // and counts BarSegment's members).
            all[index].index = index
            all[index].trafficType = leg.trafficType
            all[index].kind = leg.kind
            all[index].mode = leg.mode
            all[index].sectionTime = leg.sectionTime
            all[index].x = x
            all[index].width = width
            all[index].minutes = minutes
            all[index].shortSeconds = leg.shortSeconds
            all[index].transferBefore = transferBefore
            all[index].interlined = leg.interlined
            // Assigned only when either holds a card (most legs have none): an assignment copies
            // and destroys the optional through generic value witnesses, nil or not.
            if holdsValue(leg.card) || holdsValue(all[index].card) { all[index].card = leg.card }
            if buildsPresentation {
                present(leg, width: width, minutes: minutes, on: &all[index])
            } else {
                Self.clearPresentation(of: &all[index])
            }
        }
    }

    /// The segment's label, badge, whether they fit, line, other lines, train type and colours.
    private func present(_ leg: borrowing SubPath, width: Double, minutes: Int, on segment: inout BarSegment) {
        let line = LinePalette.displayedLine(leg)
        let badge = badge(of: leg, line: line)
        var label: String?
        var fits: Bool?
        var badgeFits: Bool?
        if leg.isVisible {
            label = SegmentLabel.text(minutes: Double(minutes), locale: options.locale)
            (badgeFits, fits) = SegmentLabel.inside(
                badge: badge, minutes: minutes, locale: options.locale, fontSize: options.labelFontSize, width: width)
        }
        var color: String?
        var textColor: String?
        if options.colors {
            let colors =
                leg.color.map {
                    LinePalette.plannerColors($0, text: leg.textColor, theme: options.theme, keepingText: options.textColors == .planner)
                }
                ?? LinePalette.colors(mode: leg.mode, line: line, theme: options.theme)
            color = colors.color
            textColor = colors.textColor
        }
        segment.label = label
        segment.labelFits = fits
        segment.badge = badge
        segment.badgeFits = badgeFits
        // Assigned only when either holds a line: assigning destroys the old value through a
        // call, nil or not (most legs name no line).
        if holdsValue(line) || holdsValue(segment.line) { segment.line = line }
        segment.otherLines = leg.otherLines
        segment.trainType = leg.trainType
        segment.color = color
        segment.textColor = textColor
    }

    /// Empties what `present` sets. Each member is written only when it holds something: a
    /// layout without presentation leaves them empty on every segment it makes, and an
    /// assignment would still destroy the old value through a call (`holdsValue`, since
    /// `!= nil` copies it first). With the peer-equivalent mask, batch1000 took 21.8M
    /// instructions assigning each member, 18.6M this way.
    private static func clearPresentation(of segment: inout BarSegment) {
        if holdsValue(segment.label) { segment.label = nil }
        if holdsValue(segment.labelFits) { segment.labelFits = nil }
        if holdsValue(segment.badge) { segment.badge = nil }
        if holdsValue(segment.badgeFits) { segment.badgeFits = nil }
        if holdsValue(segment.line) { segment.line = nil }
        if !segment.otherLines.isEmpty { segment.otherLines = [] }
        if holdsValue(segment.trainType) { segment.trainType = nil }
        if holdsValue(segment.color) { segment.color = nil }
        if holdsValue(segment.textColor) { segment.textColor = nil }
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
        guard buildsAccessibilityLabels && buildsPresentation else {
            laidOut.accessibilityLabel.removeAll(keepingCapacity: true)
            return
        }
        var sentence = laidOut.accessibilityLabel
        laidOut.accessibilityLabel = ""
        AccessibilityLabel.rewrite(&sentence, totalMinutes: laidOut.totalTime, legs: laidOut.segments, locale: options.locale)
        laidOut.accessibilityLabel = sentence
    }
}
