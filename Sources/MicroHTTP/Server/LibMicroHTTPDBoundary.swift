internal import CMicroHTTPD
internal import CMicroHTTPDShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The C boundary: the only file of MicroHTTP that imports libmicrohttpd or its shims. Every
// libmicrohttpd call, every libmicrohttpd pointer and every `Unmanaged` is here; the rest of
// MicroHTTP speaks Swift: `MHDConnection` and `MHDDaemon` own libmicrohttpd's two pointers,
// callbacks hand on C strings as Swift values (a `String`, or bytes lent as
// `UnsafeBufferPointer<UInt8>` where the per-request path must not copy them), `AccessResult`
// stands for `MHD_Result`, and the socket calls made from Swift go through `syscall`, which
// retries EINTR and throws a `SystemCallError` naming the call.
//
// libmicrohttpd calls the C function pointers below; they capture nothing. They find:
// - the server through the `context` pointer given at start: retained by `MHDDaemon.start` and
//   released by `MHDDaemon.stop` after the daemon has stopped, so no callback outlives it;
// - the connection through libmicrohttpd's socket context: a retained `ConnectionState`,
//   released when libmicrohttpd reports the connection closed;
// - the request through its slot (`con_cls`): the connection's own `RequestContext`,
//   unretained, because the connection state that owns it outlives every request on it.

// MARK: - System calls

/// A system call that failed: its name and `errno`.
struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call, as `man 2` names it: "shutdown", "send", …
    let call: String
    let errno: Int32

    init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    var description: String { "\(call) failed: \(HTTPServerError.systemMessage(errno)) (errno \(errno))" }
}

/// What a call on a non-blocking descriptor did: its result, or nothing because it would have
/// had to wait.
enum IOResult<Value> {
    case processed(Value)
    case wouldBlock
}

/// Runs a system call the way swift-nio's `syscall(blocking:)` does: again while it is
/// interrupted (`EINTR`), and a failure (-1) becomes a thrown `SystemCallError` carrying `call`
/// and `errno`. With `blocking: true`, for a non-blocking descriptor, "it would block"
/// (`EAGAIN`, `EWOULDBLOCK`) is a result, `.wouldBlock`, not an error.
///
/// Not for close(2), which must not be retried after EINTR (see `close_once` in shims.c).
@inline(__always)
func syscall<Value: FixedWidthInteger>(
    _ call: String, blocking: Bool, _ body: () -> Value
) throws(SystemCallError) -> IOResult<Value> {
    while true {
        let result = body()
        guard result == -1 else { return .processed(result) }
        let error = errno
        switch error {
        case EINTR: continue
        case EAGAIN where blocking, EWOULDBLOCK where blocking: return .wouldBlock
        default: throw SystemCallError(call, errno: error)
        }
    }
}

/// `syscall(_:blocking:_:)` for a call that cannot report "would block".
@inline(__always)
func syscall<Value: FixedWidthInteger>(_ call: String, _ body: () -> Value) throws(SystemCallError) -> Value {
    switch try syscall(call, blocking: false, body) {
    case .processed(let value): return value
    case .wouldBlock: preconditionFailure("\(call) reported EAGAIN with blocking: false")
    }
}

/// A connection's socket as libmicrohttpd accepted it: non-blocking, and libmicrohttpd's to
/// close. It closes the descriptor only after it has told us the connection closed
/// (`MHD_CONNECTION_NOTIFY_CLOSED`), so a `ConnectionSocket` is safe to use until that callback
/// returns, and no longer: see `ConnectionWatchdog.Watched.socket`.
struct ConnectionSocket: Sendable, Hashable {
    let descriptor: Int32

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Which directions `shutDown` ends.
    enum Direction {
        /// The server sends no more (a FIN after what is queued); it may still read.
        case write
        /// Both: libmicrohttpd then finds the socket dead on its next read or write.
        case readAndWrite

        fileprivate var how: Int32 {
            switch self {
            case .write: Int32(SHUT_WR)
            case .readAndWrite: Int32(SHUT_RDWR)
            }
        }
    }

    /// shutdown(2). `ENOTCONN` means the connection is already gone (the client reset it).
    func shutDown(_ direction: Direction) throws(SystemCallError) {
        let result = try syscall("shutdown") { shutdown(descriptor, direction.how) }
        assert(result == 0)
    }

    /// send(2) without waiting and without SIGPIPE: how many bytes the socket's send buffer took
    /// (0 when it had no room at all). A client that has gone throws `EPIPE` or `ECONNRESET`.
    func sendWithoutWaiting(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        switch try syscall("send", blocking: true, { send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }) {
        case .processed(let sent): return sent
        case .wouldBlock: return 0
        }
    }

    /// Bytes the kernel holds unread on the socket (FIONREAD).
    func unreadBytes() throws(SystemCallError) -> Int {
        var count: Int32 = 0
        let result = try syscall("ioctl(FIONREAD)") { ioctl(descriptor, UInt(FIONREAD), &count) }
        assert(result == 0)
        return Int(count)
    }

    /// Bytes read from the socket so far (libmicrohttpd's reads, chunk framing included); nil
    /// when the kernel cannot tell (a socket that has gone).
    func bytesRead() -> Int? {
        let read = cmhd_socket_bytes_read(descriptor)
        return read < 0 ? nil : Int(read)
    }

    /// Bytes the client has acknowledged so far; nil when the kernel cannot tell.
    func bytesAcknowledged() -> Int? {
        let acked = cmhd_socket_bytes_acked(descriptor)
        return acked < 0 ? nil : Int(acked)
    }

    /// Whether the peer has closed its side: a read would return end of file at once, with
    /// nothing unread before it. A socket in error (a reset) has lost its peer too.
    func peerHasClosed() -> Bool {
        var byte: UInt8 = 0
        do {
            switch try syscall("recv", blocking: true, { recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) }) {
            case .processed(let got): return got == 0
            case .wouldBlock: return false
            }
        } catch {
            // ECONNRESET, ETIMEDOUT and the like: the connection is dead, and its client gone.
            return true
        }
    }
}

// MARK: - Callback results

/// What a callback tells libmicrohttpd about the connection: `MHD_Result` in Swift.
enum AccessResult {
    /// Go on: read more, send what is queued, keep the connection.
    case proceed
    /// Close the connection now, without reading the rest (`MHD_NO`).
    case closeNow

    fileprivate var mhd: MHD_Result {
        switch self {
        case .proceed: .YES
        case .closeNow: .NO
        }
    }
}

// MARK: - The connection

/// A connection of libmicrohttpd's (`struct MHD_Connection *`): its request's values, its
/// socket, suspending and resuming it, and queueing its answer. Valid while libmicrohttpd has
/// the connection, which is for as long as any of our callbacks for it runs, and, while it is
/// suspended, until it is resumed.
struct MHDConnection {
    private let pointer: OpaquePointer

    fileprivate init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Which of a request's values: its header fields, or its query-string parameters
    /// (percent-decoded).
    enum ValueKind {
        case header
        case query
        /// A chunked body's trailer fields.
        case trailer

        fileprivate var mhd: MHD_ValueKind {
            switch self {
            case .header: .HEADER_KIND
            case .query: .GET_ARGUMENT_KIND
            case .trailer: .FOOTER_KIND
            }
        }
    }

    /// The connection's socket.
    var socket: ConnectionSocket { ConnectionSocket(cmhd_connection_fd(pointer)) }

    /// What the server keeps about the connection, stored at its start.
    fileprivate var state: ConnectionState? {
        cmhd_socket_context(pointer).map { Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// How many values of `kind` the request has.
    func valueCount(_ kind: ValueKind) -> Int {
        Int(MHD_get_connection_values(pointer, kind.mhd, nil, nil))
    }

    /// Iterates the request's values of `kind` with their true sizes, which reveal a NUL inside
    /// a value; `body` returns false to stop. The bytes are lent for the call only.
    ///
    /// The values are listed first, on the stack, and then visited: libmicrohttpd's C callback
    /// cannot call a closure that does not escape, and making `body` escape for the call
    /// (`withoutActuallyEscaping`) allocated its context, and its captured variables, on the
    /// heap at every call (about 300 instructions, three times a request).
    func forEachValue(_ kind: ValueKind, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) -> Bool) {
        let count = valueCount(kind)
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: ListedValue.self, capacity: count) { values in
            guard let base = values.baseAddress else { return }
            var list = ValueList(base: base, capacity: count)
            withUnsafeMutablePointer(to: &list) { listPointer in
                _ = MHD_get_connection_values_n(
                    pointer, kind.mhd,
                    { cls, _, key, keySize, value, valueSize in
                        guard let list = cls?.assumingMemoryBound(to: ValueList.self), list.pointee.count < list.pointee.capacity else {
                            return .NO
                        }
                        list.pointee.base[list.pointee.count] = ListedValue(key: key, keySize: keySize, value: value, valueSize: valueSize)
                        list.pointee.count += 1
                        return .YES
                    }, listPointer)
            }
            for index in 0..<list.count {
                let listed = base[index]
                guard let key = listed.key else { continue }
                if !body(bytesOf(key, count: listed.keySize), listed.value.map { bytesOf($0, count: listed.valueSize) }) { return }
            }
        }
    }

    /// The request's head as libmicrohttpd read it, from the request line's first byte (the
    /// method it lends the access handler, `start`) for the length it counts; nil where it
    /// does not say. Only for where its fields lie: CR, LF and what it parsed are zeros there.
    func head(startingAt start: UnsafePointer<UInt8>?) -> UnsafeRawBufferPointer? {
        let size = cmhd_request_head_size(pointer)
        guard let start, size > 0 else { return nil }
        return UnsafeRawBufferPointer(start: start, count: size)
    }

    /// Lends the first value of `kind` named `name` (libmicrohttpd ignores case), without copying
    /// it into a String; nil when there is none.
    func withValue<Result>(_ kind: ValueKind, _ name: String, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        // withCString lends a short name from the stack; passing the String itself would copy it to the heap.
        guard let value = name.withCString({ MHD_lookup_connection_value(pointer, kind.mhd, $0) }) else { return body(nil) }
        return body(cStringBytes(value))
    }

    /// The first value of `kind` named `name`, as a String.
    func value(_ kind: ValueKind, _ name: String) -> String? {
        withValue(kind, name) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// A header field's value, as RFC 9110 section 5.3 has several lines of one name: one list,
    /// their values joined by ", " in order (`Accept: a` and `Accept: b` are `a, b`). Where no
    /// name repeats (`combining` false: `RequestFraming` found none), the one line's value.
    func withFieldValue<Result>(_ name: String, combining: Bool, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard combining else { return withValue(.header, name, body) }
        var joined: [UInt8]?
        forEachValue(.header) { key, value in
            guard ASCII.equalIgnoringCase(key, name: name) else { return true }
            if joined != nil { joined! += [UInt8(ascii: ","), UInt8(ascii: " ")] }
            joined = (joined ?? []) + Array(value ?? UnsafeBufferPointer(start: nil, count: 0))
            return true
        }
        guard let joined else { return body(nil) }
        return joined.withUnsafeBufferPointer { body($0) }
    }

    func fieldValue(_ name: String, combining: Bool) -> String? {
        withFieldValue(name, combining: combining) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Takes the connection out of libmicrohttpd's poll set until `resume()`; it is not closed
    /// meanwhile.
    func suspend() {
        MHD_suspend_connection(pointer)
    }

    /// Hands a suspended connection back to its worker, which calls the access handler again.
    func resume() {
        MHD_resume_connection(pointer)
    }

    /// Queues `response` as the request's answer, with `X-Request-Id`, `HTTPServer.noSniff` and,
    /// when `closing`, `Connection: close`; `.closeNow` when libmicrohttpd refuses it. `hold` counts the body
    /// against the answer budget for as long as libmicrohttpd keeps it; a streamed body's bytes
    /// are counted into `context`.
    func queue(
        _ response: HTTPResponse, requestId: String, closing: Bool,
        countingInto context: RequestContext, hold: AnswerHold?
    ) -> AccessResult {
        guard let created = LibMicroHTTPD.makeResponse(response.body, countingInto: context, hold: hold) else { return .closeNow }
        defer { MHD_destroy_response(created) }
        // libmicrohttpd refuses a field with an empty name or value, a CR or LF, or its own
        // Content-Length, and on running out of memory; such a field is left out and the answer
        // goes without it, so these results go unused.
        for header in response.headers {
            // withCString lends short strings from the stack; passing the Strings would copy them to the heap.
            header.name.withCString { name in header.value.withCString { value in _ = MHD_add_response_header(created, name, value) } }
        }
        requestId.withCString { _ = MHD_add_response_header(created, "X-Request-Id", $0) }
        // Lent, as above: a String passed as a C string is copied to the heap first.
        HTTPServer.noSniff.name.withCString { name in HTTPServer.noSniff.value.withCString { _ = MHD_add_response_header(created, name, $0) } }
        if closing {
            _ = MHD_add_response_header(created, "Connection", "close")
        }
        return MHD_queue_response(pointer, UInt32(response.status), created) == .YES ? .proceed : .closeNow
    }
}

/// A request value as libmicrohttpd lists it (`MHDConnection.forEachValue`): its key and value
/// stay in the connection's memory for the access handler's call.
private struct ListedValue {
    var key: UnsafePointer<CChar>?
    var keySize: Int
    var value: UnsafePointer<CChar>?
    var valueSize: Int
}

/// Where libmicrohttpd's callback lists values: room for `capacity`, `count` filled.
private struct ValueList {
    let base: UnsafeMutablePointer<ListedValue>
    let capacity: Int
    var count = 0
}

/// C text as bytes, lent without a copy. CChar and UInt8 are the signed and unsigned forms of
/// one type, which Swift lets alias the same memory.
private func bytesOf(_ text: UnsafePointer<CChar>, count: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
}

/// NUL-terminated C text as bytes, lent without a copy.
private func cStringBytes(_ text: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
    bytesOf(text, count: strlen(text))
}

// MARK: - The daemon

/// A running libmicrohttpd daemon on our own listening socket (shims.c's `cmhd_server`), and the
/// retained server its callbacks reach. Made by `start`, ended by `stop`, called once.
struct MHDDaemon {
    private let handle: OpaquePointer
    private let context: UnsafeMutableRawPointer

    /// Binds, listens and starts libmicrohttpd's workers for `server`, which stays retained
    /// until `stop()`.
    static func start(_ server: HTTPServer) throws(HTTPServerError) -> MHDDaemon {
        let context = Unmanaged.passRetained(server).toOpaque()
        let configuration = server.configuration
        var failure = cmhd_start_failure()
        let started = configuration.host.withCString { host in
            var settings = LibMicroHTTPD.settings(host: host, configuration: configuration, context: context)
            return cmhd_start(&settings, &failure)
        }
        guard let started else {
            Unmanaged<HTTPServer>.fromOpaque(context).release()
            throw HTTPServerError(failure, configuration)
        }
        return MHDDaemon(handle: started, context: context)
    }

    private init(handle: OpaquePointer, context: UnsafeMutableRawPointer) {
        self.handle = handle
        self.context = context
    }

    /// The port listened on: the kernel's choice for port 0.
    var port: UInt16 { cmhd_port(handle) }

    /// Connections handed to libmicrohttpd from the kernel's queue, and the call that failed
    /// while taking them, if one did.
    struct Handover {
        var connections: Int
        var failure: SystemCallError?
    }

    /// Stops libmicrohttpd accepting, has the listener ignore new handshakes, and hands
    /// libmicrohttpd what is queued (see `cmhd_quiesce`). Later calls hand over nothing.
    func quiesce() -> Handover {
        var failure = cmhd_call_failure()
        let handed = cmhd_quiesce(handle, &failure)
        return Handover(failure, handed: handed)
    }

    /// After `quiesce()`: hands libmicrohttpd the connections queued since.
    func takeQueued() -> Handover {
        var failure = cmhd_call_failure()
        let handed = cmhd_take_queued(handle, &failure)
        return Handover(failure, handed: handed)
    }

    /// After `quiesce()`: closes the listener, so new clients are refused at once. The
    /// descriptor is released even when this throws (close is not retried).
    func closeListener() throws(SystemCallError) {
        let error = cmhd_close_listener(handle)
        if error != 0 { throw SystemCallError("close", errno: error) }
    }

    /// Stops every worker, closes every connection and the listener, and releases the server.
    /// Throws (after all of that) when closing a quiesced listener failed.
    func stop() throws(SystemCallError) {
        let error = cmhd_stop(handle)
        Unmanaged<HTTPServer>.fromOpaque(context).release()
        if error != 0 { throw SystemCallError("close", errno: error) }
    }
}

extension MHDDaemon.Handover {
    fileprivate init(_ failure: cmhd_call_failure, handed: Int32) {
        connections = Int(max(0, handed))
        self.failure =
            failure.error_number == 0
            ? nil
            : SystemCallError(failure.call.map { String(cString: $0) } ?? "accept4", errno: failure.error_number)
    }
}

extension HTTPServerError {
    fileprivate init(_ failure: cmhd_start_failure, _ configuration: HTTPServerConfiguration) {
        let host = configuration.host, port = configuration.port
        let reason = failure.error_number != 0 ? Self.systemMessage(failure.error_number) : ""
        switch failure.step {
        case CMHD_FAILED_RESOLVE:
            self = .invalidHost(host, reason: failure.message.map { String(cString: $0) } ?? reason)
        case CMHD_FAILED_BIND: self = .cannotBind(host: host, port: port, errno: failure.error_number, reason: reason)
        case CMHD_FAILED_SOCKET, CMHD_FAILED_LISTEN:
            self = .cannotListen(host: host, port: port, errno: failure.error_number, reason: reason)
        default: self = .daemonFailed
        }
    }
}

// MARK: - Threads and memory

/// The calling thread's mark "running a request handler" (a C thread-local): a handler must not
/// call what would wait for handlers, such as `HTTPServer.shutdown()`.
enum HandlerThreadMark {
    static var isSet: Bool { cmhd_in_handler() != 0 }

    static func set(_ running: Bool) {
        cmhd_set_in_handler(running ? 1 : 0)
    }
}

/// The calling thread's number, the same for its life: threads are numbered 0, 1, 2, … as
/// they first ask (`AtomicCounters` gives each its own copy of its counters).
enum ThreadSlot {
    static var current: Int { Int(cmhd_thread_slot()) }
}

/// The allocator, as far as the server touches it: only to hand free pages back when idle.
/// How it keeps freed memory meanwhile is the process's policy (routebar sets it).
enum Allocator {
    static func releaseFreeMemory() {
        cmhd_release_free_memory()
    }
}

// MARK: - Callbacks and responses

private enum LibMicroHTTPD {
    static func server(_ context: UnsafeMutableRawPointer) -> HTTPServer {
        Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    }

    static func settings(
        host: UnsafePointer<CChar>, configuration: HTTPServerConfiguration,
        context: UnsafeMutableRawPointer
    ) -> cmhd_settings {
        cmhd_settings(
            host: host, port: configuration.port,
            threads: UInt32(max(1, configuration.threads)),
            connection_limit: UInt32(max(1, configuration.acceptLimit)),
            idle_timeout_seconds: UInt32(max(0, configuration.idleTimeoutSeconds)),
            connection_memory_limit: configuration.connectionMemoryBytes,
            send_buffer_bytes: Int32(clamping: configuration.sendBufferBytes ?? 0),
            context: context,
            access: accessHandler, completed: requestCompleted, connection: connectionNotified,
            request_line: requestLineArrived, log: libraryLogged)
    }

    static let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadDataSize, slot in
        guard let cls, let connection, let url, let method, let uploadDataSize, let slot else { return .NO }
        let mhd = MHDConnection(connection)
        guard let state = mhd.state else { return .NO }
        let server = server(cls)
        if slot.pointee == nil {
            // No request line callback (it always comes first in libmicrohttpd 0.9.75): begin here.
            server.requestLineArrived(state, target: UnsafeBufferPointer(start: nil, count: 0))
        }
        slot.pointee = Unmanaged.passUnretained(state.request).toOpaque()
        let upload = UnsafeRawBufferPointer(start: uploadData, count: uploadData == nil ? 0 : uploadDataSize.pointee)
        let result = server.handle(
            mhd, state, method: cStringBytes(method), url: cStringBytes(url),
            version: version.map { cStringBytes($0) }, upload: upload)
        // Every piece of body is taken whole (libmicrohttpd's first call for a request has none).
        uploadDataSize.pointee = 0
        return result.mhd
    }

    static let requestLineArrived: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        cls, uri, connection in
        guard let cls, let connection, let state = MHDConnection(connection).state else { return nil }
        server(cls).requestLineArrived(state, target: uri.map { cStringBytes($0) } ?? UnsafeBufferPointer(start: nil, count: 0))
        return Unmanaged.passUnretained(state.request).toOpaque()
    }

    static let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, slot, _ in
        guard let cls, let connection, let state = MHDConnection(connection).state else { return }
        slot?.pointee = nil
        server(cls).requestCompleted(state)
    }

    /// libmicrohttpd 0.9.75 calls this with `MHD_CONNECTION_NOTIFY_CLOSED` before it closes the
    /// connection's socket (daemon.c, `MHD_cleanup_connections`, and the failure path of
    /// `new_connection_process_`), on the connection's worker. `connectionClosed` takes the
    /// socket out of the watchdog here, which is what keeps the watchdog off reused descriptors.
    static let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
        guard let cls, let connection, let socketContext else { return }
        let server = server(cls)
        if code == .CONNECTION_NOTIFY_STARTED {
            let state = server.connectionStarted(socket: MHDConnection(connection).socket)
            socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
        } else {
            guard let stored = socketContext.pointee else { return }
            socketContext.pointee = nil
            server.connectionClosed(Unmanaged<ConnectionState>.fromOpaque(stored).takeRetainedValue())
        }
    }

    static let libraryLogged: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { cls, message in
        guard let cls, let message else { return }
        server(cls).logger.log(.library(String(cString: message)))
    }

    /// libmicrohttpd's response for a body; nil when it refuses.
    /// `hold` counts the body against the answer budget for as long as libmicrohttpd keeps it.
    static func makeResponse(_ body: HTTPResponse.Body, countingInto context: RequestContext, hold: AnswerHold?) -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            guard let hold else {
                return bytes.withUnsafeBytes { bytes in
                    MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
                }
            }
            // Kept by the hold, and sent in place: the count ends when libmicrohttpd frees it.
            hold.bytes = bytes
            return hold.bytes.withUnsafeBytes { buffer in
                sendInPlace(buffer, owner: hold)
            }
        case .owned(let owned):
            hold?.owner = owned.owner
            return sendInPlace(owned.bytes, owner: hold ?? owned.owner as AnyObject)
        case .stream(let stream):
            let state = Unmanaged.passRetained(StreamState(stream, context: context, hold: hold)).toOpaque()
            let created = MHD_create_response_from_callback(UInt64.max, 16 * 1024, streamRead, state, streamFreed)
            if created == nil { Unmanaged<StreamState>.fromOpaque(state).release() }
            return created
        }
    }

    /// No copy: libmicrohttpd reads the bytes in place and releases `owner` when done.
    private static func sendInPlace(_ bytes: UnsafeRawBufferPointer, owner: AnyObject) -> OpaquePointer? {
        let retained = Unmanaged.passRetained(owner).toOpaque()
        let created = MHD_create_response_from_buffer_with_free_callback_cls(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), ownerFreed, retained)
        if created == nil { Unmanaged<AnyObject>.fromOpaque(retained).release() }
        return created
    }

    private static let ownerFreed: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<AnyObject>.fromOpaque(cls).release()
    }

    /// A streamed body in progress; only the connection's thread reads it.
    private final class StreamState {
        let stream: HTTPBodyStream
        /// Counts the bytes produced, for metrics and the access log.
        let context: RequestContext
        var pending: [UInt8] = []
        var offset = 0
        let hold: AnswerHold?

        init(_ stream: HTTPBodyStream, context: RequestContext, hold: AnswerHold?) {
            self.stream = stream
            self.context = context
            self.hold = hold
        }
    }

    /// libmicrohttpd's pull for the next bytes of a streamed body; -1 ends the stream.
    private static let streamRead: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
        guard let cls, let buffer else { return -1 }
        let state = Unmanaged<StreamState>.fromOpaque(cls).takeUnretainedValue()
        while state.offset == state.pending.count {
            // MHD_CONTENT_READER_END_OF_STREAM ends the chunked body with its last chunk;
            // MHD_CONTENT_READER_END_WITH_ERROR closes the connection without it.
            let next: [UInt8]?
            do {
                next = try state.stream.next()
            } catch {
                return -2
            }
            guard let piece = next else { return -1 }
            state.pending = piece
            state.offset = 0
            state.context.responseBytes += piece.count
        }
        let count = min(capacity, state.pending.count - state.offset)
        state.pending.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + state.offset, byteCount: count)
        }
        state.offset += count
        return count
    }

    private static let streamFreed: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<StreamState>.fromOpaque(cls).release()
    }
}

/// Runs `body` on a new pthread (joinable); nil if the thread could not be made.
func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var created = pthread_t()
    let result = pthread_create(
        &created, nil,
        { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, box)
    guard result == 0 else {
        Unmanaged<Box>.fromOpaque(box).release()
        return nil
    }
    return created
}
