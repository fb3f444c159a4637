import MicroHTTP
import RouteBarService

/// What `routebar serve` runs with: the HTTP server's settings and the API's limits.
struct ServeConfiguration: Sendable {
    var http = HTTPServerConfiguration()
    var limits = RouteBarAPI.Limits()
}

/// `routebar serve`'s settings: each a flag, with an environment variable as the fallback.
struct ServeOptions {
    struct Setting: Sendable {
        let flag: String
        let variable: String
        let summary: String
        let apply: @Sendable (inout ServeConfiguration, String) -> String?
        /// Whether the flag may be given more than once (its values joined by commas).
        var repeatable = false
    }

    static let settings: [Setting] = [
        Setting(flag: "--host", variable: "ROUTEBAR_HOST", summary: "address to listen on (default 127.0.0.1; 0.0.0.0 for all)") { config, value in
            guard !value.isEmpty else { return "must not be empty" }
            config.http.host = value
            return nil
        },
        Setting(flag: "--port", variable: "ROUTEBAR_PORT", summary: "TCP port (default 8080; 0 picks a free one)") { config, value in
            guard let port = UInt16(value) else { return "must be a port number from 0 to 65535" }
            config.http.port = port
            return nil
        },
        Setting(flag: "--threads", variable: "ROUTEBAR_THREADS", summary: "worker threads (default: the number of cores)") { config, value in
            integer(value, 1...1024).map { config.http.threads = $0 } == nil ? "must be a whole number from 1 to 1024" : nil
        },
        Setting(flag: "--max-body-bytes", variable: "ROUTEBAR_MAX_BODY_BYTES", summary: "largest request body (default 1048576)") { config, value in
            integer(value, 1...(1 << 30)).map { config.http.maxBodyBytes = $0 } == nil ? "must be a whole number from 1 to 1073741824" : nil
        },
        Setting(flag: "--connection-limit", variable: "ROUTEBAR_CONNECTION_LIMIT", summary: "open connections at most (default 1024)") {
            config, value in
            integer(value, 1...1_000_000).map { config.http.connectionLimit = $0 } == nil ? "must be a whole number from 1 to 1000000" : nil
        },
        Setting(
            flag: "--connection-timeout", variable: "ROUTEBAR_CONNECTION_TIMEOUT",
            summary: "seconds a connection may stay silent, and a request take to arrive (default 10; 0 for never)"
        ) { config, value in
            // One setting for both: an operator thinks of one deadline, the server keeps two
            // (HTTPServerConfiguration.idleTimeoutSeconds and requestTimeoutSeconds).
            guard let seconds = integer(value, 0...86_400) else { return "must be a whole number of seconds from 0 to 86400" }
            config.http.idleTimeoutSeconds = seconds
            config.http.requestTimeoutSeconds = seconds
            return nil
        },
        Setting(
            flag: "--cors-origin", variable: "ROUTEBAR_CORS_ORIGINS",
            summary: "an origin whose pages may call the API from a browser, or * for any; repeatable or comma-separated (default none)",
            apply: { config, value in
                let origins = value.split(separator: ",").map { String($0).trimmingASCIISpaces }
                for origin in origins where origin != "*" && !Self.isOrigin(origin) {
                    return "must be * or an origin such as https://app.example (scheme, host, optional port; no path), got '\(origin)'"
                }
                config.http.corsOrigins = origins.map(Self.serializedOrigin)
                return nil
            }, repeatable: true),
        Setting(
            flag: "--header-timeout", variable: "ROUTEBAR_HEADER_TIMEOUT",
            summary: "seconds a new connection has to send its request head (default 5; 0 for never)"
        ) { config, value in
            integer(value, 0...86_400).map { config.http.headerTimeoutSeconds = $0 } == nil
                ? "must be a whole number of seconds from 0 to 86400" : nil
        },
        Setting(flag: "--max-segments", variable: "ROUTEBAR_MAX_SEGMENTS", summary: "segments laid out per request, across widths (default 100000)") {
            config, value in
            integer(value, 1...10_000_000).map { config.limits.maxSegments = $0 } == nil ? "must be a whole number from 1 to 10000000" : nil
        },
        Setting(
            flag: "--max-answer-memory", variable: "ROUTEBAR_MAX_ANSWER_MEMORY",
            summary:
                "bytes held for clients at once (connections, bodies, decoded requests, answers); past it 503 (default \(HTTPServerConfiguration().maxMemoryBytes))"
        ) { config, value in
            // Room for at least 1 MiB of clients' memory beside what the caches keep.
            let least = RouteBarAPI.cacheBytes + (1 << 20)
            return integer(value, least...(1 << 40)).map { config.http.maxMemoryBytes = $0 } == nil
                ? "must be a whole number of bytes from \(least) (the caches' \(RouteBarAPI.cacheBytes >> 20) MiB and 1 MiB) to 1099511627776"
                : nil
        },
        Setting(flag: "--shutdown-grace", variable: "ROUTEBAR_SHUTDOWN_GRACE", summary: "seconds requests in flight get on SIGTERM (default 10)") {
            config, value in
            integer(value, 0...3_600).map { config.http.shutdownGraceSeconds = $0 } == nil ? "must be a whole number of seconds from 0 to 3600" : nil
        },
        Setting(flag: "--access-log", variable: "ROUTEBAR_ACCESS_LOG", summary: "on: one JSON line per request on stderr (default off)") {
            config, value in
            switch value {
            case "on": config.http.accessLog = true
            case "off": config.http.accessLog = false
            default: return "must be on or off"
            }
            return nil
        },
    ]

    /// `scheme://host[:port]` as a browser sends it in `Origin`.
    static func isOrigin(_ text: String) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("//") else { return false }
        let scheme = parts[0]
        let rest = parts[1].dropFirst(2)
        let schemeIsValid = !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
        let restIsValid = !rest.isEmpty && !rest.contains("/") && !rest.contains(" ")
        return schemeIsValid && restIsValid
    }

    /// An origin as a browser serializes it in `Origin` (RFC 6454, section 6.2): scheme and
    /// host in lower case, the scheme's default port left out; so `HTTPS://APP.EXAMPLE:443`
    /// matches what the browser sends, `https://app.example`.
    static func serializedOrigin(_ origin: String) -> String {
        guard origin != "*" else { return origin }
        var text = origin.lowercased()
        for (scheme, port) in [("https://", ":443"), ("http://", ":80")] where text.hasPrefix(scheme) && text.hasSuffix(port) {
            text.removeLast(port.count)
        }
        return text
    }

    private static func integer(_ text: String, _ range: ClosedRange<Int>) -> Int? {
        guard let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    /// The configuration from flags, then environment variables, then defaults; or a usage error.
    static func parse(_ arguments: [String], environment: ProcessEnvironment) -> Result<ServeConfiguration, UsageError> {
        var config = ServeConfiguration()
        config.http.metricsNamespace = RouteBarAPI.metricsNamespace
        var given: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                value = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            guard settings.contains(where: { $0.flag == argument }) else {
                return .failure(UsageError("unknown option '\(arguments[index])' for serve"))
            }
            if value == nil {
                index += 1
                guard index < arguments.count else { return .failure(UsageError("\(argument) needs a value")) }
                value = arguments[index]
            }
            if let earlier = given[argument], settings.first(where: { $0.flag == argument })?.repeatable == true {
                given[argument] = earlier + "," + value!
            } else {
                given[argument] = value
            }
            index += 1
        }
        for setting in settings {
            let source: String
            let value: String
            if let flagValue = given[setting.flag] {
                (source, value) = (setting.flag, flagValue)
            } else if let variableValue = environment[setting.variable] {
                (source, value) = (setting.variable, variableValue)
            } else {
                continue
            }
            if let problem = setting.apply(&config, value) {
                return .failure(UsageError("\(source) '\(value)': \(problem)"))
            }
        }
        return .success(config)
    }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension String {
    fileprivate var trimmingASCIISpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
