import Foundation
import RouteBar
import RouteBarJSON
import Testing

/// openapi.yaml lists exactly the options `LayoutOption.all` declares, as query parameters
/// and as members of `LayoutOptions`, with the same ranges, defaults and choices.
///
/// A default is stated in the description ("Default: `0.05`."), never as a schema's
/// `default`: generated clients send a `default` they are given (openapi-python-client in
/// every query string, Kotlin in every body, where it would win over the query string).
@Suite struct OpenAPIOptionsTests {
    static let lines: [Substring] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../openapi.yaml")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }()

    static func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }

    /// The lines under the first `key:` at `indent` spaces after `start`, up to the next line as shallow.
    static func block(_ key: String, indent: Int, in lines: ArraySlice<Substring>) -> ArraySlice<Substring> {
        let heading = String(repeating: " ", count: indent) + key + ":"
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
        let body = lines[(start + 1)...]
        let end = body.firstIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty && Self.indent($0) <= indent } ?? lines.endIndex
        return lines[(start + 1)..<end]
    }

    /// Each `name:` entry at `indent` spaces in `lines`, with the scalars its block states: the
    /// keywords below, and as `Default` each default its description states ("Default: `4`.",
    /// several joined by " and ").
    static func entries(at indent: Int, in lines: ArraySlice<Substring>) -> [String: [String: String]] {
        var entries: [String: [String: String]] = [:]
        var current: String?
        for line in lines {
            if Self.indent(line) == indent, line.hasSuffix(":") {
                current = String(line.dropFirst(indent).dropLast())
                entries[current!] = [:]
            } else if let name = current, Self.indent(line) > indent {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                for key in ["minimum", "maximum", "exclusiveMinimum", "default", "enum", "x-enum-varnames", "x-drawing-only"]
                where trimmed.hasPrefix(key + ": ") {
                    entries[name]![key] = String(trimmed.dropFirst(key.count + 2))
                }
                var rest = trimmed[...]
                while let start = rest.range(of: "Default: `") {
                    let value = rest[start.upperBound...].prefix { $0 != "`" }
                    entries[name]!["Default"] = entries[name]!["Default"].map { $0 + " and " + value } ?? String(value)
                    rest = rest[start.upperBound...].dropFirst(value.count)
                }
            }
        }
        return entries
    }

    /// What openapi.yaml should say of `option`.
    static func camelCase(_ name: String) -> String {
        let words = name.split(separator: "-")
        return words.prefix(1).joined() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func expected(_ option: LayoutOption) -> [String: String] {
        var facts: [String: String] = [:]
        switch option.values {
        case .number(let range):
            let (lower, excludesLower, upper) = range.bounds
            facts[excludesLower ? "exclusiveMinimum" : "minimum"] = lower.shortDescription
            facts["maximum"] = upper.shortDescription
        case .flag: break
        case .choice(let names):
            // Generators name the enum's members after these: the names in camel case ("noto-sans": notoSans).
            facts["enum"] = "[" + names.joined(separator: ", ") + "]"
            facts["x-enum-varnames"] = "[" + names.map(camelCase).joined(separator: ", ") + "]"
        case .languageTag: break  // a pattern, which `entries` does not read
        }
        // In the description only; no `default` keyword (a client would send it).
        if let value = option.defaultValue { facts["Default"] = value.description }
        if option.drawingOnly { facts["x-drawing-only"] = "true" }
        return facts
    }

    @Test func theQueryParametersAreTheOptions() throws {
        let parameters = Self.entries(at: 4, in: Self.block("parameters", indent: 2, in: Self.lines[...]))
        // Beside the options: revalidation, and which planner's answer the body is and its waits.
        #expect(Set(parameters.keys).subtracting(["ifNoneMatch"] + RequestParameter.all.map(\.name)) == Set(LayoutOption.all.map(\.name)))
        for parameter in RequestParameter.all where !parameter.values.isEmpty {
            let list = "[" + parameter.values.joined(separator: ", ") + "]"
            #expect(
                parameters[parameter.name]?["enum"] == list,
                "parameter \(parameter.name): the spec lists \(parameters[parameter.name]?["enum"] ?? "nothing")")
            // Identifiers for generated code: "hafas-rest" is hafasRest.
            let identifiers = parameter.values.map { value in
                value.split(separator: "-").enumerated().map {
                    $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst()
                }
                .joined()
            }
            #expect(parameters[parameter.name]?["x-enum-varnames"] == "[" + identifiers.joined(separator: ", ") + "]")
        }
        for parameter in RequestParameter.all {
            guard let range = parameter.range else { continue }
            let (lower, _, upper) = range.bounds
            var expected = ["minimum": lower.shortDescription, "maximum": upper.shortDescription]
            expected["Default"] = parameter.defaultNumber?.shortDescription
            #expect(parameters[parameter.name] == expected, "parameter \(parameter.name)")
        }
        for option in LayoutOption.all {
            #expect(parameters[option.name] == Self.expected(option), "parameter \(option.name)")
        }
    }

    @Test func theBodysOptionsAreTheOptions() throws {
        let schema = Self.block("LayoutOptions", indent: 4, in: Self.block("schemas", indent: 2, in: Self.lines[...]))
        let properties = Self.entries(at: 8, in: Self.block("properties", indent: 6, in: schema))
        #expect(Set(properties.keys).subtracting(["widths"]) == Set(LayoutOption.all.map(\.name)))
        for option in LayoutOption.all {
            #expect(properties[option.name] == Self.expected(option), "LayoutOptions.\(option.name)")
        }
    }

    /// Every answer's `source` names one of the planners of the registry (or ODsay).
    @Test func theAnswersSourceIsTheRegistrys() throws {
        let schemas = Self.block("schemas", indent: 2, in: Self.lines[...])
        let planners = "[" + Planner.allCases.filter { $0 != .routebar }.map(\.rawValue).joined(separator: ", ") + "]"
        for schema in ["RouteBarResponse", "RouteBarLayoutsResponse"] {
            let properties = Self.entries(at: 8, in: Self.block("properties", indent: 6, in: Self.block(schema, indent: 4, in: schemas)))
            #expect(properties["source"]?["enum"] == planners, "\(schema).source")
        }
    }

    /// The spec's mode enums (a segment's `mode`, a named leg's) list `TransitMode.allCases`.
    @Test func theSpecsModesAreTheTraitsTables() {
        let list = "enum: [" + TransitMode.allCases.map(\.rawValue).joined(separator: ", ") + "]"
        let lines = Self.lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("enum: [subway") }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.trimmingCharacters(in: .whitespaces) == list }, "\(lines)")
    }

    /// The field mask's table (`AnswerFields.paths`) is the answer's schemas' members, level by
    /// level: the answer's (`RouteBarResponse`), a route's (`LaidOutRoute`), a segment's.
    @Test func theFieldMaskNamesTheSchemasMembers() {
        let schemas = Self.block("schemas", indent: 2, in: Self.lines[...])
        let levels = [("RouteBarResponse", ""), ("LaidOutRoute", "routes."), ("Segment", "routes.segments.")]
        for (schema, prefix) in levels {
            let properties = Self.entries(at: 8, in: Self.block("properties", indent: 6, in: Self.block(schema, indent: 4, in: schemas)))
            let deeper = levels.map(\.1).filter { $0.count > prefix.count }
            let paths = AnswerFields.paths.filter { path in path.hasPrefix(prefix) && !deeper.contains { path.hasPrefix($0) } }
            #expect(Set(paths.map { String($0.dropFirst(prefix.count)) }) == Set(properties.keys), "\(schema)")
        }
    }
}
