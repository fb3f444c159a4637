import COpenAPISpec
import MicroHTTP
import RouteBarJSON
import Synchronization

/// The service's routes: route-bar layout, health, and the OpenAPI contract; and its own metrics.
final class RouteBarAPI: Sendable {
    private let routesLaidOut = Atomic<Int>(0)
    private let segmentsLaidOut = Atomic<Int>(0)

    var router: Router {
        var router = Router()
        router.post("/v1/route-bars", consumes: "application/json") { [self] request in
            let answer = try Self.layOut(request.body, query: request.queryParameter)
            routesLaidOut.wrappingAdd(answer.routeCount, ordering: .relaxed)
            segmentsLaidOut.wrappingAdd(answer.segmentCount, ordering: .relaxed)
            return .json(answer.bytes)
        }
        router.get("/healthz") { _ in
            .json(Array(#"{"status":"ok"}"#.utf8))
        }
        let spec = Self.openAPISpec
        router.get("/openapi.yaml") { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/yaml")], body: spec)
        }
        return router
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
