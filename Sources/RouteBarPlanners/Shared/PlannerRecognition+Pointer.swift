internal import StrictJSON

extension PlannerRecognition {
    /// The JSON Pointer of the first value of `body` at `path`, a path of signatures'
    /// (`plan.itineraries[].legs[].expectedStartTime`: `*` any member, `[]` any element); the
    /// deepest value on the way to it where the body has none there. A refusal for a member a
    /// body has, or lacks, then points at the member or at what lacks it. Allocates nothing per
    /// value it passes: a refused body of many legs costs no more memory than one of few.
    package static func pointer(to path: String, in body: UnsafeBufferPointer<UInt8>) -> String {
        var search = PointerSearch(path: path)
        var reader = JSONReader(body)
        _ = try? search.find(in: &reader, step: 0)
        return search.deepest
    }
}

extension PlannerRecognition {
    /// The JSON Pointer of the value that starts at byte `offset` of `body` (as
    /// `JSONReader.offset` was before it was read), or nil where none does: a refusal of one
    /// value among many alike (a time among a leg's ten) names that one. Walks the body up to it.
    package static func pointer(toValueAt offset: Int, in body: UnsafeBufferPointer<UInt8>) -> String? {
        var search = OffsetSearch(target: offset)
        var reader = JSONReader(body)
        guard (try? search.find(in: &reader)) == true else { return nil }
        return search.trail.map { "/" + $0 }.joined()
    }
}

/// A walk to the value at one offset (`PlannerRecognition.pointer(toValueAt:in:)`).
private struct OffsetSearch {
    let target: Int
    /// The reference tokens of the values the walk is in.
    var trail: [String] = []

    /// Whether the value the reader is at, or one inside it, starts at `target`.
    mutating func find(in reader: inout JSONReader) throws(JSONSyntaxError) -> Bool {
        let kind = try reader.peekKind()
        if reader.offset == target { return true }
        guard reader.offset < target else { return false }
        switch kind {
        case .object:
            try reader.beginObject()
            while try reader.nextKey() {
                trail.append(PlannerReader.pointerToken(reader.key))
                if try find(in: &reader) { return true }
                trail.removeLast()
            }
        case .array:
            try reader.beginArray()
            var index = 0
            while try reader.nextElement() {
                trail.append(String(index))
                if try find(in: &reader) { return true }
                trail.removeLast()
                index += 1
            }
        default:
            try reader.skipValue()
        }
        return false
    }
}

/// A walk along one path of a body (`PlannerRecognition.pointer(to:in:)`).
private struct PointerSearch {
    /// Each step: a member's name (`*` any), or nil for any element of an array.
    let steps: [[UInt8]?]
    /// Where the walk is: each step taken, a name or an index.
    var trail: [(name: String?, index: Int)] = []
    var deepest = ""
    var deepestDepth = -1

    init(path: String) {
        steps = path.split(separator: ".").flatMap { component -> [[UInt8]?] in
            guard component.hasSuffix("[]") else { return [Array(component.utf8)] }
            let name = component.dropLast(2)
            return name.isEmpty ? [nil] : [Array(name.utf8), nil]
        }
        trail.reserveCapacity(steps.count)
    }

    /// Whether the value the reader is at holds the steps from `step` on; reads past it.
    mutating func find(in reader: inout JSONReader, step: Int) throws(JSONSyntaxError) -> Bool {
        if trail.count > deepestDepth {
            deepestDepth = trail.count
            deepest = trail.map { "/" + ($0.name.map(PlannerReader.pointerToken) ?? String($0.index)) }.joined()
        }
        guard step < steps.count else {
            try reader.skipValue()
            return true
        }
        var found = false
        switch (try reader.peekKind(), steps[step]) {
        case (.object, let name?):
            try reader.beginObject()
            while try reader.nextKey() {
                let matches = !found && (name == [UInt8(ascii: "*")] || name.withUnsafeBufferPointer { reader.keyEquals(utf8: $0) })
                guard matches else {
                    try reader.skipValue()
                    continue
                }
                trail.append((name == [UInt8(ascii: "*")] ? reader.key : String(decoding: name, as: UTF8.self), 0))
                found = try find(in: &reader, step: step + 1)
                trail.removeLast()
            }
        case (.array, nil):
            try reader.beginArray()
            var index = 0
            while try reader.nextElement() {
                if found {
                    try reader.skipValue()
                } else {
                    trail.append((nil, index))
                    found = try find(in: &reader, step: step + 1)
                    trail.removeLast()
                }
                index += 1
            }
        default:
            try reader.skipValue()
        }
        return found
    }
}
