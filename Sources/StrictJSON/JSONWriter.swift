/// Writes JSON straight into a growable byte buffer, placing commas itself.
///
/// Doubles are written in their shortest round-trip form (what Swift's `description` gives),
/// and whole numbers below 2^53 without a fraction, so `17.0` reads `17`. The writer owns its
/// buffer, so it cannot be copied; `reset()` reuses the buffer for the next document.
public struct JSONWriter: ~Copyable, @unchecked Sendable {
    // @unchecked: the writer is the only owner of its buffer and cannot be copied, so sending
    // it to another thread moves the one reference to the memory; nothing else can reach it.
    // Internal but usable from inlinable code: the hot writes below are inlined into their
    // callers in other modules, where a key's length is a constant and its copy a few moves.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var length = 0
    @usableFromInline var needsComma = false
    /// The last fraction `appendShortest` wrote whole in registers (its bit pattern; 0, a whole
    /// number, when none) and its bytes: a segment's x is often the width or x written just
    /// before it, and copying its bytes is a fraction of finding its digits again.
    var lastFraction: UInt64 = 0
    var lastFractionBytes: (UInt64, UInt64, UInt16) = (0, 0, 0)
    var lastFractionLength = 0
    /// Where the buffer came from and goes back to, if not the allocator: retained by the
    /// writer, then by the document `finish()` hands it to. (`Unmanaged`, as `discard` takes
    /// only trivially destroyed members.)
    let pool: Unmanaged<JSONBufferPool>?

    /// Bytes written so far.
    public var count: Int { length }

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        pool = nil
    }

    /// A writer whose buffers, of at least `capacity` bytes, come from `pool` and go back to
    /// it: when the document `finish()` makes is freed, or when the writer is. Below the pool's
    /// `smallest`, the writer leaves the pool alone, as `init(capacity:)` does.
    public init(capacity: Int, from pool: JSONBufferPool) {
        if capacity >= pool.smallest {
            (base, self.capacity) = pool.take(max(capacity, 64))
            self.pool = Unmanaged.passRetained(pool)
        } else {
            self.capacity = max(capacity, 64)
            base = .allocate(capacity: self.capacity)
            self.pool = nil
        }
    }

    deinit {
        Self.free(base, capacity: capacity, to: pool)
        pool?.release()
    }

    static func free(_ base: UnsafeMutablePointer<UInt8>, capacity: Int, to pool: Unmanaged<JSONBufferPool>?) {
        if let pool { pool.takeUnretainedValue().giveBack(base, capacity: capacity) } else { base.deallocate() }
    }

    /// A copy of what has been written.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: length))
    }

    /// Ends the writer and hands its buffer over as a document, without copying it.
    public consuming func finish() -> JSONBytes {
        let document = JSONBytes(taking: base, count: length, capacity: capacity, pool: pool)
        discard self
        return document
    }

    /// Lends the written bytes without copying them.
    public func withBytes<Result, Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: length))
    }

    /// Hands over a copy of what has been written so far and empties the buffer, keeping its
    /// storage and the document's place: the next value still gets its comma. For writing a
    /// long document out in pieces.
    public mutating func takeWritten() -> [UInt8] {
        defer { length = 0 }
        return bytes
    }

    /// `takeWritten()`, then a buffer of at most `capacity` bytes for what follows: a writer
    /// that wrote a large first piece does not keep its storage for the small ones after it.
    public mutating func takeWritten(keepingCapacity capacity: Int) -> [UInt8] {
        let written = takeWritten()
        if self.capacity > max(capacity, 64) {
            Self.free(base, capacity: self.capacity, to: pool)
            self.capacity = max(capacity, 64)
            base = .allocate(capacity: self.capacity)
        }
        return written
    }

    /// Empties the buffer but keeps its storage, so a writer can be reused.
    public mutating func reset() {
        length = 0
        needsComma = false
    }

    @inlinable @inline(__always)
    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    @inlinable @inline(__always)
    public mutating func endObject() {
        appendByte(UInt8(ascii: "}"))
        needsComma = true
    }

    @inlinable @inline(__always)
    public mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    @inlinable @inline(__always)
    public mutating func endArray() {
        appendByte(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A comma if a value came before, and `bracket`.
    @inlinable @inline(__always)
    mutating func open(_ bracket: UInt8) {
        let comma = needsComma
        appendBytes(reserving: 2) { target, at in
            if comma {
                target[at] = UInt8(ascii: ",")
                at &+= 1
            }
            target[at] = bracket
            at &+= 1
        }
        needsComma = false
    }

    /// A member name; `name` must need no escaping.
    @inlinable @inline(__always)
    public mutating func key(_ name: StaticString) {
        let size = name.utf8CodeUnitCount
        let comma = needsComma
        appendBytes(reserving: size &+ 4) { target, at in
            if comma {
                target[at] = UInt8(ascii: ",")
                at &+= 1
            }
            target[at] = UInt8(ascii: "\"")
            (target + (at &+ 1)).update(from: name.utf8Start, count: size)
            at &+= size &+ 1
            target[at] = UInt8(ascii: "\"")
            target[at &+ 1] = UInt8(ascii: ":")
            at &+= 2
        }
        needsComma = false
    }

    /// A member name that may need escaping.
    public mutating func key(named name: String) {
        separate()
        appendEscaped(name)
        appendByte(UInt8(ascii: ":"))
        needsComma = false
    }

    @inlinable @inline(__always)
    public mutating func string(_ value: String) {
        separate()
        appendEscaped(value)
        needsComma = true
    }

    /// Opens a string value written in pieces (`appendToString`), closed by `endString`.
    public mutating func beginString() {
        separate()
        appendByte(UInt8(ascii: "\""))
    }

    /// A piece of the open string, escaped.
    public mutating func appendToString(_ piece: String) {
        appendEscaped(piece, quoted: false)
    }

    /// A piece of the open string that needs no escaping (no `"`, `\` or control character),
    /// copied as it is.
    @inlinable
    public mutating func appendVerbatimToString(_ piece: StaticString) {
        appendASCII(piece)
    }

    public mutating func endString() {
        appendByte(UInt8(ascii: "\""))
        needsComma = true
    }

    @inlinable @inline(__always)
    public mutating func number(_ value: Int) {
        separate()
        appendWhole(value)
        needsComma = true
    }

    /// Most whole numbers are indices, codes, minutes and zero widths: below 100, written
    /// here, inlined, without a call.
    @inlinable @inline(__always)
    mutating func appendWhole(_ value: Int) {
        if UInt(bitPattern: value) < 100 {
            appendBytes(reserving: 2) { target, at in
                if value < 10 {
                    target[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
                    at &+= 1
                } else {
                    target[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
                    target[at &+ 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                    at &+= 2
                }
            }
        } else {
            appendInteger(value)
        }
    }

    /// Non-finite values have no JSON form; they are written as `null`.
    @inlinable @inline(__always)
    public mutating func number(_ value: Double) {
        separate()
        // Whole below 2^53: a conversion and a comparison, where `rounded` would call libm.
        if value.magnitude < 9_007_199_254_740_992, Double(Int(value)) == value {
            appendWhole(Int(value))
        } else {
            appendFraction(value)
        }
        needsComma = true
    }

    @inlinable @inline(__always)
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
    public mutating func raw(_ json: UnsafeRawBufferPointer) {
        separate()
        reserve(json.count)
        if let source = json.baseAddress {
            (base + length).update(from: source.assumingMemoryBound(to: UInt8.self), count: json.count)
        }
        length += json.count
        needsComma = true
    }

    @inlinable @inline(__always)
    public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    @inlinable @inline(__always)
    public mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        number(value)
    }

    @inlinable @inline(__always)
    public mutating func field(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    /// A member whose value is a string that needs no escaping (a name from a fixed set).
    @inlinable @inline(__always)
    public mutating func field(_ name: StaticString, ascii value: StaticString) {
        key(name)
        let size = value.utf8CodeUnitCount
        appendBytes(reserving: size &+ 2) { target, at in
            target[at] = UInt8(ascii: "\"")
            Self.copyShort(value.utf8Start, size, to: target + (at &+ 1))
            at &+= size &+ 1
            target[at] = UInt8(ascii: "\"")
            at &+= 1
        }
        needsComma = true
    }

    @inlinable @inline(__always)
    public mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    // MARK: Internals

    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if length &+ extra > capacity { grow(to: length &+ extra) }
    }

    /// Reserves `extra` bytes, then lets `body` write them from the end through a local
    /// position, stored back once. A byte stored through `base` may, for the compiler, change
    /// the writer's own fields: written byte by byte, `length` was stored back, and checked for
    /// overflow, after every byte, and `base` loaded again before the next.
    @inlinable @inline(__always)
    mutating func appendBytes(reserving extra: Int, _ body: (UnsafeMutablePointer<UInt8>, inout Int) -> Void) {
        reserve(extra)
        var at = length
        body(base, &at)
        length = at
    }

    /// Copies `count` bytes, without a call for the short ones a name or a member is: two
    /// overlapping loads and stores of 8 or 4 bytes each cover 4 to 16.
    @inlinable @inline(__always)
    static func copyShort(_ source: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            let (head, tail) = (from.loadUnaligned(as: UInt64.self), from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        case 4..<8:
            let (head, tail) = (from.loadUnaligned(as: UInt32.self), from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        default:
            target.update(from: source, count: count)
        }
    }

    @usableFromInline @inline(never)
    mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: length)
        Self.free(base, capacity: capacity, to: pool)
        base = newBase
        capacity = newCapacity
    }

    /// Appends without a capacity check: callers `reserve` first.
    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        base[length] = byte
        length &+= 1
    }

    @inlinable @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        append(byte)
    }

    @inlinable @inline(__always)
    mutating func separate() {
        if needsComma { appendByte(UInt8(ascii: ",")) }
    }

    @inlinable
    mutating func appendASCII(_ text: StaticString) {
        let size = text.utf8CodeUnitCount
        appendBytes(reserving: size) { target, at in
            Self.copyShort(text.utf8Start, size, to: target + at)
            at &+= size
        }
    }

    /// A Double with a fraction, or not finite: never a whole number below 2^53, which
    /// `number` writes as an integer (`ShortestDecimal` would write it with a point).
    @usableFromInline
    mutating func appendFraction(_ value: Double) {
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        if value.bitPattern == lastFraction {
            reserve(18)
            let raw = UnsafeMutableRawPointer(base + length)
            raw.storeBytes(of: lastFractionBytes.0, as: UInt64.self)
            raw.storeBytes(of: lastFractionBytes.1, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: lastFractionBytes.2, toByteOffset: 16, as: UInt16.self)
            length += lastFractionLength
            return
        }
        if let decimal = ShortestDecimal(magnitude: value.magnitude) {
            appendShortest(decimal, negative: value < 0, bits: value.bitPattern)
            return
        }
        // Swift's shortest round-trip digits, written straight into the buffer: `write(to:)`
        // hands them over through `_writeASCII`, where `description` would allocate a String.
        reserve(ASCIISink.capacity)
        var sink = ASCIISink(target: base + length)
        value.write(to: &sink)
        length += sink.count
    }

    /// Any whole number; `appendWhole` writes those from 0 to 99 itself.
    @usableFromInline
    mutating func appendInteger(_ value: Int) {
        reserve(20)
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var position = length + digits - 1
        repeat {
            base[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            position -= 1
        } while magnitude > 0
        length += digits
    }

    @usableFromInline
    mutating func appendEscaped(_ value: String, quoted: Bool = true) {
        // Native and small strings lend their bytes without a copy of the String (withUTF8 needs
        // a `var`, which costs a retain and a release per string).
        if let done: Void = value.utf8.withContiguousStorageIfAvailable({ appendEscaped(utf8: $0, quoted: quoted) }) {
            return done
        }
        var value = value
        value.withUTF8 { appendEscaped(utf8: $0, quoted: quoted) }
    }

    private mutating func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, quoted: Bool) {
        // Most strings need no escaping (labels, names, colours, pieces of a sentence), and most
        // are short: one pass copies and checks each byte, and starts over escaping if one needs it.
        reserve(utf8.count &+ 2)
        // Through a local position, stored once (`appendBytes` says why).
        let target = base
        var at = length
        if quoted {
            target[at] = UInt8(ascii: "\"")
            at &+= 1
        }
        // Eight bytes at a time, then the last eight again (overlapping), or four and four, or
        // each of the last three: a byte per iteration cost a third of the full answer's writing.
        var clean = true
        let count = utf8.count
        if let source = utf8.baseAddress.map(UnsafeRawPointer.init), count >= 4 {
            let start = UnsafeMutableRawPointer(target + at)
            if count >= 8 {
                var index = 0
                repeat {
                    let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if Self.needsEscaping(word) {
                        clean = false
                        break
                    }
                    start.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
                    index &+= 8
                } while index &+ 8 <= count
                if clean, index < count {
                    let word = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                    clean = !Self.needsEscaping(word)
                    start.storeBytes(of: word, toByteOffset: count &- 8, as: UInt64.self)
                }
            } else {
                let (head, tail) = (source.loadUnaligned(as: UInt32.self), source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
                clean = !Self.needsEscaping(UInt64(head) | UInt64(tail) &<< 32)
                start.storeBytes(of: head, as: UInt32.self)
                start.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
            }
            at &+= count
        } else {
            for byte in utf8 {
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    clean = false
                    break
                }
                target[at] = byte
                at &+= 1
            }
        }
        if clean {
            if quoted {
                target[at] = UInt8(ascii: "\"")
                at &+= 1
            }
            length = at
            return
        }
        // Worst case: every byte becomes \u00XX.
        reserve(utf8.count * 6 + 2)
        if quoted { append(UInt8(ascii: "\"")) }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(UInt8(ascii: "\\")); append(byte)
            case UInt8(ascii: "\\"): append(UInt8(ascii: "\\")); append(byte)
            case 0x0A: append(UInt8(ascii: "\\")); append(UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "\\")); append(UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "\\")); append(UInt8(ascii: "t"))
            case 0x08: append(UInt8(ascii: "\\")); append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "\\")); append(UInt8(ascii: "f"))
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                for digit in [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0x0F)],
                ] {
                    append(digit)
                }
            default:
                append(byte)
            }
        }
        if quoted { append(UInt8(ascii: "\"")) }
    }

    /// Whether any of the eight bytes of `word` must be escaped in a JSON string: a control
    /// character (below 0x20), `"` or `\`. Each test sets a byte's high bit where it holds; a
    /// borrow may set the bits of bytes above one that holds too, never of a word where none does.
    @inline(__always)
    static func needsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let below0x20 = (word &- ones &* 0x20) & ~word
        let isQuote = (quote &- ones) & ~quote
        let isBackslash = (backslash &- ones) & ~backslash
        return (below0x20 | isQuote | isBackslash) & (ones &* 0x80) != 0
    }
}

/// Receives a number's digits for `JSONWriter`; the longest Double is 24 characters.
private struct ASCIISink: TextOutputStream {
    static let capacity = 32
    let target: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        let length = min(buffer.count, Self.capacity - count)
        if let source = buffer.baseAddress { (target + count).update(from: source, count: length) }
        count += length
    }

    mutating func write(_ string: String) {
        for byte in string.utf8 where count < Self.capacity {
            target[count] = byte
            count += 1
        }
    }
}
