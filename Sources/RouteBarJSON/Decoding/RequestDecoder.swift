import RouteBar
import RouteBarPlanners
internal import StrictJSON

/// Reads a request body in one pass: the options, and the routes in either shape (ours in
/// `RequestDecoder+Routes.swift`, ODsay's in `RequestDecoder+ODsay.swift`).
///
/// Bad JSON anywhere wins over a bad value (400 before 422), so the first bad value is noted
/// in `issue` and reading goes on to the end.
struct RequestDecoder {
    var reader: JSONReader
    var issue: RouteBarInputError?
    /// `issue != nil`, kept apart: the check runs per leg of a refused body, and comparing
    /// the optional error with nil copies it.
    var isRefused = false

    var options = DecodedOptions()
    var widths: [Double]?
    var routes: [Route]?
    var sawResult = false
    var odsayRoutes: [Route]?
    var odsayError: (message: String, code: String?)?
    /// `?source=`, read before the body.
    var source: Planner?
    /// `?timeZone=`: the zone of times that name none.
    var queryTimeZone: String?
    /// The reader of a planner's answer, once the body is known to be that planner's
    /// (`?source=`, or recognised after a first reading): its adapter alone reads the body's
    /// members but the layout options (`decodePlannerDocument`).
    var planner: PlannerReader?
    /// A route of `routes` with no `subPaths` but a planner's `legs` or `sections`: the routes
    /// are not ours.
    var sawForeignRoutes = false
    /// The sketch of the members that are no part of our shape or ODsay's, made as they are
    /// passed (`PlannerSketch.member`): for a planner's answer, recognition needs no reading of
    /// its own. Nil until such a member comes.
    var sketch: PlannerSketch?
    /// Members that name no shape's part, and whether any of routebar's own were there.
    var sawUnknownMember = false
    var sawRouteBarMember = false
    /// The routes as they are read, reused from request to request, so that the array the
    /// request keeps is allocated once, at its exact size, instead of growing route by route.
    var workspace: RouteBarWorkspace.Buffers
    /// The `routes` array, when a faster reader has read it (the service's simdjson path).
    var predecodedRoutes: PredecodedRoutes?
    /// The routes' heap bytes so far, within what was set aside for the body.
    var modelBytes = ModelBytes(limit: .max, bodyBytes: 0)

    init(reader: JSONReader, workspace: RouteBarWorkspace.Buffers) {
        self.reader = reader
        self.workspace = workspace
    }

    mutating func decodeDocument() throws(JSONSyntaxError) {
        guard try expect(.object, "the body", at: "") else { return }
        try reader.beginObject()
        while try reader.nextKey() {
            if let option = layoutOption() {
                sawRouteBarMember = true
                try decodeOption(option)
            } else if reader.keyEquals("widths") {
                sawRouteBarMember = true
                widths = try decodeWidths()
            } else if reader.keyEquals("routes") {
                if let predecoded = predecodedRoutes, try reader.peekKind() == .array, reader.offset == predecoded.range.lowerBound {
                    // Only the array the faster reader read, at its offset: a second `routes`
                    // is read here, and refused as a repeat at the object's end.
                    reader.skipValidatedValue(to: predecoded.range.upperBound)
                    routes = predecoded.routes
                    predecodedRoutes = nil
                    if modelBytes.counts, let index = predecoded.routes.firstIndex(where: { !modelBytes.add($0) }) {
                        note(modelBytes.problem(at: "/routes/\(index)"))
                    }
                    continue
                }
                routes = try decodeRoutes(at: "/routes", name: "routes") { decoder, index throws(JSONSyntaxError) in
                    try decoder.decodeRoute(index: index)
                }
            } else if reader.keyEquals("result") {
                sawResult = true
                try decodeODsayResult()
            } else if reader.keyEquals("error"), [.object, .array].contains(try reader.peekKind()) {
                // ODsay's error is an object, or a list of them; any other `error` (HAFAS's
                // "0", a Swiss formation's sentence) is another planner's member.
                odsayError = try decodeODsayError()
            } else {
                // A planner's member: noted for recognition; the body is read again by the
                // recognised planner's adapter.
                sawUnknownMember = true
                let tree = PlannerRecognition.compiled.tree
                if sketch == nil { sketch = PlannerSketch(tree: tree) }
                try sketch?.member(&reader, tree: tree)
            }
        }
    }

    /// The option the current key names, if it names one.
    func layoutOption() -> LayoutOption? {
        for (index, key) in Self.optionKeys.enumerated() where reader.keyEquals(key) { return LayoutOption(rawValue: index) }
        return nil
    }

    /// Each option's name as the reader compares it, in `LayoutOption`'s order: bytes in the binary.
    private static let optionKeys = LayoutOption.all.map(\.key)

    mutating func decodeOption(_ option: LayoutOption) throws(JSONSyntaxError) {
        let name = option.name
        guard try !skipNull() else { return }
        switch option.values {
        case .number:
            if let value = try number(name, at: "/\(name)") { options.setNumber(value, for: option) }
        case .flag:
            if try expect(.bool, name, at: "/\(name)") { options.setFlag(try reader.readBool(), for: option) }
        case .choice, .languageTag:
            guard try expect(.string, name, at: "/\(name)") else { return }
            let text = try reader.readString()
            if !options.setChoice(text, for: option) { note(.unknownName(text, for: option, pointer: "/\(name)", parameter: nil)) }
        }
    }

    /// `widths`: one layout per width, for clients that precompute every device class.
    mutating func decodeWidths() throws(JSONSyntaxError) -> [Double]? {
        guard try !skipNull(), try expect(.array, "widths", at: "/widths") else { return nil }
        try reader.beginArray()
        var widths: [Double] = []
        var index = 0
        while try reader.nextElement() {
            if index < RouteBarRequest.maxWidths {
                if let width = try number("widths[\(index)]", at: "/widths/\(index)", nullable: false) {
                    widths.append(width)
                }
            } else {
                if index == RouteBarRequest.maxWidths {
                    let limit = RouteBarRequest.maxWidths
                    note(.init(.tooMany, "at most \(limit) widths per request", pointer: "/widths", limit: limit))
                }
                try reader.skipValue()
            }
            index += 1
        }
        if index == 0 { note(.init(.missingField, "widths must hold at least one width", pointer: "/widths")) }
        return widths
    }

    // MARK: Values

    /// Consumes a null and returns true: an optional member given as null counts as absent.
    mutating func skipNull() throws(JSONSyntaxError) -> Bool {
        guard try reader.peekKind() == .null else { return false }
        try reader.readNull()
        return true
    }

    /// Reads a number, or notes what is wrong and skips the value. A null counts as absent
    /// where the member is `nullable`.
    mutating func number(_ name: String, at pointer: @autoclosure () -> String, nullable: Bool = true) throws(JSONSyntaxError) -> Double? {
        if nullable, try skipNull() { return nil }
        guard try expect(.number, name, at: pointer()) else { return nil }
        let value = try reader.readNumber()
        guard value.isFinite else {
            noteInfinite(name, at: pointer())
            return nil
        }
        return value
    }

    /// Reads a string that the answer echoes, without bidi controls
    /// (`PlannerText.withoutBidiControls`); one longer than `limit` UTF-8 bytes is noted and dropped.
    mutating func boundedString(_ name: String, limit: Int, at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> String? {
        let text = PlannerText.withoutBidiControls(try reader.readString())
        guard text.utf8.count <= limit else {
            noteTooLong(name, bytes: text.utf8.count, limit: limit, at: pointer())
            return nil
        }
        return text
    }

    @inline(never)
    mutating func noteTooLong(_ name: String, bytes: Int, limit: Int, at pointer: String) {
        note(.init(.tooLong, "\(name) is \(bytes) bytes of UTF-8; the limit is \(limit)", pointer: pointer, limit: limit))
    }

    /// True when the next value is of `kind`; otherwise notes the mismatch, skips the value, and returns false.
    mutating func expect(_ kind: JSONValueKind, _ name: String, at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> Bool {
        let found = try reader.peekKind()
        guard found == kind else {
            try skipMismatch(kind, found: found, name, at: pointer())
            return false
        }
        return true
    }

    // The error paths stay out of line: inlined into every reader of a member, their messages
    // made the hot functions' frames several times larger.
    @inline(never)
    mutating func noteInfinite(_ name: String, at pointer: String) {
        note(.init(.outOfRange, "\(name) is too large to be a finite number", pointer: pointer))
    }

    @inline(never)
    mutating func skipMismatch(_ kind: JSONValueKind, found: JSONValueKind, _ name: String, at pointer: String) throws(JSONSyntaxError) {
        note(.init(.invalidType, "\(name) must be \(kind.phrase), got \(found.phrase)", pointer: pointer))
        try reader.skipValue()
    }

    mutating func note(_ issue: RouteBarInputError) {
        guard !isRefused else { return }
        self.issue = issue
        isRefused = true
    }
}
