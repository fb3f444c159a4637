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
    ///
    /// A body is read once as ours and ODsay's, with every other member skipped; a body that is
    /// neither is recognised by the planners' signatures (`PlannerRecognition`) and read again by
    /// the recognised planner's adapter alone. With `?source=` naming a planner, the body must
    /// have its signature, and is read once, by its adapter.
    package init(
        json body: UnsafeBufferPointer<UInt8>, query: (String) -> String?, predecoded: PredecodedRoutes?
    ) throws(RouteBarInputError) {
        var adapter = (try? RequestDecoder.source(query))?.flatMap(PlannerRegistry.adapter(for:))
        var listed = false
        if let named = adapter {
            switch PlannerRecognition.recognise(body, only: named.planner) {
            case .recognised(_, let namedListed): listed = namedListed
            case .ambiguous: break
            case .unrecognised(_, let missing):
                throw .init(
                    .unknownShape,
                    "the body is not \(named.title)'s answer (?source=\(named.planner.rawValue)): "
                        + (missing.map { "it has no \($0), which every such answer has" } ?? "it has none of its members"),
                    parameter: "source")
            }
        }
        while true {
            switch try Self.read(body, query: query, predecoded: adapter == nil ? predecoded : nil, adapter: adapter, listed: listed) {
            case .request(let request):
                self = request
            case .readAgain(let planner, let recognisedListed):
                guard adapter == nil, let recognised = PlannerRegistry.adapter(for: planner) else {
                    throw .init(.unknownShape, "the body could not be read as \(planner.title)'s answer", pointer: "")
                }
                (adapter, listed) = (recognised, recognisedListed)
                continue
            }
            break
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

    /// Reads the body once: as ours and ODsay's, or by a planner's `adapter`.
    private static func read(
        _ body: UnsafeBufferPointer<UInt8>, query: (String) -> String?, predecoded: PredecodedRoutes?,
        adapter: (any PlannerAdapter.Type)?, listed: Bool
    ) throws(RouteBarInputError) -> RequestDecoder.Outcome {
        let workspace = RouteBarWorkspace.current
        var buffers = workspace.take()
        // Moved, not copied: a second reference to a buffer would make its first write copy it.
        var memberNames = JSONReader.MemberNames()
        swap(&memberNames, &buffers.memberNames)
        var decoder = RequestDecoder(reader: JSONReader(body, memberNames: consume memberNames), workspace: consume buffers)
        decoder.waits = (try? RequestDecoder.waits(query)) ?? true
        decoder.source = try? RequestDecoder.source(query)
        decoder.adapter = adapter
        decoder.plannerTimeZone = try? RequestDecoder.timeZone(query)
        decoder.plannerStatus = try? RequestDecoder.plannerStatus(query)
        decoder.shortestLeg = (try? RequestDecoder.shortLegSeconds(query)) ?? decoder.shortestLeg
        decoder.predecodedRoutes = predecoded
        defer {
            decoder.workspace.memberNames = decoder.reader.takeMemberNames()
            workspace.putBack(&decoder.workspace)
        }
        do {
            if let adapter {
                try decoder.decodePlannerDocument(adapter)
            } else {
                try decoder.decodeDocument()
            }
            try decoder.reader.finish()
        } catch {
            throw RouteBarInputError(error)
        }
        if let issue = decoder.issue { throw issue }
        // The sketch made while reading holds the body's every member but those read as ours or
        // ODsay's (`routes` of ours, `result`, `error`), which planners write too: with any of
        // those, the body is sketched whole. Planners' routes are sketched as they pass.
        let readAll = (decoder.routes == nil || decoder.sawForeignRoutes) && !decoder.sawResult && decoder.odsayError == nil
        let sketched = readAll ? decoder.sketch : nil
        return try decoder.request(mergingQuery: query, listed: listed) {
            sketched.map { PlannerRecognition.recognise($0) } ?? PlannerRecognition.recognise(body)
        }
    }

    public init(json body: [UInt8], query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) {
        let result = body.withUnsafeBufferPointer { buffer in
            Result { () throws(RouteBarInputError) in try RouteBarRequest(json: buffer, query: query) }
        }
        self = try result.get()
    }
}
