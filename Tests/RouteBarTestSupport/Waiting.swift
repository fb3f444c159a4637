import Foundation

/// Polls `condition` every `pollInterval` seconds until it holds or `timeout` seconds pass,
/// and returns whether it held: `#expect(waitUntil(timeout: 5) { ... })` instead of sleeping
/// for a fixed time and hoping the condition holds by then. The condition is checked once
/// more at the deadline, so a slow machine fails only when the condition really never holds.
public func waitUntil(timeout: Double, pollInterval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(timeout)
    while true {
        if try condition() { return true }
        if clock.now >= deadline { return false }
        Thread.sleep(forTimeInterval: pollInterval)
    }
}
