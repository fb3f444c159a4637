import MicroHTTP
import RouteBar
import RouteBarJSON
import RouteBarService

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `routebar layout`: the server's answer without a server, for scripts and batch jobs.
///
/// Flags stand in for the query string, so an ODsay response works as it does over HTTP.
/// The answer's bytes are exactly those the server sends, problems included, under the same
/// limits. Exit status: 0, 1 (the server would refuse the body), 64 (usage), 66 (cannot read
/// the input), 74 (cannot write the answer).
enum LayoutCommand {
    /// Every layout option's flag (`--min-segment-ratio`) and every other request parameter's
    /// (`--source`), and the query parameter it stands for.
    static let flags = Dictionary(
        uniqueKeysWithValues: LayoutOption.all.map { ($0.flag, $0.name) } + RequestParameter.all.map { ($0.flag, $0.name) })

    /// `routebar --help`'s lines for the options, one per option.
    static var optionsHelp: String {
        LayoutOption.all.map { option in
            let value =
                switch option.values {
                case .number(let range):
                    "\(range.bounds.excludesLower ? ">" : "")\(range.bounds.lower.shortDescription)..\(range.bounds.upper.shortDescription)"
                case .flag: "true|false"
                case .choice(let names): names.joined(separator: "|")
                case .languageTag: "TAG"
                }
            let byDefault = option.defaultValue.map { " (default \($0))" } ?? ""
            return "  \("\(option.flag) \(value)".padding(to: 44))\(option.summary)\(byDefault)"
        }.joined(separator: "\n")
    }

    /// `routebar --help`'s lines for the other request parameters (`--source`, `--waits`).
    static var parametersHelp: String {
        RequestParameter.all.map { parameter in
            "  \("\(parameter.flag) \(parameter.placeholder)".padding(to: 44))\(parameter.summary)"
        }.joined(separator: "\n")
    }

    static func run(_ arguments: [String]) -> Int32 {
        // A closed pipe is a write that fails (exit 74), not a signal that kills.
        signal(SIGPIPE, SIG_IGN)
        var query: [String: String] = [:]
        var file: String?
        var maxBodyBytes = HTTPServerConfiguration().maxBodyBytes
        var limits = RouteBarAPI.Limits()
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                value = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            let isLimit = argument == "--max-body-bytes" || argument == "--max-segments"
            if flags[argument] != nil || isLimit {
                if value == nil {
                    index += 1
                    guard index < arguments.count else {
                        printError("routebar: \(argument) needs a value")
                        return 64
                    }
                    value = arguments[index]
                }
                if isLimit {
                    guard let number = value.flatMap({ Int($0) }), number >= 1 else {
                        printError("routebar: \(argument) must be a whole number from 1")
                        return 64
                    }
                    if argument == "--max-body-bytes" { maxBodyBytes = number } else { limits.maxSegments = number }
                } else {
                    query[flags[argument]!] = value
                }
            } else if argument.hasPrefix("-") && argument != "-" {
                printError("routebar: unknown option '\(argument)' for layout\nRun 'routebar --help' for the options.")
                return 64
            } else if file == nil {
                file = argument
            } else {
                printError("routebar: layout reads one file, got '\(file!)' and '\(argument)'")
                return 64
            }
            index += 1
        }

        let body: [UInt8]
        switch read(file == nil || file == "-" ? nil : file, limit: maxBodyBytes) {
        case .failure(.unreadable):
            printError("routebar: cannot read \(file ?? "standard input")")
            return 66
        case .failure(.tooLarge):
            return refuse(
                HTTPProblem(
                    status: 413, detail: "The body exceeds the limit of \(maxBodyBytes) bytes.",
                    members: [.init("limit", maxBodyBytes)]))
        case .success(let bytes):
            body = bytes
        }
        do throws(HTTPProblem) {
            let request = try RouteBarAPI.decode(body, limits: limits, simdjson: true) { query[$0] }
            return write(try RouteBarAPI.answer(request).bytes) ? 0 : cannotWrite()
        } catch {
            return refuse(error)
        }
    }

    /// Prints the problem the server would answer with, and its gist on stderr.
    private static func refuse(_ problem: HTTPProblem) -> Int32 {
        guard write(ProblemJSON.body(problem)) else { return cannotWrite() }
        printError("routebar: \(problem.status) \(problem.title): \(problem.detail)")
        return 1
    }

    private static func cannotWrite() -> Int32 {
        printError("routebar: cannot write the answer to standard output: \(String(cString: strerror(errno)))")
        return 74
    }

    enum ReadFailure: Error {
        case unreadable
        case tooLarge
    }

    /// The whole of a file, or of standard input when `path` is nil, up to `limit` bytes.
    static func read(_ path: String?, limit: Int) -> Result<[UInt8], ReadFailure> {
        guard let stream = path.map({ fopen($0, "rb") }) ?? fdopen(0, "rb") else { return .failure(.unreadable) }
        defer { if path != nil { fclose(stream) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, stream)
            if count > 0 { bytes += chunk[..<count] }
            // One byte past the limit is enough to know; the rest is never read.
            if bytes.count > limit { return .failure(.tooLarge) }
            if count < chunk.count { break }
        }
        return ferror(stream) == 0 ? .success(bytes) : .failure(.unreadable)
    }

    /// Writes all of `bytes` to standard output; false when it cannot (a full disk, a closed pipe).
    static func write(_ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { systemWrite(1, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { return false }
            written += result
        }
        return true
    }
}
