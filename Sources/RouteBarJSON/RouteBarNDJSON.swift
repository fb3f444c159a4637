import RouteBar
import StrictJSON
import Synchronization

/// The answer as newline-delimited JSON: one route object per line, the same object as in
/// the JSON answer's `routes`, encoded only when the client is ready for it.
public final class RouteBarNDJSON: Sendable {
    private let routes: [LaidOutRoute]
    private let options: LayoutOptions
    private let next = Atomic<Int>(0)

    public init(_ routes: [LaidOutRoute], options: LayoutOptions) {
        self.routes = routes
        self.options = options
    }

    /// The next line (with its newline), or nil after the last.
    public func nextLine() -> [UInt8]? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < routes.count else { return nil }
        var writer = JSONWriter(capacity: 256 + 200 * routes[index].segments.count)
        RouteBarResponse.write(routes[index], options: options, to: &writer)
        var line = writer.bytes
        line.append(UInt8(ascii: "\n"))
        return line
    }
}
