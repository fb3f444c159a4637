import Foundation
@_exported import MicroHTTPTesting

#if canImport(Glibc)
    import Glibc
#endif

/// The real `routebar` binary, started on an ephemeral loopback port for one test.
///
/// The binary is the one `swift build --build-tests` put beside the test bundle, or
/// `ROUTEBAR_BINARY`. The server is killed when this object goes away.
public final class ServerProcess: @unchecked Sendable {
    // @unchecked: `port`, `process`, `stderrHandle` and `stderrDescriptor` are set in init and
    // never reassigned; the mutable state (`log`, `partial`, `stderrEnded`, `draining`) is read
    // and written under `lock` (the pipe's reading thread appends to it).
    public let port: UInt16
    /// The server's process, for what only /proc tells (`/proc/PID/maps`).
    public var processIdentifier: Int32 { process.processIdentifier }
    private let process: Process
    /// The pipe's reading end, held open for as long as this object or its reading thread lives.
    private let stderrHandle: FileHandle
    private let stderrDescriptor: Int32
    private let lock = NSLock()
    private var log: [String] = []
    /// The bytes after the last newline: a line the pipe has delivered only part of.
    private var partial: [UInt8] = []
    private var stderrEnded = false
    /// The reading thread is between finding bytes in the pipe and adding them to `log`.
    private var draining = false

    public init(arguments: [String] = [], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        var env = ProcessInfo.processInfo.environment
        // `make sanitize` checks the server for leaks but not the test runner, whose XCTest
        // and Foundation keep a few objects to the end.
        if let serverOptions = env["ROUTEBAR_SERVER_ASAN_OPTIONS"] { env["ASAN_OPTIONS"] = serverOptions }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Only the child writes: its exit is then the pipe's end, which `waitForExit` waits for.
        try? stderr.fileHandleForWriting.close()

        // Read stderr line by line until the server says where it listens.
        let handle = stderr.fileHandleForReading
        stderrHandle = handle
        stderrDescriptor = handle.fileDescriptor
        var pending = Data()
        var found: UInt16?
        let deadline = Date().addingTimeInterval(20)
        while found == nil, Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending += chunk
            let text = String(decoding: pending, as: UTF8.self)
            if let range = text.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                found = UInt16(text[range].split(separator: ":").last ?? "")
            }
        }
        guard let found else {
            process.terminate()
            throw TestClientError("the server did not report a port; stderr: \(String(decoding: pending, as: UTF8.self))")
        }
        port = found
        append(pending)
        // Keep draining stderr so the server never blocks on a full pipe, on a thread of its own.
        // Not with FileHandle's readabilityHandler: its dispatch read source, torn down at the
        // pipe's end, now and then crashed libdispatch's event loop on Linux (signal 11 in
        // `_dispatch_event_loop_drain`, swift-corelibs-foundation#5507), killing the test run.
        Thread { [weak self, handle] in
            Self.drain(handle.fileDescriptor) { self }
            withExtendedLifetime(handle) {}
        }.start()
    }

    /// Reads the pipe to its end: whole lines to `log`. `owner` is nil once the server object
    /// is gone (its server killed), and the thread then stops at its next look, within 0.1 s.
    private static func drain(_ descriptor: Int32, owner: () -> ServerProcess?) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 100)
            if polled < 0 && errno == EINTR { continue }
            guard let owner = owner() else { return }
            guard polled > 0 else {
                if polled < 0 { return owner.endOfPipe() }
                continue
            }
            // Bytes are in the pipe (FIONREAD counts them) until `read` takes them, and
            // `draining` holds from before it until they are in `log`: `waitForExit` never sees
            // neither while some are on their way.
            owner.lock.withLock { owner.draining = true }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR {
                owner.lock.withLock { owner.draining = false }
                continue
            }
            guard count > 0 else { return owner.endOfPipe() }
            owner.append(Data(buffer[0..<count]))
            owner.lock.withLock { owner.draining = false }
        }
    }

    /// The pipe has ended: the line in hand, if any, goes to `log`.
    private func endOfPipe() {
        lock.withLock {
            if !partial.isEmpty { log.append(String(decoding: partial, as: UTF8.self)) }
            partial = []
            stderrEnded = true
            draining = false
        }
    }

    /// Adds what the pipe delivered: whole lines to `log`, a line's beginning to `partial`.
    private func append(_ data: Data) {
        lock.withLock {
            partial += data
            while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                log.append(String(decoding: partial[..<newline], as: UTF8.self))
                partial.removeSubrange(...newline)
            }
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The lines the server wrote to stderr so far.
    public var stderrLines: [String] { lock.withLock { log } }

    public func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    public var isRunning: Bool { process.isRunning }

    /// The server's process id, for reading /proc.
    public var pid: Int32 { process.processIdentifier }

    /// `/proc/PID/NAME` of the server, read to the end: /proc's files have no size, and
    /// `String(contentsOfFile:)` read part of one.
    public func procText(_ name: String) throws -> String {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/\(name)"))
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// Waits for the process to end and for what it wrote to stderr to be read (so
    /// `stderrLines` holds its last words), and returns its exit status, or nil after the timeout.
    public func waitForExit(timeoutSeconds: Double = 20) -> Int32? {
        guard waitUntil(timeoutSeconds: timeoutSeconds, { !process.isRunning }) else { return nil }
        // The pipe ends when the server exits, unless a server another test started at the same
        // moment inherited its writing end: then what is left is nothing unread and none in hand.
        _ = waitUntil(timeoutSeconds: 5) {
            var unread: Int32 = 0
            _ = ioctl(stderrDescriptor, UInt(FIONREAD), &unread)
            return lock.withLock { stderrEnded || (unread == 0 && !draining) }
        }
        return process.terminationStatus
    }

    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["ROUTEBAR_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        // The test bundle runs from the build directory, where the executable also lands.
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = exe.deletingLastPathComponent()
        while !directory.path.hasSuffix(".xctest") && directory.path != "/"
            && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("routebar").path)
        {
            directory = directory.deletingLastPathComponent()
        }
        if directory.path.hasSuffix(".xctest") { directory = directory.deletingLastPathComponent() }
        return directory.appendingPathComponent("routebar")
    }

    /// Runs the binary with arguments to completion (for --help, --version, bad flags).
    public static func runToCompletion(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are read at once: reading one to its end first would deadlock with a child
        // that fills the other (64 KiB on Linux) and blocks writing to it before closing the first.
        let stderr = PipeReader(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = stderr.waitForEnd()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderrData, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    // @unchecked: `data` is written once by the reading thread before it signals `done`,
    // and read only after waiting on `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func waitForEnd() -> Data {
        done.wait()
        return data
    }
}
