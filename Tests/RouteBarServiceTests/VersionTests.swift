import Foundation
import RouteBarTestSupport
import Testing

@testable import RouteBarService

/// The repository's release version: `info.version` in its openapi.yaml, read from the file here
/// (independently of the binary, which reads the copy compiled into it).
enum RepositoryVersion {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `version:` line of the top-level `info:` block; throws when there is none.
    static func openAPIInfoVersion() throws -> String {
        let spec = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let lines = spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let info = lines.firstIndex(of: "info:") else { throw TestClientError("openapi.yaml has no top-level info: line") }
        // The block runs until the next line that starts at column 0.
        let block = lines[(info + 1)...].prefix { $0.isEmpty || $0.hasPrefix(" ") }
        let versions = block.filter { $0.hasPrefix("  version: ") }.map { String($0.dropFirst("  version: ".count)) }
        guard versions.count == 1, let version = versions.first else {
            throw TestClientError("openapi.yaml's info block has \(versions.count) 'version:' lines, not one")
        }
        return version
    }

    /// The repository's tags, from `git tag --list`.
    static func gitTags() throws -> [String] {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["-C", root.path, "tag", "--list"]
        let out = Pipe()
        git.standardOutput = out
        try git.run()
        let listed = out.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { throw TestClientError("git tag --list exited with \(git.terminationStatus)") }
        return String(decoding: listed, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

@Suite struct VersionTests {
    /// One source of truth: `--version`, `--help`, `/metrics`' build info, the startup log line's
    /// `version` field all say the repository's `info.version`.
    @Test func everyPlaceThatSaysTheVersionSaysOpenAPIsInfoVersion() throws {
        let version = try RepositoryVersion.openAPIInfoVersion()
        #expect(
            version.wholeMatch(of: /(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)([-+][0-9A-Za-z.+-]+)?/) != nil,
            "info.version \(version) is a semantic version (a plain X.Y.Z tag for SwiftPM)")

        let printed = try ServerProcess.runToCompletion(["--version"])
        #expect(printed.status == 0)
        #expect(printed.stdout == "routebar \(version)\n")
        #expect(try ServerProcess.runToCompletion(["--help"]).stdout.hasPrefix("routebar \(version): "))

        let server = try ServerProcess()
        let listening = try #require(server.stderrLines.first { $0.contains(#""event":"listening""#) })
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(listening.utf8)) as? [String: Any])
        #expect(fields["version"] as? String == version)
        #expect((fields["message"] as? String)?.hasPrefix("routebar \(version) listening on ") == true)

        let metrics = try TestHTTPConnection.request(port: server.port, "GET", "/metrics").text
        let buildInfo = metrics.split(separator: "\n").filter { $0.hasPrefix("routebar_build_info{") }
        #expect(buildInfo == ["routebar_build_info{version=\"\(version)\"} 1"])
        // The served contract is the file byte for byte: RouteBarServiceTests.healthAndContract.
    }

    /// The release rule (docs/contributing.md, "Releases"): `info.version` is CHANGELOG.md's newest released
    /// version, the first `## [X.Y.Z] - YYYY-MM-DD` heading after `## [Unreleased]`.
    @Test func infoVersionIsTheChangelogsNewestRelease() throws {
        let version = try RepositoryVersion.openAPIInfoVersion()
        let changelog = try String(contentsOf: RepositoryVersion.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") }
        #expect(headings.first == "## [Unreleased]", "\(headings.prefix(2))")
        let released = headings.dropFirst().first.flatMap { $0.wholeMatch(of: /## \[([^\]]+)\] - \d{4}-\d{2}-\d{2}/) }
        #expect(
            released.map { String($0.1) } == version,
            "newest CHANGELOG release \(String(describing: headings.dropFirst().first)), info.version \(version)")
    }

    /// Every `from: "X.Y.Z"` an integrator copies (README.md, each library's DocC getting-started
    /// article) names `info.version`.
    @Test func theDocsPinInfoVersion() throws {
        let version = try RepositoryVersion.openAPIInfoVersion()
        let sources = RepositoryVersion.root.appendingPathComponent("Sources")
        let articles = try FileManager.default.contentsOfDirectory(atPath: sources.path).compactMap { target in
            let article = sources.appendingPathComponent("\(target)/\(target).docc/GettingStarted.md")
            return FileManager.default.fileExists(atPath: article.path) ? article : nil
        }
        #expect(articles.count == 4, "a getting-started article per library product: \(articles.map(\.path))")
        for file in articles + [RepositoryVersion.root.appendingPathComponent("README.md")] {
            let text = try String(contentsOf: file, encoding: .utf8)
            let pins = text.matches(of: /from: "([^"]*)"/).map { String($0.1) }
            #expect(!pins.isEmpty && pins.allSatisfy { $0 == version }, "\(file.lastPathComponent): \(pins), info.version \(version)")
        }
    }

    /// The newest release tag (bare `X.Y.Z`, by SemVer precedence) is `info.version`. A release
    /// bumps both in one commit and tags it; a checkout whose clone brought no tags (a shallow
    /// clone, or a mirror that does not carry them: docs/contributing.md, "Releases") has nothing to compare.
    @Test func theNewestTagIsInfoVersion() throws {
        let version = try RepositoryVersion.openAPIInfoVersion()
        let tags = try RepositoryVersion.gitTags().compactMap(ReleaseVersion.init)
        guard let newest = tags.max() else {
            print("theNewestTagIsInfoVersion: this checkout has no release tags; nothing to compare")
            return
        }
        #expect(newest == ReleaseVersion(version), "newest tag \(newest), info.version \(version)")
    }

    /// The Kubernetes manifest deploys the image of this version, and labels its pods with it.
    @Test func theKubernetesManifestNamesTheVersion() throws {
        let version = try RepositoryVersion.openAPIInfoVersion()
        let manifest = try String(contentsOf: RepositoryVersion.root.appendingPathComponent("deploy/kubernetes/deployment.yaml"), encoding: .utf8)
        #expect(manifest.contains("image: routebar:\(version)\n"))
        let labels = manifest.split(separator: "\n").filter { $0.contains("app.kubernetes.io/version:") }
        #expect(!labels.isEmpty && labels.allSatisfy { $0.hasSuffix(#"app.kubernetes.io/version: "\#(version)""#) }, "\(labels)")
    }

    /// The binary's own reading (RouteBarVersion, of the copy compiled into it) finds the file's
    /// version, and is as strict as it says.
    @Test func theBinaryReadsInfoVersionStrictly() throws {
        let spec = try Data(contentsOf: RepositoryVersion.root.appendingPathComponent("openapi.yaml"))
        #expect(RouteBarVersion.infoVersion(inOpenAPI: spec) == (try RepositoryVersion.openAPIInfoVersion()))
        #expect(RouteBarVersion.current == (try RepositoryVersion.openAPIInfoVersion()))
        let cases: [(String, String?)] = [
            ("openapi: 3.1.0\ninfo:\n  title: x\n  version: 1.2.3\npaths: {}\n", "1.2.3"),
            ("info:\r\n  title: x\r\n  version: 1.2.3\r\n", "1.2.3"),
            ("info:\r  title: x\r\r  version: 1.2.3\rpaths: {}\r", "1.2.3"),
            ("info:\n\r\n  version: 1.2.3-Beta.2\n", "1.2.3-Beta.2"),
            ("info:\n  description: |\n    version: 9.9.9\n\n  # the release\n  version: 2.0.0-rc.1+b5  \n", "2.0.0-rc.1+b5"),
            ("info:\n  title: x\n  contact:\n    version: 9.9.9\npaths:\n  version: 1.0.0\n", nil),
            ("version: 1.0.0\ninfo:\n  title: x\n", nil),
            ("info:\n  version: \"1.0.0\"\n", nil),
            ("info:\n  version: 1.0\n", nil),
            ("info:\n  version: 01.0.0\n", nil),
            ("info:\n  version: 1.0.0-\n", nil),
            ("info:\n  version:\n", nil),
            ("info:\n  version: 1.\u{0663}.0\n", nil),
            ("info:\n  version: 1\u{301}.0.0\n", nil),
            ("info:\n  version: 1.0.0-r\u{E9}c\n", nil),
            ("info:\n  version: 1.0.0-@\n", nil),
        ]
        for (spec, expected) in cases {
            #expect(RouteBarVersion.infoVersion(inOpenAPI: Array(spec.utf8)) == expected, "\(spec.debugDescription)")
        }
    }
}

/// A bare `MAJOR.MINOR.PATCH` release tag, ordered by SemVer precedence (pre-releases are not
/// release tags).
struct ReleaseVersion: Comparable, CustomStringConvertible {
    let parts: [Int]

    init?(_ tag: String) {
        let parts = tag.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.first != "+" && Int($0) != nil }) else { return nil }
        self.parts = parts.compactMap { Int($0) }
    }

    static func < (a: Self, b: Self) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
    var description: String { parts.map(String.init).joined(separator: ".") }
}
