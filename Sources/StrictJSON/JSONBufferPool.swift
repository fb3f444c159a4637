#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Large write buffers kept from one document to the next.
///
/// A server writing large answers takes each answer's buffer from a pool
/// (`JSONWriter(capacity:from:)`), and the buffer comes back when the document is freed, so
/// the next answer writes into pages already resident. Freed to glibc instead, a buffer at the
/// top of a thread's heap goes back to the system past the trim threshold, and the next answer
/// faults its pages in again: 1.6 MB, a quarter of a 1,000-route request's CPU time.
///
/// It keeps at most `count` buffers, each of `smallest` bytes or more (smaller ones are freed
/// as usual); `empty()` frees them all, for a server gone idle. Safe from any thread.
public final class JSONBufferPool: @unchecked Sendable {
    // @unchecked: `kept` and `keptTotal` are only read or written between pthread_mutex_lock
    // and unlock on `mutex` (a pthread mutex, not Synchronization's: this library's floor is
    // older than that module), initialised in init and destroyed in deinit; the buffers they
    // name are owned by the pool alone until `take` hands one out.
    public let count: Int
    public let smallest: Int
    private var kept: [(base: UnsafeMutablePointer<UInt8>, capacity: Int)] = []
    private var keptTotal = 0
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(count: Int, smallest: Int) {
        self.count = count
        self.smallest = smallest
        kept.reserveCapacity(count)
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        empty()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The bytes kept now.
    public var keptBytes: Int {
        withLock { keptTotal }
    }

    /// Frees every kept buffer.
    public func empty() {
        let freed = withLock {
            defer {
                kept.removeAll(keepingCapacity: true)
                keptTotal = 0
            }
            return kept
        }
        for buffer in freed { buffer.base.deallocate() }
    }

    /// The smallest kept buffer of at least `capacity` bytes, or a new one of `capacity`.
    func take(_ capacity: Int) -> (base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        let found = withLock { () -> (base: UnsafeMutablePointer<UInt8>, capacity: Int)? in
            var best: Int?
            for index in kept.indices where kept[index].capacity >= capacity {
                if best.map({ kept[index].capacity < kept[$0].capacity }) ?? true { best = index }
            }
            guard let best else { return nil }
            keptTotal -= kept[best].capacity
            return kept.remove(at: best)
        }
        return found ?? (.allocate(capacity: capacity), capacity)
    }

    /// Keeps a buffer taken from `take`, or frees it: when it is small, or the pool is full.
    func giveBack(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        if capacity >= smallest {
            let keptIt = withLock {
                guard kept.count < count else { return false }
                kept.append((base, capacity))
                keptTotal += capacity
                return true
            }
            if keptIt { return }
        }
        base.deallocate()
    }

    private func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
