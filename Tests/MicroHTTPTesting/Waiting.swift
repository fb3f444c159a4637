#if canImport(Glibc)
    import Glibc
#endif

/// Polls `condition` every `pollSeconds` until it holds (true) or `timeoutSeconds` pass
/// (false), checking once more at the deadline: `#expect(waitUntil(timeoutSeconds: 2) { … })`
/// instead of sleeping for a fixed time and hoping the condition holds by then.
@discardableResult
public func waitUntil(timeoutSeconds: Double, pollSeconds: Double = 0.005, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeoutSeconds * 1000))
    while true {
        if try condition() { return true }
        if ContinuousClock.now >= deadline { return false }
        usleep(useconds_t(pollSeconds * 1_000_000))
    }
}
