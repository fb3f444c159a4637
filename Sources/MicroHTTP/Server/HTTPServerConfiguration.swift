#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where and how an `HTTPServer` listens, and the limits it enforces.
public struct HTTPServerConfiguration: Sendable, Hashable {
    /// An IPv4 or IPv6 address, or a name; `0.0.0.0` for every interface.
    public var host = "127.0.0.1"
    /// 0 picks a free port; `HTTPServer.port` tells which.
    public var port: UInt16 = 8080
    /// Worker threads, each running its own poll() loop.
    public var threads = HTTPServerConfiguration.processorCount
    /// Larger bodies get 413: by `Content-Length` before they are read, or as soon as a chunked
    /// body passes it.
    public var maxBodyBytes = 1 << 20
    /// The most bytes a chunked body may take on the wire, its chunk sizes and extensions
    /// included (libmicrohttpd reads those out of our sight): half again `maxBodyBytes`, which
    /// leaves chunks of 32 bytes and more their framing. Past it 413.
    public var maxChunkedWireBytes: Int { maxBodyBytes + max(64 * 1024, maxBodyBytes / 2) }
    /// Open connections at most; one more gets a 503 problem at once and is closed.
    public var connectionLimit = 1024
    /// Seconds a connection may go without a byte either way (between requests, or mid-request)
    /// before libmicrohttpd closes it; 0 for never.
    public var idleTimeoutSeconds = 10
    /// Seconds a request may take to arrive completely, from the connection's start or its
    /// previous answer, however steadily its bytes trickle in (the watchdog closes it); 0 for never.
    public var requestTimeoutSeconds = 10
    /// Seconds a new connection has to send a complete request head, and a kept-alive one to
    /// finish a head it has begun; shorter than the other two, so that sockets that never send
    /// anything cannot hold the connection limit.
    public var headerTimeoutSeconds = 5
    /// Seconds of the reading floor's window: an answer whose client takes less than 1 KiB a
    /// second of it over a window (the first is its grace) is closed, so that a reader who takes
    /// a few bytes now and then cannot keep an answer held; 0 for no floor.
    public var readFloorWindowSeconds = 10
    /// Origins whose pages may call the server from a browser (CORS): `https://app.example`
    /// as the browser sends it in `Origin`, or `*` for any. Empty (the default): no CORS headers,
    /// and a preflight `OPTIONS` gets 405 as any unknown method does.
    public var corsOrigins: [String] = []
    /// Seconds a browser may keep a preflight's answer (`Access-Control-Max-Age`).
    public var corsMaxAgeSeconds = 600
    /// The request headers a page on an allowed origin may send beside the CORS-safelisted
    /// ones (a preflight's `Access-Control-Allow-Headers`): an app adds the headers of its own.
    public var corsRequestHeaders = ["Content-Type", "Accept", "Content-Encoding", "X-Request-Id"]
    /// The longest request target (path and query) answered; longer ones get 414.
    public var maxTargetBytes = 8 * 1024
    /// The most bytes of header fields (names and values) answered; more get 431.
    public var maxHeaderBytes = 8 * 1024
    /// Answers of a compressible type (JSON, text, SVG, YAML) at least this long are sent
    /// gzip-coded to clients that accept it; smaller ones fit a TCP segment either way, so
    /// compressing them would cost time and save no round trip. nil turns compression off.
    public var compressAtBytes: Int? = 1400
    /// zlib's level, 1 (fastest) to 9 (smallest). 1: on route-bar answers it still shrinks
    /// them 5 to 6 times, at about twice the requests/s of zlib's default 6 (which shrinks
    /// them 7 to 10 times); measured in docs/api.md, "Compression and caching".
    public var compressionLevel: Int32 = 1
    /// Requests whose body is at least this long run their handler on a shared pool of
    /// threads (as many as there are processors) while their connection's worker goes on
    /// serving its other connections: a long computation then neither holds those up nor
    /// leaves one worker idle while another has a queue. Smaller requests are answered in
    /// place, where handing them over would cost more than it spares. nil answers all in place.
    public var offloadBodyBytes: Int? = 64 * 1024
    /// How much nicer than the process the pool's threads run (Linux, per thread; the sum
    /// at most 19): a worker answering a small request in place (`/healthz`) is then not kept
    /// waiting for a processor by large requests being laid out. 0 runs them alike.
    public var handlerNiceness: Int32 = 10
    /// Each accepted socket's send buffer (SO_SNDBUF; Linux doubles it for its bookkeeping), or
    /// nil for the kernel's autotuning, which grows a loopback socket's to 4 MiB. A streamed
    /// answer is laid out only as fast as its client reads plus this much, so 250 clients that
    /// never read cost 250 × 128 KiB of the kernel's memory and of layout, not 250 whole
    /// answers (135 MB of NDJSON, laid out on the workers while /healthz waited 30–130 ms).
    public var sendBufferBytes: Int? = 64 * 1024
    /// Requests handed to that pool and not yet answered, at most; more get 503 with
    /// `Retry-After`, so a burst of large requests cannot queue without bound (each holds its body).
    public var offloadQueueLimit = 64
    /// Bytes the server holds for its clients at once, at most (`MemoryAccount`): each open
    /// connection's fixed part (`connectionBytes`), request bodies as they arrive, what handlers
    /// build from them (`HeldMemory`), and answers from the moment they are queued until
    /// libmicrohttpd has sent or dropped them. What would pass it gets 503 with `Retry-After`
    /// before the memory is taken. Sized for a 512 MiB container with room to spare: the process
    /// itself (14 MiB), the allocator's free memory in each thread's heap and what decoding frees
    /// add 50–70 MiB to what is counted, and the peak stays under 256 MiB (219–230 MiB measured
    /// with 80 clients holding 65,400-leg answers; 253–273 MiB with 192 MiB counted;
    /// `test_memory_account.py`).
    public var maxMemoryBytes = 160 << 20
    /// What the application keeps across requests at most, in caches bounded by their own means
    /// (a count of entries, a least-recently-used policy): counted in the account from the start
    /// as `cache` (`/metrics`), so that clients share `maxMemoryBytes` less this. It must leave
    /// room: at `maxMemoryBytes` or more, every reservation is refused.
    public var cacheBytes = 0
    /// What one connection may hold while the account is more than half full: a client uses
    /// idle memory, but holds no more than this while memory runs short for the others.
    public var connectionShareBytes: Int { maxMemoryBytes / 16 }
    /// The most query parameters a request target may carry; more get 400 at once
    /// (libmicrohttpd 0.9.75 runs out of its per-connection memory at about 220 and then drops
    /// the connection without an answer, see docs/reliability.md).
    public var maxQueryParameters = 64
    /// On shutdown, how long requests in flight may take to finish.
    public var shutdownGraceSeconds = 10
    /// Hand the allocator's free memory back to the system (`malloc_trim`) once the server is
    /// idle (`IdleMemoryTrim`): for a process whose allocator keeps freed memory for reuse, as
    /// `routebar serve` has glibc do. Off by default: the allocator is the process's business.
    public var trimsIdleMemory = false
    /// Report every request to the logger.
    public var accessLog = false
    /// Where the server answers with its metrics (Prometheus text), or nil for nowhere.
    public var metricsPath: String? = "/metrics"
    /// The prefix of every metric's name.
    public var metricsNamespace = "http_server"

    public init() {}

    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// libmicrohttpd's per-connection memory, which holds the request head (with about 48
    /// bytes of bookkeeping per field), its read buffer and our answer's head. 32 KiB holds
    /// every head within our own limits (`maxTargetBytes` and `maxHeaderBytes` in up to
    /// `maxHeaderFields` fields), so our 414 and 431 answer them, not libmicrohttpd. It zeroes
    /// all of it for every request, so its size is a per-request cost (see docs/reliability.md).
    let connectionMemoryBytes = 32 * 1024

    /// The most header fields a head within our limits has: with `maxHeaderBytes`, they fit
    /// `connectionMemoryBytes`; more get 431.
    public var maxHeaderFields = 100

    /// Each open connection's fixed part of the memory account: libmicrohttpd's memory, the
    /// body buffer it keeps between requests, and one answer too small to count on its own.
    var connectionBytes: Int {
        connectionMemoryBytes + 2 * 16 * 1024
    }

    /// Connections past the limit kept on trial at once (a second to send a whole request,
    /// which then makes room by closing a slow or idle connection); past these, one on trial
    /// for 100 ms without its request gives its place up, or the new one is told 503 at once.
    /// Enough that tricklers reconnecting as fast as they are closed cannot fill them.
    var trialLimit: Int { max(64, connectionLimit / 4) }

    /// libmicrohttpd's own connection limit, above ours and the trials': connections past
    /// those are accepted so they can be told 503 at once, instead of waiting in the kernel's
    /// queue behind trials that have a second to run.
    var acceptLimit: Int {
        connectionLimit + trialLimit + max(64, connectionLimit / 4)
    }
}
