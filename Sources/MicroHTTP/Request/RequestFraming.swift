/// The checks RFC 9112 asks of a request head that libmicrohttpd 0.9.75 leaves to us, run
/// once its head is in and before any of its body is read. A request that fails one is
/// answered with a problem and its connection closed: after a framing error, nothing that
/// follows on the connection can be trusted to be where the client meant it.
struct RequestFraming {
    /// What the head says of the body.
    enum Body: Equatable {
        case none
        case length(Int)
        case chunked
    }

    var body = Body.none
    /// The body is gzip-coded (`Content-Encoding: gzip`), to be decoded as it arrives.
    var gzip = false
    /// Some field name may come on several lines: a field's value is then all of them
    /// (`MHDConnection.withFieldValue`). Never false where one does.
    var repeatsFieldNames = false

    /// Checks the head; a problem when it must be refused.
    /// `head` is the head as libmicrohttpd read it (from the request line's first byte, where it
    /// has its length) and `version` the request line's, lent for the call.
    static func check(
        _ connection: MHDConnection, _ context: RequestContext, head: UnsafeRawBufferPointer?, version: UnsafeBufferPointer<UInt8>?,
        _ configuration: HTTPServerConfiguration
    ) throws(HTTPProblem) -> RequestFraming {
        guard let version, ASCII.equal(version, "HTTP/1.1") || ASCII.equal(version, "HTTP/1.0") else {
            throw HTTPProblem(status: 505, detail: "This server speaks HTTP/1.1 and HTTP/1.0 only.")
        }
        let isHTTP11 = version[7] == 0x31
        if context.targetBytes > configuration.maxTargetBytes {
            throw HTTPProblem(
                status: 414, detail: "The request target is \(context.targetBytes) bytes; the limit is \(configuration.maxTargetBytes).",
                members: [.init("limit", configuration.maxTargetBytes)])
        }

        var fields = Fields(head: head)
        connection.forEachValue(.header) { name, value in fields.add(name: name, value: value) }
        if let fault = fields.fault ?? fields.endFault { throw fault.problem }
        if fields.count > configuration.maxHeaderFields {
            throw HTTPProblem(
                status: 431, detail: "The head has \(fields.count) header fields; the limit is \(configuration.maxHeaderFields).",
                members: [.init("limit", configuration.maxHeaderFields)])
        }
        if fields.bytes > configuration.maxHeaderBytes {
            throw HTTPProblem(
                status: 431, detail: "The header fields are \(fields.bytes) bytes; the limit is \(configuration.maxHeaderBytes).",
                members: [.init("limit", configuration.maxHeaderBytes)])
        }
        if fields.hosts > 1 || (isHTTP11 && fields.hosts == 0) {
            throw HTTPProblem(status: 400, detail: "An HTTP/1.1 request carries exactly one Host field; this one has \(fields.hosts).")
        }
        if fields.transferEncoding != nil && fields.contentLength != nil {
            throw HTTPProblem(
                status: 400,
                detail: "The request has both Content-Length and Transfer-Encoding; its end cannot be known safely (RFC 9112, section 6.3).")
        }
        var framing = RequestFraming()
        framing.repeatsFieldNames = fields.repeatsNames
        if let coding = fields.transferEncoding {
            // libmicrohttpd 0.9.75 reads a body as chunked only when the first Transfer-Encoding
            // field is `chunked` exactly (any case; no trailing space or tab); any other, it reads
            // to the connection's end, so a request behind it would vanish into the body.
            guard isHTTP11, coding else {
                throw HTTPProblem(
                    status: 400,
                    detail: "Transfer-Encoding must be exactly chunked, in one field, in an HTTP/1.1 request; this server reads no other coding.")
            }
            framing.body = .chunked
        }
        switch fields.contentLength {
        case nil: break
        case .some(.invalid):
            throw HTTPProblem(status: 400, detail: "Content-Length must be one whole number of bytes, the same in every Content-Length field.")
        case .some(.tooLarge):
            throw tooLarge(configuration, detail: "The body's Content-Length is beyond any limit; the limit is \(configuration.maxBodyBytes) bytes.")
        case .some(.value(let length)):
            if length > configuration.maxBodyBytes {
                throw tooLarge(
                    configuration, detail: "The body is \(length) bytes (Content-Length); the limit is \(configuration.maxBodyBytes) bytes.")
            }
            framing.body = length > 0 ? .length(length) : .none
        }

        switch fields.contentEncoding {
        case nil, .some(.identity): break
        case .some(.gzip): framing.gzip = true
        case .some(.unsupported):
            throw HTTPProblem(
                status: 415, detail: "Content-Encoding must be gzip or identity (or left out); the request's is not supported.",
                headers: [HTTPHeader("Accept-Encoding", "gzip, identity")])
        }
        guard context.targetHasQuery else { return framing }
        var query = QueryCheck()
        var failure: HTTPProblem?
        connection.forEachValue(.query) { name, value in
            failure = query.add(name: name, value: value)
            return failure == nil
        }
        if let failure { throw failure }
        return framing
    }

    /// A chunked body's trailer section, once it is in: its fields are field lines as the
    /// head's are (RFC 9112, section 7.1.2), held to the same syntax and the same limits,
    /// which libmicrohttpd applies to neither. A problem when it must be refused.
    static func checkTrailer(_ connection: MHDConnection, _ configuration: HTTPServerConfiguration) -> HTTPProblem? {
        var fields = Fields(head: nil)
        connection.forEachValue(.trailer) { name, value in fields.add(name: name, value: value) }
        if let fault = fields.fault { return fault.problem }
        if fields.count > configuration.maxHeaderFields || fields.bytes > configuration.maxHeaderBytes {
            return HTTPProblem(
                status: 431,
                detail: "The trailer has \(fields.count) fields of \(fields.bytes) bytes; the limits are \(configuration.maxHeaderFields) fields "
                    + "and \(configuration.maxHeaderBytes) bytes.", members: [.init("limit", configuration.maxHeaderBytes)])
        }
        return nil
    }

    /// The path of an absolute-form target (`http://host/path`), which RFC 9112 section
    /// 3.2.2 has a server accept; other targets as they are.
    static func originPath(_ target: String) -> String {
        guard !target.hasPrefix("/") else { return target }
        let bytes = Array(target.utf8)
        let schemeLength = ASCII.hasPrefixIgnoringCase(bytes, "http://") ? 7 : ASCII.hasPrefixIgnoringCase(bytes, "https://") ? 8 : 0
        guard schemeLength > 0 else { return target }
        guard let slash = bytes[schemeLength...].firstIndex(of: UInt8(ascii: "/")) else { return "/" }
        return String(decoding: bytes[slash...], as: UTF8.self)
    }

    /// A `Host` value as RFC 9110 section 7.2 has it: `uri-host [ ":" port ]`, the host a
    /// reg-name (unreserved, sub-delims, percent-encoded bytes) or a bracketed IP literal;
    /// empty is allowed (a target without an authority).
    static func isValidHost(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if value.first == UInt8(ascii: "[") {
            guard let close = value.firstIndex(of: UInt8(ascii: "]")), close > 1 else { return false }
            for byte in value[1..<close] where !(ASCII.isHexDigit(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")) {
                return false
            }
            index = close + 1
        } else {
            while index < value.count, value[index] != UInt8(ascii: ":") {
                guard isRegNameByte(value[index]) else { return false }
                index += 1
            }
        }
        guard index < value.count else { return true }
        guard value[index] == UInt8(ascii: ":") else { return false }
        return value[(index + 1)...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// unreserved, sub-delims and `%` (RFC 3986): the bytes of a reg-name.
    private static func isRegNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"): true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// RFC 9110's tchar, the bytes a field name is made of.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        byte < 128 && (byte < 64 ? tokenBytesBelow64 >> byte : tokenBytesFrom64 >> (byte - 64)) & 1 == 1
    }

    /// tchar as bit masks: digits and ``!#$%&'*+-.`` below 64; letters and ``^_`|~`` from 64.
    private static let tokenBytesBelow64: UInt64 = 0x03FF_6CFA_0000_0000
    private static let tokenBytesFrom64: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    static func tooLarge(_ configuration: HTTPServerConfiguration, detail: String) -> HTTPProblem {
        HTTPProblem(status: 413, detail: detail, members: [.init("limit", configuration.maxBodyBytes)])
    }

    /// The header fields, as far as framing cares.
    private struct Fields {
        enum Length: Equatable {
            case value(Int)
            case tooLarge
            case invalid
        }

        var bytes = 0
        var count = 0
        var hosts = 0
        var contentLength: Length?
        /// The first `Content-Type`, which a request has once (RFC 9110, section 5.3: one
        /// value, not a list): a second that differs is refused.
        var contentType: UnsafeBufferPointer<UInt8>?
        /// A bit for each field name, by its length and its first and last letters: a bit seen
        /// twice means a name may repeat (a false alarm only costs the slower look-up that
        /// joins lines).
        var namesSeen: UInt64 = 0
        var repeatsNames = false
        /// Whether the codings so far are exactly `chunked`, when any field was present.
        var transferEncoding: Bool?
        var contentEncoding: Coding?

        enum Coding {
            case identity, gzip, unsupported
        }

        /// A field no request may have; the first one found.
        var fault: Fault?

        /// The head as libmicrohttpd read it, where it says; nil where it does not.
        let head: UnsafeRawBufferPointer?
        /// Where the last field's value ends.
        var lastValueEnd: UnsafeRawPointer?

        init(head: UnsafeRawBufferPointer?) {
            self.head = head
        }

        enum Fault {
            case badName, bareCR, control, badHost, folded, emptyName, twoContentTypes

            var problem: HTTPProblem {
                switch self {
                case .badName:
                    HTTPProblem(status: 400, detail: "A header field name holds a character a name may not hold (a space before the colon?).")
                case .bareCR: HTTPProblem(status: 400, detail: "A header field value holds a bare CR.")
                case .control: HTTPProblem(status: 400, detail: "A header field value holds a control character (RFC 9110, section 5.5).")
                case .badHost: HTTPProblem(status: 400, detail: "The Host field is not a valid host and optional port (RFC 9110, section 7.2).")
                case .twoContentTypes:
                    HTTPProblem(status: 400, detail: "The request has two Content-Type fields that differ; it has one type (RFC 9110, section 8.3).")
                case .emptyName:
                    HTTPProblem(status: 400, detail: "A header line has no field name before its colon (RFC 9112, section 5).")
                case .folded:
                    HTTPProblem(
                        status: 400,
                        detail: "A header field is folded across lines (obs-fold, RFC 9112 section 5.2), which this server does not accept.")
                }
            }
        }

        /// What ends the head, when its last field does not: libmicrohttpd 0.9.75 takes a line
        /// that begins with a colon (an empty field name) after another field for the head's
        /// end, and reads what follows it as the next request (`GET / HTTP/1.1`, `Host: a`,
        /// `: x`, then a request of the client's choosing). It leaves CR and LF, and the colon
        /// of such a line, as zeros: between the last field's value and the head's end there
        /// are the value's line end and the empty line, two to four zeros, and nothing else.
        /// (A line of a lone colon and a bare LF after a CRLF, `:` LF, leaves what `CRLF`
        /// leaves: that one cannot be told.)
        var endFault: Fault? {
            guard let head, let start = head.baseAddress, let lastValueEnd else { return nil }
            let rest = UnsafeRawBufferPointer(start: lastValueEnd, count: start + head.count - lastValueEnd)
            return (2...4).contains(rest.count) && rest.allSatisfy({ $0 == 0 }) ? nil : .emptyName
        }

        /// The fields that frame a request. libmicrohttpd 0.9.75 appends a folded line to the
        /// field's *name* (`Content-Length:` CRLF ` 35` arrives as `Content-Length35` with an
        /// empty value), so a name that starts with one of these and goes on is a fold.
        static let framingNames: [StaticString] = ["content-length", "transfer-encoding", "content-encoding", "host"]

        /// Notes one field; false once a fault is found, which ends the look.
        mutating func add(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?) -> Bool {
            bytes += name.count + (value?.count ?? 0) + 4
            count += 1
            if let head, let start = head.baseAddress {
                // libmicrohttpd keeps names and values where they arrived, in the head, but
                // for a field folded across lines, which it copies elsewhere to join.
                let end = start + head.count
                func inHead(_ text: UnsafeBufferPointer<UInt8>?) -> UnsafeRawPointer? {
                    guard let text, let at = text.baseAddress.map(UnsafeRawPointer.init), at >= start, at + text.count < end else { return nil }
                    return at + text.count
                }
                guard inHead(name) != nil, let valueEnd = inHead(value) else {
                    fault = .folded
                    return false
                }
                lastValueEnd = valueEnd
            }
            guard !name.isEmpty, name.allSatisfy(RequestFraming.isTokenByte) else {
                fault = .badName
                return false
            }
            let value = value ?? UnsafeBufferPointer(start: nil, count: 0)
            // libmicrohttpd ends a line at LF and cuts a value at a NUL (which therefore cannot
            // be seen here, see docs/reliability.md), but lets a bare CR and other controls through.
            for byte in value where (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                fault = byte == 13 ? .bareCR : .control
                return false
            }
            let hash = UInt64(name.count) &* 7 &+ UInt64(ASCII.lowercase(name[0])) &* 3 &+ UInt64(ASCII.lowercase(name[name.count - 1]))
            let bit: UInt64 = 1 << (hash % 64)
            if namesSeen & bit != 0 { repeatsNames = true }
            namesSeen |= bit
            if Self.framingNames.contains(where: { name.count > $0.utf8CodeUnitCount && ASCII.hasPrefixIgnoringCase(name, $0) }) {
                fault = .folded
                return false
            }
            if ASCII.equalIgnoringCase(name, "host") {
                guard RequestFraming.isValidHost(UnsafeBufferPointer(rebasing: ASCII.trimmed(value[...]))) else {
                    fault = .badHost
                    return false
                }
                hosts += 1
            } else if ASCII.equalIgnoringCase(name, "content-type") {
                if let first = contentType, !first.elementsEqual(value) {
                    fault = .twoContentTypes
                    return false
                }
                contentType = contentType ?? value
            } else if ASCII.equalIgnoringCase(name, "content-length") {
                let parsed = Self.length(value)
                if let previous = contentLength, previous != parsed { contentLength = .invalid } else { contentLength = parsed }
            } else if ASCII.equalIgnoringCase(name, "content-encoding") {
                // One coding, once: several (`gzip, gzip`) are not decoded.
                let coding = ASCII.trimmed(value[...])
                let this: Coding =
                    ASCII.equalIgnoringCase(coding, "gzip") || ASCII.equalIgnoringCase(coding, "x-gzip")
                    ? .gzip
                    : ASCII.equalIgnoringCase(coding, "identity") ? .identity : .unsupported
                contentEncoding = contentEncoding == nil ? this : .unsupported
            } else if ASCII.equalIgnoringCase(name, "transfer-encoding") {
                // Several fields make one list: `chunked` twice is not `chunked`. Not trimmed:
                // libmicrohttpd drops the spaces before a value but keeps those after it.
                transferEncoding = transferEncoding == nil && ASCII.equalIgnoringCase(value[...], "chunked")
            }
            return true
        }

        static func length(_ value: UnsafeBufferPointer<UInt8>) -> Length {
            let digits = ASCII.trimmed(value[...])
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return .invalid }
            var result = 0
            for digit in digits {
                let (times, overflowA) = result.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = times.addingReportingOverflow(Int(digit - 0x30))
                if overflowA || overflowB { return .tooLarge }
                result = sum
            }
            return .value(result)
        }

    }

    /// Query parameters: each named once, none holding a NUL.
    private struct QueryCheck {
        var names: [UnsafeBufferPointer<UInt8>] = []

        mutating func add(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>?) -> HTTPProblem? {
            // An empty pair (`?a=1&`, `?&`), as URL builders leave them: nothing named, nothing given.
            if HTTPRequest.isEmptyPair(name: name, value: value) { return nil }
            let shown = String(decoding: name.prefix(64), as: UTF8.self)
            if name.contains(0) || (value?.contains(0) ?? false) {
                return HTTPProblem(status: 400, detail: "The query parameter \(shown) holds %00.", members: [.init("parameter", shown)])
            }
            if names.contains(where: { $0.elementsEqual(name) }) {
                return HTTPProblem(
                    status: 400, detail: "The query parameter \(shown) is given more than once.",
                    members: [.init("parameter", shown)])
            }
            names.append(name)
            return nil
        }
    }
}
