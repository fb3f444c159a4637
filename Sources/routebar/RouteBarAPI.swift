import CEmbeddedFiles
import MicroHTTP
import RouteBar
import RouteBarDrawing
import RouteBarJSON
import Synchronization

/// The service's routes: route-bar layout, health, the OpenAPI contract and the playground;
/// and its own metrics.
final class RouteBarAPI: Sendable {
    /// How much one request may ask for.
    struct Limits: Sendable, Hashable {
        /// Segments laid out per request, counted across `widths`.
        var maxSegments = 100_000
        /// Answers estimated larger than this are streamed as the client reads them.
        var streamAboveBytes = 4 << 20
    }

    let limits: Limits
    private let routesLaidOut = Atomic<Int>(0)
    private let segmentsLaidOut = Atomic<Int>(0)

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    var router: Router {
        var router = Router()
        router.post("/v1/route-bars", consumes: "application/json") { [self] request throws(HTTPProblem) in
            try answerRouteBars(request, format: Self.format(accept: request.header("Accept")))
        }
        router.post("/v1/route-bars.svg", consumes: "application/json") { [self] request throws(HTTPProblem) in
            try answerRouteBars(request, format: .svg)
        }
        router.get("/healthz") { _ in
            HTTPResponse(status: 200, headers: HTTPResponse.jsonHeaders + [Self.noStore], body: .bytes(Array(#"{"status":"ok"}"#.utf8)))
        }
        let spec = StaticResource(Self.openAPISpec, contentType: "application/yaml")
        router.get("/openapi.yaml") { request in spec.response(to: request) }
        let playground = StaticResource(Self.playgroundPage, contentType: "text/html; charset=utf-8")
        router.get("/") { request in playground.response(to: request) }
        return router
    }

    /// The first of NDJSON, SVG or JSON that `Accept` lists without `q=0`; JSON when none is.
    static func format(accept: String?) -> RouteBarResponse.Format {
        guard let accept else { return .json }
        for range in MediaType.acceptedRanges(accept) {
            if range.names("application/x-ndjson") { return .ndjson }
            if range.names("image/svg+xml") { return .svg }
            if range.names("application/json") || range.names("application/*") || range.names("*/*") { return .json }
        }
        return .json
    }

    private func answerRouteBars(_ request: HTTPRequest, format: RouteBarResponse.Format) throws(HTTPProblem) -> HTTPResponse {
        let decoded = try Self.decode(request.body, limits: limits) { request.queryParameter($0) }  // a closure literal: a method reference would box `request`
        if format == .json {
            if RouteBarResponse.estimatedSize(of: decoded) > limits.streamAboveBytes {
                return try stream(decoded)
            }
            let answer = try Self.answer(decoded)
            count(routes: answer.routeCount, segments: answer.segmentCount)
            return HTTPResponse(status: 200, headers: Self.jsonHeaders, body: .owned(HTTPOwnedBytes(answer.document.buffer, owner: answer.document)))
        }
        let laidOut: (routes: [LaidOutRoute], options: LayoutOptions)
        do throws(RouteBarInputError) {
            laidOut = try RouteBarResponse.layoutForDrawing(decoded, format: format)
        } catch {
            throw HTTPProblem(error)
        }
        count(routes: laidOut.routes.count, segments: laidOut.routes.reduce(0) { $0 + $1.segments.count })
        if format == .svg {
            return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "image/svg+xml"), Self.varyAccept, Self.noStore],
                                body: .bytes(RouteBarSVG.render(laidOut.routes, options: laidOut.options)))
        }
        let lines = RouteBarNDJSON(laidOut.routes, options: laidOut.options)
        return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/x-ndjson"), Self.varyAccept, Self.noStore],
                            body: .stream(HTTPBodyStream { lines.nextLine() }))
    }

    /// A large answer, written as the client reads it: its layout errors are found first.
    private func stream(_ request: RouteBarRequest) throws(HTTPProblem) -> HTTPResponse {
        do throws(RouteBarInputError) {
            try RouteBarResponse.check(request)
        } catch {
            throw HTTPProblem(error)
        }
        count(routes: (request.widths?.count ?? 1) * request.routes.count, segments: request.segmentsToLayOut)
        let pieces = RouteBarJSONStream(request)
        return HTTPResponse(status: 200, headers: Self.jsonHeaders, body: .stream(HTTPBodyStream { pieces.nextPiece() }))
    }

    /// The answer depends on `Accept` (its format) and `Accept-Encoding` (gzip): caches must key
    /// on both. Named here, so that the server need not add it to every answer.
    static let varyAccept = HTTPHeader("Vary", "Accept, Accept-Encoding")
    /// A layout answers one request: no cache may keep it (nor a health check or metrics).
    static let noStore = HTTPHeader("Cache-Control", "no-store")
    static let jsonHeaders = HTTPResponse.jsonHeaders + [varyAccept, noStore]

    private func count(routes: Int, segments: Int) {
        routesLaidOut.wrappingAdd(routes, ordering: .relaxed)
        segmentsLaidOut.wrappingAdd(segments, ordering: .relaxed)
    }

    /// The request, decoded and within the limits.
    static func decode(_ body: [UInt8], limits: Limits, query: (String) -> String?) throws(HTTPProblem) -> RouteBarRequest {
        do throws(RouteBarInputError) {
            let request = try RouteBarRequest(json: body, query: query)
            try request.checkSegments(limit: limits.maxSegments)
            return request
        } catch {
            throw HTTPProblem(error)
        }
    }

    /// The whole JSON answer: shared by the server and `routebar layout`.
    static func answer(_ request: RouteBarRequest) throws(HTTPProblem) -> RouteBarAnswer {
        do throws(RouteBarInputError) {
            return try RouteBarResponse.encodeAnswer(request)
        } catch {
            throw HTTPProblem(error)
        }
    }

    /// The application's families for the metrics page.
    func renderMetrics(into text: inout String) {
        text += "# HELP routebar_routes_laid_out_total Routes laid out in 200 answers.\n# TYPE routebar_routes_laid_out_total counter\n"
        text += "routebar_routes_laid_out_total \(routesLaidOut.load(ordering: .relaxed))\n"
        text += "# HELP routebar_segments_laid_out_total Segments laid out in 200 answers.\n# TYPE routebar_segments_laid_out_total counter\n"
        text += "routebar_segments_laid_out_total \(segmentsLaidOut.load(ordering: .relaxed))\n"
        text += "# HELP routebar_build_info The running build.\n# TYPE routebar_build_info gauge\n"
        text += "routebar_build_info{version=\"\(RouteBarVersion.current)\"} 1\n"
    }

    static let openAPISpec: [UInt8] = {
        var length = 0
        let bytes = routebar_openapi_yaml(&length)
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }()

    static let playgroundPage: [UInt8] = {
        var length = 0
        let bytes = routebar_playground_html(&length)
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }()
}

extension HTTPResponse {
    /// `Content-Type: application/json`, as one shared array: passing it costs no allocation.
    static let jsonHeaders = [HTTPHeader("Content-Type", "application/json")]
}
