extension LinePalette {
    /// The line's colour for `theme`: in `dark`, a colour below 3:1 against
    /// `ColorContrast.darkBackground` (WCAG 1.4.11) is replaced by its lighter variant (same hue
    /// and saturation, lightness raised until it reaches 3:1).
    public static func color(mode: TransitMode, line: TransitLine?, theme: ColorTheme) -> String {
        let light = color(mode: mode, line: line)
        return theme == .light ? light : darkVariant(of: light)
    }

    /// The dark theme's version of a palette colour.
    public static func darkVariant(of color: String) -> String {
        darkVariants[color] ?? ColorContrast.lightened(color, against: ColorContrast.darkBackground, minimum: 3)
    }

    /// White or black text on a palette colour (either theme), whichever contrasts more: at
    /// least 4.5:1 on every colour of the tables.
    public static func textColor(on color: String) -> String {
        textColors[color] ?? ColorContrast.textColor(on: color)
    }

    /// Every colour a segment can get in the light theme: the tables' and the modes' defaults.
    public static var allColors: [String] {
        subwayLines.map(\.color) + busTypes.map(\.color) + TransitMode.allCases.map { defaultColor(for: $0) }
    }

    // Computed once: the WCAG arithmetic runs for each colour at the first use, not per segment.
    private static let darkVariants: [String: String] = Dictionary(
        allColors.map { ($0, ColorContrast.lightened($0, against: ColorContrast.darkBackground, minimum: 3)) },
        uniquingKeysWith: { first, _ in first })

    private static let textColors: [String: String] = Dictionary(
        (allColors + darkVariants.values).map { ($0, ColorContrast.textColor(on: $0)) }, uniquingKeysWith: { first, _ in first })
}
