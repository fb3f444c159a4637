import Foundation
import RouteBar

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads an NDJSON answer line by line as it arrives, through a URLSession data delegate
/// (FoundationNetworking on Linux has no `URLSession.bytes`), and yields each route.
final class NDJSONRouteStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: URLSession calls a delegate on its delegate queue, which `start` makes serial
    // (one operation at a time), so `pending` and `status` are never touched at once.
    private let continuation: AsyncThrowingStream<LaidOutRoute, any Error>.Continuation
    private var pending = Data()
    private var status = 0

    /// Reads the lines, leaving out members a field mask left out.
    private let decoder = JSONDecoder()

    private init(_ continuation: AsyncThrowingStream<LaidOutRoute, any Error>.Continuation, masked: Bool) {
        self.continuation = continuation
        decoder.userInfo[.routeBarMasked] = masked
    }

    static func start(
        _ request: URLRequest, configuration: URLSessionConfiguration, masked: Bool = false
    ) -> AsyncThrowingStream<LaidOutRoute, any Error> {
        AsyncThrowingStream { continuation in
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let session = URLSession(configuration: configuration, delegate: NDJSONRouteStream(continuation, masked: masked), delegateQueue: queue)
            let task = session.dataTask(with: request)
            continuation.onTermination = { _ in
                task.cancel()
                session.finishTasksAndInvalidate()
            }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        status = (response as? HTTPURLResponse)?.statusCode ?? 0
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.append(data)
        // A problem is one JSON document, read whole at the end.
        guard status == 200 else { return }
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending[pending.startIndex..<newline]
            pending = Data(pending[(newline + 1)...])
            do {
                continuation.yield(try decoder.decode(WireLaidOutRoute.self, from: line).value)
            } catch {
                continuation.finish(throwing: RouteBarClientError.unreadableAnswer(status: status, "a line is not a route: \(error)"))
                dataTask.cancel()
                return
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        defer { session.finishTasksAndInvalidate() }
        if let error {
            continuation.finish(throwing: RouteBarClientError.transport(String(describing: error)))
        } else if status != 200 {
            do {
                _ = try RouteBarClient.decode(pending, status: status, as: WireLaidOutRoute.self)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        } else if !pending.isEmpty {
            continuation.finish(throwing: RouteBarClientError.unreadableAnswer(status: status, "the stream ended inside a line"))
        } else {
            continuation.finish()
        }
    }
}
