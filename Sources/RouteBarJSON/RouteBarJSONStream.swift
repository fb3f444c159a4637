import RouteBar
import RouteBarPlanners
internal import StrictJSON

/// The JSON answer written in pieces, byte for byte the document
/// `RouteBarResponse.encodeAnswer(_:)` holds whole: each piece lays out and writes the routes
/// it holds only when asked for, so a client that stops reading holds one piece of memory.
///
/// Every route at every width is checked when it is made (`RouteCursor`, or laid out), so
/// the errors an answer can meet are thrown before its first byte.
package struct RouteBarJSONPieces: AnswerPieces, ~Copyable {
    private let request: RouteBarRequest
    /// The width being written (its index in `widths`, 0 without), and once every route is
    /// checked, those after it.
    private var cursor: RouteCursor
    private var width = 0
    private var laterWidths: [RouteCursor] = []
    /// Whether the routes not yet written are checked; until then `init` is writing, and a
    /// layout error is the request's.
    private var allChecked: Bool
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
        try self.init(request, checked: true)
    }

    /// Writes the answer up to `firstBytes`, or whole, as `fill(upTo:)` would, then checks
    /// the routes after that: laying a route out makes the same checks, so an answer held
    /// whole is not checked twice. The errors, and their order, are those of `init(_:)`.
    /// An answer expected to be held whole is written in a buffer from `buffers`, when given,
    /// which goes back there once the answer is freed.
    /// The request is taken, not copied: a copy retains and releases its every member.
    package static func writing(
        _ request: consuming RouteBarRequest, upTo firstBytes: Int, buffers: RouteBarAnswerBuffers? = nil
    ) throws(RouteBarInputError) -> Self {
        var pieces = try Self(request, checked: false, wholeBytes: firstBytes, buffers: buffers)
        do {
            guard try !pieces.fill(upTo: firstBytes) else { return pieces }
            try pieces.cursor.checkRemaining()
        } catch {
            throw inputError(error, pieces.request, width: pieces.width)
        }
        pieces.laterWidths = try checkedCursors(pieces.request, widths: (pieces.width + 1)..<(pieces.request.widths?.count ?? 1))
        pieces.allChecked = true
        return pieces
    }

    /// The first width's cursor, and when `checked`, every width's, every route checked.
    private init(
        _ request: RouteBarRequest, checked: Bool, wholeBytes: Int = Self.wholeAnswerBytes, buffers: RouteBarAnswerBuffers? = nil
    ) throws(RouteBarInputError) {
        let first: RouteCursor
        do {
            first = try Self.cursor(request, width: 0, checked: checked)
        } catch {
            throw Self.inputError(error, request, width: 0)
        }
        let later = checked ? try Self.checkedCursors(request, widths: 1..<(request.widths?.count ?? 1)) : []
        self.request = request
        cursor = first
        laterWidths = later
        allChecked = checked
        // Sized for the whole answer when it is to be held whole, so the writer never grows;
        // only then from `buffers`: the first piece of a longer one is copied out (`nextPiece`).
        let estimated = RouteBarResponse.estimatedSize(of: request)
        let capacity = min(estimated, wholeBytes) + 4096
        if let pool = buffers?.pool, estimated <= wholeBytes {
            writer = JSONWriter(capacity: capacity, from: pool)
        } else {
            writer = JSONWriter(capacity: capacity)
        }
    }

    /// A layout's cursor at the `index`th width.
    private static func cursor(_ request: RouteBarRequest, width index: Int, checked: Bool) throws(RouteBarError) -> RouteCursor {
        var options = request.options
        options.width = request.widths?[index] ?? options.width
        var layout = try RouteBarLayout(options)
        layout.buildsAccessibilityLabels = false  // written from the segments
        layout.buildsPresentation = request.fields.needsPresentation
        return try RouteCursor(layout, routes: request.routes, checked: checked)
    }

    /// The cursors of `widths`, every route checked; empty, and so not allocated, for none.
    private static func checkedCursors(_ request: RouteBarRequest, widths: Range<Int>) throws(RouteBarInputError) -> [RouteCursor] {
        var cursors: [RouteCursor] = []
        for index in widths {
            do {
                cursors.append(try cursor(request, width: index, checked: true))
            } catch {
                throw inputError(error, request, width: index)
            }
        }
        return cursors
    }

    private static func inputError(_ error: RouteBarError, _ request: RouteBarRequest, width: Int) -> RouteBarInputError {
        RouteBarInputError(error, in: request, widthIndex: request.widths == nil ? nil : width)
    }

    /// Writes until `limit` bytes are waiting or the answer ends; true when it has ended.
    package mutating func fill(upTo limit: Int) throws(RouteBarError) -> Bool {
        if !begun {
            begun = true
            if request.widths != nil {
                RouteBarResponse.beginLayouts(
                    options: request.options, source: request.source, notice: request.plannerNotice, problems: request.problems,
                    fields: request.fields, to: &writer)
                RouteBarResponse.beginLayout(options: cursor.layout.options, fields: request.fields, to: &writer)
            } else {
                RouteBarResponse.beginLayout(
                    options: cursor.layout.options, source: request.source, notice: request.plannerNotice,
                    problems: request.problems, fields: request.fields, to: &writer)
            }
        }
        // Read once, not per route: passed from `self` beside `&writer`, each was copied (its
        // strings and arrays retained and released) for every route.
        var options = cursor.layout.options
        let fields = request.fields
        var clock = CardText(formatter: request.cardFormatter, locale: options.locale, journeyDate: nil)
        while !isFinished && writer.count < limit {
            if try cursor.layOutNext(into: &laidOut) {
                if fields.has(.routes) {
                    RouteBarResponse.write(laidOut, options: options, clock: clock, fields: fields, to: &writer)
                }
                continue
            }
            RouteBarResponse.endLayout(fields: request.fields, to: &writer)
            if width + 1 < request.widths?.count ?? 1 {
                width += 1
                cursor = allChecked ? laterWidths.removeFirst() : try Self.cursor(request, width: width, checked: false)
                options = cursor.layout.options
                clock.locale = options.locale
                RouteBarResponse.beginLayout(options: options, fields: fields, to: &writer)
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
