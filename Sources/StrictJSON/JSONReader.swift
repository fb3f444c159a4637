/// A strict, single-pass RFC 8259 pull reader over a body's bytes.
///
/// The reader never builds a tree: callers walk the document with `beginObject`/`nextKey`,
/// `beginArray`/`nextElement` and the scalar readers, and `skipValue` what they do not
/// know. Skipped values are validated as strictly as read ones (UTF-8, escapes, number
/// grammar), and nesting is capped so no input can exhaust the stack.
///
/// The buffer must outlive the reader; read it inside `withUnsafeBufferPointer`.
public struct JSONReader {
    public static let defaultMaxDepth = 64

    // Usable from inlinable code: `keyEquals` and `peekKind`, called for every member of a
    // body, are inlined into the decoder, where a name's length is a constant.
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
    @usableFromInline var position: Int
    private let maxDepth: Int
    private var depth = 0
    @usableFromInline var started = false
    /// Set by `beginObject`/`beginArray`: the next `nextKey`/`nextElement` is the first of its container.
    private var atContainerStart = false
    @usableFromInline var keyRange = 0..<0
    @usableFromInline var keyHasEscapes = false
    /// The names of the open objects' members, to refuse a name given twice (RFC 7493 §2.3).
    var memberNames: MemberNames

    /// The byte the reader looks at next.
    public var offset: Int { position }
    /// The whole text being read, for finding again a value met earlier (by its `offset`).
    package var text: UnsafeBufferPointer<UInt8> { buffer }

    /// - Parameter memberNames: storage for the member names of open objects; pass one
    ///   taken back with `takeMemberNames()` from an earlier reader to read without allocating.
    public init(
        _ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth,
        memberNames: consuming MemberNames = MemberNames()
    ) {
        self.buffer = buffer
        self.maxDepth = maxDepth
        // Empty: a `MemberNames` is made empty, and `takeMemberNames()` empties it.
        self.memberNames = consume memberNames
        // RFC 8259 §8.1 lets a parser ignore a leading byte order mark.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        position = buffer.count >= 3 && buffer[0] == bom[0] && buffer[1] == bom[1] && buffer[2] == bom[2] ? 3 : 0
    }

    // MARK: Structure

    /// The kind of the next value, without consuming it.
    @inlinable
    public mutating func peekKind() throws(JSONSyntaxError) -> JSONValueKind {
        skipWhitespace()
        guard position < buffer.count else {
            throw JSONSyntaxError(started ? .unexpectedEnd : .empty, at: position)
        }
        started = true
        switch buffer[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case let byte: throw JSONSyntaxError(byte >= 0x80 && !startsValidUTF8(at: position) ? .invalidUTF8 : .unexpectedByte(byte), at: position)
        }
    }

    public mutating func beginObject() throws(JSONSyntaxError) {
        try open(UInt8(ascii: "{"))
    }

    /// Moves to the next member's value and returns true, or consumes `}` and returns false.
    /// The member's name is then available through `key` and `keyEquals(_:)`.
    public mutating func nextKey() throws(JSONSyntaxError) -> Bool {
        guard try advanceInContainer(closing: UInt8(ascii: "}")) else { return false }
        guard position < buffer.count else { throw JSONSyntaxError(.unexpectedEnd, at: position) }
        guard buffer[position] == UInt8(ascii: "\"") else { throw unexpected() }
        let scanned = try scanString()
        keyRange = scanned.range
        keyHasEscapes = scanned.hasEscapes
        memberNames.append(scanned.range, hasEscapes: scanned.hasEscapes)
        skipWhitespace()
        guard position < buffer.count else { throw JSONSyntaxError(.unexpectedEnd, at: position) }
        guard buffer[position] == UInt8(ascii: ":") else { throw unexpected() }
        position += 1
        return true
    }

    public mutating func beginArray() throws(JSONSyntaxError) {
        try open(UInt8(ascii: "["))
    }

    /// Moves to the next element and returns true, or consumes `]` and returns false.
    public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        try advanceInContainer(closing: UInt8(ascii: "]"))
    }

    /// Checks that nothing but whitespace follows the top-level value.
    public mutating func finish() throws(JSONSyntaxError) {
        skipWhitespace()
        if position < buffer.count { throw JSONSyntaxError(.trailingData, at: position) }
    }

    // MARK: Keys

    /// Whether the current member's name is `name`, escapes decoded.
    @inlinable
    public func keyEquals(_ name: StaticString) -> Bool {
        keyEquals(utf8: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Whether the current member's name is the UTF-8 bytes `expected`, escapes decoded.
    @inlinable
    public func keyEquals(utf8 expected: UnsafeBufferPointer<UInt8>) -> Bool {
        if keyHasEscapes { return escapedKeyEquals(expected) }
        guard keyRange.count == expected.count else { return false }
        var index = 0
        while index < expected.count {
            if buffer[keyRange.lowerBound + index] != expected[index] { return false }
            index += 1
        }
        return true
    }

    /// The current member's name.
    public var key: String {
        keyHasEscapes
            ? String(decoding: decodeEscapes(keyRange), as: UTF8.self)
            : String(decoding: UnsafeBufferPointer(rebasing: buffer[keyRange]), as: UTF8.self)
    }

    // MARK: Scalars

    public mutating func readString() throws(JSONSyntaxError) -> String {
        try expectKind(.string)
        let scanned = try scanString()
        return scanned.hasEscapes
            ? String(decoding: decodeEscapes(scanned.range), as: UTF8.self)
            : String(decoding: UnsafeBufferPointer(rebasing: buffer[scanned.range]), as: UTF8.self)
    }

    /// The number's value; a syntactically valid number too large for a Double is infinite.
    public mutating func readNumber() throws(JSONSyntaxError) -> Double {
        try expectKind(.number)
        return try scanNumber()
    }

    public mutating func readBool() throws(JSONSyntaxError) -> Bool {
        try expectKind(.bool)
        if buffer[position] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    public mutating func readNull() throws(JSONSyntaxError) {
        try expectKind(.null)
        try literal("null")
    }

    /// Consumes the next value of any kind, validating it fully.
    public mutating func skipValue() throws(JSONSyntaxError) {
        switch try peekKind() {
        case .object:
            try beginObject()
            while try nextKey() { try skipValue() }
        case .array:
            try beginArray()
            while try nextElement() { try skipValue() }
        case .string:
            _ = try scanString()
        case .number:
            _ = try scanNumber()
        case .bool:
            _ = try readBool()
        case .null:
            try readNull()
        }
    }

    /// Moves past the value that starts here without validating it: only its brackets and its
    /// strings' quotes and escapes are followed, so that the value's end is found several times
    /// faster than `skipValue` finds it. For a reader that only looks for something (a planner's
    /// signature): the body must be validated before anything is answered from it, by another
    /// reading (`skipValue`, or reading it whole). On JSON that is not valid it stops where the
    /// brackets say, or at the end.
    package mutating func skimValue() {
        skipWhitespace()
        started = true
        var depth = 0
        while position < buffer.count {
            switch buffer[position] {
            case UInt8(ascii: "\""):
                position += 1
                while position < buffer.count {
                    position += plainBytes(from: position)
                    guard position < buffer.count else { break }
                    let byte = buffer[position]
                    position += byte == UInt8(ascii: "\\") ? 2 : 1
                    if byte == UInt8(ascii: "\"") { break }
                }
                position = min(position, buffer.count)
                if depth == 0 { return }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // A closing bracket at depth 0 ends the container the value is in.
                guard depth > 0 else { return }
                depth -= 1
                position += 1
                if depth == 0 { return }
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                if depth == 0 { return }
                position += 1
            default:
                position += 1
            }
        }
    }

    /// Moves past the value that starts here and ends at `end`, which another reader has
    /// validated as strictly as `skipValue` would (the service's simdjson path).
    package mutating func skipValidatedValue(to end: Int) {
        precondition(end > position && end <= buffer.count, "a validated value ends past where it starts, within the body")
        started = true
        position = end
    }

    // MARK: Internals

    @usableFromInline
    func escapedKeyEquals(_ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        decodeEscapes(keyRange).elementsEqual(expected)
    }

    @inlinable
    mutating func skipWhitespace() {
        while position < buffer.count {
            switch buffer[position] {
            case 0x0A: position += 1 + spaces(from: position + 1)
            case 0x20, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// How many spaces start at `start`, eight at a time: a pretty-printed body's indentation
    /// after each line break (a fifth of reading one, a byte at a time). Stops short of the
    /// buffer's last seven bytes.
    @usableFromInline
    func spaces(from start: Int) -> Int {
        #if _endian(little)
            guard let base = buffer.baseAddress else { return 0 }
            var index = start
            while index &+ 8 <= buffer.count {
                let others = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                // Each byte's high bit set where it is not 0 (where the byte was not a space).
                let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                let nonzero = ((others & low7) &+ low7 | others) & ~low7
                if nonzero != 0 { return index &- start &+ (nonzero.trailingZeroBitCount >> 3) }
                index &+= 8
            }
            return index &- start
        #else
            return 0
        #endif
    }

    private func unexpected() -> JSONSyntaxError {
        let byte = buffer[position]
        return JSONSyntaxError(byte >= 0x80 && !startsValidUTF8(at: position) ? .invalidUTF8 : .unexpectedByte(byte), at: position)
    }

    private mutating func expectKind(_ kind: JSONValueKind) throws(JSONSyntaxError) {
        guard try peekKind() == kind else { throw unexpected() }
    }

    private mutating func open(_ bracket: UInt8) throws(JSONSyntaxError) {
        skipWhitespace()
        started = true
        guard position < buffer.count else { throw JSONSyntaxError(.unexpectedEnd, at: position) }
        guard buffer[position] == bracket else { throw unexpected() }
        guard depth < maxDepth else { throw JSONSyntaxError(.tooDeep(limit: maxDepth), at: position) }
        depth += 1
        position += 1
        atContainerStart = true
        if bracket == UInt8(ascii: "{") { memberNames.openObject() }
    }

    private mutating func advanceInContainer(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard position < buffer.count else { throw JSONSyntaxError(.unexpectedEnd, at: position) }
        let first = atContainerStart
        atContainerStart = false
        if buffer[position] == closing {
            // `[1,]` is caught by the value reader that follows the comma, not here.
            if closing == UInt8(ascii: "}") { try closeObjectCheckingNames() }
            position += 1
            depth -= 1
            return false
        }
        if first { return true }
        guard buffer[position] == UInt8(ascii: ",") else { throw unexpected() }
        position += 1
        skipWhitespace()
        return true
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
            guard position < buffer.count else { throw JSONSyntaxError(.unexpectedEnd, at: position) }
            guard buffer[position] == expected else { throw unexpected() }
            position += 1
        }
    }

    /// Scans a string starting at its opening quote; returns the range between the quotes.
    private mutating func scanString() throws(JSONSyntaxError) -> (range: Range<Int>, hasEscapes: Bool) {
        position += 1
        let start = position
        var hasEscapes = false
        while position < buffer.count {
            position += plainBytes(from: position)
            guard position < buffer.count else { break }
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return (start..<(position - 1), hasEscapes)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try scanEscape()
            } else if byte < 0x20 {
                throw JSONSyntaxError(.controlCharacterInString, at: position)
            } else if byte < 0x80 {
                position += 1
            } else {
                let length = utf8SequenceLength(at: position)
                guard length > 0 else { throw JSONSyntaxError(.invalidUTF8, at: position) }
                position += length
            }
        }
        throw JSONSyntaxError(.unexpectedEnd, at: position)
    }

    /// How many bytes from `start` need no check of their own inside a string: printable ASCII
    /// but `"` and `\\`. Eight at a time: strings are most of a planner's answer (Google's and
    /// HERE's polylines, headsigns, names), and a byte at a time they were a fifth of its reading.
    /// The lowest flagged byte of a word is exact (the borrow of `word - 0x20…` only flags
    /// bytes above a flagged one); stops short of the buffer's last seven bytes.
    @inline(__always)
    private func plainBytes(from start: Int) -> Int {
        #if _endian(little)
            guard let base = buffer.baseAddress else { return 0 }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            var index = start
            while index &+ 8 <= buffer.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // Per byte, its high bit set where it is below 0x20, a `"`, a `\\`, or of a
                // multi-byte sequence (0x80 and up): `x - n` borrows into the high bit of a
                // byte below n, and a byte equal to c is zero after `^ c`.
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                let below20 = (word &- ones &* 0x20) & ~word
                let isQuote = (quotes &- ones) & ~quotes
                let isBackslash = (backslashes &- ones) & ~backslashes
                let flagged = (below20 | isQuote | isBackslash | word) & highs
                if flagged != 0 { return index &- start &+ (flagged.trailingZeroBitCount >> 3) }
                index &+= 8
            }
            return index &- start
        #else
            return 0
        #endif
    }

    private mutating func scanEscape() throws(JSONSyntaxError) {
        let escapeStart = position
        position += 1
        guard position < buffer.count else { throw JSONSyntaxError(.unexpectedEnd, at: position) }
        switch buffer[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            let unit = try scanHex4()
            if (0xDC00...0xDFFF).contains(unit) { throw JSONSyntaxError(.loneSurrogate, at: escapeStart) }
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < buffer.count, buffer[position] == UInt8(ascii: "\\"), buffer[position + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(.loneSurrogate, at: escapeStart)
                }
                position += 2
                guard (0xDC00...0xDFFF).contains(try scanHex4()) else { throw JSONSyntaxError(.loneSurrogate, at: escapeStart) }
            }
        default:
            throw JSONSyntaxError(.invalidEscape, at: escapeStart)
        }
    }

    private mutating func scanHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < buffer.count else { throw JSONSyntaxError(.unexpectedEnd, at: position) }
            guard let digit = hexValue(buffer[position]) else { throw JSONSyntaxError(.invalidEscape, at: position) }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Decodes a string's escapes; only called on ranges `scanString` has validated.
    func decodeEscapes(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var index = range.lowerBound
        func hex4(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for i in at..<(at + 4) { value = value << 4 | (hexValue(buffer[i]) ?? 0) }
            return value
        }
        while index < range.upperBound {
            let byte = buffer[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            let escaped = buffer[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = hex4(index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(scalar, to: &out)
            default: out.append(escaped)
            }
        }
        return out
    }

    /// Scans a number per RFC 8259's grammar and returns its value.
    private mutating func scanNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        var negative = false
        if buffer[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0

        guard position < buffer.count, isDigit(buffer[position]) else { throw numberError() }
        if buffer[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < buffer.count, isDigit(buffer[position]) {
                accumulate(buffer[position], into: &mantissa, digits: &significantDigits, exponent: &exponent, fractional: false)
                position += 1
            }
        }
        if position < buffer.count, buffer[position] == UInt8(ascii: ".") {
            position += 1
            guard position < buffer.count, isDigit(buffer[position]) else { throw numberError() }
            while position < buffer.count, isDigit(buffer[position]) {
                accumulate(buffer[position], into: &mantissa, digits: &significantDigits, exponent: &exponent, fractional: true)
                position += 1
            }
        }
        if position < buffer.count, buffer[position] == UInt8(ascii: "e") || buffer[position] == UInt8(ascii: "E") {
            position += 1
            var exponentNegative = false
            if position < buffer.count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") {
                exponentNegative = buffer[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < buffer.count, isDigit(buffer[position]) else { throw numberError() }
            var written = 0
            while position < buffer.count, isDigit(buffer[position]) {
                if written < 100_000 { written = written * 10 + Int(buffer[position] - UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }

        // Clinger's fast path: both the digits and the power of ten are exact Doubles,
        // so one correctly rounded multiply or divide gives the correctly rounded result.
        if significantDigits <= 15, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
        // Rounded as IEEE 754 rounds: one too small even for a subnormal (1e-400) is a zero of
        // its sign, one too large an infinity (which the decoders refuse as not finite).
        guard let value = Double(text) else { return exponent < 0 ? (negative ? -0.0 : 0) : (negative ? -.infinity : .infinity) }
        return value
    }

    private func numberError() -> JSONSyntaxError {
        JSONSyntaxError(position < buffer.count ? .invalidNumber : .unexpectedEnd, at: position)
    }

    private func accumulate(_ digit: UInt8, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int, fractional: Bool) {
        let value = UInt64(digit - UInt8(ascii: "0"))
        if digits == 0 && value == 0 {
            // Leading zeros carry no precision.
            if fractional { exponent -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + value
            digits += 1
            if fractional { exponent -= 1 }
        } else {
            // Beyond 19 digits the fast path is off anyway; keep the magnitude right.
            digits += 1
            if !fractional { exponent += 1 }
        }
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 (overlong, surrogate, beyond U+10FFFF, truncated).
    private func utf8SequenceLength(at index: Int) -> Int {
        let lead = buffer[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= buffer.count else { return 0 }
        let second = buffer[index + 1]
        guard second >= low && second <= high else { return 0 }
        var next = index + 2
        while next < index + length {
            guard buffer[next] & 0xC0 == 0x80 else { return 0 }
            next += 1
        }
        return length
    }

    @usableFromInline
    func startsValidUTF8(at index: Int) -> Bool {
        utf8SequenceLength(at: index) > 0
    }
}

/// The six kinds of JSON value.
public enum JSONValueKind: Sendable, Equatable {
    case object, array, string, number, bool, null

    /// "an object", "a string", ...: for messages such as "expected a number, found a string".
    public var phrase: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

private let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

@inline(__always)
private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
}

private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}

private func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        out.append(UInt8(scalar))
    case 0x80..<0x800:
        out.append(UInt8(0xC0 | scalar >> 6))
        out.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
        out.append(UInt8(0xE0 | scalar >> 12))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
    default:
        out.append(UInt8(0xF0 | scalar >> 18))
        out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
    }
}
