extension SegmentDisplay {
    /// Each segment's plan, in the route's order, measured with `options.labelFont` at
    /// `labelFontSize`. The rules, as docs/drawing.md gives them:
    ///
    /// - Inside a segment there is its width less `labelPadding` on each side, and for a walk
    ///   drawn as dots or a line, room for a dot and a space on each side as well.
    /// - The badge goes first: whole, else its first whole words that fit ("MAX Blue" → "MAX",
    ///   never a cut word, never an ellipsis), else it is omitted and the icon stands in for it.
    /// - Then the icon (with `icons`), a quarter em from what it stands beside.
    /// - Then the minutes, a space after the badge, unless the segment's badge was omitted.
    /// - Minutes not inside go under the bar, centred under their segment within the row where
    ///   the others leave room, else moved aside, their centre within their segment; where even
    ///   that fails, they are omitted (the sentence still says them). `placeBelow`.
    ///
    /// What shows inside is a function of the segment's width, kind, mode, badge and minutes
    /// alone, so segments alike are treated alike; it is centred as one group, drawn icon,
    /// badge, minutes.
    public static func plan(_ route: LaidOutRoute, options: LayoutOptions) -> [SegmentDisplay] {
        let metrics = Metrics(options)
        var plans = route.segments.map { inside($0, metrics: metrics, options: options) }
        placeBelow(route, options: options, metrics: metrics, plans: &plans)
        for index in plans.indices { plans[index].roundBoxes() }
        return plans
    }

    /// Boxes to hundredths of a point, as the JSON and the drawing give them: finer than any
    /// screen's pixel, and "7.11", not "7.105600000000001".
    private mutating func roundBoxes() {
        func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        if let box = badge { badge = TextBox(text: box.text, x: hundredths(box.x), width: hundredths(box.width)) }
        if let box = icon { icon = IconBox(name: box.name, x: hundredths(box.x), width: hundredths(box.width)) }
        if let box = minutes { minutes = TextBox(text: box.text, x: hundredths(box.x), width: hundredths(box.width)) }
    }

    /// The minutes that do not show inside, under the bar: each centred under its segment where
    /// the others leave room, else moved aside as little as it can, its centre always within its
    /// segment and its box within the row, a quarter em from its neighbours. A first pass puts
    /// each as far left as it may go (so that no later one lacks room an earlier one could have
    /// left); a label with no room even then is omitted. A second pass, from the right, moves
    /// each back towards its centre.
    static func placeBelow(_ route: LaidOutRoute, options: LayoutOptions, metrics: Metrics, plans: inout [SegmentDisplay]) {
        // The row reaches from the drawing's left edge to its right, in the bar's coordinates.
        let rowStart = -route.barStart
        let rowEnd = options.width - route.barStart
        var placed: [(index: Int, x: Double, width: Double, highest: Double, centred: Double)] = []
        var end = -Double.infinity
        for (index, segment) in route.segments.enumerated() where segment.width > 0 {
            guard let label = segment.label, plans[index].minutesPlace == nil else { continue }
            let width = metrics.width(label, bold: false)
            let lowest = max(segment.x - width / 2, rowStart)
            let highest = min(segment.x + segment.width - width / 2, rowEnd - width)
            let x = max(lowest, end + metrics.space)
            guard x <= highest else {
                plans[index].omitted.append(.minutes)
                continue
            }
            let centred = min(max(segment.x + (segment.width - width) / 2, rowStart), rowEnd - width)
            placed.append((index, x, width, highest, centred))
            end = x + width
        }
        var next = Double.infinity
        for label in placed.reversed() {
            let x = max(label.x, min(label.centred, label.highest, next - metrics.space - label.width))
            plans[label.index].minutes = TextBox(text: route.segments[label.index].label ?? "", x: x, width: label.width)
            plans[label.index].minutesPlace = .below
            next = x
        }
    }

    /// The radius of a walk's dots, and half a line's thickness: a fifteenth of the bar's
    /// height, at least half a point. The plan keeps room for one on each side of a walk's text.
    public static func dotRadius(height: Double) -> Double {
        max(height / 15, 0.5)
    }

    /// The sizes the plan works with, from the options.
    struct Metrics {
        let font: LabelFont
        let fontSize: Double
        /// An icon's square: 1.25 em, at most 80% of the bar's height.
        let iconSize: Double
        /// Between an icon and a text, and around a group: a quarter em.
        let space: Double
        let padding: Double
        /// A walk's dot's radius (half a line's thickness): a fifteenth of the bar's height.
        let dotRadius: Double

        init(_ options: LayoutOptions) {
            font = options.labelFont
            fontSize = options.labelFontSize
            iconSize = min(fontSize * 1.25, options.height * 0.8)
            space = fontSize * 0.25
            padding = options.labelPadding
            dotRadius = SegmentDisplay.dotRadius(height: options.height)
        }

        func width(_ text: some StringProtocol, bold: Bool) -> Double {
            font.width(text, bold: bold, fontSize: fontSize)
        }
    }

    /// What shows inside `segment`, and the minutes' place when they show there.
    static func inside(_ segment: BarSegment, metrics: Metrics, options: LayoutOptions) -> SegmentDisplay {
        var plan = SegmentDisplay()
        guard segment.width > 0 else { return plan }
        var room = segment.width - 2 * metrics.padding
        if segment.kind == .walking && options.walkStyle != .block { room -= 2 * (metrics.dotRadius * 2 + metrics.space) }
        // The group's parts as they are taken, each with the space before it.
        var used = 0.0
        func take(_ width: Double, after gap: Double) -> Bool {
            let need = used == 0 ? width : used + gap + width
            guard need <= room else { return false }
            used = need
            return true
        }
        var badgeWidth = 0.0
        var badgeText: Substring?
        if let badge = segment.badge {
            badgeText = wholeWords(of: badge, within: room, metrics: metrics)
            if let text = badgeText {
                badgeWidth = metrics.width(text, bold: true)
                _ = take(badgeWidth, after: 0)
            } else {
                plan.omitted.append(.badge)
            }
        }
        var showsIcon = false
        if options.icons {
            showsIcon = take(metrics.iconSize, after: metrics.space)
            if !showsIcon { plan.omitted.append(.icon) }
        }
        let spaceBeforeMinutes = metrics.width(" ", bold: false)
        var minutesWidth = 0.0
        if let label = segment.label, segment.badge == nil || badgeText != nil {
            minutesWidth = metrics.width(label, bold: false)
            if take(minutesWidth, after: badgeText != nil ? spaceBeforeMinutes : metrics.space) {
                plan.minutesPlace = .inside
            }
        }
        // Drawn icon, badge, minutes, centred as one group.
        var x = segment.x + (segment.width - used) / 2
        if showsIcon {
            plan.icon = IconBox(name: segment.mode.rawValue, x: x, width: metrics.iconSize)
            x += metrics.iconSize + metrics.space
        }
        if let badgeText {
            plan.badge = TextBox(text: String(badgeText), x: x, width: badgeWidth)
            x += badgeWidth + spaceBeforeMinutes
        }
        if plan.minutesPlace == .inside, let label = segment.label {
            plan.minutes = TextBox(text: label, x: x, width: minutesWidth)
        }
        return plan
    }

    /// The badge whole where it fits `room`, else its longest run of first whole words that
    /// does; nil where not even the first word fits.
    static func wholeWords(of badge: String, within room: Double, metrics: Metrics) -> Substring? {
        var candidate = Substring(badge)
        while true {
            if metrics.width(candidate, bold: true) <= room { return candidate }
            guard let space = candidate.lastIndex(of: " ") else { return nil }
            candidate = candidate[..<space]
            while candidate.last == " " { candidate.removeLast() }
            if candidate.isEmpty { return nil }
        }
    }
}
