/// How long each route's bar is, in device pixels: the whole width, or with `timeScale`
/// `shared`, the longest route (in visible minutes) the whole width and every other route
/// `round(pixels × its minutes / the most minutes)`, but never fewer than its minimums and
/// gaps need, and never shorter than a route with fewer minutes.
package struct BarLengths: Sendable {
    /// One route's bar.
    package struct Length: Sendable, Hashable {
        /// nil: the whole width.
        var devicePixels: Int?
        /// Device pixels from the row's left edge to the bar: 0 but with `timeScale` `clock`.
        var startPixels = 0
        /// With `timeScale` `clock`: the list's axis.
        var clockAxis: ClockAxis?
        package static let fullWidth = Length(devicePixels: nil)
    }

    private let pixels: [Int]?
    private let starts: [Int]?
    private let clockAxis: ClockAxis?
    /// Every bar the whole width, as most are: the subscript then reads none of the optionals
    /// above, whose copies (a call each, even of nil) cost more than the rest of it.
    private let allFullWidth: Bool

    package subscript(route: Int) -> Length {
        if allFullWidth { return Length(devicePixels: nil) }
        return Length(devicePixels: pixels?[route], startPixels: starts?[route] ?? 0, clockAxis: clockAxis)
    }

    init(pixels: [Int]?, starts: [Int]? = nil, clockAxis: ClockAxis? = nil) {
        self.pixels = pixels
        self.starts = starts
        self.clockAxis = clockAxis
        allFullWidth = pixels == nil && starts == nil && clockAxis == nil
    }
}

extension RouteBarLayout {
    /// The bar lengths for `routes`; checks every route's legs on the way (errors name them).
    package func barLengths(for routes: [Route]) throws(RouteBarError) -> BarLengths {
        guard routes.count <= Self.maxRoutes else {
            throw RouteBarError(.tooMany, at: .routes, "at most \(Self.maxRoutes) routes per request, got \(routes.count)")
        }
        if options.timeScale == .clock, options.algorithm == .fit { return try clockLengths(for: routes) }
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

    /// `timeScale` `clock`: the earliest departure at the left edge, the latest arrival at the
    /// right, each bar from its departure to its arrival in whole device pixels. Minimums shift
    /// segments within their bar, never its ends; only a bar with fewer pixels than its visible
    /// segments and gaps (a pixel each) grows to them, to the left where it would pass the
    /// right edge.
    private func clockLengths(for routes: [Route]) throws(RouteBarError) -> BarLengths {
        let full = Self.devicePixels(width: options.width, scale: options.scale)
        var times: [(departure: CardTime, arrival: CardTime)] = []
        var needs: [Int] = []
        times.reserveCapacity(routes.count)
        needs.reserveCapacity(routes.count)
        for (index, route) in routes.enumerated() {
            let legs = try LegCounts(route, index: index)
            guard let departure = route.card?.departureTime, let arrival = route.card?.arrivalTime,
                arrival.epochSeconds > departure.epochSeconds
            else {
                let has =
                    route.card?.departureTime == nil
                    ? "no departure" : route.card?.arrivalTime == nil ? "no arrival" : "no time between its departure and arrival"
                // A planner's UTC times without a zone are instants of no place: the hours need one.
                let zone = route.card?.departure != nil && route.card?.departureTime == nil ? " in a known time zone (?timeZone=)" : ""
                throw RouteBarError(
                    .missingTimes, at: .route(index),
                    "timeScale clock places every route by its departure and arrival, and route \(index) has \(has)\(zone); "
                        + "give each route departure and arrival, or use timeScale route or shared")
            }
            times.append((departure, arrival))
            needs.append(min(full, legs.visible + gapPixels * (legs.visible - 1)))
        }
        guard let first = times.min(by: { $0.departure.epochSeconds < $1.departure.epochSeconds })?.departure,
            let last = times.map(\.arrival.epochSeconds).max()
        else { return BarLengths(pixels: []) }
        let span = Double(last - first.epochSeconds)
        var pixels: [Int] = []
        var starts: [Int] = []
        for (route, time) in times.enumerated() {
            var start = Int((Double(full) * Double(time.departure.epochSeconds - first.epochSeconds) / span).rounded())
            let end = Int((Double(full) * Double(time.arrival.epochSeconds - first.epochSeconds) / span).rounded())
            let length = min(full, max(end - start, needs[route]))
            start = min(start, full - length)
            pixels.append(length)
            starts.append(start)
        }
        let axis = ClockAxis(start: first, secondsPerPoint: span / (Double(full) / options.scale))
        return BarLengths(pixels: pixels, starts: starts, clockAxis: axis)
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
