import RouteBar

extension RouteBarSVG {
    /// A segment's display plan (`SegmentDisplay`) as drawn: the writer decides nothing of what
    /// shows, it only renders the plan's boxes.
    struct SegmentContent {
        let plan: SegmentDisplay

        /// The stretch the plan's inside parts take, if any, in the bar's coordinates.
        var extent: (Double, Double)? {
            var boxes: [(Double, Double)] = []
            if let icon = plan.icon { boxes.append((icon.x, icon.x + icon.width)) }
            if let badge = plan.badge { boxes.append((badge.x, badge.x + badge.width)) }
            if plan.minutesPlace == .inside, let minutes = plan.minutes { boxes.append((minutes.x, minutes.x + minutes.width)) }
            guard let first = boxes.first else { return nil }
            return boxes.dropFirst().reduce(first) { (min($0.0, $1.0), max($0.1, $1.1)) }
        }

        /// The stretches of the segment its inside parts leave clear, with a quarter em around
        /// them: where a walk's dots and a wait's hatching go.
        func clearOf(_ segment: BarSegment, options: LayoutOptions) -> [(Double, Double)] {
            guard let (start, end) = extent else { return [(segment.x, segment.x + segment.width)] }
            let margin = options.labelFontSize * 0.25
            return [(segment.x, start - margin), (end + margin, segment.x + segment.width)]
        }

        /// The inside parts as SVG, in the segment's text colour on a block, else the theme's;
        /// each text centred on its box (so right-to-left text stays in it too). `barStart` only
        /// names the segment's place in the row for readers (`data-segment-x`).
        func svg(_ segment: BarSegment, options: LayoutOptions, colors: ThemeColors, barStart: Double = 0) -> String {
            let color = RouteBarSVG.drawsBlock(segment, options) ? segment.textColor ?? "#000000" : colors.text
            var svg = ""
            if let icon = plan.icon {
                svg +=
                    ModeIcon.drawing(for: segment.mode).svg(
                        x: icon.x, y: (options.height - icon.width) / 2, size: icon.width, color: color) + "\n"
            }
            let place =
                "data-segment=\"\(segment.index)\" data-segment-x=\"\(number(barStart + segment.x))\" data-segment-width=\"\(number(segment.width))\""
            if let badge = plan.badge {
                svg +=
                    "<text class=\"badge inside rb-badge\" x=\"\(number(badge.x + badge.width / 2))\" y=\"\(number(options.height / 2))\" "
                    + unmirrored(badge.x + badge.width / 2, options)
                    + "text-anchor=\"middle\" dominant-baseline=\"central\" font-weight=\"bold\" fill=\"\(color)\" "
                    + "\(place)>\(escape(badge.text))</text>\n"
            }
            if plan.minutesPlace == .inside, let minutes = plan.minutes {
                svg +=
                    "<text class=\"label inside rb-label\" x=\"\(number(minutes.x + minutes.width / 2))\" y=\"\(number(options.height / 2))\" "
                    + unmirrored(minutes.x + minutes.width / 2, options)
                    + "text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"\(color)\" \(place)>\(escape(minutes.text))</text>\n"
            }
            return svg
        }

        /// The minutes under the bar, where the plan puts them there.
        func belowSVG(_ segment: BarSegment, options: LayoutOptions, colors: ThemeColors) -> String {
            guard plan.minutesPlace == .below, let minutes = plan.minutes else { return "" }
            return
                "<text class=\"label below rb-label\" data-segment=\"\(segment.index)\" x=\"\(number(minutes.x + minutes.width / 2))\" "
                + "y=\"\(number(options.height + options.labelFontSize * 1.2))\" \(unmirrored(minutes.x + minutes.width / 2, options))"
                + "text-anchor=\"middle\" fill=\"\(colors.text)\">"
                + "\(escape(minutes.text))</text>\n"
        }
    }
}
