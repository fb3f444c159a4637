/// A layout's routes laid out one at a time, on demand, after every one of them has been
/// checked: an answer written as its client reads it holds one route, never all of them, and
/// cannot meet a layout error after it has begun. (Laying a route out checks it too, so the
/// part of an answer written before anything leaves needs no check of its own.)
package struct RouteCursor: Sendable {
    package let layout: RouteBarLayout
    private let routes: [Route]
    private let lengths: BarLengths
    /// The next route `layOutNext` lays out.
    package private(set) var position = 0

    /// Checks every route (`RouteBarLayout.checkRoute`: the layout's own checks, without a
    /// segment); errors name the route as the layout would.
    package init(_ layout: RouteBarLayout, routes: [Route]) throws(RouteBarError) {
        try self.init(layout, routes: routes, checked: true)
    }

    /// With `checked` false, no route is checked yet: `layOutNext` may throw for a route
    /// until `checkRemaining()` has run, for a caller that has handed nothing out and can
    /// still answer with the error.
    package init(_ layout: RouteBarLayout, routes: [Route], checked: Bool) throws(RouteBarError) {
        self.layout = layout
        self.routes = routes
        lengths = try layout.barLengths(for: routes)
        if checked { try checkRemaining() }
    }

    /// Checks the routes not laid out yet, in order.
    package func checkRemaining() throws(RouteBarError) {
        for index in position..<routes.count {
            try layout.checkRoute(routes[index], index: index, barLength: lengths[index])
        }
    }

    package var isFinished: Bool { position == routes.count }

    /// Non-mutating, and the route read in place: from the mutating `layOutNext`, the layout
    /// was copied for each route, and `routes[index]` copied the route, each retaining and
    /// releasing its arrays and strings.
    private func layOut(_ index: Int, into laidOut: inout LaidOutRoute) throws(RouteBarError) {
        try routes.withUnsafeBufferPointer { routes throws(RouteBarError) in
            try layout.layOutRoute(routes[index], index: index, barLength: lengths[index], into: &laidOut)
        }
    }

    /// Lays out the next route into `laidOut` (reusing its storage); false after the last.
    package mutating func layOutNext(into laidOut: inout LaidOutRoute) throws(RouteBarError) -> Bool {
        guard position < routes.count else { return false }
        try layOut(position, into: &laidOut)
        position += 1
        return true
    }
}
