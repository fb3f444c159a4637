import CMicroHTTPDShims
import Synchronization

/// Keeps freed memory for reuse while the server is busy, and hands it back to the system
/// once it is idle.
///
/// Under load, buffers up to `keptBufferBytes` (a body, an answer) go back to the allocator
/// when freed, not to the system: the next request reuses their pages instead of faulting
/// fresh ones in. That would leave the process large for good after one burst of large
/// requests (491 MB seen with no connection open), so when requests have come and gone, and a
/// whole sweep has passed with none finishing and none in flight, `malloc_trim` returns the
/// free pages.
final class IdleMemoryTrim: Sendable {
    static let keptBufferBytes = 8 << 20

    private let requestsFinished = Atomic<Int>(0)
    /// `requestsFinished` at the previous sweep, and at the last trim.
    private let seenAtSweep = Atomic<Int>(0)
    private let seenAtTrim = Atomic<Int>(0)

    init() {
        cmhd_keep_freed_memory(Self.keptBufferBytes)
    }

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
