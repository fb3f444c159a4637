/// How long each route's bar is, in device pixels: the whole width, or with `timeScale`
/// `shared`, the longest route (in visible minutes) the whole width and every other route
/// `round(pixels × its minutes / the most minutes)`, but never fewer than its minimums and
/// gaps need, and never shorter than a route with fewer minutes.
package struct BarLengths: Sendable {
    /// One route's bar.
    package struct Length: Sendable, Hashable {
        /// nil: the whole width.
        var devicePixels: Int?
        package static let fullWidth = Length(devicePixels: nil)
    }

    private let pixels: [Int]?

    package subscript(route: Int) -> Length {
        Length(devicePixels: pixels?[route])
    }

    init(pixels: [Int]?) {
        self.pixels = pixels
    }
}

extension RouteBarLayout {
    /// The bar lengths for `routes`; checks every route's legs on the way (errors name them).
    package func barLengths(for routes: [Route]) throws(RouteBarError) -> BarLengths {
        guard routes.count <= Self.maxRoutes else {
            throw RouteBarError(.tooMany, at: .routes, "at most \(Self.maxRoutes) routes per request, got \(routes.count)")
        }
        guard options.timeScale == .shared, options.algorithm == .fit, routes.count > 1 else { return BarLengths(pixels: nil) }
        let full = Self.devicePixels(width: options.width, scale: options.scale)
        var minutes: [Double] = []
        var needs: [Int] = []
        minutes.reserveCapacity(routes.count)
        needs.reserveCapacity(routes.count)
        for (index, route) in routes.enumerated() {
            let legs = try LegCounts(route, index: index)
            minutes.append(legs.visibleMinutes)
            needs.append(min(full, plainMinimumPixels(legs)))
        }
        let most = minutes.max() ?? 1
        // A route's floor is the largest need among the routes with at most its minutes, so
        // more minutes never means a shorter bar; equal minutes share one floor.
        let order = minutes.indices.sorted { minutes[$0] < minutes[$1] }
        var floors = [Int](repeating: 0, count: routes.count)
        var running = 0
        var group = order.startIndex
        while group < order.endIndex {
            var end = group
            while end < order.endIndex && minutes[order[end]] == minutes[order[group]] {
                running = max(running, needs[order[end]])
                end += 1
            }
            for position in group..<end { floors[order[position]] = running }
            group = end
        }
        var pixels = [Int](repeating: full, count: routes.count)
        for route in routes.indices {
            let proportional = Int((Double(full) * minutes[route] / most).rounded())
            pixels[route] = min(full, max(proportional, floors[route]))
        }
        return BarLengths(pixels: pixels)
    }

    /// The device pixels a route's visible segments need at their plain minimums (not label
    /// minimums), with the gaps between them: at least a pixel a segment.
    func plainMinimumPixels(_ legs: LegCounts) -> Int {
        let minimums = max(
            legs.visible,
            minimumPixels(override: options.minWalkingLength) * legs.walking
                + minimumPixels(override: options.minTransitLength) * legs.transit)
        return minimums + gapPixels * (legs.visible - 1)
    }

    /// `round(gap × scale)`.
    var gapPixels: Int {
        Int((options.gap * options.scale).rounded())
    }

    /// `round(width * minSegmentRatio * scale)`, or the override in points times the scale;
    /// at least one pixel so that no visible segment vanishes.
    func minimumPixels(override: Double?) -> Int {
        let points = override ?? options.width * options.minSegmentRatio
        return max(1, Int((points * options.scale).rounded()))
    }
}
