import Foundation
import RouteBarFuzzCheck
import RouteBarJSON
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

    /// The fuzzer runs on inputs of at most 8 KB (`make fuzz`, `-max_len=8192`), which cuts every
    /// recording of examples/planners: each planner has a seed of its own that fits,
    /// `seed-<recording>.json` (the recording's arrays cut to their first elements and its
    /// strings to their first bytes), read as that planner's answer.
    @Test func everyPlannerHasASeedTheFuzzerReadsWhole() throws {
        var seeded = Set<Planner>()
        for file in try Self.files(in: "Tests/FuzzCorpus", suffix: ".json") where file.lastPathComponent.hasPrefix("seed-") {
            let bytes = [UInt8](try Data(contentsOf: file))
            #expect(bytes.count <= 8192, "\(file.lastPathComponent) is \(bytes.count) bytes")
            let request = try RouteBarRequest(json: bytes)
            #expect(!request.routes.isEmpty, "\(file.lastPathComponent)")
            if case .planner(let planner) = request.shape { seeded.insert(planner) }
        }
        #expect(seeded == Set(Planner.allCases.filter { $0 != .routebar && $0 != .odsay }))
    }
}
