extension JSONReader {
    /// Where the member names of a reader's open objects are in its buffer, to refuse an
    /// object that names a member twice (I-JSON, RFC 7493 §2.3: "last wins" is a quiet guess).
    ///
    /// Kept from reader to reader (`init(_:maxDepth:memberNames:)`, `takeMemberNames()`), it
    /// keeps its capacity, so a reader that reuses one allocates nothing for the check.
    public struct MemberNames: Sendable {
        /// The open objects' names, innermost object's last, as ranges between the quotes.
        var names: [Range<Int>] = []
        /// For each open object, where its names start in `names` and whether any has escapes.
        var objects: [(start: Int, hasEscapes: Bool)] = []

        public init() {}

        mutating func removeAll() {
            names.removeAll(keepingCapacity: true)
            objects.removeAll(keepingCapacity: true)
        }

        mutating func openObject() {
            objects.append((names.count, false))
        }

        mutating func append(_ range: Range<Int>, hasEscapes: Bool) {
            guard let innermost = objects.indices.last else { return }
            names.append(range)
            if hasEscapes { objects[innermost].hasEscapes = true }
        }
    }

    /// The reader's name storage, emptied, for the next reader.
    public mutating func takeMemberNames() -> MemberNames {
        var taken = MemberNames()
        swap(&taken, &memberNames)
        taken.removeAll()
        return taken
    }

    /// Called at an object's `}`: throws if a name came twice, naming the first repeat.
    mutating func closeObjectCheckingNames() throws(JSONSyntaxError) {
        guard let object = memberNames.objects.popLast() else { return }
        var names: [Range<Int>] = []
        swap(&names, &memberNames.names)
        defer {
            names.removeLast(names.count - object.start)
            swap(&names, &memberNames.names)
        }
        let repeated: Range<Int>?
        if object.hasEscapes {
            repeated = firstRepeatDecoding(names[object.start...])
        } else if names.count - object.start <= 16 {
            repeated = Self.firstRepeatComparingPairs(names[object.start...], in: buffer)
        } else {
            repeated = Self.firstRepeatSorting(&names, from: object.start, in: buffer)
        }
        guard let repeated else { return }
        let name = String(decoding: decodeEscapes(repeated), as: UTF8.self)
        throw JSONSyntaxError(.duplicateMemberName(String(name.prefix(64))), at: repeated.lowerBound - 1)
    }

    /// Few names: each against those before it, no storage.
    private static func firstRepeatComparingPairs(
        _ names: ArraySlice<Range<Int>>, in buffer: UnsafeBufferPointer<UInt8>
    ) -> Range<Int>? {
        for later in names.indices.dropFirst() {
            for earlier in names.startIndex..<later where equalBytes(names[earlier], names[later], in: buffer) {
                return names[later]
            }
        }
        return nil
    }

    /// Many names: sorted in place by bytes then position (a heapsort, so nothing is
    /// allocated and no input makes it quadratic); the repeat that comes first in the
    /// document is the earliest second member of an equal pair.
    private static func firstRepeatSorting(
        _ names: inout [Range<Int>], from start: Int, in buffer: UnsafeBufferPointer<UInt8>
    ) -> Range<Int>? {
        func precedes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            if a.count != b.count { return a.count < b.count }
            for offset in 0..<a.count where buffer[a.lowerBound + offset] != buffer[b.lowerBound + offset] {
                return buffer[a.lowerBound + offset] < buffer[b.lowerBound + offset]
            }
            return a.lowerBound < b.lowerBound
        }
        func siftDown(_ root: Int, _ end: Int) {
            var parent = root
            while true {
                var child = start + 2 * (parent - start) + 1
                guard child < end else { return }
                if child + 1 < end && precedes(names[child], names[child + 1]) { child += 1 }
                guard precedes(names[parent], names[child]) else { return }
                names.swapAt(parent, child)
                parent = child
            }
        }
        let end = names.count
        for root in stride(from: start + (end - start) / 2 - 1, through: start, by: -1) { siftDown(root, end) }
        for last in stride(from: end - 1, to: start, by: -1) {
            names.swapAt(start, last)
            siftDown(start, last)
        }
        var first: Range<Int>?
        for index in (start + 1)..<end where equalBytes(names[index - 1], names[index], in: buffer) {
            if first.map({ names[index].lowerBound < $0.lowerBound }) ?? true { first = names[index] }
        }
        return first
    }

    /// Names with escapes (rare): decoded, then looked up in a set.
    private func firstRepeatDecoding(_ names: ArraySlice<Range<Int>>) -> Range<Int>? {
        var seen = Set<[UInt8]>()
        for name in names where !seen.insert(decodeEscapes(name)).inserted { return name }
        return nil
    }

    private static func equalBytes(_ a: Range<Int>, _ b: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where buffer[a.lowerBound + offset] != buffer[b.lowerBound + offset] { return false }
        return true
    }
}
