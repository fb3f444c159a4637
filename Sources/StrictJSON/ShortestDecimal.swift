/// The shortest decimal that reads back as a given `Double`, and the nearest of several, for
/// the values a layout writes most (non-whole, 0.001 up to 10^14): the same digits as Swift's
/// `description`, found in about a third of its time.
///
/// The value is `mantissa × 2^binary`, exactly. Scaled by `10^s` so that 17 digits sit before
/// the point, it is `mantissa × 5^s / 2^shift`: one 64 × 64-bit product, exact, with `shift`
/// bits of fraction. A candidate of 15, then 16 digits is that product rounded to the nearest
/// multiple of 100, then of 10; it reads back as the value when it lies within half a unit in
/// the last place, which in the same scale is `5^s / 2^(shift + 1)` (never exactly on the
/// boundary: one side of that comparison is even, the other odd). 17 digits always read back,
/// and the nearest 17 are the nearest. Fewer than 15 need no test of their own: a shorter
/// decimal that reads back is the nearest 15-digit one with its zeros, since 15 digits never
/// name two doubles.
///
/// Outside the range Swift writes exponents, and a power of two is nearer its lower neighbour
/// than its upper: `init` declines those, and the writer asks `description` instead. Whole
/// numbers never come here: `JSONWriter.number` writes every one below 2^53 as an integer.
struct ShortestDecimal {
    /// 17 digits, 10^16 up to 10^17: the shortest that read back, then zeros. How many count
    /// is found when they are written, from their ASCII (`significantDigits`).
    let digits: UInt64
    /// The power of ten of the first digit: 342.5 is 3425 with exponent 2.
    let exponent: Int

    @inline(__always)
    init?(magnitude: Double) {
        guard magnitude >= 0.001, magnitude < 1e14 else { return nil }
        let bits = magnitude.bitPattern
        let fraction = bits & (1 << 52 - 1)
        guard fraction != 0 else { return nil }
        let mantissa = fraction | 1 << 52
        let binaryExponent = Int(bits >> 52) - 1023
        // floor(binaryExponent × log10(2)): the first digit's power of ten, or one less.
        var exponent = (binaryExponent &* 78913) >> 18
        var scaled = Scaled(mantissa: mantissa, powerOfFive: 16 - exponent, shift: 52 - binaryExponent - 16 + exponent)
        if scaled.whole >= 100_000_000_000_000_000 {
            exponent += 1
            scaled = Scaled(mantissa: mantissa, powerOfFive: 16 - exponent, shift: 52 - binaryExponent - 16 + exponent)
        }
        let (hundred, ten) = (scaled.nearestMultiple(of: 100), scaled.nearestMultiple(of: 10))
        var digits = hundred.readsBack ? hundred.candidate : ten.readsBack ? ten.candidate : scaled.nearest
        if digits == 100_000_000_000_000_000 {
            digits = 10_000_000_000_000_000
            exponent += 1
        }
        (self.digits, self.exponent) = (digits, exponent)
    }

    /// `mantissa × 5^powerOfFive / 2^shift`, with 17 digits before the point: `whole` and
    /// `fraction / 2^shift`. Below 2^100, and `shift` is 2 to 50, so that everything but the
    /// product itself fits in 64 bits.
    private struct Scaled {
        let shift: UInt64
        let whole: UInt64
        let fraction: UInt64
        let halfUnit: UInt64

        init(mantissa: UInt64, powerOfFive: Int, shift: Int) {
            let five = powersOfFive[powerOfFive]
            let product = mantissa.multipliedFullWidth(by: five)
            self.shift = UInt64(truncatingIfNeeded: shift)
            whole = product.high &<< (64 &- self.shift) | product.low &>> self.shift
            fraction = product.low & (1 &<< self.shift &- 1)
            halfUnit = five
        }

        /// The nearest multiple of `step`, ties to even, and whether it reads back as the value:
        /// whether it is nearer than half a unit, `|candidate − whole − fraction / 2^shift| ×
        /// 2^(shift + 1) < 5^s`. Without a branch: `init` computes both steps and selects, as
        /// which one reads back follows the value's digits, which no predictor learns.
        @inline(__always)
        func nearestMultiple(of step: UInt64) -> (candidate: UInt64, readsBack: Bool) {
            let quotient = whole / step
            let below = (whole &- quotient &* step) &<< shift | fraction
            let half = step &<< (shift &- 1)
            let roundsUp = below > half || (below == half && quotient & 1 == 1)
            let candidate = (quotient &+ (roundsUp ? 1 : 0)) &* step
            let offset = Int64(bitPattern: (candidate &- whole) &<< shift) &- Int64(bitPattern: fraction)
            return (candidate, offset.magnitude &<< 1 < halfUnit)
        }

        /// The nearest 17 digits, ties to even.
        var nearest: UInt64 {
            let half = UInt64(1) &<< (shift &- 1)
            return fraction > half || (fraction == half && whole & 1 == 1) ? whole + 1 : whole
        }
    }
}

/// 5^0 through 5^20: the scales `ShortestDecimal`'s range needs (5^20 × 2^53 < 2^100).
private let powersOfFive: [UInt64] = [
    1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1_953_125, 9_765_625, 48_828_125,
    244_140_625, 1_220_703_125, 6_103_515_625, 30_517_578_125, 152_587_890_625, 762_939_453_125,
    3_814_697_265_625, 19_073_486_328_125, 95_367_431_640_625,
]

extension JSONWriter {
    /// Writes `decimal` as Swift's `description` would, with a minus sign when `negative`;
    /// `bits`, the value's pattern, is remembered with the bytes (`lastFraction`).
    @inline(__always)
    mutating func appendShortest(_ decimal: ShortestDecimal, negative: Bool, bits: UInt64) {
        // Sign, "0.", two zeros (0.001), 17 digits, and the 16 bytes moved for the point.
        reserve(40)
        if negative { append(UInt8(ascii: "-")) }
        let start = base + length
        let (head, high, low) = Self.digitWords(decimal.digits)
        let count = Self.significantDigits(high: high, low: low)
        if decimal.exponent < 0 {
            let zeros = -decimal.exponent - 1
            start[0] = UInt8(ascii: "0")
            start[1] = UInt8(ascii: ".")
            for index in 0..<zeros { start[2 + index] = UInt8(ascii: "0") }
            Self.storeDigits(head, high, low, at: start + 2 + zeros)
            length += 2 + zeros + count
        } else if decimal.exponent < 7 {
            // One to seven digits before the point, as every x and width: the 17 digits and the
            // point are put in place in registers. Stored, then read back from one byte on (as
            // below), each load spans two stores, which the processor cannot forward: it waits
            // for them to reach the cache, and an answer's fresh buffer misses it. In the server
            // (masked batch1000, perf) this function fell from 10.8% of the samples to 6.9%;
            // in process, on a buffer already in the cache, it made no difference.
            let lowWord = head | high &<< 8
            let highWord = high &>> 56 | low &<< 8
            let shift = UInt64(8 * (decimal.exponent + 1))
            let before: UInt64 = 1 &<< shift &- 1
            let first = lowWord & before | 0x2E &<< shift | (lowWord & ~before) &<< 8
            let second = lowWord &>> 56 | highWord &<< 8
            let last = UInt16(truncatingIfNeeded: highWord &>> 56 | (low &>> 56) &<< 8)
            let raw = UnsafeMutableRawPointer(start)
            raw.storeBytes(of: first.littleEndian, as: UInt64.self)
            raw.storeBytes(of: second.littleEndian, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: last.littleEndian, toByteOffset: 16, as: UInt16.self)
            length += count + 1
            if !negative {
                lastFraction = bits
                lastFractionBytes = (first.littleEndian, second.littleEndian, last.littleEndian)
                lastFractionLength = count + 1
            }
        } else {
            // All 17 digits, then the fraction's moved one on (16 bytes at most) for the point.
            Self.storeDigits(head, high, low, at: start)
            let point = UnsafeMutableRawPointer(start + decimal.exponent + 1)
            let first = point.loadUnaligned(as: UInt64.self)
            let second = point.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            point.storeBytes(of: first, toByteOffset: 1, as: UInt64.self)
            point.storeBytes(of: second, toByteOffset: 9, as: UInt64.self)
            point.storeBytes(of: UInt8(ascii: "."), as: UInt8.self)
            length += count + 1
        }
    }

    /// Writes `digitWords`' 17 digits: the first, then two runs of eight.
    @inline(__always)
    private static func storeDigits(_ head: UInt64, _ high: UInt64, _ low: UInt64, at target: UnsafeMutablePointer<UInt8>) {
        target[0] = UInt8(truncatingIfNeeded: head)
        let raw = UnsafeMutableRawPointer(target)
        raw.storeBytes(of: high.littleEndian, toByteOffset: 1, as: UInt64.self)
        raw.storeBytes(of: low.littleEndian, toByteOffset: 9, as: UInt64.self)
    }

    /// How many of `digitWords`' 17 digits count: 17 less the trailing zeros, which are the
    /// '0' bytes at the top of `low`, then of `high` (each word's last digit is its highest
    /// byte). XOR with '0' makes them zero bytes; a digit 1 to 9 becomes 1 to 9, below the
    /// byte's top bit, so leading zero bits ÷ 8 counts whole zero bytes. The first digit is
    /// never 0.
    @inline(__always)
    private static func significantDigits(high: UInt64, low: UInt64) -> Int {
        let zeroDigits: UInt64 = 0x3030_3030_3030_3030
        let lowZeros = (low ^ zeroDigits).leadingZeroBitCount &>> 3
        if lowZeros < 8 { return 17 &- lowZeros }
        return 9 &- (high ^ zeroDigits).leadingZeroBitCount &>> 3
    }

    /// The 17 ASCII digits of `value` (10^16 up to 10^17) as three words, each with its first
    /// digit in the lowest byte: the first digit, then two runs of eight.
    @inline(__always)
    private static func digitWords(_ value: UInt64) -> (head: UInt64, high: UInt64, low: UInt64) {
        let rest = value % 10_000_000_000_000_000
        return (0x30 &+ value / 10_000_000_000_000_000, eightDigits(rest / 100_000_000), eightDigits(rest % 100_000_000))
    }

    /// The eight ASCII digits of `value` (below 10^8), the first in the lowest byte: each step
    /// divides every lane at once, by 10^4 into two 32-bit lanes, by 100 into four 16-bit
    /// lanes, by 10 into eight bytes (multiplying by 10486 / 2^20 divides by 100 below 43,699,
    /// by 103 / 2^10 divides by 10 below 179).
    @inline(__always)
    private static func eightDigits(_ value: UInt64) -> UInt64 {
        let fours = value / 10_000 | (value % 10_000) &<< 32
        let hundreds = ((fours &* 10486) &>> 20) & 0x0000_007F_0000_007F
        let pairs = hundreds | (fours &- hundreds &* 100) &<< 16
        let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
        return tens | (pairs &- tens &* 10) &<< 8 | 0x3030_3030_3030_3030
    }
}
