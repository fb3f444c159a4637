#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A flag a background loop sleeps on: `sleep(nanoseconds:)` returns early, and for good,
/// once `raise()` has been called, so stopping the loop takes no longer than a wake-up.
final class StopFlag: @unchecked Sendable {
    // @unchecked: `raised` is only read or written between pthread_mutex_lock and unlock on
    // `mutex`; `mutex` and `condition` are initialised in init and destroyed in deinit.
    private var raised = false
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Lowers the flag, for a loop that starts again.
    func lower() {
        pthread_mutex_lock(mutex)
        raised = false
        pthread_mutex_unlock(mutex)
    }

    func raise() {
        pthread_mutex_lock(mutex)
        raised = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Sleeps up to `nanoseconds`; true when the flag is raised.
    func sleep(nanoseconds: UInt64) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let total = UInt64(deadline.tv_nsec) + nanoseconds
        deadline.tv_sec += Int(total / 1_000_000_000)
        deadline.tv_nsec = Int(total % 1_000_000_000)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !raised {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return raised
    }
}
