import RouteBar
import RouteBarDrawing
import RouteBarJSON
import Testing

/// The answers written in pieces (`AnswerPieces`) are byte for byte the answers held whole,
/// and no piece holds much more than `pieceBytes`.
@Suite struct StreamedAnswerTests {
    static func body(widths: [Double]?, routes: Int) -> [UInt8] {
        let legs = (0..<9).map { #"{"trafficType": \#([3, 2, 1][$0 % 3]), "sectionTime": \#($0 % 4 == 0 ? 0 : 1 + $0 % 7)}"# }
        let routeList = (0..<routes).map { #"{"id": "r\#($0)", "subPaths": [\#(legs.joined(separator: ","))]}"# }
        let size = widths.map { "\"widths\": \($0)" } ?? "\"width\": 343"
        return Array("{\(size), \"scale\": 3, \"locale\": \"en\", \"routes\": [\(routeList.joined(separator: ","))]}".utf8)
    }

    static let pieceBytes = RouteBarJSONPieces.pieceBytes

    /// Every piece but the last holds a piece's worth, and at most one route more.
    static func expectSized(_ pieces: [[UInt8]], routeBytes: Int) {
        for piece in pieces.dropLast() {
            #expect((pieceBytes..<(pieceBytes + routeBytes)).contains(piece.count))
        }
        #expect((1..<pieceBytes + routeBytes).contains(pieces.last?.count ?? 0))
    }

    @Test(arguments: [nil, [320.0], [320.0, 375, 414.5]], [1, 2, 700])
    func jsonPiecesMakeTheWholeAnswer(widths: [Double]?, routes: Int) throws {
        let body = Self.body(widths: widths, routes: routes)
        let whole = try RouteBarResponse.answer(json: body).bytes
        var stream = try RouteBarJSONPieces(RouteBarRequest(json: body))
        var pieces: [[UInt8]] = []
        while let piece = try stream.nextPiece() {
            pieces.append(piece)
        }
        #expect(try stream.nextPiece() == nil)
        #expect(pieces.joined().elementsEqual(whole))
        #expect(pieces.count == (whole.count + Self.pieceBytes - 1) / Self.pieceBytes || pieces.count == whole.count / Self.pieceBytes)
        Self.expectSized(pieces, routeBytes: 8 * 1024)
    }

    @Test func anAnswerThatEndsWithinItsFirstPieceIsHandedOverWhole() throws {
        let body = Self.body(widths: nil, routes: 700)
        var pieces = try RouteBarJSONPieces(RouteBarRequest(json: body))
        #expect(try pieces.fill(upTo: RouteBarJSONPieces.wholeAnswerBytes))
        #expect(pieces.finish().bytes == (try RouteBarResponse.answer(json: body).bytes))
    }

    /// Past `wholeAnswerBytes` the rest goes in pieces: the first is what was written whole,
    /// and the writer does not keep its large buffer for the pieces after it.
    @Test func aLongerAnswerStreamsAfterItsFirstPiece() throws {
        let body = Self.body(widths: [320, 375, 414.5], routes: 700)
        let whole = try RouteBarResponse.answer(json: body).bytes
        var stream = try RouteBarJSONPieces(RouteBarRequest(json: body))
        let firstBytes = 256 * 1024
        #expect(try stream.fill(upTo: firstBytes) == false)
        var pieces: [[UInt8]] = []
        while let piece = try stream.nextPiece() {
            pieces.append(piece)
        }
        #expect(pieces.joined().elementsEqual(whole))
        #expect((firstBytes..<firstBytes + 8 * 1024).contains(pieces[0].count))
        Self.expectSized(Array(pieces.dropFirst()), routeBytes: 8 * 1024)
    }

    @Test func ndjsonPiecesAreTheLinesOfTheLaidOutRoutes() throws {
        let request = try RouteBarRequest(json: Self.body(widths: nil, routes: 30))
        let laidOut = try RouteBarResponse.layoutForDrawing(request, format: .ndjson)
        var lines = RouteBarNDJSON(laidOut.routes, options: laidOut.options)
        var pieces = try RouteBarNDJSONPieces(request)
        var count = 0
        while let piece = try pieces.nextPiece() {
            #expect(piece == lines.nextLine())
            count += 1
        }
        #expect(count == 30)
        #expect(lines.nextLine() == nil)
    }

    @Test(arguments: [1, 40, 900])
    func svgPiecesMakeTheWholePicture(routes: Int) throws {
        let request = try RouteBarRequest(json: Self.body(widths: nil, routes: routes))
        let laidOut = try RouteBarResponse.layoutForDrawing(request, format: .svg)
        let whole = RouteBarSVG.render(laidOut.routes, options: laidOut.options)
        var stream = try RouteBarSVGPieces(request.routes, options: request.options)
        var pieces: [[UInt8]] = []
        while let piece = try stream.nextPiece() {
            pieces.append(piece)
        }
        #expect(stream.isFinished)
        #expect(pieces.joined().elementsEqual(whole))
        Self.expectSized(pieces, routeBytes: 8 * 1024)
    }

    @Test func theCheckFindsTheLayoutErrorBeforeTheFirstPiece() throws {
        // The second width is too narrow for the route's visible legs at scale 1.
        let body = Array(
            #"{"widths": [343, 2], "routes": [{"subPaths": [{"trafficType": 3, "sectionTime": 4}, {"trafficType": 1, "sectionTime": 5}, {"trafficType": 3, "sectionTime": 2}]}]}"#
                .utf8)
        let request = try RouteBarRequest(json: body)
        do {
            _ = try RouteBarJSONPieces(request)
            Issue.record("the pieces were made")
        } catch {
            #expect(error.type == .barTooNarrow)
            #expect(error.pointer == "/widths/1")
        }
    }

    /// Pieces that write the answer's first part while they are made check the routes by
    /// laying them out, and only the rest by the check: the same errors, in the same order,
    /// and the same answer as pieces that check everything first. Random requests at several
    /// widths, a third of which fail at one width or another.
    @Test func writingTheFirstPartChecksAsCheckingFirstDoes() throws {
        var generator = SystemRandomNumberGenerator()
        var failures = 0
        for _ in 0..<300 {
            let widths = (0..<Int.random(in: 1...3, using: &generator)).map { _ in [2.0, 40, 343, 1_200].randomElement(using: &generator)! }
            let routes = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                let legs = (0..<Int.random(in: 1...9, using: &generator)).map { _ in
                    #"{"trafficType": \#(Int.random(in: 1...3, using: &generator)), "sectionTime": \#([0, 1, 7, 45].randomElement(using: &generator)!)}"#
                }
                return #"{"subPaths": [\#(legs.joined(separator: ","))]}"#
            }
            let algorithm = Bool.random(using: &generator) ? "classic" : "fit"
            let body = Array(
                #"{"widths": \#(widths), "scale": 3, "algorithm": "\#(algorithm)", "routes": [\#(routes.joined(separator: ","))]}"#.utf8)
            let request = try RouteBarRequest(json: body)
            let checkedFirst = Self.answer { () throws(RouteBarInputError) in try RouteBarJSONPieces(request) }
            if case .failure = checkedFirst { failures += 1 }
            for firstBytes in [1, 3_000, Int.max] {
                let writtenFirst = Self.answer { () throws(RouteBarInputError) in try RouteBarJSONPieces.writing(request, upTo: firstBytes) }
                #expect(writtenFirst == checkedFirst, "first \(firstBytes) bytes of \(String(decoding: body, as: UTF8.self))")
            }
        }
        #expect((30...270).contains(failures))
    }

    /// The whole answer read a piece at a time, or the error that made the pieces.
    static func answer(_ make: () throws(RouteBarInputError) -> RouteBarJSONPieces) -> Result<[UInt8], RouteBarInputError> {
        do {
            var pieces = try make()
            var bytes: [UInt8] = []
            while let piece = try pieces.nextPiece() { bytes += piece }
            return .success(bytes)
        } catch let error as RouteBarInputError {
            return .failure(error)
        } catch {
            Issue.record("checked pieces failed while written: \(error)")
            return .success([])
        }
    }

    @Test func formatsThatDrawOneLayoutRefuseWidths() throws {
        let request = try RouteBarRequest(json: Self.body(widths: [320, 375], routes: 1))
        #expect(throws: RouteBarInputError.self) { try RouteBarNDJSONPieces(request) }
        #expect(throws: RouteBarInputError.self) { try request.checkOneWidth(for: .svg) }
    }

    @Test func segmentsAreCountedAcrossWidths() throws {
        let request = try RouteBarRequest(json: Self.body(widths: [320, 375], routes: 10))
        #expect(request.segmentCount == 90)
        #expect(request.segmentsToLayOut == 180)
        try request.checkSegments(limit: 180)
        #expect(throws: RouteBarInputError.self) { try request.checkSegments(limit: 179) }
    }
}
