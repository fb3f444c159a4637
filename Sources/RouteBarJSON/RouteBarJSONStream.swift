import RouteBar
import StrictJSON
import Synchronization

/// The JSON answer written in pieces as the client reads it, byte for byte the document
/// `RouteBarResponse.layOut(json:query:)` would hold whole: routes are laid out and written
/// only when the previous piece has gone, so a client that stops reading holds one piece of
/// memory, not the whole answer.
///
/// Check the request first (`RouteBarResponse.check`): a stream has sent its `200` before
/// its last route is laid out, so it cannot report a layout error.
public final class RouteBarJSONStream: Sendable {
    /// Bytes a piece holds at least, but for the last.
    public static let pieceBytes = 64 * 1024

    private let request: RouteBarRequest
    /// One layout per width, made once.
    private let layouts: [RouteBarLayout]
    /// Each width's bar lengths (they differ per route only with timeScale shared).
    private let barLengths: [BarLengths]
    private let state: Mutex<State>

    private struct State: ~Copyable {
        var writer = JSONWriter(capacity: RouteBarJSONStream.pieceBytes + 4096)
        var laidOut = LaidOutRoute()
        /// The width being written (its index in `widths`, or 0), and the next route in it.
        var width = 0
        var route = 0
        var begun = false
        var finished = false
    }

    public init(_ request: RouteBarRequest) {
        self.request = request
        layouts = (request.widths ?? [request.options.width]).compactMap { width in
            var options = request.options
            options.width = width
            var layout = try? RouteBarLayout(options)
            layout?.buildsAccessibilityLabels = false  // written from the segments
            return layout
        }
        barLengths = layouts.compactMap { try? $0.barLengths(for: request.routes) }
        state = Mutex(State())
    }

    /// The next piece of the document, or nil after the last.
    public func nextPiece() -> [UInt8]? {
        state.withLock { state in
            guard !state.finished else { return nil }
            let widths = request.widths ?? [request.options.width]
            if !state.begun {
                state.begun = true
                if request.widths != nil { RouteBarResponse.beginLayouts(options: request.options, to: &state.writer) }
                RouteBarResponse.beginLayout(options: options(widths[0]), to: &state.writer)
            }
            while state.writer.count < Self.pieceBytes {
                if state.route < request.routes.count {
                    // Checked before streaming: a layout cannot fail here.
                    guard layouts.count == widths.count, barLengths.count == widths.count,
                          (try? layouts[state.width].layOutRoute(
                              request.routes[state.route], index: state.route, barLength: barLengths[state.width][state.route],
                              into: &state.laidOut)) != nil
                    else { state.finished = true; return nil }
                    RouteBarResponse.write(state.laidOut, options: layouts[state.width].options, to: &state.writer)
                    state.route += 1
                    continue
                }
                RouteBarResponse.endLayout(to: &state.writer)
                state.width += 1
                state.route = 0
                if state.width < widths.count {
                    RouteBarResponse.beginLayout(options: options(widths[state.width]), to: &state.writer)
                } else {
                    if request.widths != nil {
                        state.writer.endArray()
                        state.writer.endObject()
                    }
                    state.finished = true
                    break
                }
            }
            return state.writer.takeWritten()
        }
    }

    private func options(_ width: Double) -> LayoutOptions {
        var options = request.options
        options.width = width
        return options
    }
}
