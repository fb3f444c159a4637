import RouteBar
@_exported import RouteBarPlanners

/// A decoded `POST /v1/route-bars` request: layout options and routes, from our own JSON shape,
/// a raw ODsay `searchPubTransPathT` response, or another journey planner's answer (`Planner`).
public struct RouteBarRequest: Sendable {
    public enum Shape: Sendable, Hashable {
        /// `{"width": …, "routes": [{"subPaths": […]}]}`
        case routeBar
        /// `{"result": {"path": [{"info": {"totalTime": …}, "subPath": […]}]}}`
        case odsay
        /// Another journey planner's answer, as it is.
        case planner(Planner)
    }

    public var options: LayoutOptions
    public var routes: [Route]
    public var shape: Shape
    /// The options that came from the query string rather than the body.
    public var optionsFromQuery: Set<LayoutOption>
    /// One layout per width instead of one for `options.width` (`"widths": [320, 375, 414]`).
    public var widths: [Double]?
    public static let maxWidths = 16
    /// The longest line name (ODsay's `name` or `busNo`, a planner's line) in UTF-8 bytes: the
    /// answer echoes a name up to five times per width, so its length is the answer's.
    public static let maxNameBytes = PlannerText.maxNameBytes
    /// The longest route `id` in UTF-8 bytes, echoed once per route and width.
    public static let maxIdBytes = 256
    /// The query parameters a request may have: every layout option and `RequestParameter`.
    public static let queryParameterNames: Set<String> = Set(LayoutOption.all.map(\.name) + RequestParameter.all.map(\.name))

    /// Where each route is in a planner's answer ("/plan/itineraries/0"), for errors.
    var routePointers: [String] = []
    /// The routes' heap bytes as decoding counted them, and how many routes they were, for
    /// `heldBytes` right after decoding (the service's account); routes replaced since by a
    /// list of another length are counted again.
    var decodedRouteBytes: (count: Int, bytes: Int)?
    /// Why a planner's answer has no route, in the planner's words (HERE's notice, Navitia's
    /// message, OpenTripPlanner's routing error): the answer's `notice`.
    public var plannerNotice: String?
    /// Writes the cards' clock and fare text; nil writes none (the library has no CLDR data).
    public var cardFormatter: CardFormatter?
    /// The members of the answer to write (`fields`, `X-Fields`); every member by default.
    public var fields: AnswerFields = .all
    /// Whether `fields` came from its header (`X-Fields`), which its problems then name.
    package var fieldsFromHeader = false
    /// Itineraries of a planner's answer left out for an inconsistent leg (`inconsistent-leg`):
    /// the answer's `problems`, beside the routes that could be laid out.
    public var problems: [RouteBarInputError] = []

    /// The planner whose answer the body is (the answer's `source`); nil for our own shape.
    public var source: Planner? {
        switch shape {
        case .routeBar: nil
        case .odsay: .odsay
        case .planner(let planner): planner
        }
    }

    public init(
        options: LayoutOptions, routes: [Route], shape: Shape, optionsFromQuery: Set<LayoutOption> = [],
        widths: [Double]? = nil
    ) {
        self.init(
            options: options, routes: routes, shape: shape, optionsFromQuery: optionsFromQuery, widths: widths, routePointers: [],
            decodedRouteBytes: nil, plannerNotice: nil, problems: [])
    }

    /// A decoded request, every member at once: made, then changed, it was copied once more.
    init(
        options: LayoutOptions, routes: [Route], shape: Shape, optionsFromQuery: Set<LayoutOption>, widths: [Double]?,
        routePointers: [String], decodedRouteBytes: (count: Int, bytes: Int)?, plannerNotice: String?, problems: [RouteBarInputError]
    ) {
        self.options = options
        self.routes = routes
        self.shape = shape
        self.optionsFromQuery = optionsFromQuery
        self.widths = widths
        self.routePointers = routePointers
        self.decodedRouteBytes = decodedRouteBytes
        self.plannerNotice = plannerNotice
        self.problems = problems
    }
}

extension RouteBarRequest {
    /// Segments in one layout: every route's legs.
    public var segmentCount: Int {
        routes.reduce(0) { $0 + $1.subPaths.count }
    }

    /// Segments the answer lays out, across every width: the work the request asks for.
    public var segmentsToLayOut: Int {
        (widths?.count ?? 1) * segmentCount
    }

    /// Refuses a request that asks for more than `limit` segments across its widths: an
    /// answer grows with them (about 200 bytes each), so they bound a request's work.
    public func checkSegments(limit: Int) throws(RouteBarInputError) {
        let segments = segmentsToLayOut
        guard segments > limit else { return }
        let across = widths.map { " (\(segmentCount) in each of \($0.count) widths)" } ?? ""
        throw RouteBarInputError(
            .tooManySegments,
            "the request asks for \(segments) segments\(across); the limit is \(limit) per request. Send fewer routes or widths at a time",
            pointer: widths == nil ? "" : "/widths", limit: limit)
    }

    /// Where a value lives in this request's body, as a JSON pointer.
    func pointer(to location: RouteBarError.Location) -> String {
        if case .planner = shape {
            switch location {
            case .option(let option): return "/\(option.name)"
            case .routes: return ""
            case .route(let route), .totalTime(let route), .subPaths(let route), .sectionTime(let route, _):
                return routePointers.indices.contains(route) ? routePointers[route] : ""
            }
        }
        let routes = shape == .routeBar ? "/routes" : "/result/path"
        switch location {
        case .option(let option): return "/\(option.name)"
        case .routes: return routes
        case .route(let route): return "\(routes)/\(route)"
        case .totalTime(let route): return shape == .routeBar ? "\(routes)/\(route)/totalTime" : "\(routes)/\(route)/info/totalTime"
        case .subPaths(let route): return shape == .routeBar ? "\(routes)/\(route)/subPaths" : "\(routes)/\(route)/subPath"
        case .sectionTime(let route, let subPath):
            return shape == .routeBar
                ? "\(routes)/\(route)/subPaths/\(subPath)/sectionTime"
                : "\(routes)/\(route)/subPath/\(subPath)/sectionTime"
        }
    }
}

extension RouteBarInputError {
    /// The layout's complaint, pointed at the value in this request's body or query string.
    public init(_ error: RouteBarError, in request: RouteBarRequest) {
        let type: ProblemType
        switch error.code {
        case .outOfRange: type = .outOfRange
        case .tooMany: type = .tooMany
        case .noVisibleSegment: type = .noVisibleSegment
        case .barTooNarrow: type = .barTooNarrow
        case .classicUndefined: type = .classicUndefined
        case .missingTimes: type = .missingField
        }
        if case .option(let option) = error.location, request.optionsFromQuery.contains(option) {
            self.init(type, error.message, parameter: option.name)
        } else if error.code == .noVisibleSegment, case .route(let route) = error.location {
            self.init(type, request.nothingToDraw(route: route) ?? error.message, pointer: request.pointer(to: error.location))
        } else {
            self.init(type, error.message, pointer: request.pointer(to: error.location))
        }
    }
}

extension RouteBarRequest {
    /// Why route `index` draws nothing, in the words of the body it came in, where the
    /// layout's own ("no leg with sectionTime > 0") would name a member the body does not have:
    /// our own or ODsay's route without legs, or a planner's (numbered as the answer numbers
    /// it), whose legs are not its members' (Google's `steps`, Navitia's `sections`).
    func nothingToDraw(route index: Int) -> String? {
        guard routes.indices.contains(index) else { return nil }
        let route = routes[index]
        switch shape {
        case .routeBar, .odsay:
            guard route.subPaths.isEmpty else { return nil }
            return "route \(index) has no \(shape == .routeBar ? "subPaths" : "subPath"), so there is nothing to draw"
        case .planner:
            let number = route.position ?? index
            guard !route.subPaths.isEmpty else { return "route \(number) has no leg to draw" }
            return "route \(number) has no leg long enough to draw (a leg shorter than \(RequestParameter.shortLegSeconds.name) "
                + "is no segment), so there is nothing to draw"
        }
    }

    /// Heap bytes the decoded request holds (its routes, legs and strings, arrays at their
    /// capacity), for the server's memory account: a streamed answer keeps the request.
    package var heldBytes: Int {
        var bytes = HeldBytes.array(routes.capacity, of: Route.self) + HeldBytes.array(widths?.capacity ?? 0, of: Double.self)
        if let decoded = decodedRouteBytes, decoded.count == routes.count {
            // Counted as the routes were made (`ModelBytes`), for these very routes.
            bytes += decoded.bytes
        } else {
            // Read in place through a pointer: a copy of each route would retain and release its storage.
            routes.withUnsafeBufferPointer { routes in
                guard let start = routes.baseAddress else { return }
                for route in start..<start + routes.count { bytes += route.pointee.heldBytes }
            }
        }
        bytes += HeldBytes.array(routePointers.capacity, of: String.self)
        for pointer in routePointers { bytes += HeldBytes.string(pointer) }
        return bytes
    }

    /// What decoding a body of `bodyBytes` may take at most before it ends, reserved in the
    /// memory account before it starts: the model, 4 times its body (a 40-byte `SubPath` for
    /// the shortest leg a shape reads, 15 bytes), and a megabyte for what does not grow with the
    /// body: the records of two itineraries' legs at most (1000 legs of some 280 bytes each,
    /// `PlannerReader.addItinerary`) and routes' arrays sized for 9 legs (1000 routes at most).
    /// A leg with a box or a card (a `mode`, times) costs more than 4 times its bytes: the routes
    /// are counted as they are made (`ModelBytes`), and a body whose routes pass this is refused
    /// (`too-many`). `DecodedSizeTests` checks both with each shape's densest bodies.
    package static func decodingBytes(forBody bodyBytes: Int) -> Int {
        4 * bodyBytes + (1 << 20)
    }
}
