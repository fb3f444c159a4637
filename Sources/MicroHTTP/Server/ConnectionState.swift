#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the server keeps about one connection, as libmicrohttpd's socket context: the
/// watchdog's record, and the request context its requests reuse.
final class ConnectionState {
    let watched: ConnectionWatchdog.Watched
    let request = RequestContext()

    init(watched: ConnectionWatchdog.Watched) {
        self.watched = watched
    }
}

func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
