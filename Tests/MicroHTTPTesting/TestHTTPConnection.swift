import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response as the test client read it off the wire.
public struct TestHTTPResponse: Sendable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed with Foundation, independently of the service's own JSON code.
    public func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw TestClientError("the body is not a JSON object: \(text)")
        }
        return object
    }
}

public struct TestClientError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A read that waited past its deadline.
public struct TestReadTimeout: Error, CustomStringConvertible {
    public var description: String { "timed out waiting for the server" }
}

/// One TCP connection to 127.0.0.1, speaking HTTP/1.1 by hand so tests control every byte:
/// keep-alive, partial bodies, chunked uploads, garbage.
public final class TestHTTPConnection {
    private var socket: Int32
    private var buffer: [UInt8] = []
    /// When set, reads fail with `TestReadTimeout` past it instead of waiting for SO_RCVTIMEO.
    private var deadline: ContinuousClock.Instant?

    /// `receiveBufferBytes` shrinks the socket's receive buffer (SO_RCVBUF), and
    /// `maximumSegmentBytes` the segment size announced to the server (TCP_MAXSEG); both are set
    /// before connecting, so that they hold from the first byte. Loopback's 64 KiB segments
    /// otherwise let the kernel buffer megabytes on the server's side of a connection.
    public init(port: UInt16, timeoutSeconds: Int = 10, receiveBufferBytes: Int?, maximumSegmentBytes: Int?) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw TestClientError("socket() failed: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBufferBytes.map(Int32.init) {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if var size = maximumSegmentBytes.map(Int32.init) {
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_MAXSEG, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(socket)
            throw TestClientError("connect to 127.0.0.1:\(port) failed: errno \(code)")
        }
    }

    public convenience init(port: UInt16, timeoutSeconds: Int = 10) throws {
        try self.init(port: port, timeoutSeconds: timeoutSeconds, receiveBufferBytes: nil, maximumSegmentBytes: nil)
    }

    deinit {
        if socket >= 0 { close(socket) }
    }

    /// Closes the socket now (the client going away), instead of when the value goes.
    public func disconnect() {
        guard socket >= 0 else { return }
        close(socket)
        socket = -1
    }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard result > 0 else { throw TestClientError("send failed: errno \(errno)") }
            sent += result
        }
    }

    /// Sends `text` and ends the stream in the same segment (TCP_CORK holds the bytes until
    /// `shutdown` sends them with the FIN): the server reads the request and the client's
    /// leaving at once, whatever the scheduling.
    public func sendAndHangUp(_ text: String) throws {
        var on: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_CORK, &on, socklen_t(MemoryLayout<Int32>.size))
        try send(Array(text.utf8))
        guard shutdown(socket, Int32(SHUT_WR)) == 0 else { throw TestClientError("shutdown failed: errno \(errno)") }
    }

    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends a request with `Content-Length` and reads the answer.
    public func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> TestHTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + body)
        return try readResponse(method: method)
    }

    /// Sends a JSON POST and returns at once; read the answer with `readResponse()`.
    public func postJSONWithoutReading(_ target: String, _ body: String) throws {
        try send(
            "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    }

    public func postJSON(_ target: String, _ body: String) throws -> TestHTTPResponse {
        try request("POST", target, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }

    /// Reads one response: status line, headers, then a body framed by Content-Length,
    /// chunked encoding, or the connection's end.
    public func readResponse(method: String = "GET") throws -> TestHTTPResponse {
        while true {
            let head = try readHead()
            let lines = head.components(separatedBy: "\r\n")
            let statusParts = lines[0].split(separator: " ")
            guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
                throw TestClientError("bad status line: \(lines[0])")
            }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            if status == 100 { continue }
            var body: [UInt8] = []
            if method == "HEAD" || status == 204 || status == 304 {
                body = []
            } else if let length = headers["content-length"].flatMap({ Int($0) }) {
                body = try readExactly(length)
            } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
                body = try readChunked()
            } else {
                body = try readToEnd()
            }
            return TestHTTPResponse(status: status, headers: headers, body: body)
        }
    }

    /// True when the server has closed the connection (reads end of stream).
    public func isClosedByPeer() -> Bool {
        (try? fill()) == 0
    }

    /// Reads one response, failing with `TestReadTimeout` if it is not complete within `timeoutSeconds`.
    public func readResponse(method: String = "GET", timeoutSeconds: Double) throws -> TestHTTPResponse {
        deadline = .now + .milliseconds(Int(timeoutSeconds * 1000))
        defer { deadline = nil }
        return try readResponse(method: method)
    }

    /// Waits up to `timeoutSeconds` for the server to close the connection (end of stream or
    /// reset): true if it did. Bytes that arrive meanwhile are kept, in `unreadBytes`.
    public func waitForPeerClose(timeoutSeconds: Double) -> Bool {
        deadline = .now + .milliseconds(Int(timeoutSeconds * 1000))
        defer { deadline = nil }
        while true {
            do {
                if try fill() == 0 { return true }
            } catch {
                return false
            }
        }
    }

    /// Whether the connection is still open right now: nothing says the server has closed it
    /// (no end of stream or reset is waiting). Does not consume data.
    public func isOpen() -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return true }
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count > 0 { return true }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return true }
        return false
    }

    /// Reads whatever arrives until the server closes or `timeoutSeconds` passes; returns it
    /// with what was already buffered.
    public func readAvailable(timeoutSeconds: Double) -> [UInt8] {
        _ = waitForPeerClose(timeoutSeconds: timeoutSeconds)
        defer { buffer = [] }
        return buffer
    }

    /// Reads at most `limit` bytes straight off the socket, without waiting: a reader as slow
    /// as it likes (the kernel's receive buffer holds the rest). Empty when nothing is there.
    public func readNow(upTo limit: Int) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: limit)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count > 0 ? Array(chunk[..<count]) : []
    }

    /// Bytes received and not yet consumed by a read.
    public var unreadBytes: [UInt8] { buffer }

    private func readHead() throws -> String {
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let range = firstRange(of: terminator) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                return head
            }
            guard try fill() > 0 else { throw TestClientError("connection closed before a response head") }
        }
    }

    private func firstRange(of pattern: [UInt8]) -> Range<Int>? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where buffer[start] == pattern[0] {
            if Array(buffer[start..<(start + pattern.count)]) == pattern { return start..<(start + pattern.count) }
        }
        return nil
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() > 0 else { throw TestClientError("connection closed mid-body") }
        }
        let result = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return result
    }

    private func readLine() throws -> String {
        while true {
            if let range = firstRange(of: [13, 10]) {
                let line = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                return line
            }
            guard try fill() > 0 else { throw TestClientError("connection closed mid-line") }
        }
    }

    private func readChunked() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine()
            guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else { throw TestClientError("bad chunk size \(sizeLine)") }
            if size == 0 {
                while try !readLine().isEmpty {}
                return body
            }
            body += try readExactly(size)
            _ = try readLine()
        }
    }

    private func readToEnd() throws -> [UInt8] {
        while try fill() > 0 {}
        defer { buffer = [] }
        return buffer
    }

    @discardableResult
    private func fill() throws -> Int {
        if let deadline {
            let remaining = deadline - .now
            let milliseconds = max(0, Int(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&descriptor, 1, Int32(milliseconds)) } while ready < 0 && errno == EINTR
            guard ready > 0 else { throw TestReadTimeout() }
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno == ECONNRESET { return 0 }
            throw TestClientError("recv failed: errno \(errno)")
        }
        buffer += chunk[..<count]
        return count
    }
}

extension TestHTTPConnection {
    /// Opens a connection, sends one request, reads the answer.
    public static func request(
        port: UInt16, _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> TestHTTPResponse {
        try TestHTTPConnection(port: port).request(method, target, headers: headers, body: body)
    }
}
