import Testing

@testable import MicroHTTP

@Suite struct ContentCodingTests {
    func acceptance(_ header: String?) -> ContentCoding.Acceptance {
        guard var header else { return ContentCoding.acceptance(nil) }
        return header.withUTF8 { ContentCoding.acceptance($0) }
    }

    @Test func qualitiesDecideWhatIsAcceptable() {
        #expect(acceptance(nil) == .init(gzip: false, identity: true))
        #expect(acceptance("gzip") == .init(gzip: true, identity: true))
        #expect(acceptance("gzip, deflate, br") == .init(gzip: true, identity: true))
        #expect(acceptance("GZIP;Q=0.5") == .init(gzip: true, identity: true))
        #expect(acceptance("gzip;q=0") == .init(gzip: false, identity: true))
        #expect(acceptance("gzip; q=0.000") == .init(gzip: false, identity: true))
        #expect(acceptance("gzip;q=0.001") == .init(gzip: true, identity: true))
        #expect(acceptance("*") == .init(gzip: true, identity: true))
        #expect(acceptance("*;q=0") == .init(gzip: false, identity: false))
        #expect(acceptance("gzip, identity;q=0") == .init(gzip: true, identity: false))
        #expect(acceptance("identity;q=0, *;q=0") == .init(gzip: false, identity: false))
        #expect(acceptance("x-gzip") == .init(gzip: true, identity: true))
        #expect(acceptance("br;q=1.0, gzip;q=0.8, *;q=0.1") == .init(gzip: true, identity: true))
        #expect(acceptance("") == .init(gzip: false, identity: true))
        // The highest weight wins (RFC 9110, section 12.5.3): gzip stays acceptable, identity is preferred.
        #expect(acceptance("gzip;q=0.1, identity;q=0.9") == .init(gzip: true, identity: true, prefersIdentity: true))
        #expect(acceptance("identity, gzip;q=0.5") == .init(gzip: true, identity: true, prefersIdentity: true))
        #expect(acceptance("gzip;q=0.5, identity;q=0.5") == .init(gzip: true, identity: true))
    }

    @Test func gzipRoundTripsWholeAndInPiecesAndStopsAtTheLimit() throws {
        let text = Array(String(repeating: "{\"width\":343,\"routes\":[]} ", count: 2000).utf8)
        let whole = try #require(text.withUnsafeBytes { GzipEncoder.compress($0) })
        #expect(whole.count < text.count / 20)
        #expect(Array(whole.prefix(2)) == [0x1F, 0x8B], "the gzip magic")

        let decoder = try #require(GzipDecoder())
        var decoded: [UInt8] = []
        // Fed a byte at a time: a decoder keeps its place between pieces.
        for index in whole.indices {
            try whole.withUnsafeBytes { try decoder.decompress(UnsafeRawBufferPointer(rebasing: $0[index...index]), into: &decoded, limit: 1 << 20) }
        }
        #expect(decoder.isFinished)
        #expect(decoded == text)

        let encoder = try #require(GzipEncoder())
        var pieces: [UInt8] = []
        for line in text.split(separator: UInt8(ascii: " ")) {
            let piece = try #require(Array(line).withUnsafeBytes { encoder.compress($0, finish: false) })
            #expect(!piece.isEmpty, "a flushed piece is never empty")
            pieces += piece
        }
        pieces += try #require(encoder.compress(UnsafeRawBufferPointer(start: nil, count: 0), finish: true))
        var streamed: [UInt8] = []
        let second = try #require(GzipDecoder())
        try pieces.withUnsafeBytes { try second.decompress($0, into: &streamed, limit: 1 << 20) }
        #expect(streamed == text.filter { $0 != UInt8(ascii: " ") })

        let limited = try #require(GzipDecoder())
        var capped: [UInt8] = []
        #expect(throws: GzipDecoder.Failure.tooLarge) {
            try whole.withUnsafeBytes { try limited.decompress($0, into: &capped, limit: 1000) }
        }
        #expect(capped.count <= 1000)
        let corrupt = try #require(GzipDecoder())
        var nothing: [UInt8] = []
        #expect(throws: GzipDecoder.Failure.corrupt) {
            try Array("not gzip at all".utf8).withUnsafeBytes { try corrupt.decompress($0, into: &nothing, limit: 1000) }
        }
    }
}

@Suite struct CompressibleTypeTests {
    @Test func typesAndByteSearch() {
        for type in [
            "application/json", "application/problem+json", "application/x-ndjson", "image/svg+xml", "application/yaml",
            "text/html; charset=utf-8", "text/plain; version=0.0.4; charset=utf-8",
        ] {
            #expect(ContentCoding.isCompressible(type), "\(type)")
        }
        for type in ["image/png", "application/octet-stream", "", "tex", "application/js"] {
            #expect(!ContentCoding.isCompressible(type), "\(type)")
        }
        #expect(ASCII.contains("Accept, Accept-Encoding", "Accept-Encoding"))
        #expect(!ASCII.contains("Accept, Accept-Encodin", "Accept-Encoding"))
        #expect(ASCII.contains("json", "json") && !ASCII.contains("jso", "json"))
        #expect(ASCII.hasPrefix("text/x", "text/") && !ASCII.hasPrefix("tex", "text/"))
    }
}
