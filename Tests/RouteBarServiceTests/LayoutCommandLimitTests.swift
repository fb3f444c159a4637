import Foundation
import RouteBarTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `routebar layout` under the server's limits, and when it cannot write.
@Suite struct LayoutCommandLimitTests {
    @Test func anEndlessInputIsCutAtTheBodyLimit() throws {
        let began = Date()
        let result = try ServerProcess.runToCompletion(["layout", "--max-body-bytes", "100000", "/dev/urandom"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""status":413"#))
        #expect(result.stdout.contains(#""limit":100000"#))
        #expect(Date().timeIntervalSince(began) < 10)
        let defaultLimit = try ServerProcess.runToCompletion(["layout", "/dev/zero"])
        #expect(defaultLimit.stdout.contains(#""limit":1048576"#), "the same default as the server")
    }

    @Test func anAnswerThatCannotBeWrittenExits74() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("routebar-full-\(UUID().uuidString).json")
        try Data(Samples.seedRequest().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" layout \"$1\" > /dev/full", ServerProcess.binary.path, file.path]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message.contains("cannot write"))
    }
}
