import Foundation
import Testing

@testable import MicroHTTP

/// `AtomicCounters` keeps a copy of its counters per thread: what every thread added must come
/// back whole in the sums, whichever copies the threads got, and a thread keeps its number.
@Suite struct AtomicCountersTests {
    @Test func sumsWhatEveryThreadAdded() async {
        // More threads than copies, so that some share one: still exact.
        let threads = AtomicCounters.copies * 2 + 3
        let adds = 20_000
        let counters = AtomicCounters(count: 11)
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    await Self.onThread {
                        let mine = counters.mine()
                        for index in 0..<adds {
                            mine.add(1, at: index % 11)
                            counters.add(thread, at: 10)
                        }
                    }
                }
            }
        }
        let perCounter = (0..<adds).filter { $0 % 11 == 3 }.count
        #expect(counters.load(3) == threads * perCounter)
        #expect(counters.load(0) == threads * (0..<adds).filter { $0 % 11 == 0 }.count)
        // Counter 10 got each thread's number `adds` times, besides its own share of ones.
        let ones = (0..<adds).filter { $0 % 11 == 10 }.count
        #expect(counters.load(10) == threads * ones + adds * (0..<threads).reduce(0, +))
        #expect((0..<10).map(counters.load).reduce(0, +) + counters.load(10) == threads * adds + adds * (0..<threads).reduce(0, +))
    }

    @Test func aThreadKeepsItsNumberAndTwoThreadsDiffer() async {
        let (first, again) = await Self.onThread { (ThreadSlot.current, ThreadSlot.current) }
        #expect(first == again)
        let other = await Self.onThread { ThreadSlot.current }
        #expect(other != first)
    }

    /// Runs `body` on a thread of its own, which ends with it.
    private static func onThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.start()
        }
    }
}
