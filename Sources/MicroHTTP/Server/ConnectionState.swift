#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What the server keeps about one connection, as libmicrohttpd's socket context: the
/// watchdog's record, and the request context its requests reuse.
///
/// The connection's socket descriptor is kept in `watched.socket`. libmicrohttpd closes it,
/// and only after its notify-connection callback has reported the connection closed
/// (`MHD_CONNECTION_NOTIFY_CLOSED`); that callback drops the connection from the watchdog,
/// so the watchdog never acts on the number once the kernel may have reused it. The rule in
/// full is at `ConnectionWatchdog.Watched.socket`.
final class ConnectionState {
    let watched: ConnectionWatchdog.Watched
    let request: RequestContext

    init(watched: ConnectionWatchdog.Watched, memory: ConnectionMemory) {
        self.watched = watched
        request = RequestContext(memory: memory)
    }
}

func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
