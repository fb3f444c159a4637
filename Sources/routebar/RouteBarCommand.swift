import MicroHTTP
import RouteBarService

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The command line: `routebar serve [options]`, `--help`, `--version`.
enum RouteBarCommand {
    static func run(_ arguments: [String], environment: ProcessEnvironment) -> Int32 {
        guard let command = arguments.first else {
            printError(usage)
            return 64
        }
        switch command {
        case "--help", "-h", "help":
            print(usage)
            return 0
        case "--version", "version":
            print("routebar \(RouteBarVersion.current)")
            return 0
        case "layout":
            if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
                print(usage)
                return 0
            }
            return LayoutCommand.run(Array(arguments.dropFirst()))
        case "serve":
            if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
                print(usage)
                return 0
            }
            switch ServeOptions.parse(Array(arguments.dropFirst()), environment: environment) {
            case .success(let configuration): return serve(configuration)
            case .failure(let error):
                LogLine.write(level: "error", event: "usage", message: "routebar: \(error.message). Run 'routebar --help' for the options.")
                return 64
            }
        default:
            printError("routebar: unknown command '\(command)'\n\n\(usage)")
            return 64
        }
    }

    static func serve(_ configuration: ServeConfiguration) -> Int32 {
        // Process policy, which the server library leaves to us. The stop signals are blocked
        // first, before any thread starts (threads inherit the mask), so that one arriving
        // waits for `waitForStopSignal` below instead of ending the process from a worker.
        let stopSignals = ProcessPolicy.blockStopSignals()
        ProcessPolicy.ignoreSIGPIPE()
        if !ProcessPolicy.keepFreedMemory(upTo: ProcessPolicy.keptBufferBytes) {
            LogLine.write(
                level: "warning", event: "warning",
                message: "glibc's mallopt could not set the thresholds for freed memory; the allocator keeps its own")
        }
        var http = configuration.http
        // The allocator keeps what is freed for reuse, so the server hands it back when idle.
        http.trimsIdleMemory = true
        // What the service's caches keep is counted from the start: clients share the rest.
        http.cacheBytes = RouteBarAPI.cacheBytes
        // A page on an allowed origin may send the API's own headers (`X-Fields`).
        http.corsRequestHeaders += RouteBarAPI.corsRequestHeaders
        let api = RouteBarAPI(limits: configuration.limits)
        let server = HTTPServer(
            configuration: http, router: api.router, problems: ProblemJSON(), logger: JSONLineLogger(),
            extraMetrics: api.renderMetrics, onIdle: api.releaseIdleMemory)
        raiseOpenFileLimit(toAtLeast: http.connectionLimit * 2 + 64)
        do {
            try server.start()
        } catch {
            LogLine.write(level: "error", event: "failed", message: "routebar: \(error)")
            return 1
        }
        let host = http.host.contains(":") ? "[\(http.host)]" : http.host
        let port = server.port
        LogLine.write(
            event: "listening",
            message: "routebar \(RouteBarVersion.current) listening on http://\(host):\(port) "
                + "(\(http.threads) thread\(http.threads == 1 ? "" : "s"), bodies up to \(http.maxBodyBytes) bytes, \(configuration.limits.maxSegments) segments, "
                + "\(http.connectionLimit) connections, \(http.headerTimeoutSeconds) s header and \(http.requestTimeoutSeconds) s request timeout)"
        ) { line in
            line.field("port", Int(port))
            line.field("version", RouteBarVersion.current)
        }
        let signal = ProcessPolicy.waitForStopSignal(stopSignals)
        let cutOff = server.shutdown()
        let requests = cutOff == 1 ? "1 request" : "\(cutOff) requests"
        LogLine.write(
            event: "stopped",
            message: cutOff == 0
                ? "\(signalName(signal)) received; finished the requests in flight and stopped"
                : "\(signalName(signal)) received; stopped with \(requests) in flight cut off at the end of the grace period")
        return 0
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        case SIGQUIT: "SIGQUIT"
        default: "SIGTERM"
        }
    }

    /// Each connection is a file descriptor: a soft limit below the connection limit would
    /// turn connections away before the server could even tell them 503.
    static func raiseOpenFileLimit(toAtLeast wanted: Int) {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0, limits.rlim_cur < rlim_t(wanted) else { return }
        limits.rlim_cur = min(limits.rlim_max, rlim_t(wanted))
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) != 0 || limits.rlim_cur < rlim_t(wanted) {
            LogLine.write(
                level: "warning", event: "warning",
                message: "open files are limited to \(limits.rlim_cur), below the \(wanted) the connection limit needs")
        }
    }

    static var usage: String {
        var text = """
            routebar \(RouteBarVersion.current): lays out transit route bars over HTTP.

            Usage:
              routebar serve [options]   start the HTTP service
              routebar layout [LAYOUT OPTIONS] [--max-body-bytes N] [--max-segments N] [FILE]
                                         lay out a request body (ours or any planner's) from FILE or stdin and print
                                         the answer the server would give; exit 1 when the server would refuse
                                         it, 66 when the input cannot be read, 74 when the answer cannot be written
              routebar --help            show this help
              routebar --version         show the version

            Layout options for layout (each as the query parameter of that name; a body's own value wins):
            \(LayoutCommand.optionsHelp)

            Request parameters for layout (each as the query parameter of that name):
            \(LayoutCommand.parametersHelp)

            Options for serve (each falls back to the environment variable beside it):

            """
        for setting in ServeOptions.settings {
            let flag = "\(setting.flag) VALUE".padding(to: 28)
            text += "  \(flag)\(setting.variable.padding(to: 30))\(setting.summary)\n"
        }
        text += """

            Endpoints: POST /v1/route-bars (JSON, NDJSON or SVG by Accept), POST /v1/route-bars.svg, GET / (playground),
            GET /healthz, GET /metrics, GET /openapi.yaml.
            SIGTERM, SIGINT, SIGHUP or SIGQUIT stops taking connections, closes idle ones, answers the requests
            in flight, and exits 0. Every line on stderr is one JSON object.
            """
        return text
    }
}

func printError(_ text: String) {
    // Unbuffered, so the line is out before the process waits or exits.
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
