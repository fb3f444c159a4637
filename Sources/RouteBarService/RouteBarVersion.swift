/// routebar's version, with one source of truth: `info.version` in openapi.yaml, which is
/// compiled into the binary (CEmbeddedFiles). `--version`, `--help`, the metrics page's
/// `routebar_build_info`, the startup log line and `GET /openapi.yaml` all say this string.
/// A release bumps `info.version` (and CHANGELOG.md) and is tagged with it: docs/contributing.md, "Releases".
public enum RouteBarVersion {
    /// Read from the embedded spec once, on first use; nil only in a broken build (the
    /// executable refuses to start then).
    public static let embedded: String? = infoVersion(inOpenAPI: EmbeddedDocuments.openAPISpecBytes)

    /// The version, or "unknown" in a broken build.
    public static var current: String { embedded ?? "unknown" }

    /// The value of the `version:` key of the top-level `info:` mapping in an OpenAPI document in
    /// block-style YAML, or nil. Deliberately strict rather than a YAML parser: `info:` must be a
    /// line of its own at column 0, `version:` one of its keys (at the indentation of its first
    /// key, so a `version:` inside a nested mapping or a block scalar does not count), and the
    /// value a plain (unquoted) semantic version, `MAJOR.MINOR.PATCH` with an optional
    /// `-prerelease` and `+build`.
    public static func infoVersion(inOpenAPI spec: some Collection<UInt8>) -> String? {
        var inInfo = false
        var keyIndent: Int?
        // Line by line, each decoded on its own: `info` comes first in the document, so the start
        // of the server reads the spec's first lines, not its 180 KB (which kept its pages
        // resident). YAML's line breaks: "\n", "\r\n" and "\r".
        var rest = spec[...]
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? rest.endIndex
            let line = Substring(String(decoding: rest[..<end], as: UTF8.self))
            rest = rest[end...].dropFirst(rest[end...].starts(with: "\r\n".utf8) ? 2 : 1)
            let indent = line.prefix(while: { $0 == " " }).count
            let content = line.dropFirst(indent)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 0 {
                if inInfo { return nil }  // the info block ended without a version
                inInfo = content == "info:"
                continue
            }
            guard inInfo else { continue }
            if keyIndent == nil { keyIndent = indent }
            guard indent == keyIndent, content.hasPrefix("version:") else { continue }
            var value = content.dropFirst("version:".count)
            while value.first == " " { value = value.dropFirst() }
            while value.last == " " { value = value.dropLast() }
            return isSemanticVersion(value) ? String(value) : nil
        }
        return nil
    }

    /// `MAJOR.MINOR.PATCH[-prerelease][+build]`: numbers without leading zeros; identifiers of
    /// ASCII letters, digits and hyphens, separated by dots.
    static func isSemanticVersion(_ text: Substring) -> Bool {
        let build = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        let withoutBuild = build[0]
        let pre = withoutBuild.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let core = pre[0].split(separator: ".", omittingEmptySubsequences: false)
        func isNumber(_ part: Substring) -> Bool {
            !part.isEmpty && part.allSatisfy(\.isASCIIDigit) && (part == "0" || part.first != "0")
        }
        func areIdentifiers(_ part: Substring) -> Bool {
            part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { identifier in
                !identifier.isEmpty && identifier.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" }
            }
        }
        return core.count == 3 && core.allSatisfy(isNumber)
            && (pre.count == 1 || areIdentifiers(pre[1]))
            && (build.count == 1 || areIdentifiers(build[1]))
    }
}

private extension Character {
    // ASCII ranges, not `isNumber` and `isLetter`: those read the Unicode tables, pages that
    // the start would otherwise keep resident for this one check.
    var isASCIIDigit: Bool { asciiValue.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }
    var isASCIILetter: Bool { asciiValue.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) } ?? false }
}
