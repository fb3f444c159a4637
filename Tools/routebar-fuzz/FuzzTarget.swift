// The request decoder and validator under libFuzzer (`fuzzCheck`, Tests/RouteBarFuzzCheck), and
// the same check as a replayer of inputs.
//
//   make fuzz                          libFuzzer (built with -sanitize=fuzzer,address -DFUZZING)
//   routebar-fuzz FILE_OR_DIR ...      replays inputs through the same check

import CFuzzerDriver
import RouteBarFuzzCheck

#if canImport(Glibc)
    import Glibc
#endif

/// Traps, so that libFuzzer reports a finding, when the property does not hold.
func check(_ input: UnsafeBufferPointer<UInt8>) -> Int32 {
    if let failure = fuzzCheck(input) { preconditionFailure(failure) }
    return 0
}

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
            _ = bytes.withUnsafeBufferPointer { check($0) }
        }
        print("checked \(paths.count) inputs")
    }
}
