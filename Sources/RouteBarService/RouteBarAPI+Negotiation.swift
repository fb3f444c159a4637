import MicroHTTP
import RouteBarJSON

// Which representation a client gets, and the headers each carries.
extension RouteBarAPI {
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

    /// The answer depends on `Accept` (its format) and `Accept-Encoding` (gzip): caches must key
    /// on both. Named here, so that the server need not add it to every answer.
    static let varyAccept = HTTPHeader("Vary", "Accept, Accept-Encoding")
    /// A layout answers one request: no cache may keep it (nor a health check or metrics).
    static let noStore = HTTPHeader("Cache-Control", "no-store")
    static let jsonHeaders = HTTPResponse.jsonHeaders + [varyAccept, noStore]
    static let ndjsonHeaders = [HTTPHeader("Content-Type", "application/x-ndjson"), varyAccept, noStore]
    static let svgHeaders = [HTTPHeader("Content-Type", "image/svg+xml"), varyAccept, noStore]
}

extension HTTPResponse {
    /// `Content-Type: application/json`, as one shared array: passing it costs no allocation.
    static let jsonHeaders = [HTTPHeader("Content-Type", "application/json")]
}
