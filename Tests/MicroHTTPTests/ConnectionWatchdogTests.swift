import Testing

@testable import MicroHTTP

@Suite struct ConnectionWatchdogTests {
    @Test func overdueOnlyPastTheDeadline() {
        let second: UInt64 = 1_000_000_000
        #expect(ConnectionWatchdog.isOverdue(15 * second, now: 16 * second))
        #expect(!ConnectionWatchdog.isOverdue(15 * second, now: 15 * second))
        #expect(!ConnectionWatchdog.isOverdue(0, now: 100 * second), "0: no deadline (a request is being answered)")
        // A deadline set after the sweep read the clock lies in the future: once a wrap-around
        // that cut off healthy keep-alive connections.
        #expect(!ConnectionWatchdog.isOverdue(15 * second + 1, now: 15 * second))
    }

    @Test func headAndRequestDeadlinesFollowTheRequest() {
        let second: UInt64 = 1_000_000_000
        let watchdog = ConnectionWatchdog(headerTimeoutSeconds: 5, requestTimeoutSeconds: 10) {}
        let watched = watchdog.opened(socket: ConnectionSocket(-1), refused: false, now: 100 * second)
        #expect(watched.headDueBy.load(ordering: .relaxed) == 105 * second)
        #expect(watched.requestDueBy.load(ordering: .relaxed) == 110 * second)
        watchdog.headArrived(watched)
        #expect(watched.headDueBy.load(ordering: .relaxed) == 0)
        watchdog.requestArrived(watched)
        #expect(watched.requestDueBy.load(ordering: .relaxed) == 0)
        watchdog.answered(watched, now: 200 * second)
        #expect(watched.requestDueBy.load(ordering: .relaxed) == 210 * second)
        #expect(watched.headDueBy.load(ordering: .relaxed) == 0, "an idle kept-alive connection owes no head yet")
        watchdog.requestLineArrived(watched, now: 300 * second)
        #expect(watched.headDueBy.load(ordering: .relaxed) == 305 * second)
        let refused = watchdog.opened(socket: ConnectionSocket(-1), refused: true, now: 100 * second)
        #expect(refused.headDueBy.load(ordering: .relaxed) == 101 * second)
        watchdog.closed(watched)
        watchdog.closed(refused)
    }
}
