import COpenAPISpec
import MicroHTTP
import RouteBarJSON

/// The service's routes: route-bar layout, health, and the OpenAPI contract.
enum RouteBarAPI {
    static func router() -> Router {
        var router = Router()
        router.post("/v1/route-bars", consumes: "application/json") { request in
            do throws(RouteBarInputError) {
                return .json(try RouteBarResponse.layOut(json: request.body, query: request.queryParameter))
            } catch {
                throw Problem(error)
            }
        }
        router.get("/healthz") { _ in
            .json(Array(#"{"status":"ok"}"#.utf8))
        }
        let spec = openAPISpec
        router.get("/openapi.yaml") { _ in
            HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/yaml")], body: spec)
        }
        return router
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
