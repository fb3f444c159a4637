import Foundation
import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// Every problem inside a planner's answer points at a member that exists in that body
/// (RFC 6901): a property test over the leaves of every recording, each changed in turn to a
/// value of the wrong kind, or to a string far past any limit.
@Suite struct PlannerPointerTests {
    enum Step: Hashable, CustomStringConvertible {
        case member(String)
        case index(Int)

        var description: String {
            switch self {
            case .member(let name): "/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let index): "/\(index)"
            }
        }
    }

    /// Every leaf's path (a scalar or an empty container), depth first.
    static func leaves(_ value: Any, at path: [Step] = []) -> [[Step]] {
        if let object = value as? [String: Any], !object.isEmpty {
            return object.keys.sorted().flatMap { leaves(object[$0]!, at: path + [.member($0)]) }
        }
        if let array = value as? [Any], !array.isEmpty {
            return array.indices.flatMap { leaves(array[$0], at: path + [.index($0)]) }
        }
        return [path]
    }

    static func replacing(_ value: Any, at path: ArraySlice<Step>, with leaf: (Any) -> Any) -> Any {
        guard let step = path.first else { return leaf(value) }
        switch step {
        case .member(let name):
            var object = value as! [String: Any]
            object[name] = replacing(object[name]!, at: path.dropFirst(), with: leaf)
            return object
        case .index(let index):
            var array = value as! [Any]
            array[index] = replacing(array[index], at: path.dropFirst(), with: leaf)
            return array
        }
    }

    /// The value `pointer` names in `root`, if it names one (RFC 6901, `~0` and `~1` decoded).
    static func resolve(_ pointer: String, in root: Any) -> Any? {
        guard !pointer.isEmpty else { return root }
        guard pointer.hasPrefix("/") else { return nil }
        var value: Any = root
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let object = value as? [String: Any], let next = object[name] {
                value = next
            } else if let array = value as? [Any], let index = Int(name), array.indices.contains(index), String(index) == name {
                value = array[index]
            } else {
                return nil
            }
        }
        return value
    }

    /// A value of another kind than `leaf`, or a string far past every limit.
    static func changed(_ leaf: Any, _ change: String) -> Any {
        if change == "too long" { return String(repeating: "x", count: 5000) }
        return leaf is String ? 12345 as Any : "x" as Any
    }

    @Test(arguments: MemberOrderTests.recordings)
    func everyProblemPointsIntoTheBody(recording: String) throws {
        let (bytes, _) = try PlannerDecodingTests.sample(recording)
        let root = try JSONSerialization.jsonObject(with: Data(bytes))
        let all = Self.leaves(root)
        // At most 200 leaves a recording, spread over all of it: seconds in a debug build.
        let stride = max(1, all.count / 200)
        var problems = 0
        for (offset, path) in all.enumerated() where offset % stride == 0 {
            for name in ["wrong kind", "too long"] {
                let changed = Self.replacing(root, at: path[...]) { Self.changed($0, name) }
                let body = try JSONSerialization.data(withJSONObject: changed, options: [.fragmentsAllowed])
                do {
                    _ = try RouteBarResponse.answer(json: Array(body), query: { ["width": "343"][$0] })
                } catch {
                    guard let pointer = error.pointer else { continue }
                    problems += 1
                    #expect(
                        Self.resolve(pointer, in: changed) != nil,
                        "\(recording): \(name) at \(path.map(\.description).joined()): \(error.type) points at \(pointer), which is not in the body")
                }
            }
        }
        print("\(recording): \(all.count) leaves, every \(stride)th changed two ways: \(problems) problems")
    }

    /// Google's legs are its steps, inside the route's legs: a step's problem points at the
    /// step (`/routes/0/legs/0/steps/3`), not at a fourth leg the route does not have.
    @Test func aGoogleStepsProblemPointsAtTheStep() throws {
        let bus = { (from: Int) in
            #"{"travel_mode": "TRANSIT", "duration": {"value": 600}, "transit_details": {"departure_time": {"value": \#(from)}, "#
                + #""arrival_time": {"value": \#(from + 600)}, "line": {"vehicle": {"type": "BUS"}}}}"#
        }
        let walk = #"{"travel_mode": "WALKING", "duration": {"value": 300}}"#
        let body =
            #"{"status": "OK", "routes": [{"legs": [{"departure_time": {"value": 1000000}, "arrival_time": {"value": 1003600}, "steps": ["#
            + [walk, bus(1_000_300), walk, bus(1_000_000)].joined(separator: ", ") + "]}]}]}"
        let error = try #require(inputError(body, query: ["width": "343"]))
        #expect(error.type == .inconsistentLeg)
        #expect(error.pointer == "/routes/0/legs/0/steps/3")
        let root = try JSONSerialization.jsonObject(with: Data(body.utf8))
        #expect(Self.resolve(error.pointer ?? "", in: root) != nil)
    }
}
