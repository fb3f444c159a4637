import RouteBar
import RouteBarPlanners
internal import StrictJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Storage one thread reuses from request to request: the routes being decoded, and the
/// route being laid out and written. With it, a request allocates only what it keeps: its
/// routes (the array at its exact size, and each route's legs), and its answer.
///
/// Each thread has its own, so nothing is shared. Users take the buffers out (leaving empty
/// ones) and put them back when done, so a buffer is never in two hands: a nested use on
/// the same thread just finds empty buffers and allocates.
final class RouteBarWorkspace {
    struct Buffers {
        var routes: [Route] = []
        var memberNames = JSONReader.MemberNames()
    }

    private var buffers = Buffers()
    var laidOut = LaidOutRoute()
    /// The last field mask read on this thread, and its text: a client sends the same one
    /// request after request, and reading it costs more than a small request's layout.
    var lastFields: (list: String, fields: AnswerFields)?

    /// The calling thread's workspace, made on its first use and freed when the thread exits.
    static var current: RouteBarWorkspace {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<RouteBarWorkspace>.fromOpaque(stored).takeUnretainedValue()
        }
        let workspace = RouteBarWorkspace()
        pthread_setspecific(key, Unmanaged.passRetained(workspace).toOpaque())
        return workspace
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { stored in
            if let stored { Unmanaged<RouteBarWorkspace>.fromOpaque(stored).release() }
        }
        precondition(created == 0, "pthread_key_create failed: \(created)")
        return key
    }()

    /// Takes the decoding buffer, leaving empty ones in their place.
    func take() -> Buffers {
        var taken = Buffers()
        swap(&taken, &buffers)
        return taken
    }

    /// Puts the decoding buffers back, emptied but with their capacity, leaving empty ones
    /// in `returned` (a copy left there would share their storage and make emptying them copy it).
    func putBack(_ returned: inout Buffers) {
        swap(&buffers, &returned)
        buffers.routes.removeAll(keepingCapacity: true)
    }

    /// Takes the laid-out route, leaving an empty one in its place.
    func takeLaidOut() -> LaidOutRoute {
        var taken = LaidOutRoute()
        swap(&taken, &laidOut)
        return taken
    }

    /// A copy at the exact size: `Array(buffer)` would share the buffer's storage, and its
    /// next use would then allocate storage as large as the whole buffer.
    static func exactCopy<Element>(of buffer: [Element]) -> [Element] {
        buffer.withUnsafeBufferPointer { Array($0) }
    }
}
