import RouteBar

extension RouteBarSVG {
    /// What a segment shows inside it and where: the text `SegmentLabel.inside` allows (badge
    /// and minutes, the badge, the badge shortened, or the minutes), then the mode's icon
    /// before it where room remains, or the icon alone. Centred as one group.
    struct SegmentContent {
        /// The text as SVG character data (the badge in its own `tspan`); nil for none.
        private(set) var text: String?
        /// Whether the text holds the segment's minutes (else they go under the bar).
        private(set) var showsLabel = false
        private var textWidth = 0.0
        private var icon: ModeIcon?
        private let iconSize: Double
        private let iconSpace: Double

        init(_ segment: BarSegment, options: LayoutOptions) {
            let fontSize = options.labelFontSize
            iconSize = min(fontSize * 1.25, options.height * 0.8)
            iconSpace = fontSize * 0.25
            guard segment.width > 0 else { return }
            let badge: String? =
                if let badge = segment.badge {
                    segment.badgeFits == true
                        ? badge
                        // Bold runs wider than the estimate's regular text: a cut badge keeps half an em spare.
                        : SegmentLabel.shortened(badge, fontSize: fontSize, width: segment.width - fontSize / 2)
                } else {
                    nil
                }
            if let badge, let label = segment.label, segment.labelFits == true {
                text = Self.badgeMarkup(badge) + " " + escape(label)
                textWidth = SegmentLabel.estimatedWidth(badge: badge, label: label, fontSize: fontSize)
                showsLabel = true
            } else if let badge {
                text = Self.badgeMarkup(badge)
                textWidth = SegmentLabel.estimatedWidth(badge, fontSize: fontSize)
            } else if segment.badge == nil, let label = segment.label, segment.labelFits == true {
                text = escape(label)
                textWidth = SegmentLabel.estimatedWidth(label, fontSize: fontSize)
                showsLabel = true
            }
            // A walk drawn as dots or a line keeps room for a dot on each side of its text and
            // icon: where its minutes would leave none, they go under the bar, and the walk is dots.
            let lineRoom = segment.kind == .walking && options.walkStyle != .block ? 2 * (Self.dotRadius(options) * 2 + iconSpace) : 0
            if lineRoom > 0, text != nil, textWidth + lineRoom > segment.width {
                (text, textWidth, showsLabel) = (nil, 0, false)
            }
            let iconRoom = (text == nil ? iconSize : textWidth + iconSpace + iconSize) + lineRoom
            if options.icons, iconRoom <= segment.width {
                icon = ModeIcon.drawing(for: segment.mode)
            }
        }

        /// The radius of a walk's dots (and half a line's thickness): a fifteenth of the bar's height.
        static func dotRadius(_ options: LayoutOptions) -> Double {
            max(options.height / 15, 0.5)
        }

        private static func badgeMarkup(_ badge: String) -> String {
            "<tspan class=\"badge rb-badge\" font-weight=\"bold\">\(escape(badge))</tspan>"
        }

        /// The group's width: icon, space, text.
        private var width: Double {
            switch (icon, text) {
            case (nil, nil): 0
            case (nil, _): textWidth
            case (_, nil): iconSize
            case (_, _): iconSize + iconSpace + textWidth
            }
        }

        private func start(in segment: BarSegment) -> Double {
            segment.x + (segment.width - width) / 2
        }

        /// The stretches of the segment its text and icon leave clear, with a little room around
        /// them: where a walk's dots and a wait's hatching go.
        func clearOf(_ segment: BarSegment, options: LayoutOptions) -> [(Double, Double)] {
            guard width > 0 else { return [(segment.x, segment.x + segment.width)] }
            let margin = options.labelFontSize * 0.25
            let start = start(in: segment)
            return [(segment.x, start - margin), (start + width + margin, segment.x + segment.width)]
        }

        /// The icon and text as SVG, in the segment's text colour on a block, else the theme's;
        /// `barStart` only names the segment's place in the row for readers (`data-segment-x`).
        func svg(_ segment: BarSegment, options: LayoutOptions, colors: ThemeColors, barStart: Double = 0) -> String {
            let color = RouteBarSVG.drawsBlock(segment, options) ? segment.textColor ?? "#000000" : colors.text
            var svg = ""
            var textStart = start(in: segment)
            if let icon {
                svg += icon.svg(x: textStart, y: (options.height - iconSize) / 2, size: iconSize, color: color) + "\n"
                textStart += iconSize + iconSpace
            }
            if let text {
                svg +=
                    "<text class=\"label inside rb-label\" x=\"\(number(textStart + textWidth / 2))\" y=\"\(number(options.height / 2))\" "
                    + "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"\(color)\" "
                    + "data-segment-x=\"\(number(barStart + segment.x))\" data-segment-width=\"\(number(segment.width))\">\(text)</text>\n"
            }
            return svg
        }
    }
}
