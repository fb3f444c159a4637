import RouteBar
internal import StrictJSON

extension RouteBarRequest {
    /// Decodes a request body in one pass, with `query` supplying options the body leaves out.
    ///
    /// Bad JSON anywhere wins over a bad value (400 before 422), so the decoder notes the
    /// first bad value and reads on to the end before it reports it. Unknown members are
    /// skipped, validated but not stored. Ranges are checked by `RouteBarLayout`.
    public init(json body: UnsafeBufferPointer<UInt8>, query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) {
        try self.init(json: body, query: query, predecoded: nil)
    }

    /// As `init(json:query:)`, with the `routes` array already read (`PredecodedRoutes`).
    package init(
        json body: UnsafeBufferPointer<UInt8>, query: (String) -> String?, predecoded: PredecodedRoutes?
    ) throws(RouteBarInputError) {
        switch try Self.read(body, query: query, predecoded: predecoded, source: nil) {
        case .request(let request):
            self = request
        case .readAgain(let planner):
            // Recognised as another planner's than its member names first said: read again by
            // that planner's adapter alone, as `?source=` would have it.
            guard case .request(let request) = try Self.read(body, query: query, predecoded: nil, source: planner) else {
                throw .init(.unknownShape, "the body could not be read as \(planner.title)'s answer", parameter: "source")
            }
            self = request
        }
        let workspace = RouteBarWorkspace.current
        if let list = query(RequestParameter.fields.name) {
            if let last = workspace.lastFields, last.list == list {
                fields = last.fields
            } else {
                fields = try AnswerFields(parsing: list)
                workspace.lastFields = (list, fields)
            }
        }
    }

    /// Reads the body once; `source`, when given, is the planner the body was recognised as.
    private static func read(
        _ body: UnsafeBufferPointer<UInt8>, query: (String) -> String?, predecoded: PredecodedRoutes?, source: Planner?
    ) throws(RouteBarInputError) -> RequestDecoder.Outcome {
        let workspace = RouteBarWorkspace.current
        var buffers = workspace.take()
        // Moved, not copied: a second reference to a buffer would make its first write copy it.
        var memberNames = JSONReader.MemberNames()
        swap(&memberNames, &buffers.memberNames)
        var decoder = RequestDecoder(reader: JSONReader(body, memberNames: consume memberNames), workspace: consume buffers)
        decoder.waits = (try? RequestDecoder.waits(query)) ?? true
        decoder.source = source ?? (try? RequestDecoder.source(query))
        decoder.recognisedSource = source != nil
        decoder.plannerTimeZone = try? RequestDecoder.timeZone(query)
        decoder.plannerStatus = try? RequestDecoder.plannerStatus(query)
        decoder.shortestLeg = (try? RequestDecoder.shortLegSeconds(query)) ?? decoder.shortestLeg
        decoder.predecodedRoutes = predecoded
        defer {
            decoder.workspace.memberNames = decoder.reader.takeMemberNames()
            workspace.putBack(&decoder.workspace)
        }
        do {
            try decoder.decodeDocument()
            try decoder.reader.finish()
        } catch {
            throw RouteBarInputError(error)
        }
        if let issue = decoder.issue { throw issue }
        return try decoder.request(mergingQuery: query) { only in PlannerRecognition.recognise(body, only: only) }
    }

    public init(json body: [UInt8], query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) {
        let result = body.withUnsafeBufferPointer { buffer in
            Result { () throws(RouteBarInputError) in try RouteBarRequest(json: buffer, query: query) }
        }
        self = try result.get()
    }
}
