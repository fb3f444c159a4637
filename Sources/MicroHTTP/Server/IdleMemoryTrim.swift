import Synchronization

/// Hands the allocator's free memory back to the system once the server is idle.
///
/// A process may have its allocator keep freed buffers for reuse under load (routebar has
/// glibc keep those up to 8 MiB: a body, an answer), so that the next request reuses their
/// pages instead of faulting fresh ones in; that is the process's policy, not the library's.
/// Kept memory would leave the process large for good after one burst of large requests
/// (491 MB seen with no connection open), so when requests have come and gone, and a whole
/// sweep has passed with none finishing and none in flight, `malloc_trim` returns the free
/// pages. Without such a policy it returns whatever free pages the allocator holds all the same.
/// The application's own kept memory goes first (`onIdle`), so that the trim takes it too.
final class IdleMemoryTrim: Sendable {
    private let trimsAllocator: Bool
    private let onIdle: @Sendable () -> Void
    /// One counter, in each thread's own copy: every request adds to it.
    private let requestsFinished = AtomicCounters(count: 1)
    /// `requestsFinished` at the previous sweep, and at the last trim.
    private let seenAtSweep = Atomic<Int>(0)
    private let seenAtTrim = Atomic<Int>(0)
    /// The allocator's trims so far.
    let trims = Atomic<Int>(0)

    init(trimsAllocator: Bool, onIdle: @escaping @Sendable () -> Void) {
        self.trimsAllocator = trimsAllocator
        self.onIdle = onIdle
    }

    func requestFinished() {
        requestsFinished.add(1, at: 0)
    }

    /// Called by the watchdog's sweep, four times a second, on its one thread.
    func trimIfIdle(requestsInFlight: Int) {
        let finished = requestsFinished.load(0)
        let quiet = seenAtSweep.exchange(finished, ordering: .relaxed) == finished
        guard quiet, requestsInFlight == 0, seenAtTrim.load(ordering: .relaxed) != finished else { return }
        seenAtTrim.store(finished, ordering: .relaxed)
        onIdle()
        guard trimsAllocator else { return }
        trims.wrappingAdd(1, ordering: .relaxed)
        Allocator.releaseFreeMemory()
    }
}
