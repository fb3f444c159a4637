#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// WCAG 2.x contrast between "#RRGGBB" colours, and the choices made with it: the text colour
/// for a segment, and the dark theme's lighter variants.
public enum ColorContrast {
    /// The dark theme's background (Material's dark surface).
    public static let darkBackground = "#121212"
    /// Text on a light segment. Pure black: no grey from #0A0A0A to #222222 keeps 4.5:1 on every
    /// palette colour (#0A0A0A reaches 4.38 on #00838F and #4A78B5, 4.44 on line 8's #E6186C).
    public static let darkText = "#000000"
    public static let lightText = "#FFFFFF"

    /// WCAG 2.x relative luminance, 0 (black) to 1 (white); nil for anything but "#RRGGBB".
    public static func relativeLuminance(_ hex: String) -> Double? {
        guard let (red, green, blue) = components(hex) else { return nil }
        func linear(_ channel: Int) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio, 1 to 21; nil when either is not "#RRGGBB".
    public static func ratio(_ first: String, _ second: String) -> Double? {
        guard let a = relativeLuminance(first), let b = relativeLuminance(second) else { return nil }
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// White or black, whichever contrasts more with `background`.
    public static func textColor(on background: String) -> String {
        let onWhite = ratio(background, lightText) ?? 0
        let onBlack = ratio(background, darkText) ?? 0
        return onWhite >= onBlack ? lightText : darkText
    }

    /// `color`, or when it has less than `minimum` contrast against `background`, the same hue
    /// and saturation with its HSL lightness raised one percentage point at a time until it has.
    public static func lightened(_ color: String, against background: String, minimum: Double) -> String {
        guard let (red, green, blue) = components(color), (ratio(color, background) ?? 0) < minimum else { return color }
        let (hue, saturation, lightness) = hsl(red, green, blue)
        for step in 1...100 {
            let candidate = hex(fromHue: hue, saturation: saturation, lightness: min(1, lightness + Double(step) / 100))
            if (ratio(candidate, background) ?? 0) >= minimum { return candidate }
        }
        return lightText
    }

    static func components(_ hex: String) -> (Int, Int, Int)? {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 7, utf8[0] == UInt8(ascii: "#") else { return nil }
        var channels: [Int] = []
        for pair in stride(from: 1, to: 7, by: 2) {
            guard let high = hexDigit(utf8[pair]), let low = hexDigit(utf8[pair + 1]) else { return nil }
            channels.append(high * 16 + low)
        }
        return (channels[0], channels[1], channels[2])
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        default: nil
        }
    }

    private static func hsl(_ red: Int, _ green: Int, _ blue: Int) -> (Double, Double, Double) {
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2
        guard high != low else { return (0, 0, lightness) }
        let delta = high - low
        let saturation = lightness > 0.5 ? delta / (2 - high - low) : delta / (high + low)
        var hue: Double
        if high == r {
            hue = (g - b) / delta + (g < b ? 6 : 0)
        } else if high == g {
            hue = (b - r) / delta + 2
        } else {
            hue = (r - g) / delta + 4
        }
        hue /= 6
        return (hue, saturation, lightness)
    }

    private static func hex(fromHue hue: Double, saturation: Double, lightness: Double) -> String {
        func channel(_ p: Double, _ q: Double, _ t: Double) -> Double {
            var t = t
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 1.0 / 2 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        let q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation
        let p = 2 * lightness - q
        let rgb = [channel(p, q, hue + 1.0 / 3), channel(p, q, hue), channel(p, q, hue - 1.0 / 3)]
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = [UInt8(ascii: "#")]
        for value in rgb {
            let byte = Int((value * 255).rounded())
            text.append(digits[byte / 16])
            text.append(digits[byte % 16])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
