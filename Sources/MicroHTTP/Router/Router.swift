/// Maps a method and an exact path to a handler.
///
/// A path known under other methods answers 405 with `Allow`; an unknown path 404.
/// GET routes answer HEAD too (libmicrohttpd drops the body).
public struct Router: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) throws(HTTPProblem) -> HTTPResponse

    public struct Route: Sendable {
        public var method: String
        public var path: String
        /// The media type a body must have (`Content-Type`), or nil for routes without a body.
        public var consumes: String?
        public var handler: Handler
        /// The path's position in `paths`, for metrics.
        var pathIndex = 0
    }

    private var routes: [String: [String: Route]] = [:]
    /// Every path, in the order first added.
    public private(set) var paths: [String] = []

    public init() {}

    public mutating func get(_ path: String, handler: @escaping Handler) {
        add(Route(method: "GET", path: path, consumes: nil, handler: handler))
    }

    public mutating func post(_ path: String, consumes mediaType: String, handler: @escaping Handler) {
        add(Route(method: "POST", path: path, consumes: mediaType, handler: handler))
    }

    mutating func add(_ route: Route) {
        var route = route
        route.pathIndex = paths.firstIndex(of: route.path) ?? paths.count
        if route.pathIndex == paths.count { paths.append(route.path) }
        routes[route.path, default: [:]][route.method] = route
    }

    enum Match {
        case route(Route)
        case methodNotAllowed(allow: String, pathIndex: Int)
        case notFound
    }

    func match(method: String, path: String) -> Match {
        guard let byMethod = routes[path] else { return .notFound }
        if let route = byMethod[method] ?? (method == "HEAD" ? byMethod["GET"] : nil) {
            return .route(route)
        }
        var allowed = byMethod.keys.sorted()
        if byMethod["GET"] != nil { allowed.append("HEAD") }
        return .methodNotAllowed(allow: allowed.joined(separator: ", "), pathIndex: byMethod.values.first?.pathIndex ?? 0)
    }
}
