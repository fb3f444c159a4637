import Synchronization

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
public final class JSONBufferPool: Sendable {
    public let count: Int
    public let smallest: Int
    /// The kept buffers' addresses (as integers, which are `Sendable`) and capacities.
    private let kept: Mutex<[(address: UInt, capacity: Int)]>
    private let keptTotal = Atomic<Int>(0)

    public init(count: Int, smallest: Int) {
        self.count = count
        self.smallest = smallest
        kept = Mutex([])
        kept.withLock { $0.reserveCapacity(count) }
    }

    deinit {
        empty()
    }

    /// The bytes kept now.
    public var keptBytes: Int { keptTotal.load(ordering: .relaxed) }

    /// Frees every kept buffer.
    public func empty() {
        let freed = kept.withLock { kept in
            defer { kept.removeAll(keepingCapacity: true) }
            keptTotal.store(0, ordering: .relaxed)
            return kept
        }
        for buffer in freed { UnsafeMutablePointer<UInt8>(bitPattern: buffer.address)?.deallocate() }
    }

    /// The smallest kept buffer of at least `capacity` bytes, or a new one of `capacity`.
    func take(_ capacity: Int) -> (base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        if capacity >= smallest {
            let found = kept.withLock { kept -> (address: UInt, capacity: Int)? in
                var best: Int?
                for index in kept.indices where kept[index].capacity >= capacity {
                    if best.map({ kept[index].capacity < kept[$0].capacity }) ?? true { best = index }
                }
                guard let best else { return nil }
                keptTotal.wrappingSubtract(kept[best].capacity, ordering: .relaxed)
                return kept.remove(at: best)
            }
            if let found, let base = UnsafeMutablePointer<UInt8>(bitPattern: found.address) { return (base, found.capacity) }
        }
        return (.allocate(capacity: capacity), capacity)
    }

    /// Keeps a buffer taken from `take`, or frees it: when it is small, or the pool is full.
    func giveBack(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        if capacity >= smallest {
            let keptIt = kept.withLock { kept in
                guard kept.count < count else { return false }
                kept.append((UInt(bitPattern: base), capacity))
                keptTotal.wrappingAdd(capacity, ordering: .relaxed)
                return true
            }
            if keptIt { return }
        }
        base.deallocate()
    }
}
