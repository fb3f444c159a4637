import CMicroHTTPD
import CMicroHTTPDShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Everything that crosses into C as a raw pointer, and every `Unmanaged`, is in this file.
//
// libmicrohttpd calls the C function pointers below; they capture nothing. They find:
// - the server through the `context` pointer given at start: retained by `start()` and
//   released by `shutdown()` after the daemon has stopped, so no callback outlives it;
// - the connection through libmicrohttpd's socket context: a retained `ConnectionState`,
//   released when libmicrohttpd reports the connection closed;
// - the request through its slot (`con_cls`): the connection's own `RequestContext`,
//   unretained, because the connection state that owns it outlives every request on it.

enum LibMicroHTTPD {
    /// The pointer every callback receives: the server, retained until `releaseServer`.
    static func retainServer(_ server: HTTPServer) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(server).toOpaque()
    }

    static func releaseServer(_ context: UnsafeMutableRawPointer) {
        Unmanaged<HTTPServer>.fromOpaque(context).release()
    }

    static func server(_ context: UnsafeMutableRawPointer) -> HTTPServer {
        Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
    }

    /// What the server keeps about the connection a request arrived on.
    static func connectionState(_ connection: OpaquePointer) -> ConnectionState? {
        cmhd_socket_context(connection).map { Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue() }
    }

    static func settings(host: UnsafePointer<CChar>, configuration: HTTPServerConfiguration,
                         context: UnsafeMutableRawPointer) -> cmhd_settings {
        cmhd_settings(
            host: host, port: configuration.port,
            threads: UInt32(max(1, configuration.threads)),
            connection_limit: UInt32(max(1, configuration.acceptLimit)),
            idle_timeout_seconds: UInt32(max(0, configuration.connectionTimeoutSeconds)),
            connection_memory_limit: configuration.connectionMemoryBytes,
            context: context,
            access: accessHandler, completed: requestCompleted, connection: connectionNotified,
            request_line: requestLineArrived, log: libraryLogged)
    }

    static let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadDataSize, slot in
        guard let cls, let connection, let url, let method, let uploadDataSize, let slot,
              let state = connectionState(connection) else { return .NO }
        let server = server(cls)
        if slot.pointee == nil {
            // No request line callback (it always comes first in libmicrohttpd 0.9.75): begin here.
            server.requestLineArrived(state, uri: nil)
        }
        slot.pointee = Unmanaged.passUnretained(state.request).toOpaque()
        return server.handle(connection, state, url: url, method: method, version: version,
                             upload: uploadData, uploadSize: uploadDataSize)
    }

    static let requestLineArrived: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { cls, uri, connection in
        guard let cls, let connection, let state = connectionState(connection) else { return nil }
        server(cls).requestLineArrived(state, uri: uri)
        return Unmanaged.passUnretained(state.request).toOpaque()
    }

    static let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, slot, _ in
        guard let cls, let connection, let state = connectionState(connection) else { return }
        slot?.pointee = nil
        server(cls).requestCompleted(state)
    }

    static let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
        guard let cls, let connection, let socketContext else { return }
        let server = server(cls)
        if code == .CONNECTION_NOTIFY_STARTED {
            let state = server.connectionStarted(socket: cmhd_connection_fd(connection))
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

    /// Iterates a request's values (headers, or query arguments) with their true sizes, which
    /// reveal a NUL inside a value; `body` returns false to stop.
    /// How many values of `kind` the request has.
    static func valueCount(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> Int {
        Int(MHD_get_connection_values(connection, kind, nil, nil))
    }

    static func forEachValue(_ connection: OpaquePointer, _ kind: MHD_ValueKind,
                             _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) -> Bool) {
        typealias Visitor = (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) -> Bool
        withoutActuallyEscaping(body) { escapable in
            var visitor: Visitor = escapable
            withUnsafeMutablePointer(to: &visitor) { pointer in
                _ = MHD_get_connection_values_n(connection, kind, { cls, _, key, keySize, value, valueSize in
                    guard let cls, let key else { return .YES }
                    let visit = cls.assumingMemoryBound(to: Visitor.self).pointee
                    let name = key.withMemoryRebound(to: UInt8.self, capacity: keySize) { UnsafeBufferPointer(start: $0, count: keySize) }
                    let bytes = value.map { value in
                        value.withMemoryRebound(to: UInt8.self, capacity: valueSize) { UnsafeBufferPointer(start: $0, count: valueSize) }
                    }
                    return visit(name, bytes) ? .YES : .NO
                }, pointer)
            }
        }
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
    let result = pthread_create(&created, nil, { context in
        Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, box)
    guard result == 0 else {
        Unmanaged<Box>.fromOpaque(box).release()
        return nil
    }
    return created
}
