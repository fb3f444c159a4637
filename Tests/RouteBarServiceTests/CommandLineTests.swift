import RouteBarTestSupport
import Testing

@Suite struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let version = try ServerProcess.runToCompletion(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "routebar \(try RepositoryVersion.openAPIInfoVersion())\n")
        let help = try ServerProcess.runToCompletion(["--help"])
        #expect(help.status == 0)
        for flag in [
            "--host", "--port", "--threads", "--max-body-bytes", "--connection-limit", "--connection-timeout", "--shutdown-grace", "--access-log",
            "ROUTEBAR_ACCESS_LOG",
            "ROUTEBAR_HOST", "ROUTEBAR_PORT", "ROUTEBAR_THREADS", "ROUTEBAR_MAX_BODY_BYTES",
        ] {
            #expect(help.stdout.contains(flag), "help lists \(flag)")
        }
    }

    @Test func badSettingsAreUsageErrors() throws {
        for arguments in [["serve", "--port", "70000"], ["serve", "--threads", "0"], ["serve", "--bogus"], ["serve", "--port"], ["launch"], []] {
            let result = try ServerProcess.runToCompletion(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(!result.stderr.isEmpty)
        }
        let badOrigin = try ServerProcess.runToCompletion(["serve", "--cors-origin", "app.example/path"])
        #expect(badOrigin.status == 64 && badOrigin.stderr.contains("must be * or an origin"), "\(badOrigin.stderr)")
        let fromEnvironment = try ServerProcess.runToCompletion(["serve"], environment: ["ROUTEBAR_MAX_BODY_BYTES": "lots"])
        #expect(fromEnvironment.status == 64)
        #expect(fromEnvironment.stderr.contains("ROUTEBAR_MAX_BODY_BYTES 'lots'"))
    }

    @Test func environmentVariablesAreFallbacksAndFlagsWin() throws {
        let server = try ServerProcess(environment: ["ROUTEBAR_MAX_BODY_BYTES": "2048", "ROUTEBAR_THREADS": "3"])
        #expect(server.stderrLines.joined().contains("3 threads, bodies up to 2048 bytes"))
        let flagged = try ServerProcess(arguments: ["--max-body-bytes", "1000"], environment: ["ROUTEBAR_MAX_BODY_BYTES": "2048"])
        #expect(flagged.stderrLines.joined().contains("bodies up to 1000 bytes"))
    }

    /// `--cors-origin` is repeatable: each origin given may call the API from a browser.
    @Test func corsOriginsFromRepeatedFlags() throws {
        let server = try ServerProcess(arguments: ["--cors-origin", "https://a.example", "--cors-origin=https://b.example"])
        for origin in ["https://a.example", "https://b.example"] {
            let answer = try TestHTTPConnection(port: server.port).request("GET", "/healthz", headers: ["Origin": origin])
            #expect(answer.headers["access-control-allow-origin"] == origin)
        }
        let other = try TestHTTPConnection(port: server.port).request("GET", "/healthz", headers: ["Origin": "https://c.example"])
        #expect(other.headers["access-control-allow-origin"] == nil)
    }

    @Test func aPortInUseIsReported() throws {
        let server = try ServerProcess()
        let result = try ServerProcess.runToCompletion(["serve", "--host", "127.0.0.1", "--port", String(server.port)])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot bind 127.0.0.1:\(server.port): Address already in use"))
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") }, "every stderr line is JSON")
    }
}
