#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a pthread mutex, like `Synchronization.Mutex`: whatever it holds crosses
/// threads only under the lock. Here rather than `Synchronization.Mutex` because
/// ThreadSanitizer sees pthread locking but not Mutex's futex calls in the uninstrumented
/// standard library, and reported accesses taken under the lock as races.
final class PthreadLocked<Value>: @unchecked Sendable {
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

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
