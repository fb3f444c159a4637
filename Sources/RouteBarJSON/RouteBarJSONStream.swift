import RouteBar
import StrictJSON

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
    /// Where a piece is handed out: `pieceBytes`, or no limit for the whole document at once.
    private let pieceLimit: Int
    private var writer: JSONWriter
    /// Taken from the thread's workspace, and given back with a whole document.
    private var laidOut = RouteBarWorkspace.current.takeLaidOut()
    private var begun = false
    private(set) var isFinished = false

    /// Checks every route at every width; `pieceLimit` `Int.max` writes the whole document in
    /// one `fill()`, as `RouteBarResponse.encodeAnswer` does.
    package init(_ request: RouteBarRequest, pieceLimit: Int = Self.pieceBytes) throws(RouteBarInputError) {
        self.request = request
        self.pieceLimit = pieceLimit
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
        // Sized for the whole answer when it fits a piece, so the writer never grows.
        writer = JSONWriter(capacity: min(RouteBarResponse.estimatedSize(of: request), pieceLimit) + 4096)
    }

    /// A layout's cursor at the `index`th width (every route checked).
    private static func cursor(_ request: RouteBarRequest, width index: Int) throws(RouteBarError) -> RouteCursor {
        var options = request.options
        options.width = request.widths?[index] ?? options.width
        var layout = try RouteBarLayout(options)
        layout.buildsAccessibilityLabels = false  // written from the segments
        return try RouteCursor(layout, routes: request.routes)
    }

    /// Writes until a piece is full or the answer ends; true when it has ended.
    package mutating func fill() throws(RouteBarError) -> Bool {
        if !begun {
            begun = true
            if request.widths != nil { RouteBarResponse.beginLayouts(options: request.options, to: &writer) }
            RouteBarResponse.beginLayout(options: cursor.layout.options, to: &writer)
        }
        while !isFinished && writer.count < pieceLimit {
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
            _ = try fill()
        }
        return writer.count == 0 ? nil : writer.takeWritten()
    }

    /// The whole document, once `fill()` has said it ended within its first piece.
    package consuming func finish() -> JSONBytes {
        RouteBarWorkspace.current.laidOut = laidOut
        return writer.finish()
    }
}
