import CEmbeddedFiles
import MicroHTTP
import RouteBar
import RouteBarJSON
import Synchronization

/// The service's routes: route-bar layout, health, and the OpenAPI contract; and its own metrics.
final class RouteBarAPI: Sendable {
    private let routesLaidOut = Atomic<Int>(0)
    private let segmentsLaidOut = Atomic<Int>(0)

    var router: Router {
        var router = Router()
        router.post("/v1/route-bars", consumes: "application/json") { [self] request in
            try layOut(request, format: Self.format(accept: request.header("Accept")))
        }
        router.post("/v1/route-bars.svg", consumes: "application/json") { [self] request in
            try layOut(request, format: .svg)
        }
        router.get("/healthz") { _ in
            .json(Array(#"{"status":"ok"}"#.utf8))
        }
        let spec = Self.openAPISpec
        router.get("/openapi.yaml") { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/yaml")], body: spec)
        }
        let playground = Self.playgroundPage
        router.get("/") { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: playground)
        }
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

    private func layOut(_ request: HTTPRequest, format: RouteBarResponse.Format) throws(Problem) -> HTTPResponse {
        if format == .json {
            let answer = try Self.layOut(request.body) { request.queryParameter($0) }  // a closure literal: a method reference would box `request`
            count(routes: answer.routeCount, segments: answer.segmentCount)
            return HTTPResponse.json(answer.document, headers: Self.jsonHeaders)
        }
        let laidOut: (routes: [LaidOutRoute], options: LayoutOptions)
        do throws(RouteBarInputError) {
            laidOut = try RouteBarResponse.layOut(json: request.body, query: request.queryParameter, format: format)
        } catch {
            throw Problem(error)
        }
        count(routes: laidOut.routes.count, segments: laidOut.routes.reduce(0) { $0 + $1.segments.count })
        if format == .svg {
            return HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "image/svg+xml"), Self.varyAccept],
                                body: RouteBarSVG.render(laidOut.routes, options: laidOut.options))
        }
        let lines = RouteBarNDJSON(laidOut.routes)
        var response = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/x-ndjson"), Self.varyAccept])
        response.stream = HTTPBodyStream { lines.nextLine() }
        return response
    }

    /// The answer depends on `Accept`: caches must key on it.
    static let varyAccept = HTTPHeader("Vary", "Accept")
    static let jsonHeaders = HTTPResponse.jsonHeaders + [varyAccept]

    private func count(routes: Int, segments: Int) {
        routesLaidOut.wrappingAdd(routes, ordering: .relaxed)
        segmentsLaidOut.wrappingAdd(segments, ordering: .relaxed)
    }

    /// The layout exchange, with refusals as problems: shared by the server and `routebar layout`.
    static func layOut(_ body: [UInt8], query: (String) -> String?) throws(Problem) -> RouteBarAnswer {
        do throws(RouteBarInputError) {
            return try RouteBarResponse.layOut(json: body, query: query)
        } catch {
            throw Problem(error)
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

extension Problem {
    /// Problem types of the route-bar API are `urn:routebar:problem:<name>`.
    init(_ error: RouteBarInputError) {
        var members: [Member] = []
        if let pointer = error.pointer { members.append(Member("pointer", pointer)) }
        if let parameter = error.parameter { members.append(Member("parameter", parameter)) }
        self.init(
            status: error.type.isMalformed ? 400 : 422, type: "urn:routebar:problem:\(error.type.rawValue)",
            title: error.type.title, detail: error.detail, members: members)
    }
}
