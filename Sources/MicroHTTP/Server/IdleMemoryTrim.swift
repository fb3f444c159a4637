import CMicroHTTPDShims
import Synchronization

/// Hands freed memory back to the system once the server is idle.
///
/// glibc keeps the memory of freed large buffers for reuse, so one burst of large requests
/// would leave the process large for good (491 MB seen with no connection open). When
/// requests have come and gone, and a whole sweep has passed with none finishing and none in
/// flight, `malloc_trim` returns the free pages. Never under load: the pages would only be
/// faulted back in by the next requests.
final class IdleMemoryTrim: Sendable {
    private let requestsFinished = Atomic<Int>(0)
    /// `requestsFinished` at the previous sweep, and at the last trim.
    private let seenAtSweep = Atomic<Int>(0)
    private let seenAtTrim = Atomic<Int>(0)

    func requestFinished() {
        requestsFinished.wrappingAdd(1, ordering: .relaxed)
    }

    /// Called by the watchdog's sweep, four times a second, on its one thread.
    func trimIfIdle(requestsInFlight: Int) {
        let finished = requestsFinished.load(ordering: .relaxed)
        let quiet = seenAtSweep.exchange(finished, ordering: .relaxed) == finished
        guard quiet, requestsInFlight == 0, seenAtTrim.load(ordering: .relaxed) != finished else { return }
        seenAtTrim.store(finished, ordering: .relaxed)
        cmhd_release_free_memory()
    }
}
