import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Closes connections that take too long to deliver a request.
///
/// libmicrohttpd's connection timeout is an idle timeout that restarts on every byte, so a
/// client trickling its request a byte a second keeps a connection (and, enough of them, the
/// whole connection limit) forever. The watchdog gives each request a deadline instead: from
/// the connection's start, or its previous answer, to the request's last byte. Past it, the
/// socket is shut down, which libmicrohttpd notices as the client going away.
///
/// The request path only touches its own connection's atomic; the registry's lock is taken
/// when connections open and close, and by the sweep.
final class ConnectionWatchdog: Sendable {
    /// One per connection, handed to libmicrohttpd as the connection's socket context.
    final class Connection: Sendable {
        let socket: Int32
        /// Monotonic nanoseconds since which the connection owes a complete request; 0 while
        /// a complete request is being answered.
        let waitingSince: Atomic<UInt64>

        init(socket: Int32) {
            self.socket = socket
            waitingSince = Atomic(monotonicNanoseconds())
        }
    }

    private let deadlineNanoseconds: UInt64
    private let connections = PthreadLocked<[ObjectIdentifier: Connection]>([:])
    private let stopping = Atomic<Bool>(false)
    private let thread = Mutex<pthread_t?>(nil)

    /// `deadlineSeconds` 0 turns the watchdog off.
    init(deadlineSeconds: Int) {
        deadlineNanoseconds = UInt64(deadlineSeconds) * 1_000_000_000
    }

    /// Starts the sweep, four times a second, on a thread of its own.
    func start() {
        guard deadlineNanoseconds > 0 else { return }
        thread.withLock { thread in
            guard thread == nil else { return }
            var created = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let result = pthread_create(&created, nil, { context in
                let watchdog = Unmanaged<ConnectionWatchdog>.fromOpaque(context!).takeRetainedValue()
                while !watchdog.stopping.load(ordering: .acquiring) {
                    usleep(250_000)
                    watchdog.sweep()
                }
                return nil
            }, context)
            if result == 0 { thread = created } else { Unmanaged<ConnectionWatchdog>.fromOpaque(context).release() }
        }
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        if let running = thread.withLock({ thread -> pthread_t? in defer { thread = nil }; return thread }) {
            pthread_join(running, nil)
        }
    }

    func opened(_ connection: Connection) {
        connections.withLock { $0[ObjectIdentifier(connection)] = connection }
    }

    func closed(_ connection: Connection) {
        _ = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Whether a connection waiting since `since` (0: not waiting) has overstayed `deadline`.
    /// `since` may be newer than `now`, when a request completed during the sweep.
    static func isOverdue(since: UInt64, now: UInt64, deadline: UInt64) -> Bool {
        since != 0 && now > since && now - since > deadline
    }

    private func sweep() {
        let now = monotonicNanoseconds()
        connections.withLock { connections in
            for connection in connections.values {
                if Self.isOverdue(since: connection.waitingSince.load(ordering: .relaxed), now: now, deadline: deadlineNanoseconds) {
                    shutdown(connection.socket, Int32(SHUT_RDWR))
                    // Once is enough: libmicrohttpd closes it and reports it closed.
                    connection.waitingSince.store(0, ordering: .relaxed)
                }
            }
        }
    }
}

/// A value behind a pthread mutex. Here rather than `Synchronization.Mutex` because
/// ThreadSanitizer sees pthread locking but not Mutex's futex calls in the uninstrumented
/// standard library, and reported the registry's accesses, taken under the lock, as races.
final class PthreadLocked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only read or written between pthread_mutex_lock and unlock on
    // `mutex`, which is initialised in init and destroyed in deinit.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}
