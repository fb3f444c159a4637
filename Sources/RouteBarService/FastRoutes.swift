import CSimdJSONRoutes
import RouteBar
import RouteBarJSON

/// The `routes` array of routebar's own shape read with simdjson (`CSimdJSONRoutes`), for the
/// requests most clients send: the decoder then reads only the other members with StrictJSON.
///
/// simdjson reads the common case (`id`, `totalTime`, and legs of `trafficType` and
/// `sectionTime`) and declines everything else: other members, escapes, repeats, bad JSON.
/// A declined body is read by StrictJSON alone, as before, so every answer and every problem
/// is the same either way (FastRoutesTests holds them equal); only the time differs
/// (docs/performance.md).
package enum FastRoutes {
    /// What reading a body of `bodyBytes` may take besides StrictJSON's
    /// (`RouteBarRequest.decodingBytes`): simdjson's structural index and string buffer, a
    /// padded copy of the body, and the routes and legs as read (6.7 bytes a byte at most).
    /// The service counts it while simdjson reads, and reads with StrictJSON alone when the
    /// memory account has no room for it.
    package static func workingBytes(forBody bodyBytes: Int) -> Int {
        7 * bodyBytes + 4096
    }

    /// A thread keeps its buffers for its next body up to this size (a body of about 300 KiB,
    /// as `make bench`'s batch1000); larger ones are freed after each request. So what stays
    /// between requests is at most this per handler thread, a fixed cost like its stack, and
    /// a body of 1,000 routes does not pay for allocating and faulting in 1.8 MB each time,
    /// which cost it a third of its decoding pace (docs/performance.md).
    package static let keptBytes = 2 * 1024 * 1024

    /// The bytes the calling thread's simdjson buffers hold now.
    package static var heldBytes: Int { routebar_simd_routes_held_bytes() }

    /// Whether `read` may read the body's routes: it names `"routes"` somewhere (memmem); a
    /// planner's answer without the name is read by StrictJSON without simdjson's first stage.
    package static func mayRead(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        body.baseAddress.map { routebar_simd_routes_may_read($0, body.count) == 1 } ?? false
    }

    /// The routes, or nil: declined (StrictJSON reads them). Worth calling only where `mayRead`.
    package static func read(_ body: UnsafeBufferPointer<UInt8>) -> PredecodedRoutes? {
        guard let base = body.baseAddress else { return nil }
        defer { routebar_simd_routes_trim(keptBytes) }
        let limits = routebar_simd_limits(
            max_routes: RouteBarLayout.maxRoutes, max_legs: RouteBarLayout.maxSubPaths, max_id_bytes: RouteBarRequest.maxIdBytes)
        var read = routebar_simd_routes()
        guard routebar_simd_routes_read(base, body.count, limits, &read) == 1 else { return nil }
        let legs = UnsafeBufferPointer(start: read.legs, count: read.leg_count)
        var routes: [Route] = []
        routes.reserveCapacity(read.route_count)
        for route in UnsafeBufferPointer(start: read.routes, count: read.route_count) {
            let first = Int(route.first_leg)
            var subPaths: [SubPath] = []
            subPaths.reserveCapacity(Int(route.leg_count))
            for leg in legs[first..<(first + Int(route.leg_count))] {
                subPaths.append(SubPath(trafficType: Int(leg.traffic_type), sectionTime: leg.section_time))
            }
            let id =
                route.id_length == UInt32.max
                ? nil
                : String(decoding: UnsafeBufferPointer(rebasing: body[Int(route.id_start)..<Int(route.id_start + route.id_length)]), as: UTF8.self)
            routes.append(Route(id: id, totalTime: route.has_total_time != 0 ? route.total_time : nil, subPaths: subPaths))
        }
        return PredecodedRoutes(routes: routes, range: read.array_start..<read.array_end)
    }
}
