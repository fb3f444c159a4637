#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What `routebar serve` sets for the whole process, and the server library leaves alone:
/// which thread takes the stop signals, SIGPIPE, and how the allocator keeps freed memory.
enum ProcessPolicy {
    /// The signals `serve` stops on; each drains the requests in flight, none cuts an answer.
    static let stopSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT]

    /// Blocks the stop signals on the calling thread, and so on every thread it starts from
    /// here on (they inherit its mask): call it before the server starts its threads, so that
    /// a signal waits for `waitForStopSignal` instead of going to a random worker, whose default
    /// action would end the process at once. Returns the set to wait on.
    static func blockStopSignals() -> sigset_t {
        var signals = sigset_t()
        // Both fail only for an invalid signal number (EINVAL), which these are not.
        _ = sigemptyset(&signals)
        for stop in stopSignals { _ = sigaddset(&signals, stop) }
        let blocked = pthread_sigmask(SIG_BLOCK, &signals, nil)
        // pthread_sigmask fails only for an invalid `how` (EINVAL).
        precondition(blocked == 0, "pthread_sigmask: \(String(cString: strerror(blocked)))")
        return signals
    }

    /// A write to a socket (or stdout) whose reader has gone fails with EPIPE instead of
    /// ending the process.
    static func ignoreSIGPIPE() {
        // signal() fails only for a signal that cannot be caught or does not exist (EINVAL),
        // which SIGPIPE is not; the disposition it returns, the previous one, is not needed.
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Waits for one of the blocked stop signals and returns it.
    static func waitForStopSignal(_ signals: sigset_t) -> Int32 {
        var signals = signals
        var received: Int32 = 0
        let result = sigwait(&signals, &received)
        // sigwait fails only for a set holding an invalid signal (EINVAL); glibc retries EINTR.
        precondition(result == 0, "sigwait: \(String(cString: strerror(result)))")
        return received
    }

    /// Buffers up to this size (a body, an answer) are kept by the allocator when freed.
    static let keptBufferBytes = 8 << 20

    /// Free memory at the top of a heap past this size goes back to the system when a buffer
    /// is freed into it. The idle `malloc_trim` cannot do it for the heaps of threads other
    /// than the main one (glibc trims only the main heap's top), so a larger threshold there
    /// would stay resident for good after a burst: 14–15 MiB per handler thread, seen.
    static let trimmedPastBytes = 1 << 20

    /// Has glibc's allocator keep freed buffers up to `largest` bytes for reuse instead of
    /// unmapping them, and trim a heap's top past `trimmedPastBytes`; the server's idle trim
    /// (`malloc_trim` once no request has been in flight for a sweep) hands back the rest.
    /// False when glibc's mallopt could not be found or refused; other C libraries' allocators
    /// are left as they are.
    ///
    /// Fixed thresholds turn glibc's adaptive ones off. Those raise the mmap threshold to the
    /// size of the last mapping freed, so the next buffer of that size is mapped afresh (and
    /// faulted in) every time: 51 minor faults per 1,000-route request, 3 with these.
    static func keepFreedMemory(upTo largest: Int) -> Bool {
        #if canImport(Glibc)
            // mallopt and its parameters are in <malloc.h>, which Swift's Glibc module leaves out:
            // the function is found by name, and the parameters are glibc's fixed values.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let mmapThreshold: Int32 = -3, trimThreshold: Int32 = -1  // M_MMAP_THRESHOLD, M_TRIM_THRESHOLD
            guard let symbol = dlsym(nil, "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            // mallopt returns 1 on success, 0 on error.
            return mallopt(mmapThreshold, Int32(largest)) == 1 && mallopt(trimThreshold, Int32(trimmedPastBytes)) == 1
        #else
            return true
        #endif
    }
}
