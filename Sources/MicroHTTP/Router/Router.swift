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

    /// In the order added, searched in turn: a server has a dozen routes, and comparing their
    /// short paths (by length first) costs less than hashing the path and the method into two
    /// dictionaries, 700 instructions a request.
    private var routes: [Route] = []
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
        if let same = routes.firstIndex(where: { $0.path == route.path && $0.method == route.method }) {
            routes[same] = route
        } else {
            routes.append(route)
        }
    }

    enum Match {
        case route(Route)
        case methodNotAllowed(allow: String, pathIndex: Int)
        case notFound
    }

    func match(method: String, path: String) -> Match {
        let length = path.utf8.count
        var onPath: Int?
        var get: Int?
        for index in routes.indices where routes[index].path.utf8.count == length && routes[index].path == path {
            if routes[index].method == method { return .route(routes[index]) }
            onPath = index
            if routes[index].method == "GET" { get = index }
        }
        guard let onPath else { return .notFound }
        if method == "HEAD", let get { return .route(routes[get]) }
        var allowed = routes.filter { $0.path == path }.map(\.method).sorted()
        if get != nil { allowed.append("HEAD") }
        return .methodNotAllowed(allow: allowed.joined(separator: ", "), pathIndex: routes[onPath].pathIndex)
    }
}
