import MicroHTTP
import RouteBarJSON

// Which representation a client gets, and the headers each carries.
extension RouteBarAPI {
    /// Of NDJSON, SVG and JSON, the one `Accept` weighs highest (RFC 9110 §12.5.1), the first
    /// listed among equals; JSON when it names none.
    static func format(accept: String?) -> RouteBarResponse.Format {
        guard let accept else { return .json }
        var best: (format: RouteBarResponse.Format, weight: Int)?
        for range in MediaType.acceptedRanges(accept) {
            let format: RouteBarResponse.Format
            if range.names("application/x-ndjson") {
                format = .ndjson
            } else if range.names("image/svg+xml") {
                format = .svg
            } else if range.names("application/json") || range.names("application/*") || range.names("*/*") {
                format = .json
            } else {
                continue
            }
            if range.weight > best?.weight ?? 0 { best = (format, range.weight) }
        }
        return best?.format ?? .json
    }

    /// The answer depends on `Accept` (its format), `Accept-Encoding` (gzip) and `X-Fields` (its
    /// members): caches must key on them. Named here, so that the server need not add it to
    /// every answer.
    static let varyAccept = HTTPHeader("Vary", "Accept, Accept-Encoding, \(fieldsHeader)")
    /// Where the query string names no `locale`, the language comes from `Accept-Language` too.
    static let varyAcceptLanguage = HTTPHeader("Vary", "Accept, Accept-Encoding, \(fieldsHeader), Accept-Language")

    /// The header that takes a field mask where the query string cannot (`fields`), as
    /// `RequestParameter` declares it.
    public static let fieldsHeader = RequestParameter.fields.header ?? RequestParameter.fields.name
    /// The request headers of its own a page on another origin may send (`--cors-origin`),
    /// for the server's preflight answers beside MicroHTTP's own.
    public static let corsRequestHeaders = [fieldsHeader]
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
