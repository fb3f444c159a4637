/// Writes JSON straight into a byte buffer, placing commas itself.
///
/// Doubles are written in their shortest round-trip form (Swift's `description`), and
/// whole numbers below 2^53 without a fraction, so `17.0` reads `17`.
public struct JSONWriter {
    public private(set) var bytes: [UInt8]
    private var needsComma = false

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer but keeps its storage, so a writer can be reused.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member name; `name` must need no escaping.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member name that may need escaping.
    public mutating func key(named name: String) {
        separate()
        appendEscaped(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        appendEscaped(value)
        needsComma = true
    }

    public mutating func number(_ value: Int) {
        separate()
        appendInteger(value)
        needsComma = true
    }

    /// Non-finite values have no JSON form; they are written as `null`.
    public mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            appendASCII("null")
        } else if value.rounded(.towardZero) == value && abs(value) < 9_007_199_254_740_992 {
            appendInteger(Int(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendASCII(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    /// Appends bytes that already are one complete JSON value.
    public mutating func raw(_ json: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    public mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        number(value)
    }

    public mutating func field(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    public mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    // MARK: Internals

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: scratch[(20 - count)...])
        }
    }

    private mutating func appendEscaped(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): appendASCII("\\\"")
            case UInt8(ascii: "\\"): appendASCII("\\\\")
            case 0x0A: appendASCII("\\n")
            case 0x0D: appendASCII("\\r")
            case 0x09: appendASCII("\\t")
            case 0x08: appendASCII("\\b")
            case 0x0C: appendASCII("\\f")
            case 0..<0x20:
                appendASCII("\\u00")
                let hex: StaticString = "0123456789abcdef"
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
