/// An answer's bytes counted against `HTTPServerConfiguration.maxAnswerMemoryBytes` for as long
/// as libmicrohttpd keeps the answer: it releases this object when it has sent or dropped it,
/// and the count ends with it. It also keeps the body's storage alive.
final class AnswerHold {
    /// Answers shorter than this are not counted (16 MiB at most at the default connection limit).
    static let uncountedBytes = 16 * 1024

    let count: Int
    let metrics: HTTPMetrics
    /// The body it keeps: bytes, or the owner of bytes sent in place.
    var bytes: [UInt8] = []
    var owner: AnyObject?

    init(_ count: Int, _ metrics: HTTPMetrics) {
        self.count = count
        self.metrics = metrics
    }

    deinit {
        metrics.answerBytesHeld.wrappingSubtract(count, ordering: .relaxed)
    }
}
