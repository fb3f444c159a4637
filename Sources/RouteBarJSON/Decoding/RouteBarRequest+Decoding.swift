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
        let workspace = RouteBarWorkspace.current
        var buffers = workspace.take()
        // Moved, not copied: a second reference to a buffer would make its first write copy it.
        var memberNames = JSONReader.MemberNames()
        swap(&memberNames, &buffers.memberNames)
        var decoder = RequestDecoder(reader: JSONReader(body, memberNames: consume memberNames), workspace: consume buffers)
        decoder.waits = (try? RequestDecoder.waits(query)) ?? true
        decoder.source = try? RequestDecoder.source(query)
        decoder.plannerTimeZone = try? RequestDecoder.timeZone(query)
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
        self = try decoder.request(mergingQuery: query)
        if let list = query(RequestParameter.fields.name) {
            if let last = workspace.lastFields, last.list == list {
                fields = last.fields
            } else {
                fields = try AnswerFields(parsing: list)
                workspace.lastFields = (list, fields)
            }
        }
    }

    public init(json body: [UInt8], query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) {
        let result = body.withUnsafeBufferPointer { buffer in
            Result { () throws(RouteBarInputError) in try RouteBarRequest(json: buffer, query: query) }
        }
        self = try result.get()
    }
}
