import CMicroHTTPDShims
import Synchronization

/// Hands freed memory back to the system once the server is idle.
///
/// glibc keeps the memory of freed large buffers for reuse, so one burst of large requests
/// would leave the process large for good (491 MB seen with no connection open). When
/// requests have come and gone and none is in flight, `malloc_trim` returns the free pages.
final class IdleMemoryTrim: Sendable {
    private let requestsSinceTrim = Atomic<Int>(0)

    func requestFinished() {
        requestsSinceTrim.wrappingAdd(1, ordering: .relaxed)
    }

    /// Called by the watchdog's sweep, four times a second.
    func trimIfIdle(requestsInFlight: Int) {
        guard requestsInFlight == 0, requestsSinceTrim.exchange(0, ordering: .relaxed) > 0 else { return }
        cmhd_release_free_memory()
    }
}
