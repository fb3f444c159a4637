import Foundation
import StrictJSON
import Testing

@Suite struct JSONWriterTests {
    @Test func writesNestedValuesWithCommas() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("a", 1)
        writer.key("b")
        writer.beginArray()
        writer.number(1.5)
        writer.bool(true)
        writer.null()
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.endArray()
        writer.field("c", "x")
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":1,"b":[1.5,true,null,{},[]],"c":"x"}"#)
    }

    @Test func doublesAreShortestRoundTripAndWholeNumbersHaveNoFraction() {
        let values: [Double] = [
            17, -0.0, 0, 5.4787234042553195, 102.33333333333333, 1e300, -2.5e-8, 9_007_199_254_740_991, 9_007_199_254_740_992, 0.1,
        ]
        for value in values {
            var writer = JSONWriter()
            writer.number(value)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            #expect(Double(text) == value || (value == 0 && Double(text) == 0), "\(value) -> \(text)")
            // (Not checked against JSONSerialization: on Linux it reads 5.4787234042553195 one ulp off.)
            #expect(
                String(decoding: writer.bytes, as: UTF8.self)
                    == (value.rounded(.towardZero) == value && abs(value) < 9_007_199_254_740_992
                        ? String(Int(value)) : value.description))
        }
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(17.0)
        writer.number(-3.0)
        writer.number(Double.nan)
        writer.number(Int.min)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[17,-3,null,-9223372036854775808]")
    }

    @Test func randomDoublesAreWrittenAsTheirDescription() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50_000 {
            let value = Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator)) * (Bool.random() ? 1 : -1)
            var writer = JSONWriter(capacity: 8)
            writer.number(value)
            let expected = value.rounded(.towardZero) == value && abs(value) < 9_007_199_254_740_992 ? String(Int(value)) : value.description
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        }
    }

    /// `ShortestDecimal`'s range (0.001 to 10^14, not whole), where the writer finds the digits
    /// itself: every value must come out as Swift's `description` writes it.
    @Test func doublesInTheShortestDecimalRangeAreWrittenAsTheirDescription() {
        func expectDescription(_ value: Double) {
            var writer = JSONWriter(capacity: 8)
            writer.number(value)
            let expected = value.rounded(.towardZero) == value ? String(Int(value)) : value.description
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        }
        // Every binary exponent of the range and past both ends, at random.
        var generator = SystemRandomNumberGenerator()
        let bits = Double(0.0005).bitPattern...Double(2e14).bitPattern
        for _ in 0..<100_000 {
            let value = Double(bitPattern: UInt64.random(in: bits, using: &generator))
            expectDescription(value)
            expectDescription(-value)
        }
        // What layouts write: quotients of small whole numbers, and short decimals.
        for numerator in stride(from: 1, through: 40_000, by: 7) {
            for denominator in [3, 7, 9, 11, 47, 94, 360, 1001] {
                expectDescription(Double(numerator) / Double(denominator))
            }
            expectDescription(Double(numerator) / 1000)
            expectDescription(Double(numerator) * 1.37)
        }
        // Powers of ten and of two, and their neighbours.
        for power in -4...15 {
            let ten = pow(10, Double(power))
            let two = Double(sign: .plus, exponent: power * 3, significand: 1)
            for value in [ten, two] {
                for neighbour in [value, value.nextUp, value.nextDown, value.nextUp.nextUp, value.nextDown.nextDown, value * 1.5] {
                    expectDescription(neighbour)
                }
            }
        }
    }

    @Test func aRepeatedFractionIsWrittenAsItWasTheFirstTime() {
        // One writer for all, as an answer's segments are: the writer keeps the last fraction's
        // bytes. Repeats follow values of every kind it does not keep (negative, below 1,
        // 10^7 and up, whole, written by `description`), and the buffer grows on the way.
        let fractions = [130.3804347826087, 0.5, 2.983695652173913, 1234567.25, 99.99999999999999]
        let others = [-130.3804347826087, 0.0625, 12345678.5, 17.0, 1e-5, 3e15 + 0.5, -0.5]
        var values: [Double] = []
        for fraction in fractions {
            values += [fraction, fraction]
            for other in others { values += [other, fraction, fraction] }
        }
        var writer = JSONWriter(capacity: 64)
        writer.beginArray()
        for value in values { writer.number(value) }
        writer.endArray()
        let expected = values.map { $0.rounded(.towardZero) == $0 ? String(Int($0)) : $0.description }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + expected.joined(separator: ",") + "]")
    }

    @Test func escapesStrings() throws {
        var writer = JSONWriter()
        let text = "q\"b\\n\nr\rt\tc\u{01}\u{1F}é🚀"
        writer.string(text)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""q\"b\\n\nr\rt\tc\u0001\u001fé🚀""#)
        let decoded = try JSONSerialization.jsonObject(with: Data(writer.bytes), options: .fragmentsAllowed) as? String
        #expect(decoded == text)
    }

    /// A string is copied as it is until a byte needs escaping: each such byte (and some that
    /// do not), at every place of a string whose UTF-8 must pass untouched.
    @Test func escapesAByteAtEveryPlaceOfALongString() {
        let plain = Array("지하철 2호선, then a walk".utf8)
        for special: UInt8 in [0x22, 0x5C, 0x00, 0x0A, 0x1F, 0x7F, 0x20, 0x21, 0x5B] {
            for place in 0..<plain.count {
                var bytes = plain
                bytes[place] = special
                let text = String(decoding: bytes, as: UTF8.self)
                var writer = JSONWriter(capacity: 8)
                writer.string(text)
                let escaped = text.unicodeScalars.map { scalar -> String in
                    switch scalar {
                    case "\"": return #"\""#
                    case "\\": return #"\\"#
                    case "\n": return #"\n"#
                    case _ where scalar.value < 0x20: return String(format: #"\u%04x"#, scalar.value)
                    default: return String(scalar)
                    }
                }
                let expected = "\"" + escaped.joined() + "\""
                #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "\(special) at \(place)")
            }
        }
    }

    /// Strings of 0 to 23 characters (up to 61 bytes), ASCII and not, with a character to
    /// escape at each place or none, whole and as a piece of a string: a string is copied until
    /// a byte needs escaping, then written over again escaped.
    @Test func stringsOfEveryLengthAreEscapedAtEveryPlace() {
        let scalars: [Unicode.Scalar] = ["a", "é", "z", "한", "~", " ", "7", "🚀", "Q"]
        func expected(_ text: String) -> String {
            let escaped = text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\"": #"\""#
                case "\\": #"\\"#
                case "\n": #"\n"#
                case "\r": #"\r"#
                case "\t": #"\t"#
                case _ where scalar.value < 0x20: String(format: #"\u%04x"#, scalar.value)
                default: String(scalar)
                }
            }
            return "\"" + escaped.joined() + "\""
        }
        for count in 0..<24 {
            let plain = (0..<count).map { scalars[($0 * 5 + count) % scalars.count] }
            for special: Unicode.Scalar in ["\"", "\\", "\u{00}", "\n", "\u{1F}", "\u{7F}", " "] {
                for place in -1..<count {
                    var text = String(String.UnicodeScalarView(plain))
                    if place >= 0 {
                        var changed = plain
                        changed[place] = special
                        text = String(String.UnicodeScalarView(changed))
                    }
                    var writer = JSONWriter(capacity: 8)
                    writer.string(text)
                    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected(text), "\(text.utf8.count) bytes, \(special) at \(place)")
                    // A piece of a string, unquoted, the same way.
                    var pieces = JSONWriter(capacity: 8)
                    pieces.beginString()
                    pieces.appendToString(text)
                    pieces.endString()
                    #expect(String(decoding: pieces.bytes, as: UTF8.self) == expected(text))
                }
            }
        }
    }

    /// Every ASCII character, at every place of strings of 1 to 19 bytes among multi-byte
    /// ones (bytes 0x80 and up beside it): the writer tests eight or four bytes at once, where a
    /// borrow from one byte into the next must neither hide nor invent a character to escape.
    @Test func everyASCIICharacterIsEscapedOrNotAtEveryPlace() {
        let fillers: [Unicode.Scalar] = ["é", "a", "한", "🚀", "~"]
        for count in 1..<20 {
            for place in 0..<count {
                for value in UInt8(0)...0x7F {
                    var scalars = (0..<count).map { fillers[($0 + count) % fillers.count] }
                    scalars[place] = Unicode.Scalar(value)
                    var text = String(String.UnicodeScalarView(scalars))
                    // Cut to `count` bytes or fewer, on a character's boundary, to try each length.
                    while text.utf8.count > count, text.count > 1 { text.removeLast() }
                    var writer = JSONWriter(capacity: 8)
                    writer.string(text)
                    let expected = try? JSONSerialization.jsonObject(with: Data(writer.bytes), options: .fragmentsAllowed) as? String
                    #expect(expected == text, "\(value) at \(place) of \(count)")
                    let mustEscape = (value < 0x20 || value == 0x22 || value == 0x5C) && text.unicodeScalars.contains(Unicode.Scalar(value))
                    let escapedBytes = writer.bytes.count - text.utf8.count - 2
                    #expect((escapedBytes > 0) == mustEscape, "\(value) at \(place) of \(count)")
                }
            }
        }
    }

    /// Names and fixed values of every length from 0 to 24 bytes: short ones are copied with
    /// overlapping loads and stores (`copyShort`), which must neither drop nor repeat a byte.
    @Test func namesAndFixedValuesOfEveryLengthAreCopiedWhole() {
        // Each a different prefix of the alphabet, so that a byte moved is seen too.
        let texts: [StaticString] = [
            "", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij", "abcdefghijk",
            "abcdefghijkl", "abcdefghijklm", "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq",
            "abcdefghijklmnopqr", "abcdefghijklmnopqrs", "abcdefghijklmnopqrst", "abcdefghijklmnopqrstu",
            "abcdefghijklmnopqrstuv", "abcdefghijklmnopqrstuvw", "abcdefghijklmnopqrstuvwx",
        ]
        var writer = JSONWriter(capacity: 16)  // small, so that the buffer also grows
        var expected = "["
        writer.beginArray()
        for (index, text) in texts.enumerated() {
            writer.beginObject()
            writer.field(text, ascii: text)
            writer.key(text)
            writer.bool(index % 2 == 0)
            writer.endObject()
            let name = String("abcdefghijklmnopqrstuvwx".prefix(index))
            expected += (index == 0 ? "" : ",") + "{\"\(name)\":\"\(name)\",\"\(name)\":\(index % 2 == 0)}"
        }
        writer.endArray()
        expected += "]"
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        #expect(texts.map(\.utf8CodeUnitCount) == Array(0...24))
    }

    @Test func resetKeepsNothingButCapacity() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(1)
        writer.reset()
        writer.number(2)
        #expect(writer.bytes == Array("2".utf8))
    }
}
