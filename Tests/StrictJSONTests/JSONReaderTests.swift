import Foundation
import StrictJSON
import Testing

/// Reads any JSON value into Foundation-like values, through the reader's API only.
private func readValue(_ reader: inout JSONReader) throws(JSONSyntaxError) -> Any {
    switch try reader.peekKind() {
    case .object:
        var object: [String: Any] = [:]
        try reader.beginObject()
        while try reader.nextKey() {
            let key = reader.key
            object[key] = try readValue(&reader)
        }
        return object
    case .array:
        var array: [Any] = []
        try reader.beginArray()
        while try reader.nextElement() { array.append(try readValue(&reader)) }
        return array
    case .string: return try reader.readString()
    case .number: return try reader.readNumber()
    case .bool: return try reader.readBool()
    case .null:
        try reader.readNull()
        return NSNull()
    }
}

private func parse(_ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth) -> Result<Any, JSONSyntaxError> {
    bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer, maxDepth: maxDepth)
        do throws(JSONSyntaxError) {
            let value = try readValue(&reader)
            try reader.finish()
            return .success(value)
        } catch {
            return .failure(error)
        }
    }
}

private func parse(_ text: String) -> Result<Any, JSONSyntaxError> {
    parse(Array(text.utf8))
}

private func skip(_ bytes: [UInt8]) -> JSONSyntaxError? {
    bytes.withUnsafeBufferPointer { buffer -> JSONSyntaxError? in
        var reader = JSONReader(buffer)
        do throws(JSONSyntaxError) {
            try reader.skipValue()
            try reader.finish()
            return nil
        } catch {
            return error
        }
    }
}

@Suite struct JSONReaderTests {
    @Test func readsADocument() throws {
        let value = try parse(#" {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d\u00e9\n"}, "": 0} "#).get()
        let object = try #require(value as? [String: Any])
        let array = try #require(object["a"] as? [Any])
        #expect(array[0] as? Double == 1)
        #expect(array[1] as? Double == -2.5)
        #expect(array[2] as? Double == 300)
        #expect(array[3] as? Bool == true)
        #expect(array[4] as? Bool == false)
        #expect(array[5] is NSNull)
        #expect((object["b"] as? [String: Any])?["c"] as? String == "dé\n")
        #expect(object[""] as? Double == 0)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\uD83D\uDE80 \u0041\u00e9\u4e2d", "가나 🚀"]"#).get()
        let strings = try #require(value as? [String])
        #expect(strings == ["\"\\/\u{08}\u{0C}\n\r\t", "🚀 Aé中", "가나 🚀"])
    }

    @Test func keysCompareAfterDecodingEscapes() throws {
        let body = Array(#"[{"w\u0069dth": 1}, {"width": 2, "widths": 3}]"#.utf8)
        let matches = body.withUnsafeBufferPointer { buffer -> [Bool] in
            var reader = JSONReader(buffer)
            var result: [Bool] = []
            try! reader.beginArray()
            while try! reader.nextElement() {
                try! reader.beginObject()
                while try! reader.nextKey() {
                    result.append(reader.keyEquals("width"))
                    try! reader.skipValue()
                }
            }
            return result
        }
        #expect(matches == [true, true, false])
    }

    /// RFC 7493 §2.3: an object names each member once. The error names the first repeat in
    /// document order and points at its opening quote, whatever path reads the object.
    @Test(arguments: [
        (#"{"a": 1, "b": 2, "a": 3}"#, "a", 17),
        (#"{"width": 1, "w\u0069dth": 2}"#, "width", 13),
        (#"[{"x": {"y": 1, "y": 2}}]"#, "y", 16),
        (#"{"a": {"b": 1}, "c": {"b": 2}, "c": 3}"#, "c", 31),
    ])
    func duplicateMemberNamesAreRefused(text: String, name: String, offset: Int) {
        let expected = JSONSyntaxError(.duplicateMemberName(name), at: offset)
        #expect(throws: expected) { try parse(text).get() }
        #expect(skip(Array(text.utf8)) == expected)
    }

    /// Objects past the pairwise limit are sorted: the repeat reported is still the first in
    /// the document, and equal names in sibling objects are not repeats.
    @Test func duplicatesInLargeObjectsAreFoundInDocumentOrder() throws {
        var members = (0..<5_000).map { "\"k\($0)\": \($0)" }
        #expect(throws: Never.self) { try parse("{" + members.joined(separator: ",") + "}").get() }
        #expect(throws: Never.self) {
            try parse("[{" + members.joined(separator: ",") + "}, {" + members.joined(separator: ",") + "}]").get()
        }
        members.append(#""k4000": 1"#)
        members.append(#""k17": 1"#)
        let text = "{" + members.joined(separator: ",") + "}"
        // "k17" sorts before "k4000", but "k4000" comes first in the document.
        let offset = Array(text.utf8).count - #""k4000": 1,"k17": 1}"#.utf8.count
        #expect(throws: JSONSyntaxError(.duplicateMemberName("k4000"), at: offset)) { try parse(text).get() }
    }

    /// Storage passed on from a reader that stopped inside objects holds none of their names.
    @Test func namesStoragePassedOnStartsEmpty() {
        var names = JSONReader.MemberNames()
        var errors: [JSONSyntaxError?] = []
        for text in [#"{"a": 1, "b": {"a": 1, "b""#, #"{"a": 2, "b": {"b": 1}}"#, #"{"b": 1, "b": 2}"#] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(buffer, memberNames: names)
                do throws(JSONSyntaxError) {
                    try reader.skipValue()
                    errors.append(nil)
                } catch {
                    errors.append(error)
                }
                names = reader.takeMemberNames()
            }
        }
        #expect(errors == [JSONSyntaxError(.unexpectedEnd, at: 26), nil, JSONSyntaxError(.duplicateMemberName("b"), at: 9)])
    }

    @Test func numbersMatchTheStandardLibrary() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "1", "0.1", "0.30000000000000004", "5.4787234042553195", "1e22", "1e23", "9007199254740993",
            "123456789012345678901234567890", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308",
            "0.000001", "1E+2", "1e-7", "-12.5e-3", "100000000000000000000000", "3.14159265358979323846",
        ]
        for _ in 0..<5_000 {
            let value = Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator))
            texts.append(value.description)
            texts.append(
                String(Int.random(in: -1_000_000...1_000_000, using: &generator)) + "." + String(Int.random(in: 0...999_999, using: &generator)))
        }
        for text in texts {
            let parsed = try parse(text).get() as? Double
            #expect(parsed == Double(text), "\(text)")
        }
        #expect(try parse("1e400").get() as? Double == .infinity)
    }

    /// Underflow rounds as IEEE 754 does: below half the smallest subnormal, a zero of the
    /// number's sign; a subnormal stays one.
    @Test(arguments: ["1e-400", "0.00000000000000000000000001e-300", "1e-99999"])
    func underflowBelowEverySubnormalReadsAsZero(text: String) throws {
        let positive = try #require(try parse(text).get() as? Double)
        let negative = try #require(try parse("-" + text).get() as? Double)
        #expect(positive == 0 && positive.sign == .plus)
        #expect(negative == 0 && negative.sign == .minus)
        #expect(try parse("1e-320").get() as? Double == Double("1e-320"))
        #expect(try parse("0e-400").get() as? Double == 0)
        #expect(try parse("0.000e5").get() as? Double == 0)
    }

    @Test(arguments: [
        ("", JSONSyntaxError.Reason.empty),
        ("   \n", .empty),
        ("{", .unexpectedEnd),
        (#"{"a" 1}"#, .unexpectedByte(UInt8(ascii: "1"))),
        (#"{"a":1,}"#, .unexpectedByte(UInt8(ascii: "}"))),
        (#"{"a":1 "b":2}"#, .unexpectedByte(UInt8(ascii: "\""))),
        ("[1,]", .unexpectedByte(UInt8(ascii: "]"))),
        ("[1 2]", .unexpectedByte(UInt8(ascii: "2"))),
        ("{1: 2}", .unexpectedByte(UInt8(ascii: "1"))),
        ("01", .trailingData),
        ("1.", .unexpectedEnd),
        ("1.e5", .invalidNumber),
        (".5", .unexpectedByte(UInt8(ascii: "."))),
        ("+1", .unexpectedByte(UInt8(ascii: "+"))),
        ("-", .unexpectedEnd),
        ("-a", .invalidNumber),
        ("1e", .unexpectedEnd),
        ("1e+", .unexpectedEnd),
        ("NaN", .unexpectedByte(UInt8(ascii: "N"))),
        ("Infinity", .unexpectedByte(UInt8(ascii: "I"))),
        ("tru", .unexpectedEnd),
        ("nul1", .unexpectedByte(UInt8(ascii: "1"))),
        (#""abc"#, .unexpectedEnd),
        (#""\x""#, .invalidEscape),
        (#""\u12G4""#, .invalidEscape),
        (#""\uD800""#, .loneSurrogate),
        (#""\uDC00\uD800""#, .loneSurrogate),
        (#""\uD800\u0041""#, .loneSurrogate),
        ("\"a\tb\"", .controlCharacterInString),
        ("{} x", .trailingData),
        ("[] []", .trailingData),
        ("'a'", .unexpectedByte(UInt8(ascii: "'"))),
    ])
    func rejectsMalformedText(text: String, reason: JSONSyntaxError.Reason) {
        switch parse(text) {
        case .failure(let error): #expect(error.reason == reason, "\(text)")
        case .success: Issue.record("accepted \(text)")
        }
        #expect(skip(Array(text.utf8))?.reason == reason, "skipValue agrees on \(text)")
    }

    @Test(
        arguments: [
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong, three bytes
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-16 surrogate in UTF-8
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
            [0x22, 0xFF, 0x22],
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xE4, 0xB8, 0x22],  // truncated sequence
            [0xFE, 0xFF],
            [0x7B, 0xC3, 0xA9, 0x7D],  // valid UTF-8 where a key must be
        ] as [[UInt8]])
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        guard case .failure(let error) = parse(bytes) else {
            Issue.record("accepted \(bytes)")
            return
        }
        if bytes == [0x7B, 0xC3, 0xA9, 0x7D] {
            #expect(error.reason == .unexpectedByte(0xC3))
        } else {
            #expect(error.reason == .invalidUTF8)
        }
    }

    @Test func acceptsEveryValidUTF8Length() throws {
        let value = try parse(Array("\"a\u{E9}\u{4E2D}\u{1F680}\u{10FFFF}\"".utf8)).get()
        #expect(value as? String == "a\u{E9}\u{4E2D}\u{1F680}\u{10FFFF}")
    }

    @Test func ignoresALeadingByteOrderMark() throws {
        #expect(try parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).get() as? [Double] == [1])
    }

    @Test func capsNestingWithoutRecursingPastIt() {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? parse(ok).get()) != nil)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONSyntaxError(.tooDeep(limit: 64), at: 64)) { try parse(deep).get() }
        // A million levels must fail fast, not overflow the stack.
        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(skip(hostile)?.reason == .tooDeep(limit: 64))
        let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        #expect(skip(objects)?.reason == .tooDeep(limit: 64))
    }

    @Test func errorsSayWhereAndWhat() {
        guard case .failure(let error) = parse(#"{"a": tru}"#) else {
            Issue.record(#"accepted {"a": tru}"#)
            return
        }
        #expect(error.offset == 9)
        #expect(error.message == "unexpected '}' at byte 9")
        #expect(JSONSyntaxError(.invalidUTF8, at: 3).message == "invalid UTF-8 at byte 3")
        #expect(JSONSyntaxError(.unexpectedByte(0x01), at: 0).message == "unexpected byte 0x01 at byte 0")
    }

    /// Strings are scanned eight bytes at a time until a byte that needs a look of its own: each
    /// such byte, at every place in a word and past the words, is found where it is.
    @Test func everyByteThatNeedsALookIsFoundAtEveryPlaceOfAWord() {
        // The bytes, what they decode to, or why they are refused.
        let cases: [(bytes: [UInt8], decoded: String, reason: JSONSyntaxError.Reason?)] = [
            ([0x5C, 0x6E], "\n", nil),
            (Array("é".utf8), "é", nil),
            (Array("🚆".utf8), "🚆", nil),
            ([0x7F], "\u{7F}", nil),
            ([0x01], "", .controlCharacterInString),
            ([0x1F], "", .controlCharacterInString),
            ([0xFF], "", .invalidUTF8),
            ([0xC3], "", .invalidUTF8),
        ]
        for (special, decoded, reason) in cases {
            for before in 0..<20 {
                for after in [0, 1, 7, 8, 9] {
                    let prefix = String(repeating: "a", count: before), suffix = String(repeating: "b", count: after)
                    let text = [0x22] + Array(prefix.utf8) + special + Array(suffix.utf8) + [0x22]
                    let place = "\(special) after \(before) bytes, before \(after)"
                    switch parse(text) {
                    case .success(let value):
                        #expect(reason == nil, "\(place)")
                        #expect(value as? String == prefix + decoded + suffix, "\(place)")
                    case .failure(let error):
                        #expect(error.reason == reason, "\(place)")
                        #expect(error.offset == 1 + before, "\(place)")
                    }
                }
                // A string that ends (or does not) at every place of a word.
                let plain = [0x22] + Array(String(repeating: "a", count: before).utf8)
                #expect((try? parse(plain + [0x22]).get()) as? String == String(repeating: "a", count: before))
                #expect(skip(plain) != nil)
            }
        }
    }

    /// Indentation after a line break is skipped eight bytes at a time: a value after any run
    /// of spaces, and after a tab or a carriage return inside it, is where it is.
    @Test func aValueAfterIndentationOfAnyLengthIsRead() {
        for indent in 0..<20 {
            for breaker in ["", "\t", "\r", "\n"] {
                let spaces = String(repeating: " ", count: indent)
                let text = "[\n" + spaces + breaker + spaces + "1,\n" + spaces + "\"a\"\n" + spaces + "]"
                let value = try? parse(text).get() as? [Any]
                #expect(value?.count == 2, "indent \(indent), \(breaker.debugDescription)")
                #expect(value?.first as? Double == 1)
                #expect(value?.last as? String == "a")
                // Not whitespace: a byte in the indentation is found where it is.
                guard case .failure(let error) = parse("[\n" + spaces + "x" + spaces + "1]") else {
                    Issue.record("x in the indentation was read")
                    continue
                }
                #expect(error.offset == 2 + indent)
            }
        }
    }
}
