internal import StrictJSON

// Looking one level down without reading: on a copy of the reader, so the caller's stays at
// the value it was at. A value that is not what is looked for answers nil or false.
extension JSONReader {
    /// A reader at the value of member `name` of the first element of the array that comes next.
    func firstElementMember(_ name: StaticString) -> JSONReader? {
        var reader = self
        do {
            guard try reader.peekKind() == .array else { return nil }
            try reader.beginArray()
            guard try reader.nextElement() else { return nil }
            return try reader.member(name)
        } catch {
            return nil
        }
    }

    /// Whether the first element of the array that comes next is an object with member `name`.
    func firstElementHas(_ name: StaticString) -> Bool {
        firstElementMember(name) != nil
    }

    /// The kind of the next value, or nil when there is none.
    func kindAhead() -> JSONValueKind? {
        var reader = self
        return try? reader.peekKind()
    }

    /// A reader at the value of member `name` of the object that comes next.
    private func member(_ name: StaticString) throws(JSONSyntaxError) -> JSONReader? {
        var reader = self
        guard try reader.peekKind() == .object else { return nil }
        try reader.beginObject()
        while try reader.nextKey() {
            if reader.keyEquals(name) { return reader }
            try reader.skipValue()
        }
        return nil
    }
}
