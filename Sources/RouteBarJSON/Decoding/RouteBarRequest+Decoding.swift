import RouteBar
import RouteBarPlanners
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
    /// have its signature, and is read once, by its adapter. `queryHasValues` false says that
    /// `query` has a value for no name (most requests), so that none is asked for.
    package init(
        json body: UnsafeBufferPointer<UInt8>, query: (String) -> String?, queryHasValues: Bool = true,
        predecoded: PredecodedRoutes?
    ) throws(RouteBarInputError) {
        // The planner whose adapter reads the body: the one `?source=` names, or the one the
        // first reading recognises.
        var planner =
            queryHasValues ? (try? RequestDecoder.source(query)).flatMap { $0 }.flatMap { PlannerReader.reads($0) ? $0 : nil } : nil
        var listed = false
        if let named = planner {
            switch PlannerRecognition.recognise(body, only: named) {
            case .recognised(_, let namedListed): listed = namedListed
            case .ambiguous: break
            case .unrecognised(_, let missing):
                try Self.validate(body, skimmed: true)
                throw .init(
                    .unknownShape,
                    "the body is not \(named.title)'s answer (?source=\(named.rawValue)): "
                        + (missing.map { "it \(PlannerSignature.broken($0))" } ?? "it has none of its members"),
                    parameter: "source")
            case .unreadForm(_, _, let advice):
                try Self.validate(body, skimmed: true)
                throw .init(.unknownShape, "\(advice) (?source=\(named.rawValue))", parameter: "source")
            }
        }
        while true {
            switch try Self.read(
                body, query: query, queryHasValues: queryHasValues, predecoded: planner == nil ? predecoded : nil, planner: planner,
                listed: listed)
            {
            case .request(let request):
                self = request
            case .readAgain(let recognised, let recognisedListed):
                guard planner == nil, PlannerReader.reads(recognised) else {
                    throw .init(.unknownShape, "the body could not be read as \(recognised.title)'s answer", pointer: "")
                }
                (planner, listed) = (recognised, recognisedListed)
                continue
            }
            break
        }
        let workspace = RouteBarWorkspace.current
        // The query string's mask, else the header's; a problem names the one it came from.
        let mask = RequestParameter.fields
        let fromQuery = queryHasValues ? query(mask.name) : nil
        let fromHeader = fromQuery == nil && queryHasValues ? mask.header.flatMap(query) : nil
        if let list = fromQuery ?? fromHeader {
            let source = fromQuery == nil ? mask.header ?? mask.name : mask.name
            if let last = workspace.lastFields, last.list == list {
                fields = last.fields
            } else {
                fields = try AnswerFields(parsing: list, parameter: source)
                workspace.lastFields = (list, fields)
            }
            fieldsFromHeader = fromQuery == nil
            if fields.namesDisplay { options.display = true }
        }
    }

    /// Reads the body once: as ours and ODsay's, or by `planner`'s adapter.
    private static func read(
        _ body: UnsafeBufferPointer<UInt8>, query: (String) -> String?, queryHasValues: Bool, predecoded: PredecodedRoutes?,
        planner name: Planner?, listed: Bool
    ) throws(RouteBarInputError) -> RequestDecoder.Outcome {
        let workspace = RouteBarWorkspace.current
        var buffers = workspace.take()
        // Moved, not copied: a second reference to a buffer would make its first write copy it.
        var memberNames = JSONReader.MemberNames()
        swap(&memberNames, &buffers.memberNames)
        var decoder = RequestDecoder(reader: JSONReader(body, memberNames: consume memberNames), workspace: consume buffers)
        if queryHasValues {
            decoder.source = try? RequestDecoder.source(query)
            decoder.queryTimeZone = try? RequestDecoder.timeZone(query)
        }
        decoder.predecodedRoutes = predecoded
        decoder.modelBytes = ModelBytes(limit: decodingBytes(forBody: body.count), bodyBytes: body.count)
        // Bad values are refused after the body, as before: each is read as it can be here.
        let defaultShortestLeg = RequestParameter.shortLegSeconds.defaultNumber ?? 0
        let shortestLeg = queryHasValues ? (try? RequestDecoder.shortLegSeconds(query)) ?? defaultShortestLeg : defaultShortestLeg
        if let name, var planner = PlannerReader(name, shortestLeg: shortestLeg) {
            planner.waits = queryHasValues ? (try? RequestDecoder.waits(query)) ?? true : true
            planner.plannerTimeZone = decoder.queryTimeZone
            planner.plannerStatus = queryHasValues ? try? RequestDecoder.plannerStatus(query) : nil
            planner.modelBytes = decoder.modelBytes
            decoder.planner = planner
        }
        defer {
            decoder.workspace.memberNames = decoder.reader.takeMemberNames()
            workspace.putBack(&decoder.workspace)
        }
        do {
            if var planner = decoder.planner {
                decoder.planner = nil
                defer { decoder.planner = planner }
                try decoder.decodePlannerDocument(&planner)
            } else {
                try decoder.decodeDocument()
            }
            try decoder.reader.finish()
        } catch {
            // Past a value the sketch skimmed, a body that is not JSON may fail anywhere: its
            // first fault is the strict reading's.
            try validate(body, skimmed: decoder.sketch?.skimmed == true)
            throw RouteBarInputError(error)
        }
        // The sketch made while reading holds the body's every member but those read as ours or
        // ODsay's (`routes` of ours, `result`, `error`), which planners write too: with any of
        // those, the body is sketched whole. Planners' routes are sketched as they pass.
        let readAll = (decoder.routes == nil || decoder.sawForeignRoutes) && !decoder.sawResult && decoder.odsayError == nil
        let sketched = readAll ? decoder.sketch : nil
        var skimmed = decoder.sketch?.skimmed == true
        let outcome = Result { () throws(RouteBarInputError) in
            if let issue = decoder.issue { throw issue }
            return try decoder.request(
                mergingQuery: query, queryHasValues: queryHasValues, listed: listed,
                locating: { PlannerRecognition.pointer(to: $0, in: body) }
            ) {
                let sketch = sketched ?? PlannerSketch(body, tree: PlannerRecognition.compiled.tree)
                skimmed = skimmed || sketch.skimmed
                return PlannerRecognition.recognise(sketch)
            }
        }
        // Read again by a planner's adapter, the body is read strictly then; answered or refused
        // for its shape now, it is first (bad JSON wins over a bad value or shape: 400 before 422).
        let readAgain = if case .success(.readAgain) = outcome { true } else { false }
        if !readAgain { try validate(body, skimmed: skimmed) }
        // Consumed, not copied out as `get()` would: a copy retains and releases every member.
        switch consume outcome {
        case .success(let read): return read
        case .failure(let error): throw error
        }
    }

    /// Reads the body strictly where recognition skimmed some of it (`PlannerSketch.skimmed`):
    /// its first fault as the problem, if it has one.
    static func validate(_ body: UnsafeBufferPointer<UInt8>, skimmed: Bool) throws(RouteBarInputError) {
        guard skimmed else { return }
        var reader = JSONReader(body)
        do {
            try reader.skipValue()
            try reader.finish()
        } catch {
            throw RouteBarInputError(error)
        }
    }

    public init(json body: [UInt8], query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) {
        self = try body.withUnsafeBufferPointer { (buffer) throws(RouteBarInputError) in try RouteBarRequest(json: buffer, query: query) }
    }
}
