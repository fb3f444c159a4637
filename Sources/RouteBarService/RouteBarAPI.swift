import MicroHTTP
import RouteBarJSON
import Synchronization

/// The route-bar service as HTTP routes: layout (`POST /v1/route-bars`, `.svg`), health, the
/// OpenAPI contract and the playground, with its own metrics. It knows routes, formats and
/// problems; the process around it (arguments, signals, logging) belongs to the executable.
///
/// ```swift
/// let api = RouteBarAPI()
/// let server = HTTPServer(configuration: configuration, router: api.router, problems: ProblemJSON(),
///                         logger: logger, extraMetrics: api.renderMetrics, onIdle: api.releaseIdleMemory)
/// ```
public final class RouteBarAPI: Sendable {
    /// How much one request may ask for.
    public struct Limits: Sendable, Hashable {
        /// Segments laid out per request, counted across `widths`.
        public var maxSegments = 100_000

        public init(maxSegments: Int = 100_000) {
            self.maxSegments = maxSegments
        }
    }

    public let limits: Limits
    /// What the service keeps across requests at most (locale formatters and ICU's state, time
    /// zones), for the server's memory account (`HTTPServerConfiguration.cacheBytes`).
    public static let cacheBytes = LocaleText.keptBytes + ZoneDatabase.keptBytes
    /// The prefix of the server's metric names (`HTTPServerConfiguration.metricsNamespace`):
    /// `routebar_http_requests_total`, beside the API's own `routebar_routes_laid_out_total`.
    public static let metricsNamespace = "routebar"
    /// Routes and segments laid out in 200 answers, at `laidOutRoutes` and `laidOutSegments`.
    let laidOut = AtomicCounters(count: 2)
    private static let laidOutRoutes = 0, laidOutSegments = 1
    /// Bodies naming `routes` by what simdjson did with them (`FastRoutes`), by `SimdjsonOutcome`.
    let simdjsonBodies = AtomicCounters(count: SimdjsonOutcome.allCases.count)
    /// The buffers of answers held whole, kept for the next answers while requests come
    /// (`RouteBarAnswerBuffers`): two a processor, for the answers being written and those being sent.
    /// `releaseIdleMemory()` frees them.
    let answerBuffers = RouteBarAnswerBuffers(count: 2 * HTTPServerConfiguration.processorCount, smallest: 256 << 10)

    /// What simdjson did with a body that names `routes`: read its routes; declined them
    /// (StrictJSON read them); or was not asked, the memory account having no room for its buffers.
    enum SimdjsonOutcome: Int, CaseIterable {
        case read, declined, noRoom

        var label: String {
            switch self {
            case .read: "read"
            case .declined: "declined"
            case .noRoom: "no_room"
            }
        }
    }

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    public var router: Router {
        var router = Router()
        router.post("/v1/route-bars", consumes: "application/json") { [self] request throws(HTTPProblem) in
            try answerRouteBars(request, format: Self.format(accept: request.header("Accept")))
        }
        router.post("/v1/route-bars.svg", consumes: "application/json") { [self] request throws(HTTPProblem) in
            try answerRouteBars(request, format: .svg)
        }
        router.get("/healthz") { _ in Self.healthy }
        router.get("/openapi.yaml") { request in EmbeddedDocuments.openAPISpec.response(to: request) }
        router.get("/") { request in EmbeddedDocuments.playgroundPage.response(to: request) }
        router.get("/v1/route-bar.js") { request in EmbeddedDocuments.webComponent.response(to: request) }
        router.get("/v1/route-bar-\(RouteBarVersion.current).js") { request in EmbeddedDocuments.versionedWebComponent.response(to: request) }
        return router
    }

    /// `/healthz`'s answer, made once: a probe asks for it every few seconds, and a load
    /// balancer's many times a second.
    private static let healthy = HTTPResponse(
        status: 200, headers: HTTPResponse.jsonHeaders + [noStore], body: .bytes(Array(#"{"status":"ok"}"#.utf8)))

    /// Frees what the service keeps for reuse while busy: for `HTTPServer`'s `onIdle`.
    public func releaseIdleMemory() {
        answerBuffers.empty()
    }

    /// The application's families for the metrics page (`HTTPServer`'s `extraMetrics`).
    public func renderMetrics(into text: inout String) {
        text += "# HELP routebar_routes_laid_out_total Routes laid out in 200 answers.\n# TYPE routebar_routes_laid_out_total counter\n"
        text += "routebar_routes_laid_out_total \(laidOut.load(Self.laidOutRoutes))\n"
        text += "# HELP routebar_segments_laid_out_total Segments laid out in 200 answers.\n# TYPE routebar_segments_laid_out_total counter\n"
        text += "routebar_segments_laid_out_total \(laidOut.load(Self.laidOutSegments))\n"
        text += "# HELP routebar_simdjson_bodies_total Bodies naming routes, by what simdjson did: read their routes, "
        text += "declined them (StrictJSON read them), or had no room in the memory account.\n"
        text += "# TYPE routebar_simdjson_bodies_total counter\n"
        for outcome in SimdjsonOutcome.allCases {
            text += "routebar_simdjson_bodies_total{outcome=\"\(outcome.label)\"} \(simdjsonBodies.load(outcome.rawValue))\n"
        }
        text += "# HELP routebar_answer_buffers_kept_bytes Buffers of answers held whole, kept for the next answers until the server is idle.\n"
        text += "# TYPE routebar_answer_buffers_kept_bytes gauge\nroutebar_answer_buffers_kept_bytes \(answerBuffers.keptBytes)\n"
        text += "# HELP routebar_build_info The running build.\n# TYPE routebar_build_info gauge\n"
        text += "routebar_build_info{version=\"\(RouteBarVersion.current)\"} 1\n"
    }

    func count(simdjson outcome: SimdjsonOutcome) {
        simdjsonBodies.add(1, at: outcome.rawValue)
    }

    func count(routes: Int, segments: Int) {
        let mine = laidOut.mine()
        mine.add(routes, at: Self.laidOutRoutes)
        mine.add(segments, at: Self.laidOutSegments)
    }
}
