// Cross-origin requests from browsers (the Fetch standard's CORS protocol), for the origins
// `HTTPServerConfiguration.corsOrigins` names.
extension HTTPServer {
    /// The request's `Origin` when it may read the answer: listed, or any under `*`.
    func allowedOrigin(_ connection: MHDConnection) -> String? {
        guard !configuration.corsOrigins.isEmpty, let origin = connection.value(.header, "Origin") else { return nil }
        return configuration.corsOrigins.contains("*") || configuration.corsOrigins.contains(origin) ? origin : nil
    }

    /// A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) for a path
    /// that takes `allow`, from an allowed origin: the route that answers it 204.
    func preflightRoute(_ connection: MHDConnection, path: String, allow: String, pathIndex: Int) -> Router.Route? {
        guard let origin = allowedOrigin(connection), connection.value(.header, "Access-Control-Request-Method") != nil else {
            return nil
        }
        let headers = [
            HTTPHeader("Access-Control-Allow-Origin", configuration.corsOrigins.contains("*") ? "*" : origin),
            HTTPHeader("Access-Control-Allow-Methods", allow),
            HTTPHeader("Access-Control-Allow-Headers", configuration.corsRequestHeaders.joined(separator: ", ")),
            HTTPHeader("Access-Control-Max-Age", String(configuration.corsMaxAgeSeconds)),
            HTTPHeader("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"),
        ]
        var route = Router.Route(method: "OPTIONS", path: path, consumes: nil) { _ in HTTPResponse(status: 204, headers: headers) }
        route.pathIndex = pathIndex
        return route
    }

    /// Adds the answer's CORS headers: for an allowed `origin`, who may read it and the
    /// headers a page may read besides the safelisted ones; and, under a list of origins,
    /// `Vary: Origin` on every answer, so that a cache never hands one origin's answer (or an
    /// answer without the headers) to another.
    func addCORSHeaders(_ headers: inout [HTTPHeader], origin: String?) {
        guard !configuration.corsOrigins.isEmpty, !headers.contains(where: { $0.name == "Access-Control-Allow-Origin" }) else { return }
        let any = configuration.corsOrigins.contains("*")
        if let origin {
            headers.append(HTTPHeader("Access-Control-Allow-Origin", any ? "*" : origin))
            headers.append(HTTPHeader("Access-Control-Expose-Headers", Self.corsExposedHeaders))
        }
        guard !any else { return }
        if let index = headers.firstIndex(where: { $0.name == "Vary" }) {
            if !ASCII.contains(headers[index].value, "Origin") { headers[index].value += ", Origin" }
        } else {
            headers.append(HTTPHeader("Vary", "Origin"))
        }
    }

    /// The answer headers a page may read beside the safelisted ones.
    static let corsExposedHeaders = "ETag, X-Request-Id, Retry-After"
}
