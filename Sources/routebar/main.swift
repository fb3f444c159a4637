import RouteBarService

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// A spec without `info.version` is a broken build: say so on stderr (as JSON, like every
// stderr line) and exit 70.
guard RouteBarVersion.embedded != nil else {
    LogLine.write(
        level: "error", event: "failed",
        message: "routebar: the embedded openapi.yaml has no 'version: X.Y.Z' line in its top-level 'info:' block")
    exit(70)
}
exit(RouteBarCommand.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment()))
