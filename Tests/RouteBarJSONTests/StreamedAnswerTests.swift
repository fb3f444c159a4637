import RouteBar
import RouteBarJSON
import Testing

/// `RouteBarJSONStream` writes the same document as the whole answer, in pieces.
@Suite struct StreamedAnswerTests {
    static func body(widths: [Double]?, routes: Int) -> [UInt8] {
        let legs = (0..<9).map { #"{"trafficType": \#([3, 2, 1][$0 % 3]), "sectionTime": \#($0 % 4 == 0 ? 0 : 1 + $0 % 7)}"# }
        let routeList = (0..<routes).map { #"{"id": "r\#($0)", "subPaths": [\#(legs.joined(separator: ","))]}"# }
        let size = widths.map { "\"widths\": \($0)" } ?? "\"width\": 343"
        return Array("{\(size), \"scale\": 3, \"locale\": \"en\", \"routes\": [\(routeList.joined(separator: ","))]}".utf8)
    }

    @Test(arguments: [nil, [320.0], [320.0, 375, 414.5]], [1, 2, 700])
    func piecesMakeTheWholeAnswer(widths: [Double]?, routes: Int) throws {
        let body = Self.body(widths: widths, routes: routes)
        let whole = try RouteBarResponse.answer(json: body).bytes
        let request = try RouteBarRequest(json: body)
        try RouteBarResponse.check(request)
        let stream = RouteBarJSONStream(request)
        var pieces: [[UInt8]] = []
        while let piece = stream.nextPiece() {
            pieces.append(piece)
        }
        #expect(stream.nextPiece() == nil)
        #expect(pieces.joined().elementsEqual(whole))
        // Every piece but the last holds at least a piece's worth, and at most one route more.
        for piece in pieces.dropLast() {
            #expect((RouteBarJSONStream.pieceBytes..<(RouteBarJSONStream.pieceBytes + 8 * 1024)).contains(piece.count))
        }
        #expect((1...RouteBarJSONStream.pieceBytes + 8 * 1024).contains(pieces.last?.count ?? 0))
    }

    @Test func checkFindsTheLayoutErrorAStreamCouldNotReport() throws {
        // The second width is too narrow for the route's visible legs at scale 1.
        let body = Array(#"{"widths": [343, 2], "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 4}, {"trafficType": 1, "sectionTime": 5}, {"trafficType": 3, "sectionTime": 2}]}]}"#.utf8)
        let request = try RouteBarRequest(json: body)
        #expect(throws: RouteBarInputError.self) { try RouteBarResponse.check(request) }
        do {
            try RouteBarResponse.check(request)
        } catch {
            #expect(error.type == .barTooNarrow)
            #expect(error.pointer == "/widths/1")
        }
    }

    @Test func segmentsAreCountedAcrossWidths() throws {
        let request = try RouteBarRequest(json: Self.body(widths: [320, 375], routes: 10))
        #expect(request.segmentCount == 90)
        #expect(request.segmentsToLayOut == 180)
        try request.checkSegments(limit: 180)
        #expect(throws: RouteBarInputError.self) { try request.checkSegments(limit: 179) }
    }
}
