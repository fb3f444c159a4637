import Foundation
import RouteBarFuzzCheck
import Testing

/// Every input in Tests/FuzzCorpus (the fuzzer's seeds and each input that once found a
/// defect), and every example body in examples/ (seeds too), replayed through the fuzz
/// target's own check, in process.
@Suite struct FuzzRegressionTests {
    static func files(in folder: String, suffix: String = "") throws -> [URL] {
        let directory = RepositoryVersion.root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasPrefix(".") && $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test func corpusPassesTheFuzzCheck() throws {
        let corpus = try Self.files(in: "Tests/FuzzCorpus")
        let examples =
            try Self.files(in: "examples", suffix: ".json") + Self.files(in: "examples/planners", suffix: ".json")
            + Self.files(in: "examples/planners/errors", suffix: ".json")
        #expect(corpus.count >= 15 && examples.count >= 15)
        for file in corpus + examples {
            let bytes = [UInt8](try Data(contentsOf: file))
            let failure = bytes.withUnsafeBufferPointer { fuzzCheck($0) }
            #expect(failure == nil, "\(file.lastPathComponent): \(failure ?? "")")
        }
    }
}
