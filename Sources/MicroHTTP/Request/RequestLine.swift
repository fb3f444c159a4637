/// The request line's checks that libmicrohttpd 0.9.75 leaves to us (RFC 9112, section 3): a
/// method is a token, and a target is one of the forms a server takes, made of the bytes a
/// URI may hold. A request line that fails is answered 400 and its connection closed: a line
/// that is not one is likely the rest of a message two parsers framed differently.
enum RequestLine {
    /// What is wrong with a target, found as its request line arrives (`RequestContext.start`).
    enum TargetFault: Equatable {
        /// A byte no URI holds: a control, a space, DEL, a byte past ASCII, or one of
        /// `"#<>\^`{|}` (RFC 3986, section 2; `#` begins a fragment, which a target has not).
        case byte(UInt8)
        /// `%` without two hexadecimal digits after it (RFC 3986, section 2.1).
        case percent
        /// Neither origin-form (`/path`), absolute-form (`http://host/path`) nor `*`.
        case form
        /// An absolute-form target whose authority is no valid host and port, or names a user.
        case authority
        /// `%2F` in the path: a slash that is part of a name, not between two; no resource has one.
        case encodedSlash
        /// `%00`, which libmicrohttpd would decode into the end of the path or a value.
        case encodedNUL
        /// `*` (asterisk-form), which is for OPTIONS alone.
        case asterisk
    }

    /// The fault of a target as it arrived, still percent-encoded; nil for a sound one.
    static func fault(of target: UnsafeBufferPointer<UInt8>) -> TargetFault? {
        guard let first = target.first else { return .form }
        // Nearly every target: URI bytes and no `%`, checked in one tight pass.
        if first == UInt8(ascii: "/"), target.allSatisfy({ isURIByte($0) && $0 != UInt8(ascii: "%") }) { return nil }
        var index = 0
        var inPath = true
        while index < target.count {
            let byte = target[index]
            guard Self.isURIByte(byte) else { return .byte(byte) }
            if byte == UInt8(ascii: "?") { inPath = false }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < target.count, ASCII.isHexDigit(target[index + 1]), ASCII.isHexDigit(target[index + 2]) else {
                    return .percent
                }
                if target[index + 1] == UInt8(ascii: "0"), target[index + 2] == UInt8(ascii: "0") { return .encodedNUL }
                if inPath, target[index + 1] == UInt8(ascii: "2"), ASCII.lowercase(target[index + 2]) == UInt8(ascii: "f") {
                    return .encodedSlash
                }
                index += 2
            }
            index += 1
        }
        if first == UInt8(ascii: "/") { return nil }
        if target.count == 1, first == UInt8(ascii: "*") { return .asterisk }
        let scheme = ASCII.hasPrefixIgnoringCase(target, "http://") ? 7 : ASCII.hasPrefixIgnoringCase(target, "https://") ? 8 : 0
        guard scheme > 0 else { return .form }
        let rest = target[scheme...]
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") }
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")),
            RequestFraming.isValidHost(UnsafeBufferPointer(rebasing: authority))
        else { return .authority }
        return nil
    }

    /// The bytes a target may hold: printable ASCII but `"#<>\^`{|}`, as bit masks below 64 and from 64.
    static func isURIByte(_ byte: UInt8) -> Bool {
        byte < 128 && (byte < 64 ? uriBytesBelow64 >> byte : uriBytesFrom64 >> (byte - 64)) & 1 == 1
    }

    private static let uriBytesBelow64: UInt64 = 0xAFFF_FFF2_0000_0000
    private static let uriBytesFrom64: UInt64 = 0x47FF_FFFE_AFFF_FFFF

    /// The answer to a request line that cannot be served, if it cannot: 400 for a method
    /// that is no token or a target `fault` names. A method that is a token goes to routing,
    /// whose 405 names the ones a resource takes (`Allow`): RFC 9110 lets a server that
    /// recognises no method answer 501, but a method a resource does not take is a 405 to
    /// clients and contract checkers alike, whether the server knows its name or not.
    static func problem(method: UnsafeBufferPointer<UInt8>, target fault: TargetFault?) -> HTTPProblem? {
        guard !method.isEmpty, method.allSatisfy(RequestFraming.isTokenByte) else {
            return HTTPProblem(status: 400, detail: "The request method is not a token (RFC 9112, section 3.1).")
        }
        let isOptions = ASCII.equal(method, "OPTIONS")
        switch fault {
        case nil: break
        case .byte(let byte):
            return HTTPProblem(
                status: 400,
                detail: "The request target holds the byte 0x\(String(byte, radix: 16, uppercase: true)), which no URI may hold (RFC 3986).")
        case .percent:
            return HTTPProblem(status: 400, detail: "The request target has a % that two hexadecimal digits do not follow (RFC 3986, section 2.1).")
        case .form:
            return HTTPProblem(
                status: 400, detail: "The request target is neither a path (/…) nor an absolute URI (http://…) (RFC 9112, section 3.2).")
        case .authority:
            return HTTPProblem(
                status: 400, detail: "The request target's authority is not a valid host and optional port (RFC 9112, section 3.2.2).")
        case .encodedNUL:
            return HTTPProblem(status: 400, detail: "The request target contains %00, which no path or parameter may hold.")
        case .encodedSlash:
            return HTTPProblem(status: 404, detail: "There is no resource whose path holds an encoded slash (%2F).")
        case .asterisk where !isOptions:
            return HTTPProblem(status: 400, detail: "The request target * is for OPTIONS alone (RFC 9112, section 3.2.4).")
        case .asterisk:
            break
        }
        return nil
    }
}
