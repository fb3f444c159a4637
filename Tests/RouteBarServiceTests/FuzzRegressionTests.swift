import Foundation
import RouteBarTestSupport
import Testing

/// Every input in Tests/FuzzCorpus (the fuzzer's seeds and each input that once found a
/// defect) replayed through the fuzz target's own check, built without libFuzzer.
@Suite struct FuzzRegressionTests {
    @Test func corpusPassesTheFuzzCheck() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        #expect(files.count >= 15)
        let binary = ServerProcess.binary.deletingLastPathComponent().appendingPathComponent("routebar-fuzz")
        let process = Process()
        process.executableURL = binary
        process.arguments = [corpus.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("checked \(files.count) inputs"))
    }
}
