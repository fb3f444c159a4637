import RouteBarPlanners
internal import StrictJSON

/// The buffers a server keeps for answers held whole (StrictJSON's `JSONBufferPool`): taken by
/// `RouteBarJSONPieces.writing(_:upTo:buffers:)`, back when the answer is freed, and freed by
/// `empty()` once the server is idle. At most `count` buffers, each of `smallest` bytes or more.
package final class RouteBarAnswerBuffers: Sendable {
    let pool: JSONBufferPool

    package init(count: Int, smallest: Int) {
        pool = JSONBufferPool(count: count, smallest: smallest)
    }

    /// The bytes kept now.
    package var keptBytes: Int { pool.keptBytes }

    /// Frees every kept buffer.
    package func empty() {
        pool.empty()
    }
}
