import Foundation
import RouteBar
import RouteBarJSON
import Testing

/// The vocabularies docs/api.md describes (a segment's `kind` and `mode`, the problem types) are
/// the code's own tables: a case added to `SegmentKind`, `TransitMode` or
/// `RouteBarInputError.ProblemType` fails here until the page names it, and the page names
/// nothing the code does not have.
@Suite struct DocsVocabularyTests {
    static func page() throws -> String {
        try String(contentsOf: RepositoryVersion.root.appendingPathComponent("docs/api.md"), encoding: .utf8)
    }

    /// The backticked words of the bullet that begins with `start`, up to the next bullet or
    /// the end of the list.
    static func bullet(_ start: String, in page: String) throws -> Set<String> {
        let from = try #require(page.range(of: "\n" + start), "docs/api.md has no bullet \(start)")
        let rest = page[from.upperBound...]
        let ends = ["\n- ", "\n\n"].compactMap { rest.range(of: $0)?.lowerBound }
        let text = rest[..<(ends.min() ?? rest.endIndex)]
        return Set(text.matches(of: /`([A-Za-z]+)`/).map { String($0.1) })
    }

    @Test func theKindsAreSegmentKinds() throws {
        let named = try Self.bullet("- `kind` is", in: Self.page()).filter { !$0.hasSuffix("Count") }
        #expect(named == Set(SegmentKind.allCases.map(\.rawValue)))
    }

    @Test func theModesAreTransitModes() throws {
        let named = try Self.bullet("- `mode` is", in: Self.page())
        #expect(named == Set(TransitMode.allCases.map(\.rawValue)))
    }

    @Test func theErrorTableNamesEveryProblemType() throws {
        let page = try Self.page()
        let table = page.split(separator: "\n").filter { $0.hasPrefix("| 4") && $0.contains("urn:routebar:problem:") }
        var named: Set<String> = []
        for row in table {
            // The type column: `urn:routebar:problem:a`, `b`, `c`.
            let column = row.split(separator: "|", omittingEmptySubsequences: true)[1]
            named.formUnion(column.matches(of: /`(?:urn:routebar:problem:)?([a-z0-9-]+)`/).map { String($0.1) })
        }
        #expect(named == Set(RouteBarInputError.ProblemType.allCases.map(\.rawValue)))
    }
}
