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

    /// Every answer is written a piece at a time (`AnswerPieces`), after every route has
    /// been checked: one that ends within its first piece (for JSON, up to
    /// `RouteBarJSONPieces.wholeAnswerBytes`) goes out whole, with its length; a longer one is
    /// streamed, each further piece laid out and written when the client has taken the one
    /// before. So a client holds at most its first piece, whatever it asked for.
    private func answerRouteBars(_ request: HTTPRequest, format: RouteBarResponse.Format) throws(HTTPProblem) -> HTTPResponse {
        let decoded = try Self.decode(request.body, limits: limits) { request.queryParameter($0) }  // a closure literal: a method reference would box `request`
        // A stream keeps the decoded request (no larger than its body) and a piece in hand
        // (a JSON answer's first piece is the part it would have held whole).
        let held = request.body.count + 2 * RouteBarJSONPieces.pieceBytes
        let heldJSON = held + RouteBarJSONPieces.wholeAnswerBytes
        let response: HTTPResponse
        switch format {
        case .json:
            var pieces = try Self.checked { () throws(RouteBarInputError) in try RouteBarJSONPieces(decoded) }
            guard try Self.layoutHolds(pieces.fill(upTo: RouteBarJSONPieces.wholeAnswerBytes)) else {
                response = Self.streamed(pieces, first: nil, headers: Self.jsonHeaders, held: heldJSON)
                break
            }
            let (buffer, owner) = pieces.finish().retainedBuffer
            response = HTTPResponse(status: 200, headers: Self.jsonHeaders, body: .owned(HTTPOwnedBytes(buffer, owner: owner)))
        case .ndjson:
            let pieces = try Self.checked { () throws(RouteBarInputError) in try RouteBarNDJSONPieces(decoded) }
            response = Self.streamed(pieces, first: nil, headers: Self.ndjsonHeaders, held: held)
        case .svg:
            var pieces = try Self.checked { () throws(RouteBarInputError) in
                try decoded.checkOneWidth(for: .svg)
                do throws(RouteBarError) {
                    return try RouteBarSVGPieces(decoded.routes, options: decoded.options)
                } catch {
                    throw RouteBarInputError(error, in: decoded)
                }
            }
            let first = try Self.layoutHolds(pieces.nextPiece()) ?? []
            response = pieces.isFinished
                ? HTTPResponse(status: 200, headers: Self.svgHeaders, body: .bytes(first))
                : Self.streamed(pieces, first: first, headers: Self.svgHeaders, held: held)
        }
        count(routes: (decoded.widths?.count ?? 1) * decoded.routes.count, segments: decoded.segmentsToLayOut)
        return response
    }

    /// The request's own faults, as problems.
    private static func checked<Value: ~Copyable>(_ body: () throws(RouteBarInputError) -> Value) throws(HTTPProblem) -> Value {
        do {
            return try body()
        } catch {
            throw HTTPProblem(error)
        }
    }

    /// A layout that fails after its routes were checked is a bug: a 500, not a wrong answer.
    private static func layoutHolds<Value>(_ body: @autoclosure () throws(RouteBarError) -> Value) throws(HTTPProblem) -> Value {
        do {
            return try body()
        } catch {
            throw HTTPProblem(status: 500, detail: "The layout failed after its check passed: \(error.message)")
        }
    }

    /// The rest of an answer, pulled a piece at a time; `first` is the piece already made.
    private static func streamed<Pieces: AnswerPieces & ~Copyable>(
        _ pieces: consuming Pieces, first: [UInt8]?, headers: [HTTPHeader], held: Int
    ) -> HTTPResponse {
        let stream = AnswerStream(pieces, first: first)
        return HTTPResponse(status: 200, headers: headers, body: .stream(HTTPBodyStream(heldBytes: held) { () throws(HTTPBodyStream.Abort) in
            try stream.next()
        }))
    }

    /// The answer depends on `Accept` (its format) and `Accept-Encoding` (gzip): caches must key
    /// on both. Named here, so that the server need not add it to every answer.
    static let varyAccept = HTTPHeader("Vary", "Accept, Accept-Encoding")
    /// A layout answers one request: no cache may keep it (nor a health check or metrics).
    static let noStore = HTTPHeader("Cache-Control", "no-store")
    static let jsonHeaders = HTTPResponse.jsonHeaders + [varyAccept, noStore]
    static let ndjsonHeaders = [HTTPHeader("Content-Type", "application/x-ndjson"), varyAccept, noStore]
    static let svgHeaders = [HTTPHeader("Content-Type", "image/svg+xml"), varyAccept, noStore]

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
