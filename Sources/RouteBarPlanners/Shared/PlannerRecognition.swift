package import StrictJSON

/// Whose answer a body is, by the whole signature of each planner (`PlannerSignature`), never
/// by one member name that several planners share.
///
/// The body is read once more, along the paths the registry's signatures name only (everything
/// else is skipped unread), noting the kinds of value seen at each: what it holds is one byte
/// per path the signatures name, whatever the body.
package enum PlannerRecognition: Equatable {
    /// One planner's signature holds, more of it than any other planner's; `listed` when it
    /// lists itineraries and the list has one.
    case recognised(Planner, listed: Bool)
    /// Two planners' signatures hold equally.
    case ambiguous(Planner, Planner)
    /// None holds; the planner whose signature holds most, and the first rule of it that does not.
    case unrecognised(closest: Planner?, missing: String?)
    /// None holds, and the body has a member of a form of `planner`'s answers that
    /// routebar does not read (`PlannerAdapter.unreadForms`): `advice` says what to send.
    case unreadForm(Planner, member: String, advice: String)

    /// Scores `body` against every signature of the registry (of `only` alone, when given).
    package static func recognise(_ body: UnsafeBufferPointer<UInt8>, only: Planner? = nil) -> PlannerRecognition {
        recognise(PlannerSketch(body, tree: compiled.tree), only: only)
    }

    /// Scores a sketch already made (while the body was read as ours: `PlannerSketch.member`).
    package static func recognise(_ sketch: PlannerSketch, only: Planner? = nil) -> PlannerRecognition {
        var best: (planner: Planner, rules: Int, listed: Bool)?
        var tied: Planner?
        var closest: (planner: Planner, share: Double, missing: String)?
        for signature in compiled.signatures where only == nil || signature.planner == only {
            var score = signature.score(sketch)
            // A top-level member only this planner writes (`claimingNames`) tells it from a
            // planner whose signature holds as much.
            if signature.claimed(sketch) { score.total += 1 }
            if let missing = score.missing {
                let share = Double(score.matched) / Double(max(score.total, 1))
                // The planner `?source=` names says what it lacks even where none of its rules holds.
                if score.matched > 0 || only != nil, share > closest?.share ?? -1 { closest = (signature.planner, share, missing) }
                continue
            }
            if let current = best, score.total <= current.rules {
                if score.total == current.rules, current.planner != signature.planner { tied = tied ?? signature.planner }
                continue
            }
            (best, tied) = ((signature.planner, score.total, score.listed), nil)
        }
        if let best {
            if let tied { return .ambiguous(best.planner, tied) }
            return .recognised(best.planner, listed: best.listed)
        }
        if let form = compiled.unreadForms.first(where: { sketch.kinds[$0.node] != 0 && (only == nil || $0.planner == only) }) {
            return .unreadForm(form.planner, member: form.member, advice: form.advice)
        }
        return .unrecognised(closest: closest?.planner, missing: closest?.missing)
    }

    /// The paths of a route of `routes` that our own reader passes when it is a planner's
    /// (Google's `legs`, HERE's `sections`): sketched as it passes them.
    package static let routePaths = (
        routes: compiled.tree.existingNode(for: "routes"), route: compiled.tree.existingNode(for: "routes[]"),
        legs: compiled.tree.existingNode(for: "routes[].legs"), sections: compiled.tree.existingNode(for: "routes[].sections")
    )

    /// A member (a path of signatures') of a form of a planner's answers that routebar does not read.
    package typealias UnreadForm = (node: Int, planner: Planner, member: String, advice: String)

    /// Every signature of the registry, the tree of the paths they name, and the members of
    /// the forms it does not read; built once.
    package static let compiled: (tree: SignatureTree, signatures: [CompiledSignature], unreadForms: [UnreadForm]) = {
        var tree = SignatureTree()
        var signatures: [CompiledSignature] = []
        var unreadForms: [UnreadForm] = []
        for adapter in PlannerRegistry.adapters {
            for signature in adapter.signatures {
                signatures.append(CompiledSignature(signature, of: adapter.planner, into: &tree))
            }
            for (member, advice) in adapter.unreadForms {
                unreadForms.append((tree.node(for: Substring(member.description)), adapter.planner, member.description, advice))
            }
        }
        return (tree, signatures, unreadForms)
    }()
}

/// A rule's alternatives: the node of each path in `SignatureTree`, and the kinds it allows.
package struct CompiledSignature: Sendable {
    /// A rule's text (`!` in front where its paths must be absent), whether they must be, and
    /// its alternatives.
    package typealias Rule = (text: String, absent: Bool, alternatives: [(node: Int, kinds: UInt8)])

    package let planner: Planner
    /// The nodes of the planner's `claimingNames`.
    package let claims: [Int]
    package let body: [Rule]
    package let itinerary: [Rule]
    /// The node of the list's element: its rules count only where the list has one.
    package let element: Int?

    package init(_ signature: PlannerSignature, of planner: Planner, into tree: inout SignatureTree) {
        self.planner = planner
        claims = (PlannerRegistry.adapter(for: planner)?.claimingNames ?? []).map { tree.node(for: Substring($0.description)) }
        let rules = signature.rules
        body = rules.body.map { Self.rule($0, into: &tree) }
        itinerary = rules.itinerary.map { Self.rule($0, into: &tree) }
        element = rules.element.map { tree.node(for: Substring($0)) }
    }

    /// How many of its rules hold in `sketch`, out of how many, the first that does not, and
    /// whether it lists an itinerary. A rule of absence is a veto, not a point: it never makes
    /// one planner's signature hold more than another's.
    package func score(_ sketch: PlannerSketch) -> (matched: Int, total: Int, missing: String?, listed: Bool) {
        let listed = element.map { sketch.kinds[$0] != 0 } ?? !itinerary.isEmpty
        let checked = listed || element == nil ? body + itinerary : body
        var (matched, total) = (0, 0)
        var missing: String?
        for rule in checked {
            let present = rule.alternatives.contains { sketch.kinds[$0.node] & $0.kinds != 0 }
            if !rule.absent { total += 1 }
            if present != rule.absent {
                if !rule.absent { matched += 1 }
            } else if missing == nil {
                missing = rule.text
            }
        }
        return (matched, total, missing, listed)
    }

    /// Whether the body has a member only this planner writes.
    package func claimed(_ sketch: PlannerSketch) -> Bool {
        claims.contains { sketch.kinds[$0] != 0 }
    }

    package static func rule(_ text: String, into tree: inout SignatureTree) -> Rule {
        let absent = text.hasPrefix("!")
        let paths = (absent ? text.dropFirst() : Substring(text)).split(separator: "|")
        let alternatives = paths.map { alternative in
            let parts = alternative.trimmingSpaces.split(separator: ":", maxSplits: 1)
            return (tree.node(for: parts[0]), parts.count > 1 ? kinds(parts[1]) : SignatureTree.anyButNull)
        }
        let names = paths.map { $0.trimmingSpaces.split(separator: ":")[0] }.joined(separator: " or ")
        return ((absent ? "!" : "") + names, absent, alternatives)
    }

    package static func kinds(_ letters: Substring) -> UInt8 {
        var kinds: UInt8 = 0
        for letter in letters {
            switch letter {
            case "o": kinds |= SignatureTree.bit(.object)
            case "a": kinds |= SignatureTree.bit(.array)
            case "s": kinds |= SignatureTree.bit(.string)
            case "n": kinds |= SignatureTree.bit(.number)
            case "b": kinds |= SignatureTree.bit(.bool)
            default: preconditionFailure("a signature's kind is one of o a s n b, got \(letter)")
            }
        }
        return kinds
    }
}

/// The paths every signature names, as a tree of member names from the body's root: `*` is
/// any member, `[]` an array's elements.
package struct SignatureTree: Sendable {
    package struct Node: Sendable {
        package var name: [UInt8]
        package var members: [Int] = []
        package var element: Int?
        /// `*`: any member name.
        package let isWildcard: Bool

        package init(name: [UInt8]) {
            self.name = name
            isWildcard = name == [UInt8(ascii: "*")]
        }
    }

    package var nodes = [Node(name: [])]

    /// Each node's name, as the reader compares it: bytes that live as long as the tree.
    package var names: [NodeName] = [NodeName([])]

    /// A name's UTF-8 bytes in memory of its own, never freed: the tree is built once, and a
    /// comparison then needs no buffer of an array's.
    package struct NodeName: @unchecked Sendable {
        // Invariant: written once, in `init`, and only read after; never freed (the tree is a
        // static built once), so a copy of the pointer is always valid.
        package let bytes: UnsafeBufferPointer<UInt8>

        package init(_ name: [UInt8]) {
            let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(name.count, 1))
            _ = storage.initialize(from: name)
            bytes = UnsafeBufferPointer(rebasing: storage[..<name.count])
        }

        package func keyEquals(_ reader: borrowing JSONReader) -> Bool { reader.keyEquals(utf8: bytes) }
    }

    package static let anyButNull: UInt8 = 0b1_1111

    package static func bit(_ kind: JSONValueKind) -> UInt8 {
        switch kind {
        case .object: 1
        case .array: 2
        case .string: 4
        case .number: 8
        case .bool: 16
        case .null: 32
        }
    }

    /// The node of `path` where the signatures name it; nil where none does.
    package func existingNode(for path: String) -> Int? {
        var node = 0
        for component in path.split(separator: ".") {
            var name = component
            let isArray = name.hasSuffix("[]")
            if isArray { name = name.dropLast(2) }
            if !name.isEmpty {
                guard let found = nodes[node].members.first(where: { nodes[$0].name == Array(name.utf8) }) else { return nil }
                node = found
            }
            if isArray {
                guard let element = nodes[node].element else { return nil }
                node = element
            }
        }
        return node
    }

    /// The node of `path` (`plan.itineraries[].legs[].mode`), added with its parents if new.
    package mutating func node(for path: Substring) -> Int {
        var node = 0
        for component in path.split(separator: ".") {
            var name = component
            let isArray = name.hasSuffix("[]")
            if isArray { name = name.dropLast(2) }
            if !name.isEmpty { node = member(Array(name.utf8), of: node) }
            if isArray { node = element(of: node) }
        }
        return node
    }

    private mutating func member(_ name: [UInt8], of parent: Int) -> Int {
        if let found = nodes[parent].members.first(where: { nodes[$0].name == name }) { return found }
        nodes.append(Node(name: name))
        names.append(NodeName(name))
        nodes[parent].members.append(nodes.count - 1)
        return nodes.count - 1
    }

    private mutating func element(of parent: Int) -> Int {
        if let found = nodes[parent].element { return found }
        nodes.append(Node(name: Array("[]".utf8)))
        names.append(NodeName(Array("[]".utf8)))
        nodes[parent].element = nodes.count - 1
        return nodes.count - 1
    }
}

/// The kinds of value a body has at each path of a `SignatureTree`: one byte a node.
package struct PlannerSketch {
    private(set) var kinds: [UInt8]
    /// The nodes the paths being read reach, innermost value's last: each value's are a range
    /// at the end, pushed before its members are read and popped after, so that reading
    /// allocates nothing per value (a body of 100,000 legs made as many arrays).
    private var states: [Int] = []

    package init(_ body: UnsafeBufferPointer<UInt8>, tree: SignatureTree) {
        self.init(tree: tree)
        var reader = JSONReader(body)
        // The body was read whole before, so it is JSON: a failure here leaves what was seen.
        try? walk(&reader, states: 0..<1, tree: tree)
    }

    /// A sketch of a body whose root is an object, its members to be noted one at a time
    /// (`member`), as a reader that reads the body for other reasons comes to them.
    package init(tree: SignatureTree) {
        kinds = [UInt8](repeating: 0, count: tree.nodes.count)
        kinds[0] = SignatureTree.bit(.object)
        states.reserveCapacity(4 * tree.nodes.count)
        states.append(0)
    }

    /// Notes the value the reader is at as the value at `node` (a path of the tree), and reads
    /// past it; with no node, only reads past it.
    package mutating func value(_ reader: inout JSONReader, at node: Int?, tree: SignatureTree) throws(JSONSyntaxError) {
        guard let node else { return skim(&reader) }
        let start = states.count
        states.append(node)
        try walk(&reader, states: start..<states.count, tree: tree)
        states.removeLast(states.count - start)
    }

    /// Passes a value no signature names without validating it (`JSONReader.skimValue`):
    /// recognition reads a body before it is known whose it is, and whoever answers from it
    /// reads it strictly first (`skimmed`).
    private mutating func skim(_ reader: inout JSONReader) {
        reader.skimValue()
        skimmed = true
    }

    /// Whether a value was passed unvalidated: then the body must be read strictly (as a
    /// planner's, or by `JSONReader.skipValue`) before it is answered or refused for its shape.
    package private(set) var skimmed = false

    /// Notes a value of `kind` at `node`, which another reader reads.
    package mutating func note(_ kind: JSONValueKind, at node: Int?) {
        if let node { kinds[node] |= SignatureTree.bit(kind) }
    }

    /// Notes the top-level member under the reader's current key, and reads past its value.
    package mutating func member(_ reader: inout JSONReader, tree: SignatureTree) throws(JSONSyntaxError) {
        let start = states.count
        for member in tree.nodes[0].members where tree.nodes[member].isWildcard || tree.names[member].keyEquals(reader) {
            states.append(member)
        }
        if states.count == start {
            skim(&reader)
        } else {
            try walk(&reader, states: start..<states.count, tree: tree)
            states.removeLast(states.count - start)
        }
    }

    /// Notes the value the reader is at under the nodes `states` (a range of `self.states`),
    /// and walks on into the members and elements the tree names; skips everything else.
    private mutating func walk(_ reader: inout JSONReader, states range: Range<Int>, tree: SignatureTree) throws(JSONSyntaxError) {
        let kind = try reader.peekKind()
        for index in range { kinds[states[index]] |= SignatureTree.bit(kind) }
        switch kind {
        case .object:
            try reader.beginObject()
            while try reader.nextKey() {
                let start = states.count
                for index in range {
                    for member in tree.nodes[states[index]].members {
                        if tree.nodes[member].isWildcard || tree.names[member].keyEquals(reader) { states.append(member) }
                    }
                }
                if states.count == start {
                    skim(&reader)
                } else {
                    try walk(&reader, states: start..<states.count, tree: tree)
                    states.removeLast(states.count - start)
                }
            }
        case .array:
            let start = states.count
            for index in range {
                if let element = tree.nodes[states[index]].element { states.append(element) }
            }
            try reader.beginArray()
            while try reader.nextElement() {
                if states.count == start { skim(&reader) } else { try walk(&reader, states: start..<states.count, tree: tree) }
            }
            states.removeLast(states.count - start)
        default:
            // A value a signature names, read strictly: skimmed, a body of such values (a
            // megabyte of `0` legs) would be read twice to be refused.
            try reader.skipValue()
        }
    }
}
