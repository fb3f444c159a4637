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
    private var cursor: RouteCursor
    private var writer: JSONWriter
    private var laidOut = LaidOutRoute()
    /// The width being written: its index in `widths`, or 0.
    private var width = 0
    private var begun = false
    private(set) var isFinished = false

    package init(_ request: RouteBarRequest) throws(RouteBarInputError) {
        self.request = request
        let widths = request.widths ?? [request.options.width]
        var first: RouteCursor?
        for index in widths.indices {
            do {
                let cursor = try Self.cursor(request, width: index)
                if first == nil { first = cursor }
            } catch {
                throw RouteBarInputError(error, in: request, widthIndex: request.widths == nil ? nil : index)
            }
        }
        cursor = first!
        // Sized for the whole answer when it fits a piece, so the writer never grows.
        writer = JSONWriter(capacity: min(RouteBarResponse.estimatedSize(of: request), Self.pieceBytes) + 4096)
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
        while !isFinished && writer.count < Self.pieceBytes {
            if try cursor.layOutNext(into: &laidOut) {
                RouteBarResponse.write(laidOut, options: cursor.layout.options, to: &writer)
                continue
            }
            RouteBarResponse.endLayout(to: &writer)
            width += 1
            if let widths = request.widths, width < widths.count {
                cursor = try Self.cursor(request, width: width)
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
        writer.finish()
    }
}
