import RouteBar
import RouteBarPlanners

extension RequestDecoder {
    /// What a body read once gives: the request, or the planner to read it again as.
    enum Outcome {
        case request(RouteBarRequest)
        /// Recognised as this planner's answer: its adapter alone reads it again; `listed` when
        /// its signature found itineraries.
        case readAgain(Planner, listed: Bool)
    }

    /// The request the body describes, with the query string's options merged in (none asked
    /// for without `queryHasValues`); `recognise` scores the body against every planner's signature,
    /// and `locate` finds a signature's path in it (`PlannerRecognition.pointer(to:in:)`).
    mutating func request(
        mergingQuery query: (String) -> String?, queryHasValues: Bool, listed: Bool,
        locating locate: (String) -> String, recognising recognise: () -> PlannerRecognition
    ) throws(RouteBarInputError) -> Outcome {
        var source: Planner?
        if queryHasValues {
            source = try Self.source(query)
            _ = try Self.waits(query)
            _ = try Self.timeZone(query)
            _ = try Self.shortLegSeconds(query)
            _ = try Self.plannerStatus(query)
        }
        let (shape, routes, pointers, problems): (RouteBarRequest.Shape, [Route], [String], [RouteBarInputError])
        switch try shapeAndRoutes(listed: listed, locating: locate, recognising: recognise) {
        case .read(let readShape, let readRoutes, let readPointers, let readProblems):
            (shape, routes, pointers, problems) = (readShape, readRoutes, readPointers, readProblems)
        case .readAgain(let planner, let listed):
            return .readAgain(planner, listed: listed)
        }
        if let source, !Self.shape(shape, is: source) {
            throw .init(
                .unknownShape,
                "the body is not \(source.title)'s answer (?source=\(source.rawValue)); it reads as "
                    + Self.name(of: shape), parameter: "source")
        }
        var options = self.options
        let fromQuery = queryHasValues ? try options.merge(query: query) : []
        guard let width = widths?.first ?? options.width else {
            throw shape == .odsay
                ? .init(
                    .missingField, "width is required: pass the bar's width in points in the query string, as ?width=343",
                    parameter: "width")
                : .init(.missingField, "width is required: the bar's width in points", pointer: "")
        }
        if widths != nil && self.options.isSet(.width) {
            throw .init(.invalidType, "give either width or widths, not both", pointer: "/widths")
        }
        var notice: String?
        if routes.isEmpty, case .planner(let planner) = shape {
            // A planner's 200 without a route always says why: its words, else ours.
            notice = self.planner?.plannerOutcome.noRoute ?? "\(planner.title)'s answer lists no itinerary"
        }
        let counted = planner?.modelBytes ?? modelBytes
        return .request(
            RouteBarRequest(
                options: options.layoutOptions(width: width), routes: routes, shape: shape, optionsFromQuery: fromQuery,
                widths: widths, routePointers: pointers, decodedRouteBytes: counted.counts ? (routes.count, counted.held) : nil,
                plannerNotice: notice, problems: problems))
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

    /// `?plannerStatus=`: the HTTP status the planner answered with (100 to 599).
    static func plannerStatus(_ query: (String) -> String?) throws(RouteBarInputError) -> Int? {
        let parameter = RequestParameter.plannerStatus
        guard let text = query(parameter.name) else { return nil }
        guard let range = parameter.range, let status = Int(text), range.contains(Double(status)) else {
            throw .init(
                .invalidType, "\(parameter.name) must be an HTTP status, a whole number from 100 to 599, got \(quoted(text))",
                parameter: parameter.name)
        }
        return status
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

    /// What `shapeAndRoutes` found: the body's shape and routes, or a planner to read it again as.
    enum ShapeAndRoutes {
        case read(RouteBarRequest.Shape, [Route], [String], [RouteBarInputError])
        case readAgain(Planner, listed: Bool)
    }

    /// Which shape the body has, and its routes; a planner's error answer is refused here.
    /// Read by a planner's adapter (`adapter`), the body is that planner's answer. Read as ours
    /// and ODsay's, a body that is neither is recognised by the planners' signatures
    /// (`PlannerRecognition`) and read again by the recognised planner's adapter.
    private mutating func shapeAndRoutes(
        listed: Bool, locating locate: (String) -> String, recognising recognise: () -> PlannerRecognition
    ) throws(RouteBarInputError) -> ShapeAndRoutes {
        if var planner {
            defer { self.planner = planner }
            let read = try planner.routes()
            let title = planner.planner.title
            if listed, read.routes.isEmpty, read.problems.isEmpty {
                // Never a silent "no route": the list has itineraries its reader did not find.
                throw .init(
                    .unknownShape, "the body lists \(title)'s itineraries, but none of them could be read as \(title)'s answers write them",
                    pointer: "")
            }
            return .read(.planner(planner.planner), read.routes, read.pointers, read.problems)
        }
        // Our routes, unless a planner's are in their place, or the list is empty beside members
        // that are no part of ours (Google's `{"routes": [], "status": "ZERO_RESULTS"}`).
        if let routes, !sawForeignRoutes, source == .routebar || (source == nil && (!routes.isEmpty || !sawUnknownMember)) {
            return .read(.routeBar, routes, [], [])
        }
        if let odsayRoutes { return .read(.odsay, odsayRoutes, [], []) }
        var unrecognised = Self.unrecognised(closest: nil, missing: nil)
        if source == nil {
            switch recognise() {
            case .recognised(let planner, let listed):
                return .readAgain(planner, listed: listed)
            case .ambiguous(let first, let second):
                // An empty `routes` is every shape's with a `routes` list (HERE's, the Routes
                // API's): with nothing else to tell them apart, it is ours.
                if let routes, !sawForeignRoutes { return .read(.routeBar, routes, [], []) }
                throw .init(
                    .ambiguousShape,
                    "the body is equally \(first.title)'s and \(second.title)'s answer by what it has; "
                        + "pass ?source=\(first.rawValue) or ?source=\(second.rawValue) to say which it is",
                    parameter: "source")
            case .unrecognised(let closest, let missing):
                // At the member the closest shape's rule says the body has, or at what lacks one.
                let pointer = missing.map { locate(PlannerSignature.firstPath(ofRule: $0)) } ?? ""
                unrecognised = Self.unrecognised(closest: closest, missing: missing, pointer: pointer)
            case .unreadForm(_, let member, let advice):
                unrecognised = .init(.unknownShape, advice, pointer: locate(member))
            }
        }
        if let source, sawForeignRoutes || sawUnknownMember {
            throw .init(
                .unknownShape, "the body is not \(Self.name(of: source == .odsay ? .odsay : .routeBar)) shape (?source=\(source.rawValue))",
                parameter: "source")
        }
        if let routes, !sawForeignRoutes { return .read(.routeBar, routes, [], []) }
        if sawResult {
            throw .init(.missingField, "result.path is required: an ODsay response lists its routes there", pointer: "/result")
        }
        if let (message, code) = odsayError {
            let quoted = message.isEmpty ? "" : ": \"\(message)\""
            var problem = RouteBarInputError(
                .odsayError, "the body is an ODsay error response\(quoted); there are no routes to lay out", pointer: "/error")
            problem.odsayCode = code
            throw problem
        }
        if (sawUnknownMember && !sawRouteBarMember) || sawForeignRoutes { throw unrecognised }
        throw .init(
            .missingField,
            "routes is required (or send an ODsay searchPubTransPathT response, with width in the query string)",
            pointer: "")
    }
}

extension RequestDecoder {
    /// A body no shape's signature holds: which planner's is closest, and what it lacks.
    static func unrecognised(closest: Planner?, missing: String?, pointer: String = "") -> RouteBarInputError {
        var detail = "the body is none of the shapes routebar reads: \(Planner.supportedShapes)"
        if let closest, let missing {
            detail =
                "the body is no planner's answer routebar reads; it is closest to \(closest.title)'s (\(closest.rawValue)), "
                + "but \(PlannerSignature.broken(missing)). routebar reads: \(Planner.supportedShapes)"
        }
        return .init(.unknownShape, detail, pointer: pointer)
    }
}
