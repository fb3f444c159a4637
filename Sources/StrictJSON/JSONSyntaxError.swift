/// Why a body is not a JSON text, and where: the byte offset of the first bad byte.
///
/// Every malformed input maps to exactly one of these, so callers can answer with a
/// precise message instead of "bad JSON".
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        case empty
        case unexpectedEnd
        case unexpectedByte(UInt8)
        case invalidUTF8
        case controlCharacterInString
        case invalidEscape
        case loneSurrogate
        case invalidNumber
        case trailingData
        case tooDeep(limit: Int)
        /// An object names this member twice (its first 64 characters).
        case duplicateMemberName(String)
    }

    public var reason: Reason
    public var offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A sentence for a person: what is wrong and at which byte.
    public var message: String {
        switch reason {
        case .empty:
            return "the body is empty; send a JSON object"
        case .unexpectedEnd:
            return "the JSON text ends too early, at byte \(offset)"
        case .unexpectedByte(let byte):
            return "unexpected \(Self.describe(byte)) at byte \(offset)"
        case .invalidUTF8:
            return "invalid UTF-8 at byte \(offset)"
        case .controlCharacterInString:
            return "unescaped control character in a string at byte \(offset)"
        case .invalidEscape:
            return "invalid escape sequence in a string at byte \(offset)"
        case .loneSurrogate:
            return "\\u escape of an unpaired UTF-16 surrogate at byte \(offset)"
        case .invalidNumber:
            return "invalid number at byte \(offset)"
        case .trailingData:
            return "unexpected data after the JSON value, at byte \(offset)"
        case .tooDeep(let limit):
            return "arrays and objects nest deeper than \(limit) levels, at byte \(offset)"
        case .duplicateMemberName(let name):
            return "the member \"\(name)\" appears twice in one object, again at byte \(offset)"
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
