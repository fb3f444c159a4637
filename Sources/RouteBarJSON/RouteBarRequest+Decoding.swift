import RouteBar
import StrictJSON

extension RouteBarRequest {
    /// Decodes a request body in one pass, with `query` supplying options the body leaves out.
    ///
    /// Bad JSON anywhere wins over a bad value (400 before 422), so the decoder notes the
    /// first bad value and reads on to the end before it reports it. Unknown members are
    /// skipped, validated but not stored. Ranges are checked by `RouteBarLayout`.
    public init(json body: UnsafeBufferPointer<UInt8>, query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) {
        let workspace = RouteBarWorkspace.current
        var decoder = RequestDecoder(reader: JSONReader(body), workspace: workspace.take())
        defer { workspace.putBack(&decoder.workspace) }
        do {
            try decoder.decodeDocument()
            try decoder.reader.finish()
        } catch {
            throw RouteBarInputError(error)
        }
        if let issue = decoder.issue { throw issue }
        self = try decoder.request(query: query)
    }

    public init(json body: [UInt8], query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) {
        let result = body.withUnsafeBufferPointer { buffer in
            Result { () throws(RouteBarInputError) in try RouteBarRequest(json: buffer, query: query) }
        }
        self = try result.get()
    }
}

private struct RequestDecoder {
    var reader: JSONReader
    var issue: RouteBarInputError?

    var numbers = NumericOptions()
    var algorithm: LayoutAlgorithm?
    var locale: LabelLocale?
    var colors: Bool?
    var widths: [Double]?
    var routes: [Route]?
    var sawResult = false
    var odsayRoutes: [Route]?
    var odsayError: String?
    /// The routes and one route's legs as they are read, reused from request to request,
    /// so that each array the request keeps is allocated once, at its exact size, instead
    /// of growing element by element.
    var workspace: RouteBarWorkspace.Buffers

    init(reader: JSONReader, workspace: RouteBarWorkspace.Buffers) {
        self.reader = reader
        self.workspace = workspace
    }

    // MARK: Document

    mutating func decodeDocument() throws(JSONSyntaxError) {
        guard try expect(.object, "the body", at: "") else { return }
        try reader.beginObject()
        while try reader.nextKey() {
            if let field = optionField() {
                switch field {
                case .algorithm: algorithm = try decodeName("algorithm", unknown: RouteBarInputError.unknownAlgorithm)
                case .locale: locale = try decodeName("locale", unknown: RouteBarInputError.unknownLocale)
                case .colors: colors = try decodeColors()
                default:
                    if let value = try number(field.rawValue, at: "/\(field.rawValue)", optional: true) {
                        numbers[field] = value
                    }
                }
            } else if reader.keyEquals("widths") {
                widths = try decodeWidths()
            } else if reader.keyEquals("routes") {
                routes = try decodeRoutes(.routeBar)
            } else if reader.keyEquals("result") {
                sawResult = true
                try decodeODsayResult()
            } else if reader.keyEquals("error") {
                odsayError = try decodeODsayError()
            } else {
                try reader.skipValue()
            }
        }
    }

    func optionField() -> LayoutOptions.Field? {
        if reader.keyEquals("width") { return .width }
        if reader.keyEquals("scale") { return .scale }
        if reader.keyEquals("algorithm") { return .algorithm }
        if reader.keyEquals("minSegmentRatio") { return .minSegmentRatio }
        if reader.keyEquals("minWalkingLength") { return .minWalkingLength }
        if reader.keyEquals("minTransitLength") { return .minTransitLength }
        if reader.keyEquals("height") { return .height }
        if reader.keyEquals("locale") { return .locale }
        if reader.keyEquals("labelFontSize") { return .labelFontSize }
        if reader.keyEquals("colors") { return .colors }
        return nil
    }

    /// Consumes a null and returns true: an optional member given as null counts as absent.
    mutating func skipNull() throws(JSONSyntaxError) -> Bool {
        guard try reader.peekKind() == .null else { return false }
        try reader.readNull()
        return true
    }

    /// A string naming one of `Value`'s cases (`algorithm`, `locale`), or nil after noting what is wrong.
    mutating func decodeName<Value: RawRepresentable<String>>(
        _ field: String, unknown: (String, String?, String?) -> RouteBarInputError
    ) throws(JSONSyntaxError) -> Value? {
        guard try !skipNull(), try expect(.string, field, at: "/\(field)") else { return nil }
        let name = try reader.readString()
        guard let value = Value(rawValue: name) else {
            note(unknown(name, "/\(field)", nil))
            return nil
        }
        return value
    }

    mutating func decodeColors() throws(JSONSyntaxError) -> Bool? {
        guard try !skipNull(), try expect(.bool, "colors", at: "/colors") else { return nil }
        return try reader.readBool()
    }

    /// `widths`: one layout per width, for clients that precompute every device class.
    mutating func decodeWidths() throws(JSONSyntaxError) -> [Double]? {
        guard try !skipNull(), try expect(.array, "widths", at: "/widths") else { return nil }
        try reader.beginArray()
        var widths: [Double] = []
        var index = 0
        while try reader.nextElement() {
            if index < RouteBarRequest.maxWidths {
                if let width = try number("widths[\(index)]", at: "/widths/\(index)", optional: false) {
                    widths.append(width)
                }
            } else {
                if index == RouteBarRequest.maxWidths {
                    note(.init(.tooMany, "at most \(RouteBarRequest.maxWidths) widths per request", pointer: "/widths"))
                }
                try reader.skipValue()
            }
            index += 1
        }
        if index == 0 { note(.init(.missingField, "widths must hold at least one width", pointer: "/widths")) }
        return widths
    }

    // MARK: Routes

    mutating func decodeRoutes(_ shape: RouteBarRequest.Shape) throws(JSONSyntaxError) -> [Route]? {
        let pointer = shape == .routeBar ? "/routes" : "/result/path"
        guard try expect(.array, shape == .routeBar ? "routes" : "path", at: pointer) else { return nil }
        try reader.beginArray()
        workspace.routes.removeAll(keepingCapacity: true)
        var index = 0
        while try reader.nextElement() {
            if index < RouteBarLayout.maxRoutes {
                workspace.routes.append(try decodeRoute(shape, index: index))
            } else {
                if index == RouteBarLayout.maxRoutes {
                    note(.init(.tooMany, "at most \(RouteBarLayout.maxRoutes) routes per request", pointer: pointer))
                }
                try reader.skipValue()
            }
            index += 1
        }
        return RouteBarWorkspace.exactCopy(of: workspace.routes)
    }

    mutating func decodeRoute(_ shape: RouteBarRequest.Shape, index: Int) throws(JSONSyntaxError) -> Route {
        var route = Route(subPaths: [])
        // Pointers are built only for an error, not for every route.
        func base() -> String { shape == .routeBar ? "/routes/\(index)" : "/result/path/\(index)" }
        guard try expect(.object, "a route", at: base()) else { return route }
        var sawSubPaths = false
        try reader.beginObject()
        while try reader.nextKey() {
            switch shape {
            case .routeBar where reader.keyEquals("subPaths"), .odsay where reader.keyEquals("subPath"):
                sawSubPaths = true
                route.subPaths = try decodeSubPaths(at: base() + (shape == .routeBar ? "/subPaths" : "/subPath"))
            case .routeBar where reader.keyEquals("totalTime"):
                route.totalTime = try number("totalTime", at: base() + "/totalTime", optional: true)
            case .routeBar where reader.keyEquals("id"):
                if try !skipNull(), try expect(.string, "id", at: base() + "/id") {
                    route.id = try reader.readString()
                }
            case .odsay where reader.keyEquals("info"):
                route.totalTime = try decodeODsayInfo(at: base() + "/info")
            default:
                try reader.skipValue()
            }
        }
        if !sawSubPaths {
            let name = shape == .routeBar ? "subPaths" : "subPath"
            note(.init(.missingField, "\(name) is required: every route needs its legs", pointer: base() + "/" + name))
        }
        return route
    }

    mutating func decodeSubPaths(at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> [SubPath] {
        guard try expect(.array, "subPaths", at: pointer()) else { return [] }
        try reader.beginArray()
        workspace.legs.removeAll(keepingCapacity: true)
        var index = 0
        while try reader.nextElement() {
            if index < RouteBarLayout.maxSubPaths {
                workspace.legs.append(try decodeSubPath(at: "\(pointer())/\(index)"))
            } else {
                if index == RouteBarLayout.maxSubPaths {
                    note(.init(.tooMany, "at most \(RouteBarLayout.maxSubPaths) subPaths per route", pointer: pointer()))
                }
                try reader.skipValue()
            }
            index += 1
        }
        return RouteBarWorkspace.exactCopy(of: workspace.legs)
    }

    mutating func decodeSubPath(at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> SubPath {
        var subPath = SubPath(trafficType: 0, sectionTime: 0)
        guard try expect(.object, "a subPath", at: pointer()) else { return subPath }
        var sawTrafficType = false
        var sawSectionTime = false
        try reader.beginObject()
        while try reader.nextKey() {
            if reader.keyEquals("trafficType") {
                sawTrafficType = true
                if let value = try number("trafficType", at: pointer() + "/trafficType", optional: false) {
                    if value.rounded(.towardZero) != value {
                        note(.init(.invalidType, "trafficType must be an integer (ODsay's mode code), got \(value)",
                                   pointer: pointer() + "/trafficType"))
                    } else if value < Double(Int32.min) || value > Double(Int32.max) {
                        note(.init(.outOfRange, "trafficType must be an integer from \(Int32.min) to \(Int32.max), got \(value.shortDescription)",
                                   pointer: pointer() + "/trafficType"))
                    } else {
                        subPath.trafficType = Int(value)
                    }
                }
            } else if reader.keyEquals("sectionTime") {
                sawSectionTime = true
                subPath.sectionTime = try number("sectionTime", at: pointer() + "/sectionTime", optional: false) ?? 0
            } else if reader.keyEquals("lane") {
                subPath.line = try decodeLane()
            } else {
                try reader.skipValue()
            }
        }
        if !sawTrafficType {
            note(.init(.missingField, "trafficType is required", pointer: pointer() + "/trafficType"))
        }
        if !sawSectionTime {
            note(.init(.missingField, "sectionTime is required", pointer: pointer() + "/sectionTime"))
        }
        return subPath
    }

    /// ODsay's `lane`: the first entry that names a line (`name` and `subwayCode` for subways,
    /// `busNo` and `type` for buses) is the leg's line. Anything unexpected in it is ignored, not refused: it
    /// only decorates the bar.
    mutating func decodeLane() throws(JSONSyntaxError) -> TransitLine? {
        guard try reader.peekKind() == .array else {
            try reader.skipValue()
            return nil
        }
        var line: TransitLine?
        try reader.beginArray()
        while try reader.nextElement() {
            guard line == nil, try reader.peekKind() == .object else {
                try reader.skipValue()
                continue
            }
            var name: String?
            var busNumber: String?
            var subwayCode: Int?
            var busType: Int?
            try reader.beginObject()
            while try reader.nextKey() {
                if reader.keyEquals("name"), try reader.peekKind() == .string {
                    name = try reader.readString()
                } else if reader.keyEquals("busNo"), try reader.peekKind() == .string {
                    busNumber = try reader.readString()
                } else if reader.keyEquals("subwayCode"), try reader.peekKind() == .number {
                    subwayCode = Self.smallInteger(try reader.readNumber())
                } else if reader.keyEquals("type"), try reader.peekKind() == .number {
                    busType = Self.smallInteger(try reader.readNumber())
                } else {
                    try reader.skipValue()
                }
            }
            if let label = busNumber ?? name {
                line = TransitLine(name: label, subwayCode: subwayCode, busType: busType)
            }
        }
        return line
    }

    static func smallInteger(_ value: Double) -> Int? {
        value.rounded(.towardZero) == value && abs(value) < 1_000_000_000 ? Int(value) : nil
    }

    // MARK: ODsay

    mutating func decodeODsayResult() throws(JSONSyntaxError) {
        guard try expect(.object, "result", at: "/result") else { return }
        try reader.beginObject()
        while try reader.nextKey() {
            if reader.keyEquals("path") {
                odsayRoutes = try decodeRoutes(.odsay)
            } else {
                try reader.skipValue()
            }
        }
    }

    mutating func decodeODsayInfo(at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> Double? {
        guard try expect(.object, "info", at: pointer()) else { return nil }
        var totalTime: Double?
        try reader.beginObject()
        while try reader.nextKey() {
            if reader.keyEquals("totalTime") {
                totalTime = try number("totalTime", at: pointer() + "/totalTime", optional: true)
            } else {
                try reader.skipValue()
            }
        }
        return totalTime
    }

    /// ODsay reports failures as `{"error": {"code": …, "msg": …}}` or `{"error": [{"code": …, "message": …}]}`;
    /// returns the message to quote back, if there is one.
    mutating func decodeODsayError() throws(JSONSyntaxError) -> String {
        var message = ""
        switch try reader.peekKind() {
        case .object:
            try reader.beginObject()
            while try reader.nextKey() {
                if (reader.keyEquals("msg") || reader.keyEquals("message")), try reader.peekKind() == .string {
                    message = try reader.readString()
                } else {
                    try reader.skipValue()
                }
            }
        case .array:
            try reader.beginArray()
            while try reader.nextElement() {
                if message.isEmpty, try reader.peekKind() == .object {
                    message = try decodeODsayError()
                } else {
                    try reader.skipValue()
                }
            }
        case .string:
            message = try reader.readString()
        default:
            try reader.skipValue()
        }
        return message
    }

    // MARK: Values

    /// Reads a number, or notes what is wrong and skips the value. A null counts as absent
    /// where the member is optional.
    mutating func number(_ name: String, at pointer: @autoclosure () -> String, optional: Bool) throws(JSONSyntaxError) -> Double? {
        if optional, try skipNull() { return nil }
        guard try expect(.number, name, at: pointer()) else { return nil }
        let value = try reader.readNumber()
        guard value.isFinite else {
            note(.init(.outOfRange, "\(name) is too large to be a finite number", pointer: pointer()))
            return nil
        }
        return value
    }

    /// True when the next value is of `kind`; otherwise notes the mismatch, skips the value, and returns false.
    mutating func expect(_ kind: JSONValueKind, _ name: String, at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> Bool {
        let found = try reader.peekKind()
        guard found == kind else {
            note(.init(.invalidType, "\(name) must be \(kind.phrase), got \(found.phrase)", pointer: pointer()))
            try reader.skipValue()
            return false
        }
        return true
    }

    mutating func note(_ issue: RouteBarInputError) {
        if self.issue == nil { self.issue = issue }
    }

    // MARK: Result

    func request(query: (String) -> String?) throws(RouteBarInputError) -> RouteBarRequest {
        let shape: RouteBarRequest.Shape
        let decodedRoutes: [Route]
        if let routes {
            shape = .routeBar
            decodedRoutes = routes
        } else if sawResult {
            guard let odsayRoutes else {
                throw .init(.missingField, "result.path is required: an ODsay response lists its routes there", pointer: "/result/path")
            }
            shape = .odsay
            decodedRoutes = odsayRoutes
        } else if let odsayError {
            let quoted = odsayError.isEmpty ? "" : ": \"\(odsayError)\""
            throw .init(.odsayError, "the body is an ODsay error response\(quoted); there are no routes to lay out", pointer: "/error")
        } else {
            throw .init(.missingField,
                        "routes is required (or send an ODsay searchPubTransPathT response, with width in the query string)",
                        pointer: "/routes")
        }

        // Query values fill in what the body leaves out (the body wins), and every query
        // value is checked, used or not, so a bad one never passes unnoticed.
        var fromQuery: Set<LayoutOptions.Field> = []
        var numbers = self.numbers
        var algorithm = self.algorithm
        var locale = self.locale
        var colors = self.colors
        for field in NumericOptions.fieldsInOrder {
            guard let text = query(field.rawValue) else { continue }
            switch field {
            case .algorithm:
                guard let value = LayoutAlgorithm(rawValue: text) else {
                    throw .unknownAlgorithm(text, pointer: nil, parameter: "algorithm")
                }
                if algorithm == nil {
                    algorithm = value
                    fromQuery.insert(field)
                }
                continue
            case .locale:
                guard let value = LabelLocale(rawValue: text) else { throw .unknownLocale(text, pointer: nil, parameter: "locale") }
                if locale == nil {
                    locale = value
                    fromQuery.insert(field)
                }
                continue
            case .colors:
                guard text == "true" || text == "false" else {
                    throw .init(.invalidType, "the query parameter colors must be true or false, got \"\(text)\"", parameter: "colors")
                }
                if colors == nil {
                    colors = text == "true"
                    fromQuery.insert(field)
                }
                continue
            default:
                break
            }
            guard let value = Double(text), value.isFinite, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) else {
                throw .init(.invalidType, "the query parameter \(field.rawValue) must be a number, got \"\(text)\"",
                            parameter: field.rawValue)
            }
            do {
                try RouteBarLayout.check(field, value)
            } catch {
                throw .init(.outOfRange, error.message, parameter: field.rawValue)
            }
            if numbers[field] == nil {
                numbers[field] = value
                fromQuery.insert(field)
            }
        }

        guard let width = widths?.first ?? numbers[.width] else {
            throw shape == .odsay
                ? .init(.missingField, "width is required: pass the bar's width in points in the query string, as ?width=343",
                           parameter: "width")
                : .init(.missingField, "width is required: the bar's width in points", pointer: "/width")
        }
        var options = LayoutOptions(width: width)
        if let value = numbers[.scale] { options.scale = value }
        if let value = algorithm { options.algorithm = value }
        if let value = numbers[.minSegmentRatio] { options.minSegmentRatio = value }
        options.minWalkingLength = numbers[.minWalkingLength]
        options.minTransitLength = numbers[.minTransitLength]
        if let value = numbers[.height] { options.height = value }
        if let value = numbers[.labelFontSize] { options.labelFontSize = value }
        if let value = locale { options.locale = value }
        if let value = colors { options.colors = value }
        if widths != nil && numbers[.width] != nil && !fromQuery.contains(.width) {
            throw .init(.invalidType, "give either width or widths, not both", pointer: "/widths")
        }
        return RouteBarRequest(options: options, routes: decodedRoutes, shape: shape, optionsFromQuery: fromQuery, widths: widths)
    }
}

extension RouteBarInputError {
    static func unknownLocale(_ name: String, pointer: String?, parameter: String?) -> Self {
        .init(.unknownLocale, "locale must be \"ko\" or \"en\", got \"\(name)\"", pointer: pointer, parameter: parameter)
    }

    static func unknownAlgorithm(_ name: String, pointer: String?, parameter: String?) -> Self {
        .init(.unknownAlgorithm, "algorithm must be \"fit\" or \"classic\", got \"\(name)\"", pointer: pointer, parameter: parameter)
    }
}

/// The numeric options as decoded, by field: a few optionals, where a dictionary would hash.
private struct NumericOptions {
    /// Every option, numeric or not, so the query string is read in the documented order.
    static let fieldsInOrder = LayoutOptions.Field.allCases
    private var values: (Double?, Double?, Double?, Double?, Double?, Double?, Double?) = (nil, nil, nil, nil, nil, nil, nil)

    subscript(field: LayoutOptions.Field) -> Double? {
        get {
            switch field {
            case .width: values.0
            case .scale: values.1
            case .minSegmentRatio: values.2
            case .minWalkingLength: values.3
            case .minTransitLength: values.4
            case .height: values.5
            case .labelFontSize: values.6
            case .algorithm, .locale, .colors: nil
            }
        }
        set {
            switch field {
            case .width: values.0 = newValue
            case .scale: values.1 = newValue
            case .minSegmentRatio: values.2 = newValue
            case .minWalkingLength: values.3 = newValue
            case .minTransitLength: values.4 = newValue
            case .height: values.5 = newValue
            case .labelFontSize: values.6 = newValue
            case .algorithm, .locale, .colors: break
            }
        }
    }
}
