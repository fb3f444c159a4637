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

    /// A refusal's pointer names a value the body has (the fuzz check holds every refusal to
    /// it): a member that is missing is pointed at through the object that lacks it, and the
    /// detail names the member.
    @Test(arguments: [
        (#"{"routes": []}"#, ""),
        (#"{"width": 343}"#, ""),
        (#"{"width": 343, "routes": [{"totalTime": 3}]}"#, "/routes/0"),
        (#"{"width": 343, "routes": [{"subPaths": [{"trafficType": 3}]}]}"#, "/routes/0/subPaths/0"),
        (#"{"width": 343, "routes": [{"subPaths": [{"sectionTime": 3}]}]}"#, "/routes/0/subPaths/0"),
        ("?width=343\n" + #"{"result": {"searchType": 0}}"#, "/result"),
        ("?width=343\n" + #"{"result": {"path": [{"info": {"totalTime": 5}}]}}"#, "/result/path/0"),
        (#"{"plan": {"itineraries": [{"legs": [{"mode": "BUS", "duration": 600}, {"distance": 3}]}]}}"#, "/plan/itineraries/0/legs/1"),
        (#"{"routes": [{"legs": [{"steps": [{"staticDuration": "60s", "transitDetails": {}}]}]}]}"#, "/routes/0/legs/0/steps/0"),
    ])
    func aRefusalPointsAtAValueTheBodyHas(input: String, pointer: String) throws {
        let bytes = Array(input.utf8)
        let (query, body) = bytes.withUnsafeBufferPointer { splitInput($0) }
        let problem = #expect(throws: RouteBarInputError.self) { try RouteBarRequest(json: body) { query[$0] } }
        #expect(problem?.pointer == pointer, "\(problem?.detail ?? "")")
        #expect(body.withUnsafeBufferPointer { has(pointer, in: $0) })
        #expect(bytes.withUnsafeBufferPointer { fuzzCheck($0) } == nil)
    }

    @Test func pointersAreReadAsRFC6901Says() {
        let body = Array(#"{"a/b": {"m~n": [10, {"": 1}]}, "c": [0]}"#.utf8)
        body.withUnsafeBufferPointer { body in
            #expect(has("", in: body) && has("/a~1b/m~0n/1/", in: body) && has("/c/0", in: body))
            #expect(!has("/a/b", in: body) && !has("/c/1", in: body) && !has("/c/01", in: body) && !has("/c/0/x", in: body))
            #expect(!has("/width", in: body) && !has("c", in: body))
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
