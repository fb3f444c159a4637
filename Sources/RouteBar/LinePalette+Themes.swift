/// A segment's colour for one theme, with the text colour that reads on it.
public struct SegmentColors: Sendable, Hashable {
    /// "#RRGGBB".
    public let color: String
    /// White or black, whichever contrasts more with `color`; or the planner's own text colour
    /// where it gave one and it is kept (`plannerColors`).
    public let textColor: String

    init(_ color: String) {
        self.color = color
        textColor = ColorContrast.textColor(on: color)
    }

    init(_ color: String, text: String) {
        self.color = color
        textColor = text
    }
}

extension LinePalette {
    /// The line's colours for `theme`: in `dark`, a colour below 3:1 against
    /// `ColorContrast.darkBackground` (WCAG 1.4.11) is replaced by its lighter variant (same hue
    /// and saturation, lightness raised until it reaches 3:1). Text colours reach 4.5:1 on every
    /// colour of the tables, in both themes.
    public static func colors(mode: TransitMode, line: TransitLine?, theme: ColorTheme) -> SegmentColors {
        let themed: ThemedColors? =
            switch mode {
            case .subway: line?.subwayCode.flatMap { lookUp($0, in: subwayThemed) }
            case .bus: line?.busType.flatMap { lookUp($0, in: busThemed) }
            default: nil
            }
        let chosen = themed ?? defaultThemed[mode.ordinal]
        return theme == .light ? chosen.light : chosen.dark
    }

    /// A planner's own line colour for `theme`, treated as the palette's are (lightened in
    /// `dark` below 3:1 against the background), with the planner's text colour where it reaches
    /// 4.5:1 on the colour shown (or whatever the contrast, `keepingText`: `textColors=planner`),
    /// else white or black, whichever contrasts more.
    public static func plannerColors(_ color: String, text: String?, theme: ColorTheme) -> SegmentColors {
        plannerColors(color, text: text, theme: theme, keepingText: false)
    }

    /// `plannerColors(_:text:theme:)`, keeping the planner's text colour whatever its contrast
    /// when `keepingText` (`textColors=planner`).
    public static func plannerColors(_ color: String, text: String?, theme: ColorTheme, keepingText: Bool) -> SegmentColors {
        let shown = theme == .light ? color : darkVariant(of: color)
        if let text, let ratio = ColorContrast.ratio(text, shown), ratio >= 4.5 || keepingText { return SegmentColors(shown, text: text) }
        return SegmentColors(shown)
    }

    /// The line's colour for `theme` (see `colors(mode:line:theme:)`).
    public static func color(mode: TransitMode, line: TransitLine?, theme: ColorTheme) -> String {
        colors(mode: mode, line: line, theme: theme).color
    }

    /// The dark theme's version of a colour.
    public static func darkVariant(of color: String) -> String {
        ColorContrast.lightened(color, against: ColorContrast.darkBackground, minimum: 3)
    }

    struct ThemedColors {
        let light: SegmentColors
        let dark: SegmentColors

        init(_ color: String) {
            light = SegmentColors(color)
            dark = SegmentColors(LinePalette.darkVariant(of: color))
        }
    }

    // Looked up for every segment, so computed once, in arrays indexed by code: the WCAG
    // arithmetic and the hashing stay out of the layout. The first entry of a code wins.
    private static let subwayThemed = codeTable(subwayLines)
    private static let busThemed = codeTable(busTypes)
    private static let defaultThemed: [ThemedColors] = TransitMode.allCases.map { ThemedColors(defaultColor(for: $0)) }

    private static func codeTable(_ entries: [Entry]) -> [ThemedColors?] {
        var table = [ThemedColors?](repeating: nil, count: (entries.map(\.code).max() ?? 0) + 1)
        for entry in entries.reversed() where entry.code >= 0 { table[entry.code] = ThemedColors(entry.color) }
        return table
    }

    private static func lookUp(_ code: Int, in table: [ThemedColors?]) -> ThemedColors? {
        table.indices.contains(code) ? table[code] : nil
    }
}
