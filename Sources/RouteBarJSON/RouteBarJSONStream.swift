import RouteBar
internal import StrictJSON

/// The JSON answer written in pieces, byte for byte the document
/// `RouteBarResponse.encodeAnswer(_:)` holds whole: each piece lays out and writes the routes
/// it holds only when asked for, so a client that stops reading holds one piece of memory.
///
/// Every route at every width is checked when it is made (`RouteCursor`), so the errors an
/// answer can meet are thrown before its first byte.
package struct RouteBarJSONPieces: AnswerPieces, ~Copyable {
    private let request: RouteBarRequest
    /// The width being written, and those after it (`widths`), every route of each checked.
    private var cursor: RouteCursor
    private var laterWidths: [RouteCursor] = []
    private var nextWidth = 0
    private var writer: JSONWriter
    /// Taken from the thread's workspace, and given back with a whole document.
    private var laidOut = RouteBarWorkspace.current.takeLaidOut()
    private var begun = false
    private(set) var isFinished = false

    /// An answer up to this long is written whole by the server's first `fill(upTo:)`, on the
    /// handler's thread (the pool's, for a large request), and held until sent; a longer one
    /// goes on in `pieceBytes` pieces, written on the connection's thread as the client reads.
    /// Written a piece at a time throughout, a 1,000-route answer (1.5 MB) fell from 604 to
    /// 373 requests/s over HTTP (`make bench`, 2026-12-01): its encoding left the pool for the
    /// worker, and went out 16 KiB per send. Held whole, it is bounded by this and by
    /// `--max-answer-memory`.
    package static let wholeAnswerBytes = 4 << 20

    /// Checks every route at every width.
    package init(_ request: RouteBarRequest) throws(RouteBarInputError) {
        self.request = request
        var first: RouteCursor?
        for index in 0..<(request.widths?.count ?? 1) {
            do {
                let cursor = try Self.cursor(request, width: index)
                if first == nil { first = cursor } else { laterWidths.append(cursor) }
            } catch {
                throw RouteBarInputError(error, in: request, widthIndex: request.widths == nil ? nil : index)
            }
        }
        cursor = first!
        // Sized for the whole answer when it is to be held whole, so the writer never grows.
        writer = JSONWriter(capacity: min(RouteBarResponse.estimatedSize(of: request), Self.wholeAnswerBytes) + 4096)
    }

    /// A layout's cursor at the `index`th width (every route checked).
    private static func cursor(_ request: RouteBarRequest, width index: Int) throws(RouteBarError) -> RouteCursor {
        var options = request.options
        options.width = request.widths?[index] ?? options.width
        var layout = try RouteBarLayout(options)
        layout.buildsAccessibilityLabels = false  // written from the segments
        return try RouteCursor(layout, routes: request.routes)
    }

    /// Writes until `limit` bytes are waiting or the answer ends; true when it has ended.
    package mutating func fill(upTo limit: Int) throws(RouteBarError) -> Bool {
        if !begun {
            begun = true
            if request.widths != nil { RouteBarResponse.beginLayouts(options: request.options, to: &writer) }
            RouteBarResponse.beginLayout(options: cursor.layout.options, to: &writer)
        }
        while !isFinished && writer.count < limit {
            if try cursor.layOutNext(into: &laidOut) {
                RouteBarResponse.write(laidOut, options: cursor.layout.options, to: &writer)
                continue
            }
            RouteBarResponse.endLayout(to: &writer)
            if nextWidth < laterWidths.count {
                cursor = laterWidths[nextWidth]
                nextWidth += 1
                RouteBarResponse.beginLayout(options: cursor.layout.options, to: &writer)
            } else {
                if request.widths != nil {
                    writer.endArray()
                    writer.endObject()
                }
                isFinished = true
            }
        }
        return isFinished
    }

    package mutating func nextPiece() throws(RouteBarError) -> [UInt8]? {
        if writer.count == 0 {
            guard !isFinished else { return nil }
            _ = try fill(upTo: Self.pieceBytes)
        }
        return writer.count == 0 ? nil : writer.takeWritten(keepingCapacity: Self.pieceBytes + 4096)
    }

    /// The whole document, once `fill(upTo:)` has said it ended.
    package consuming func finish() -> RouteBarDocument {
        RouteBarWorkspace.current.laidOut = laidOut
        return RouteBarDocument(writer.finish())
    }
}
