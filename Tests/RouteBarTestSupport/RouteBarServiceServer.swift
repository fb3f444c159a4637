import MicroHTTP
import RouteBarService

/// Runs `body` with the route-bar service live in this process (`RouteBarAPI`'s routes,
/// `ProblemJSON`, its metrics) on a free loopback port, and shuts it down when `body`
/// returns or throws. `change` adjusts the server's settings, as `serve`'s flags would.
@discardableResult
public func withRouteBarService<Result>(
    limits: RouteBarAPI.Limits = RouteBarAPI.Limits(), _ change: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (LiveServer) throws -> Result
) throws -> Result {
    let api = RouteBarAPI(limits: limits)
    return try withLiveServer(configuration(change), router: api.router, problems: ProblemJSON(), extraMetrics: api.renderMetrics, body)
}

/// `withRouteBarService` for tests that await.
@discardableResult
public func withRouteBarService<Result>(
    limits: RouteBarAPI.Limits = RouteBarAPI.Limits(), _ change: (inout HTTPServerConfiguration) -> Void = { _ in },
    isolation: isolated (any Actor)? = #isolation, _ body: (LiveServer) async throws -> Result
) async throws -> Result {
    let api = RouteBarAPI(limits: limits)
    return try await withLiveServer(
        configuration(change), router: api.router, problems: ProblemJSON(), extraMetrics: api.renderMetrics, body)
}

private func configuration(_ change: (inout HTTPServerConfiguration) -> Void) -> HTTPServerConfiguration {
    var configuration = HTTPServerConfiguration.testing
    configuration.metricsNamespace = RouteBarAPI.metricsNamespace
    change(&configuration)
    return configuration
}
