/// What a planner's answer has, by the planner's documentation: the members and kinds that tell
/// it from every other planner's. An adapter declares one per form its answers take (its
/// itineraries under each envelope it uses, one itinerary as the whole body, its error
/// answers); `PlannerRecognition` scores a body against all of them.
///
/// A rule is a path and the kinds its value may have: `legs[].mode:s` is a string `mode` in an
/// element of `legs`; `*` stands for any one member name (a GraphQL alias); alternatives are
/// separated by ` | ` (`legs[].startTime:n | legs[].start:o`). Kinds: `o` object, `a` array,
/// `s` string, `n` number, `b` boolean; none means any kind but null. A path is present when
/// any element of an array on its way has it, so a rule on legs holds when some leg has it.
/// A rule that starts with `!` holds where none of its paths is present: a member that only
/// another API writes, which a body renaming that API's members to these (GraphQL aliases)
/// betrays.
package struct PlannerSignature: Sendable {
    /// Where the itineraries are (`plan.itineraries`): an array, checked as a rule of its own;
    /// "" for a body that is one itinerary; nil for an answer that lists none (an error).
    package let list: String?
    /// Rules on the whole body, from its root.
    package let body: [String]
    /// Rules each itinerary's members keep, from one element of `list` (from the root for a
    /// body that is one itinerary): checked only where the list has an element, so that an
    /// empty list (the planner's "no route") is recognised by its envelope.
    package let itinerary: [String]

    /// Itineraries in the array at `list`, each with `itinerary`'s members.
    package static func itineraries(at list: String, each itinerary: [String], body: [String] = []) -> PlannerSignature {
        PlannerSignature(list: list, body: body, itinerary: itinerary)
    }

    /// A body that is one itinerary, with `itinerary`'s members at its root.
    package static func oneItinerary(_ itinerary: [String]) -> PlannerSignature {
        PlannerSignature(list: "", body: [], itinerary: itinerary)
    }

    /// A body with one itinerary, an object at `path` (hafas-client's `refreshJourney`:
    /// `journey`), with `itinerary`'s members.
    package static func oneItinerary(at path: String, _ itinerary: [String]) -> PlannerSignature {
        PlannerSignature(list: "", body: [path + ":o"], itinerary: itinerary.map { joined(path, $0) })
    }

    /// An answer with no itinerary list: an error, or a no-route answer of its own shape.
    package static func answer(_ body: [String]) -> PlannerSignature {
        PlannerSignature(list: nil, body: body, itinerary: [])
    }

    /// Every rule, as it is checked: `list`'s own, the body's, then the itinerary's from the root.
    package var rules: (body: [String], itinerary: [String], element: String?) {
        guard let list else { return (body, [], nil) }
        guard !list.isEmpty else { return (body, itinerary, nil) }
        return ([list + ":a"] + body, itinerary.map { Self.joined(list + "[]", $0) }, list + "[]")
    }

    /// `rule`'s alternatives each under `prefix` (a `!` stays in front).
    package static func joined(_ prefix: String, _ rule: String) -> String {
        let absent = rule.hasPrefix("!")
        let paths = absent ? rule.dropFirst() : Substring(rule)
        return (absent ? "!" : "") + paths.split(separator: "|").map { prefix + "." + $0.trimmingSpaces }.joined(separator: " | ")
    }

    /// The first path a rule's text names (`!a.b or a.c` → `a.b`).
    package static func firstPath(ofRule rule: String) -> String {
        let paths = rule.hasPrefix("!") ? rule.dropFirst() : Substring(rule)
        return String(paths.prefix { $0 != " " })
    }

    /// What a body that breaks `rule` (a rule's text as `CompiledSignature` keeps it) lacks or
    /// has, for a problem's detail: "has no legs[].mode, which every such answer has".
    package static func broken(_ rule: String) -> String {
        rule.hasPrefix("!")
            ? "has \(rule.dropFirst()), which no such answer has" : "has no \(rule), which every such answer has"
    }
}

extension Substring {
    package var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
