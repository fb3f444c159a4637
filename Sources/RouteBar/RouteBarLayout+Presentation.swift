extension RouteBarLayout {
    /// A leg's segment, with what a client draws besides its box: label, line and colour.
    func segment(_ leg: SubPath, index: Int, x: Double, width: Double) -> BarSegment {
        var label: String?
        var fits: Bool?
        if leg.isVisible {
            label = SegmentLabel.text(minutes: leg.sectionTime, locale: options.locale)
            fits = SegmentLabel.fits(label!, fontSize: options.labelFontSize, width: width)
        }
        return BarSegment(
            index: index, trafficType: leg.trafficType, kind: leg.kind, mode: leg.mode, sectionTime: leg.sectionTime,
            x: x, width: width, label: label, labelFits: fits, line: leg.line,
            color: options.colors ? LinePalette.color(mode: leg.mode, line: leg.line) : nil)
    }

    func writeAccessibilityLabel(_ route: Route, totalTime: Double, into sentence: inout String) {
        AccessibilityLabel.write(totalMinutes: totalTime, legs: route.subPaths, locale: options.locale, into: &sentence)
    }
}
