#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a pthread mutex: what `Synchronization.Mutex` does, on the platforms before
/// it (macOS 15, iOS 18), since RouteBarJSON asks nothing of an app's platform past Swift 6's
/// standard library and the C library.
final class Locked<Value: Sendable>: @unchecked Sendable {
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
