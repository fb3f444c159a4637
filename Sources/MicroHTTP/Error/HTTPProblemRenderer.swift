/// Turns problems into responses: the application's choice of wire format (for routebar,
/// `application/problem+json`), so that the HTTP layer knows no JSON.
///
/// The server calls it for every problem it raises or a handler throws, on the connection's
/// thread; it must not block. The response should carry `problem.headers`.
public protocol HTTPProblemRenderer: Sendable {
    func response(for problem: HTTPProblem) -> HTTPResponse
}
