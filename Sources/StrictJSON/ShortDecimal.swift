/// A fast path for `JSONWriter`'s Doubles: the text Swift's `description` gives, for the
/// values layouts are made of (fractions of points and pixels, with at most 15 significant
/// digits), in a few integer operations instead of the general shortest-digits search.
///
/// Why it gives the same text: a Double's neighbours are at most 2^-52 of it apart, so any
/// decimal that reads back as the Double lies within 1.2e-16 of it, relatively, while
/// 15-digit decimals are at least 1e-15 apart. At most one 15-digit decimal reads back, then,
/// and it is the nearest; when it exists, the shortest decimal that reads back is that one
/// with its trailing zeros dropped. The read-back check is exact (Clinger: an integer and a
/// power of ten both exactly representable, one correctly rounded division), so when it
/// fails, or the value is outside the plain-notation range, the caller takes the general path.
enum ShortDecimal {
    /// Writes `value`'s shortest round-trip digits in plain notation to `target` (at least
    /// `capacity` bytes) and returns how many it wrote, or nil when this path does not apply.
    /// `value` must be finite and not a whole number.
    static func write(_ value: Double, to target: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        // Swift writes plain notation from 1e-4 to 2^53; below 1e-3 the 15th digit would
        // need a power of ten beyond the exact ones.
        guard magnitude >= 1e-3, magnitude < 1e15 else { return nil }
        var exponent = 14
        while exponent > -3, magnitude < powers[exponent + 3] { exponent -= 1 }
        // The decimal point's place from the right, so that the integer has 15 digits.
        var places = 14 - exponent
        let scaled = (magnitude * exactPowersOfTen[places]).rounded()
        guard scaled < 1e15, scaled / exactPowersOfTen[places] == magnitude else { return nil }
        var digits = UInt64(scaled)
        while places > 0, digits % 10 == 0 {
            digits /= 10
            places -= 1
        }
        guard places > 0 else { return nil }

        var length = 0
        if value < 0 {
            target[0] = UInt8(ascii: "-")
            length = 1
        }
        var count = 1
        var probe = digits / 10
        while probe > 0 {
            probe /= 10
            count += 1
        }
        // `count` digits with the point `places` from the right: "12.5", or "0.0125".
        let integerDigits = count - places
        let width = integerDigits > 0 ? count + 1 : places + 2
        var position = length + width - 1
        var written = 0
        while written < places {
            target[position] = UInt8(ascii: "0") + UInt8(digits % 10)
            digits /= 10
            position -= 1
            written += 1
        }
        target[position] = UInt8(ascii: ".")
        position -= 1
        if integerDigits > 0 {
            while position >= length {
                target[position] = UInt8(ascii: "0") + UInt8(digits % 10)
                digits /= 10
                position -= 1
            }
        } else {
            target[position] = UInt8(ascii: "0")
        }
        return length + width
    }

    /// 10^-3 ... 10^15, to find a value's decimal exponent.
    private static let powers: [Double] = [
        1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// 10^0 ... 10^17, each exactly a Double.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
    ]
}
