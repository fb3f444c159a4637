import MicroHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `routebar layout`: the server's answer without a server, for scripts and batch jobs.
///
/// Flags stand in for the query string, so an ODsay response works as it does over HTTP.
/// The answer's bytes are exactly those the server sends, problems included.
enum LayoutCommand {
    static let flags: [String: String] = [
        "--width": "width", "--scale": "scale", "--algorithm": "algorithm", "--height": "height",
        "--min-segment-ratio": "minSegmentRatio", "--min-walking-length": "minWalkingLength",
        "--min-transit-length": "minTransitLength", "--locale": "locale", "--label-font-size": "labelFontSize",
        "--colors": "colors",
    ]

    static func run(_ arguments: [String]) -> Int32 {
        var query: [String: String] = [:]
        var file: String?
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                value = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            if let name = flags[argument] {
                if value == nil {
                    index += 1
                    guard index < arguments.count else {
                        printError("routebar: \(argument) needs a value")
                        return 64
                    }
                    value = arguments[index]
                }
                query[name] = value
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

        guard let body = read(file == nil || file == "-" ? nil : file) else {
            printError("routebar: cannot read \(file ?? "standard input")")
            return 66
        }
        do throws(Problem) {
            write(try RouteBarAPI.layOut(body, query: { query[$0] }).bytes)
            return 0
        } catch {
            write(error.response.body)
            printError("routebar: \(error.status) \(error.title): \(error.detail)")
            return 1
        }
    }

    /// The whole of a file, or of standard input when `path` is nil.
    static func read(_ path: String?) -> [UInt8]? {
        guard let stream = path.map({ fopen($0, "rb") }) ?? fdopen(0, "rb") else { return nil }
        defer { if path != nil { fclose(stream) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, stream)
            if count > 0 { bytes += chunk[..<count] }
            if count < chunk.count { break }
        }
        return ferror(stream) == 0 ? bytes : nil
    }

    static func write(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if result <= 0 { return }
            written += result
        }
    }
}
