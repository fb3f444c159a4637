import Foundation
import StrictJSON
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// JSON objects are unordered (RFC 8259 §4): every recorded planner answer, with the members of
/// every object written in reverse order, gets the same answer byte for byte.
@Suite struct MemberOrderTests {
    /// `bytes` with every object's members reversed; values are copied as they are written.
    static func reversingMembers(_ bytes: [UInt8]) throws -> [UInt8] {
        try bytes.withUnsafeBufferPointer { buffer throws -> [UInt8] in
            var reader = JSONReader(buffer)
            var out: [UInt8] = []
            try copy(&reader, buffer, into: &out)
            return out
        }
    }

    private static func copy(_ reader: inout JSONReader, _ buffer: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) throws {
        switch try reader.peekKind() {
        case .object:
            try reader.beginObject()
            var members: [[UInt8]] = []
            while try reader.nextKey() {
                var member: [UInt8] = Array(try JSONSerialization.data(withJSONObject: reader.key, options: .fragmentsAllowed))
                member.append(UInt8(ascii: ":"))
                try copy(&reader, buffer, into: &member)
                members.append(member)
            }
            out.append(UInt8(ascii: "{"))
            out += members.reversed().joined(separator: [UInt8(ascii: ",")])
            out.append(UInt8(ascii: "}"))
        case .array:
            try reader.beginArray()
            out.append(UInt8(ascii: "["))
            var first = true
            while try reader.nextElement() {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                try copy(&reader, buffer, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        default:
            let start = reader.offset
            try reader.skipValue()
            out += buffer[start..<reader.offset]
        }
    }

    static let recordings: [String] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples/planners")
        let top = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }
        let errors = ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("errors").path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { "errors/" + $0 }
        return (top + errors).sorted()
    }()

    static func answer(_ bytes: [UInt8]) -> String {
        do {
            return String(decoding: try RouteBarResponse.answer(json: bytes, query: { ["width": "343"][$0] }).bytes, as: UTF8.self)
        } catch {
            return "\(error.type) \(error.detail) \(error.pointer ?? "-") \(error.parameter ?? "-")"
        }
    }

    @Test(arguments: recordings)
    func reversedMembersGetTheSameAnswer(recording: String) throws {
        let (bytes, _) = try PlannerDecodingTests.sample(recording)
        let reversed = try Self.reversingMembers(bytes)
        let original = Self.answer(bytes)
        #expect(!original.isEmpty)
        #expect(Self.answer(reversed) == original)
    }

    @Test func theRecordingsAreAllHere() {
        #expect(Self.recordings.count == 24, "\(Self.recordings)")
    }
}
