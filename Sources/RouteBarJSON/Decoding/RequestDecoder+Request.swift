import RouteBar

extension RequestDecoder {
    /// The request the body describes, with the query string's options merged in.
    func request(mergingQuery query: (String) -> String?) throws(RouteBarInputError) -> RouteBarRequest {
        let source = try Self.source(query)
        let waits = try Self.waits(query)
        _ = try Self.timeZone(query)
        _ = try Self.shortLegSeconds(query)
        let (shape, routes, pointers, problems) = try shapeAndRoutes(waits: waits)
        if let source, !Self.shape(shape, is: source) {
            throw .init(
                .unknownShape,
                "the body is not \(source.title)'s answer (?source=\(source.rawValue)); it reads as "
                    + Self.name(of: shape), parameter: "source")
        }
        var options = self.options
        let fromQuery = try options.merge(query: query)
        guard let width = widths?.first ?? options.width else {
            throw shape == .odsay
                ? .init(
                    .missingField, "width is required: pass the bar's width in points in the query string, as ?width=343",
                    parameter: "width")
                : .init(.missingField, "width is required: the bar's width in points", pointer: "/width")
        }
        if widths != nil && self.options.isSet(.width) {
            throw .init(.invalidType, "give either width or widths, not both", pointer: "/widths")
        }
        var request = RouteBarRequest(
            options: options.layoutOptions(width: width), routes: routes, shape: shape,
            optionsFromQuery: fromQuery, widths: widths)
        request.routePointers = pointers
        request.problems = problems
        if routes.isEmpty, case .planner = shape { request.plannerNotice = plannerNotice }
        return request
    }

    /// `?source=`: the planner the body must be; nil to tell by its structure.
    static func source(_ query: (String) -> String?) throws(RouteBarInputError) -> Planner? {
        guard let text = query("source") else { return nil }
        guard let planner = Planner(rawValue: text) else {
            throw .init(
                .unknownValue,
                "source must be " + Planner.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    + ", got \(quoted(text))", parameter: "source")
        }
        return planner
    }

    /// `?waits=omit` leaves the time between legs out of the bar; `show` (the default) draws it.
    static func waits(_ query: (String) -> String?) throws(RouteBarInputError) -> Bool {
        switch query("waits") {
        case nil, "show": return true
        case "omit": return false
        case let text?: throw .init(.unknownValue, "waits must be \"show\" or \"omit\", got \(quoted(text))", parameter: "waits")
        }
    }

    /// `?timeZone=`: the zone of a planner's times where its answer names none; a name the
    /// system's tz database does not know is refused.
    static func timeZone(_ query: (String) -> String?) throws(RouteBarInputError) -> String? {
        guard let text = query("timeZone") else { return nil }
        guard ZoneDatabase.system.knows(text) else {
            throw .init(
                .unknownValue, "timeZone must be an IANA time zone the server's tz database has (\"Europe/Paris\"), got \(quoted(text))",
                parameter: "timeZone")
        }
        return text
    }

    /// `?shortLegSeconds=`: a planner's legs shorter than this are no segments.
    static func shortLegSeconds(_ query: (String) -> String?) throws(RouteBarInputError) -> Double {
        let parameter = RequestParameter.shortLegSeconds
        guard let text = query(parameter.name) else { return parameter.defaultNumber ?? 0 }
        guard let range = parameter.range, let seconds = Double(text), seconds.isFinite else {
            throw .init(.invalidType, "\(parameter.name) must be a number of seconds, got \(quoted(text))", parameter: parameter.name)
        }
        guard range.contains(seconds) else {
            throw .init(.outOfRange, "\(parameter.name) must be \(range.phrase), got \(quoted(text))", parameter: parameter.name)
        }
        return seconds
    }

    static func shape(_ shape: RouteBarRequest.Shape, is source: Planner) -> Bool {
        switch shape {
        case .routeBar: source == .routebar
        case .odsay: source == .odsay
        case .planner(let planner): planner == source
        }
    }

    static func name(of shape: RouteBarRequest.Shape) -> String {
        switch shape {
        case .routeBar: "routebar's own"
        case .odsay: "ODsay's"
        case .planner(let planner): "\(planner.title)'s"
        }
    }

    /// Which shape the body has, and its routes; a planner's error answer is refused here.
    private func shapeAndRoutes(waits: Bool) throws(RouteBarInputError) -> (
        RouteBarRequest.Shape, [Route], [String], [RouteBarInputError]
    ) {
        if let source, let other = sawOtherPlanner, !claimedPlanners.contains(source) {
            throw .init(
                .unknownShape, "the body is not \(source.title)'s answer (?source=\(source.rawValue)); it reads as \(other.title)'s",
                parameter: "source")
        }
        // Google's answer needs only `status` and `routes` (DirectionsResponse): with no route in
        // them, nothing else says it is Google's, and ours never has a `status`.
        if let routes, claimedPlanners.isEmpty, source == .routebar || (source == nil && (googleStatus == nil || !routes.isEmpty)) {
            return (.routeBar, routes, [], [])
        }
        if let odsayRoutes { return (.odsay, odsayRoutes, [], []) }
        if let read = try plannerRoutes(waits: waits) { return (.planner(read.planner), read.routes, read.pointers, read.problems) }
        if let routes { return (.routeBar, routes, [], []) }
        if let problem = plannerError(nil) { throw problem }
        if sawResult {
            throw .init(.missingField, "result.path is required: an ODsay response lists its routes there", pointer: "/result/path")
        }
        if let (message, code) = odsayError {
            let quoted = message.isEmpty ? "" : ": \"\(message)\""
            var problem = RouteBarInputError(
                .odsayError, "the body is an ODsay error response\(quoted); there are no routes to lay out", pointer: "/error")
            problem.odsayCode = code
            throw problem
        }
        if sawUnknownMember && !sawRouteBarMember {
            throw .init(.unknownShape, "the body is none of the shapes routebar reads: \(Planner.supportedShapes)", pointer: "")
        }
        throw .init(
            .missingField,
            "routes is required (or send an ODsay searchPubTransPathT response, with width in the query string)",
            pointer: "/routes")
    }
}
