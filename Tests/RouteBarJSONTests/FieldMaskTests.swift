import Foundation
import RouteBar
import RouteBarTestSupport
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// A field mask's answer is the full answer cut down to the paths asked for: for every path of
/// the table (`AnswerFields.paths`), alone and together, on every recorded planner answer and
/// our own shapes, the masked answer equals the full one projected onto the mask, value for
/// value. So the writer names each member as the table does, and leaving work out (labels,
/// colours, sentences) changes no member that is asked for.
@Suite struct FieldMaskTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// (name, body, query) of each recording in examples/planners/ and each of examples/*.json.
    static func bodies() throws -> [(name: String, body: [UInt8], query: [String: String])] {
        var found: [(String, [UInt8], [String: String])] = []
        for folder in ["examples/planners", "examples"] {
            let directory = root.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where file.hasSuffix(".json") {
                let body = [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
                // Our own shape names its width; the others get one, and times in Paris where they name no place.
                let query = file.hasPrefix("seed-") ? [:] : ["width": "343", "scale": "3", "timeZone": "Europe/Paris"]
                found.append((file, body, query))
            }
        }
        return found
    }

    static func answer(_ body: [UInt8], _ query: [String: String]) throws -> Any {
        let bytes = try RouteBarResponse.answer(json: body, query: { query[$0] }).bytes
        return try JSONSerialization.jsonObject(with: Data(bytes))
    }

    /// The full answer `full` keeping only what `fields` asks for, as the mask's rules say.
    static func project(_ full: Any, _ fields: AnswerFields) -> Any {
        guard let object = full as? [String: Any] else { return full }
        if let layouts = object["layouts"] as? [Any] {
            var kept = projectMembers(object, level: 0, fields).filter { $0.key != "routes" }
            kept["layouts"] = layouts.map { project($0, fields) }
            return kept
        }
        return projectMembers(object, level: 0, fields)
    }

    static func projectMembers(_ object: [String: Any], level: Int, _ fields: AnswerFields) -> [String: Any] {
        var kept: [String: Any] = [:]
        for (key, value) in object {
            switch level {
            case 0:
                guard let member = AnswerFields.answerNames.firstIndex(of: key).flatMap(AnswerFields.Answer.init), fields.has(member)
                else { continue }
                kept[key] = key == "routes" ? (value as! [[String: Any]]).map { projectMembers($0, level: 1, fields) } : value
            case 1:
                guard let member = AnswerFields.routeNames.firstIndex(of: key).flatMap(AnswerFields.Route.init), fields.has(member)
                else { continue }
                kept[key] = key == "segments" ? (value as! [[String: Any]]).map { projectMembers($0, level: 2, fields) } : value
            default:
                guard let member = AnswerFields.segmentNames.firstIndex(of: key).flatMap(AnswerFields.Segment.init), fields.has(member)
                else { continue }
                kept[key] = value
            }
        }
        return kept
    }

    /// Every member the full answers write is in the table, at its level; the control for the
    /// projection below, which drops what the table does not name.
    @Test func everyMemberWrittenIsInTheTable() throws {
        var unknown: Set<String> = []
        var seen = 0
        func walk(_ object: [String: Any], level: Int) {
            for (key, value) in object {
                let names = [AnswerFields.answerNames + ["layouts"], AnswerFields.routeNames, AnswerFields.segmentNames][level]
                if !names.contains(key) { unknown.insert("\(level):\(key)") }
                seen += 1
                if key == "routes" || key == "layouts" {
                    for child in value as? [[String: Any]] ?? [] { walk(child, level: key == "routes" ? 1 : 0) }
                } else if key == "segments" {
                    for child in value as? [[String: Any]] ?? [] { walk(child, level: 2) }
                }
            }
        }
        for (_, body, query) in try Self.bodies() {
            walk(try #require(try Self.answer(body, query) as? [String: Any]), level: 0)
        }
        #expect(seen > 5_000)
        #expect(unknown.isEmpty, "members the table does not name: \(unknown.sorted())")
    }

    /// A level's members are bits of one UInt64, shifted without a check (`AnswerFields.has`).
    @Test func eachLevelFitsItsSixtyFourBits() {
        #expect(AnswerFields.Answer.allCases.count <= 64)
        #expect(AnswerFields.Route.allCases.count <= 64)
        #expect(AnswerFields.Segment.allCases.count <= 64)
        #expect(AnswerFields.Segment.allCases.map(\.rawValue) == Array(0..<AnswerFields.Segment.allCases.count))
    }

    @Test func eachPathAloneIsTheFullAnswerProjected() throws {
        let bodies = try Self.bodies()
        #expect(bodies.count >= 15)
        var checked = 0
        for (name, body, plainQuery) in bodies {
            // With the display plan, so that every member is in the full answer.
            var query = plainQuery
            query["display"] = "true"
            let full = try Self.answer(body, query)
            for path in AnswerFields.paths {
                let fields = try AnswerFields(parsing: path)
                var masked = query
                masked["fields"] = path
                let answer = try Self.answer(body, masked)
                let expected = Self.project(full, fields)
                #expect(
                    NSDictionary(dictionary: answer as! [String: Any]).isEqual(to: expected as! [String: Any]),
                    "\(name) fields=\(path): \(answer) against \(expected)")
                checked += 1
            }
        }
        print("FieldMaskTests: \(checked) masked answers, each the full answer projected")
    }

    /// The display plan is made where it is asked for: `display=true`, or a path naming it.
    /// `routes` alone keeps what the answer has without it.
    @Test func theDisplayPlanIsAskedForByNameOrFlag() throws {
        let body = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent("examples/planners/navitia-kpt-paris-journeys.json")))
        let query = ["width": "343", "scale": "3"]
        func displays(_ extra: [String: String]) throws -> [Any?] {
            let answer = try #require(try Self.answer(body, query.merging(extra) { $1 }) as? [String: Any])
            let routes = try #require(answer["routes"] as? [[String: Any]])
            return routes.flatMap { ($0["segments"] as? [[String: Any]] ?? []).map { $0["display"] } }
        }
        #expect(try displays([:]).allSatisfy { $0 == nil })
        #expect(try displays(["fields": "routes"]).allSatisfy { $0 == nil })
        let named = try displays(["fields": "routes.segments.display"])
        #expect(named.count > 10 && named.allSatisfy { $0 is [String: Any] })
        let asked = try displays(["display": "true"])
        #expect(asked.count == named.count && asked.allSatisfy { ($0 as? [String: Any])?["omitted"] is [Any] })
        let answer = try #require(try Self.answer(body, query.merging(["display": "true"]) { $1 }) as? [String: Any])
        #expect(answer["labelFont"] as? String == "estimate", "the answer names the metrics its boxes come from")
    }

    @Test func severalPathsAndTheirAncestors() throws {
        let lists = [
            "routes.totalTime,routes.walkingCount,routes.transitCount,routes.minWalkingLength,routes.minTransitLength,"
                + "routes.minuteLength,routes.height,routes.segments.index,routes.segments.trafficType,routes.segments.kind,"
                + "routes.segments.sectionTime,routes.segments.x,routes.segments.width",
            "width, routes.accessibilityLabel ,routes.segments.line",
            "layouts.routes.segments.color,routes.departure,routes.segments.lines",
            "routes,width",
        ]
        for (name, body, query) in try Self.bodies() {
            let full = try Self.answer(body, query)
            for list in lists {
                var masked = query
                masked["fields"] = list
                let answer = try Self.answer(body, masked)
                #expect(
                    NSDictionary(dictionary: answer as! [String: Any]).isEqual(
                        to: Self.project(full, try AnswerFields(parsing: list)) as! [String: Any]),
                    "\(name) fields=\(list)")
            }
        }
    }

    @Test func badListsAreRefusedNamingTheParameter() throws {
        for (list, hint) in [
            ("routes.segments.widht", "did you mean \"routes.segments.width\"?"),
            ("routes.transitcount", "did you mean \"routes.transitCount\"?"),
            ("routes.segments.line.name", "paths go down to a segment's members"),
            ("routes,,width", "with no empty one"),
            ("", "with no empty one"),
            ("planet", "paths are the answer's members"),
        ] {
            let error = #expect(throws: RouteBarInputError.self) { try AnswerFields(parsing: list) }
            #expect(error?.type == .unknownValue && error?.parameter == "fields", "\(list)")
            #expect(error?.detail.contains(hint) == true, "\(list): \(error?.detail ?? "")")
        }
        // Spaces around a path are the list's, not the path's; `layouts.` may lead a path.
        #expect(try AnswerFields(parsing: " routes.segments.x ,\tlayouts.width") == AnswerFields(parsing: "routes.segments.x,width"))
        #expect(try AnswerFields(parsing: "routes.segments.width,routes.transitCount").description == "routes.transitCount,routes.segments.width")
        #expect(AnswerFields.all.description == "*")
    }

    /// What no path asks for is not made: labels, badges and colours are left to the layout only
    /// when a member shows them, or the sentence names the lines.
    @Test func presentationIsMadeOnlyWhenAsked() throws {
        #expect(!(try AnswerFields(parsing: "routes.segments.width,routes.transitCount").needsPresentation))
        for list in ["routes.segments.label", "routes.segments.color", "routes.segments.line", "routes.accessibilityLabel", "routes"] {
            #expect(try AnswerFields(parsing: list).needsPresentation, "\(list)")
        }
        #expect(AnswerFields.all.needsPresentation)
    }

    /// An SVG is drawn whole: a mask is refused there, naming the parameter.
    @Test func theSVGRefusesAMask() throws {
        let error = #expect(throws: RouteBarInputError.self) {
            _ = try RouteBarResponse.layoutForDrawing(
                json: Array(Samples.seedRequest().utf8), query: { $0 == "fields" ? "routes.segments.width" : nil }, format: .svg)
        }
        #expect(error?.type == .unsupportedForFormat && error?.parameter == "fields")
    }
}
