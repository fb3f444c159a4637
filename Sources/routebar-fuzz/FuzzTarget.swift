// The request decoder and validator under libFuzzer, and the same check as a regression runner.
//
// An input is a request body, optionally preceded by a query string on its own first line
// ("?width=343&scale=3\n{...}"). Every input must either be refused with a RouteBarInputError
// or produce an answer that is valid JSON without a single null (every number finite).
//
//   make fuzz                          libFuzzer (built with -sanitize=fuzzer,address -DFUZZING)
//   routebar-fuzz FILE_OR_DIR ...      replays inputs through the same check (the regression tests do)

import CFuzzerDriver
import RouteBarJSON
import StrictJSON

/// Splits an input into its query parameters and its body.
func splitInput(_ input: UnsafeBufferPointer<UInt8>) -> (query: [String: String], body: [UInt8]) {
    guard input.first == UInt8(ascii: "?"), let newline = input.firstIndex(of: 0x0A) else {
        return ([:], Array(input))
    }
    var query: [String: String] = [:]
    let line = String(decoding: input[1..<newline], as: UTF8.self)
    for pair in line.split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    return (query, Array(input[(newline + 1)...]))
}

/// The property under test; traps (and so reports a finding) when it does not hold.
func check(_ input: UnsafeBufferPointer<UInt8>) {
    let (query, body) = splitInput(input)
    let answer: [UInt8]
    do {
        answer = try RouteBarResponse.answer(json: body, query: { query[$0] }).bytes
    } catch {
        precondition(!error.detail.isEmpty, "a refusal must say why")
        return
    }
    answer.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        do throws(JSONSyntaxError) {
            try expectNoNull(&reader)
            try reader.finish()
        } catch {
            preconditionFailure("the answer is not valid JSON: \(error.message)")
        }
    }
}

private func expectNoNull(_ reader: inout JSONReader) throws(JSONSyntaxError) {
    switch try reader.peekKind() {
    case .object:
        try reader.beginObject()
        while try reader.nextKey() { try expectNoNull(&reader) }
    case .array:
        try reader.beginArray()
        while try reader.nextElement() { try expectNoNull(&reader) }
    case .null:
        preconditionFailure("the answer holds a null: a number was not finite")
    default:
        try reader.skipValue()
    }
}

#if canImport(Glibc)
    import Glibc
#endif

@main
enum FuzzMain {
    static func main() {
        #if FUZZING
            // SwiftPM owns `main`, so hand libFuzzer the arguments through its driver entry point.
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                    check(UnsafeBufferPointer(start: data, count: size))
                    return 0
                })
        #else
            replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    /// Runs every file named, or found in a directory named, through `check`.
    static func replay(_ arguments: [String]) {
        var paths: [String] = []
        for argument in arguments {
            if let directory = opendir(argument) {
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    if !name.hasPrefix(".") { paths.append(argument + "/" + name) }
                }
                closedir(directory)
            } else {
                paths.append(argument)
            }
        }
        for path in paths.sorted() {
            guard let file = fopen(path, "rb") else {
                print("cannot read \(path)")
                exit(2)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
            fclose(file)
            bytes.withUnsafeBufferPointer { check($0) }
        }
        print("checked \(paths.count) inputs")
    }
}
