import CAllocationCounter
import RouteBarTestSupport
import StrictJSON
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// The pins hold for optimized code: a debug build boxes and copies far more. `make test`
/// runs this suite again in a release build (`-enable-testing`, for `@testable`).
private let optimized: Bool = {
    #if DEBUG
        return false
    #else
        return true
    #endif
}()

/// Pins what a request allocates: only what it keeps (its decoded routes, each route's legs,
/// and the answer), with everything else reused per thread or on the stack. A change that
/// brings back a per-request or per-segment allocation fails here, not only in `make bench`.
@Suite struct AllocationTests {
    /// This thread's allocations while `body` runs, after one run so that the thread's
    /// workspace exists and has grown. Synchronous, so the thread cannot change under it.
    private func allocations(_ body: () throws -> Void) rethrows -> UInt64 {
        try body()
        let before = routebar_thread_allocation_count()
        try body()
        return routebar_thread_allocation_count() - before
    }

    @Test(.enabled(if: optimized, "pins a release build's allocations; make test runs it there"))
    func aRequestAllocatesOnlyWhatItKeeps() throws {
        try #require(routebar_allocation_counting() == 1, "allocations are counted (no sanitizer)")
        func routes(_ count: Int) -> [UInt8] {
            Array(#"{"width": 3000, "routes": ["#.utf8) + Array(Array(repeating: Samples.seedRouteJSON, count: count).joined(separator: ",").utf8)
                + Array("]}".utf8)
        }
        // The routes array, one legs array per route, the answer's buffer and its owner.
        for count in [1, 20, 200] {
            let body = routes(count)
            let counted = try allocations { _ = try RouteBarResponse.answer(json: body) }
            #expect(counted == UInt64(count + 3), "\(count) routes: \(counted)")
        }
        // The duplicate-name check keeps its ranges in storage passed from reader to reader.
        var names = JSONReader.MemberNames()
        let nested = Array(#"{"a": {"b": 1, "c": 2}, "d": [{"e": 2}], "f": {}}"#.utf8)
        let reading = allocations {
            nested.withUnsafeBufferPointer { buffer in
                var taken = JSONReader.MemberNames()
                swap(&taken, &names)
                var reader = JSONReader(buffer, memberNames: consume taken)
                try? reader.skipValue()
                names = reader.takeMemberNames()
            }
        }
        #expect(reading == 0, "\(reading)")
        // Decoding alone keeps the routes and the legs.
        let twenty = routes(20)
        let decoding = try allocations { _ = try RouteBarRequest(json: twenty) }
        #expect(decoding == 21, "\(decoding)")
    }

    @Test(.enabled(if: routebar_allocation_counting() == 1, "a sanitizer brings its own allocator"))
    func countingSeesEveryAllocation() {
        let before = routebar_thread_allocation_count()
        let array = [Int](repeating: 7, count: 1_000)
        #expect(routebar_thread_allocation_count() - before == 1)
        #expect(array.count == 1_000)
    }
}
