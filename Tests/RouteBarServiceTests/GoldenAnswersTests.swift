import Foundation
import MicroHTTP
import RouteBarService
import Testing

/// Each recorded planner answer in examples/planners/ (and its errors/) beside the answer
/// routebar gives it, as KDE KPublicTransport keeps its `*.in.json` and `*.out.json`: the
/// expected answer is `expected/<recording>` in the same folder, pretty-printed with sorted
/// keys so that a change reads as a diff. One test compares them all; with
/// `ROUTEBAR_GOLDEN_UPDATE=1` (`make golden`) it writes them instead, for a change that is
/// meant, and the diff is reviewed in its commit.
@Suite struct GoldenAnswersTests {
    /// The query every recording is answered with: a phone's bar, in English.
    static let query = ["width": "343", "scale": "3", "locale": "en"]

    static let folders = ["examples/planners", "examples/planners/errors"]

    static var recordings: [String] {
        folders.flatMap { folder in
            let directory = RepositoryVersion.root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
        }
    }

    /// The answer, or the problem, the server gives the recording, as the golden file holds it.
    static func answer(to recording: String) throws -> String {
        let body = [UInt8](try Data(contentsOf: RepositoryVersion.root.appendingPathComponent(recording)))
        let bytes: [UInt8]
        do throws(HTTPProblem) {
            let request = try RouteBarAPI.decode(body, limits: .init(), simdjson: true) { query[$0] }
            bytes = try RouteBarAPI.answer(request).bytes
        } catch {
            bytes = ProblemJSON.body(error)
        }
        let object = try JSONSerialization.jsonObject(with: Data(bytes))
        let pretty = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: pretty, as: UTF8.self) + "\n"
    }

    static func expectedURL(_ recording: String) -> URL {
        let url = RepositoryVersion.root.appendingPathComponent(recording)
        return url.deletingLastPathComponent().appendingPathComponent("expected").appendingPathComponent(url.lastPathComponent)
    }

    @Test func everyRecordingHasItsExpectedAnswer() throws {
        #expect(Self.recordings.count >= 16, "\(Self.recordings)")
        let update = ProcessInfo.processInfo.environment["ROUTEBAR_GOLDEN_UPDATE"] == "1"
        for recording in Self.recordings {
            let answer = try Self.answer(to: recording)
            let url = Self.expectedURL(recording)
            if update {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(answer.utf8).write(to: url)
                continue
            }
            let expected = try #require(try? String(contentsOf: url, encoding: .utf8), "\(recording): no \(url.path); run make golden")
            #expect(answer == expected, "\(recording): the answer is not \(url.lastPathComponent)'s; run make golden if the change is meant")
        }
    }

    /// Every expected answer has its recording: none is left behind by a renamed one.
    @Test func noExpectedAnswerWithoutItsRecording() throws {
        for folder in Self.folders {
            let expected = RepositoryVersion.root.appendingPathComponent(folder).appendingPathComponent("expected")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: expected.path)) ?? [] {
                #expect(Self.recordings.contains(folder + "/" + name), "\(folder)/expected/\(name) has no recording")
            }
        }
    }
}
