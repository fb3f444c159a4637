import MicroHTTP

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
                printError("routebar: \(error.message)\nRun 'routebar --help' for the options.")
                return 64
            }
        default:
            printError("routebar: unknown command '\(command)'\n\n\(usage)")
            return 64
        }
    }

    static func serve(_ configuration: HTTPServerConfiguration) -> Int32 {
        let api = RouteBarAPI()
        let server = HTTPServer(configuration: configuration, router: api.router, extraMetrics: api.renderMetrics)
        do {
            let signal = try server.run { port in
                let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
                LogLine.write(event: "listening", message: "routebar \(RouteBarVersion.current) listening on http://\(host):\(port) "
                    + "(\(configuration.threads) threads, bodies up to \(configuration.maxBodyBytes) bytes, "
                    + "\(configuration.connectionLimit) connections, \(configuration.connectionTimeoutSeconds) s timeout)") { line in
                    line.field("port", Int(port))
                    line.field("version", RouteBarVersion.current)
                }
            }
            LogLine.write(event: "stopped",
                          message: "\(signal == SIGINT ? "SIGINT" : "SIGTERM") received; finished the requests in flight and stopped")
            return 0
        } catch {
            LogLine.write(level: "error", event: "failed", message: "routebar: \(error)")
            return 1
        }
    }

    static var usage: String {
        var text = """
            routebar \(RouteBarVersion.current): lays out transit route bars over HTTP.

            Usage:
              routebar serve [options]   start the HTTP service
              routebar layout [--width W] [--scale S] [--algorithm A] [--height H] [--min-segment-ratio R]
                              [--min-walking-length L] [--min-transit-length L] [--locale ko|en]
                              [--label-font-size P] [--colors true|false] [FILE]
                                         lay out a request body (ours or ODsay's) from FILE or stdin and print
                                         the answer the server would give; exit 1 when the server would refuse it
              routebar --help            show this help
              routebar --version         show the version

            Options for serve (each falls back to the environment variable beside it):

            """
        for setting in ServeOptions.settings {
            let flag = "\(setting.flag) VALUE".padding(to: 28)
            text += "  \(flag)\(setting.variable.padding(to: 30))\(setting.summary)\n"
        }
        text += """

            Endpoints: POST /v1/route-bars (JSON, NDJSON or SVG by Accept), POST /v1/route-bars.svg, GET / (playground),
            GET /healthz, GET /metrics, GET /openapi.yaml.
            SIGTERM or SIGINT stops taking connections, answers the requests in flight, and exits 0.
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
