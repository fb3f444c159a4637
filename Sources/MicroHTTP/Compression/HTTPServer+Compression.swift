// gzip both ways: answers coded for clients that accept it, request bodies decoded as they arrive.
extension HTTPServer {
    /// The response as it should go to this client: gzip-coded when the client accepts gzip and
    /// the body is compressible and long enough (or when the client refuses identity), with
    /// `Vary: Accept-Encoding` on every compressible response either way; then a 304 in its
    /// place when the client already holds that representation.
    func encoded(_ response: HTTPResponse, _ context: RequestContext, _ connection: MHDConnection) -> HTTPResponse {
        var response = response
        if codesAsGzip(&response, connection, combining: context.repeatsFieldNames) { compress(&response) }
        if response.status == 200, context.method == "GET" || context.method == "HEAD" { revalidate(&response, connection) }
        return response
    }

    /// Whether the answer is to be gzip-coded; adds `Vary` to every compressible answer.
    private func codesAsGzip(_ response: inout HTTPResponse, _ connection: MHDConnection, combining: Bool) -> Bool {
        guard let threshold = configuration.compressAtBytes,
            let contentType = response.headers.first(where: { $0.name == "Content-Type" })?.value,
            ContentCoding.isCompressible(contentType)
        else { return false }
        let acceptance = connection.withFieldValue("Accept-Encoding", combining: combining) { ContentCoding.acceptance($0) }
        let varies = Self.variesOnAcceptEncoding(response.headers)
        // Most answers: no gzip asked for, and the application already named the header.
        guard acceptance.gzip || !varies else { return false }
        if !varies { Self.addVaryAcceptEncoding(&response.headers) }
        guard acceptance.gzip else { return false }
        guard acceptance.identity else { return true }
        return !acceptance.prefersIdentity && (response.body.knownCount ?? threshold) >= threshold
    }

    private func compress(_ response: inout HTTPResponse) {
        switch response.body {
        case .bytes(let bytes):
            guard let compressed = bytes.withUnsafeBytes({ GzipEncoder.compress($0, level: configuration.compressionLevel) }) else { return }
            response.body = .bytes(compressed)
        case .owned(let owned):
            guard let compressed = GzipEncoder.compress(owned.bytes, level: configuration.compressionLevel) else { return }
            response.body = .bytes(compressed)
        case .stream(let stream):
            guard let encoder = GzipStream(stream, level: configuration.compressionLevel) else { return }
            // zlib's deflate state at level 1 and the default memLevel: 256 KiB while it lives.
            response.body = .stream(
                HTTPBodyStream(heldBytes: stream.heldBytes + 256 * 1024) { () throws(HTTPBodyStream.Abort) in
                    try encoder.next()
                })
        }
        response.headers.append(HTTPHeader("Content-Encoding", "gzip"))
        if let index = response.headers.firstIndex(where: { $0.name == "ETag" }) {
            response.headers[index].value = EntityTag.gzipTag(response.headers[index].value)
        }
    }

    private static func variesOnAcceptEncoding(_ headers: [HTTPHeader]) -> Bool {
        headers.contains { $0.name == "Vary" && ASCII.contains($0.value, "Accept-Encoding") }
    }

    private static func addVaryAcceptEncoding(_ headers: inout [HTTPHeader]) {
        guard let index = headers.firstIndex(where: { $0.name == "Vary" }) else {
            headers.append(HTTPHeader("Vary", "Accept-Encoding"))
            return
        }
        if !ASCII.contains(headers[index].value, "Accept-Encoding") { headers[index].value += ", Accept-Encoding" }
    }
}

/// A streamed body, gzip-coded piece by piece: each piece is flushed, so a line of NDJSON
/// still reaches the client as soon as it is written.
final class GzipStream: @unchecked Sendable {
    // @unchecked: libmicrohttpd asks a response's stream for its pieces from the connection's
    // thread only, one call at a time, so `encoder` and `finished` are never touched at once.
    private let stream: HTTPBodyStream
    private let encoder: GzipEncoder
    private var finished = false

    init?(_ stream: HTTPBodyStream, level: Int32) {
        guard let encoder = GzipEncoder(level: level) else { return nil }
        self.stream = stream
        self.encoder = encoder
    }

    func next() throws(HTTPBodyStream.Abort) -> [UInt8]? {
        guard !finished else { return nil }
        if let piece = try stream.next() {
            return piece.withUnsafeBytes { encoder.compress($0, finish: false) } ?? []
        }
        finished = true
        return encoder.compress(UnsafeRawBufferPointer(start: nil, count: 0), finish: true)
    }
}
