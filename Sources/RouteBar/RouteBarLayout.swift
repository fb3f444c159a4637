/// Lays out transit routes as horizontal bars: one segment per leg, each as wide as a
/// minimum plus a length per minute.
///
/// ```swift
/// let layout = try RouteBarLayout(LayoutOptions(width: 343, scale: 3))
/// let bars = try layout.layOut([route])
/// ```
///
/// Two algorithms: `.fit` (the default) gives whole device pixels that fill the bar exactly;
/// `.classic` reproduces the seed app's arithmetic number for number. Both throw
/// `RouteBarError` for input they cannot lay out, naming the value at fault.
public struct RouteBarLayout: Sendable {
    public static let maxWidth = 100_000.0
    public static let maxRoutes = 1_000
    public static let maxSubPaths = 1_000
    /// Minutes; a bound that keeps every sum finite.
    public static let maxMinutes = 1_000_000.0
    /// The shortest visible leg or total, in minutes (60 ms): shorter ones would make a
    /// minute's length overflow to infinity.
    public static let minVisibleMinutes = 0.001

    public let options: LayoutOptions
    /// Whether each `LaidOutRoute` gets its `accessibilityLabel`. A writer that can say the
    /// sentence itself from the segments (`AccessibilityLabel.write`) turns it off and saves
    /// building a String per route.
    public var buildsAccessibilityLabels = true
    /// Whether segments get what a client draws besides their box: label and its minutes,
    /// badge and whether they fit, colours, and the lines and train type they are made from;
    /// the sentence (`buildsAccessibilityLabels`) needs them too. A client that asks for none
    /// of them (a field mask) spares their cost: the segments then carry no line, no other
    /// lines, no train type, 0 minutes, and the route no sentence.
    public var buildsPresentation = true

    /// Checks every option against its range.
    public init(_ options: LayoutOptions) throws(RouteBarError) {
        try LayoutOption.width.check(options.width)
        try LayoutOption.scale.check(options.scale)
        try LayoutOption.minSegmentRatio.check(options.minSegmentRatio)
        if let value = options.minWalkingLength { try LayoutOption.minWalkingLength.check(value) }
        if let value = options.minTransitLength { try LayoutOption.minTransitLength.check(value) }
        try LayoutOption.height.check(options.height)
        try LayoutOption.labelFontSize.check(options.labelFontSize)
        try LayoutOption.gap.check(options.gap)
        try LayoutOption.labelPadding.check(options.labelPadding)
        if let value = options.cornerRadius { try LayoutOption.cornerRadius.check(value) }
        if options.algorithm == .classic {
            // The seed app has none of these; classic reproduces it and nothing more.
            if options.gap != 0 { throw Self.notClassic(.gap) }
            if options.timeScale != .route { throw Self.notClassic(.timeScale, value: options.timeScale.rawValue) }
            if options.labelMinimums { throw Self.notClassic(.labelMinimums) }
        }
        self.options = options
    }

    private static func notClassic(_ option: LayoutOption, value: String? = nil) -> RouteBarError {
        let what = option.name + (value.map { " \"\($0)\"" } ?? "")
        return RouteBarError(
            .classicUndefined, at: .option(option),
            "classic reproduces the seed app, which has no \(what); use \"algorithm\": \"fit\"")
    }

    /// Lays out every route; errors name the route by its position in `routes`.
    public func layOut(_ routes: [Route]) throws(RouteBarError) -> [LaidOutRoute] {
        var result: [LaidOutRoute] = []
        result.reserveCapacity(routes.count)
        var laidOut = LaidOutRoute()
        try layOutEach(routes, reusing: &laidOut) { result.append($0) }
        return result
    }

    /// Lays out the routes one at a time, in order, into `laidOut`, which `body` borrows:
    /// each route reuses the storage of the one before, so a caller that only reads them
    /// (to write them out) and passes the same value again allocates nothing once it has
    /// grown to the longest route. A value `body` keeps is copied on the next route's
    /// write, so it stays intact.
    public func layOutEach(_ routes: [Route], reusing laidOut: inout LaidOutRoute, each body: (LaidOutRoute) -> Void) throws(RouteBarError) {
        let lengths = try barLengths(for: routes)
        for (index, route) in routes.enumerated() {
            try layOutRoute(route, index: index, barLength: lengths[index], into: &laidOut)
            body(laidOut)
        }
    }

    /// One route alone: with `timeScale` `shared` it is its own longest route, so it fills the width.
    public func layOut(_ route: Route) throws(RouteBarError) -> LaidOutRoute {
        var laidOut = LaidOutRoute()
        try layOutRoute(route, index: 0, barLength: BarLengths.Length.fullWidth, into: &laidOut)
        return laidOut
    }

    /// Lays out one route, the `index`th of its request (errors name it so), into `laidOut`,
    /// reusing its storage, with the bar length `barLengths(for:)` gave it.
    package func layOutRoute(_ route: Route, index: Int, barLength: BarLengths.Length, into laidOut: inout LaidOutRoute) throws(RouteBarError) {
        let legs = try LegCounts(route, index: index)
        switch options.algorithm {
        case .fit: try fit(route, legs, index: index, barPixels: barLength.devicePixels, into: &laidOut)
        case .classic: try classic(route, legs, index: index, into: &laidOut)
        }
        laidOut.index = route.position ?? index
        // Assigned only when either holds one: a copy of nil is still a call.
        if holdsValue(route.card) || holdsValue(laidOut.card) { laidOut.card = route.card }
        laidOut.barStart = Double(barLength.startPixels) / options.scale
        laidOut.clockAxis = barLength.clockAxis
        // One scale for every route on the axis: its points per minute.
        if let axis = barLength.clockAxis, axis.secondsPerPoint > 0 { laidOut.minuteLength = 60 / axis.secondsPerPoint }
    }

    /// Throws what `layOutRoute` would throw for the route, without laying it out: the same
    /// checks by the same code, at a small part of the cost. A server that streams an answer
    /// checks every route first, so the stream cannot meet an error after its `200`.
    package func checkRoute(_ route: Route, index: Int, barLength: BarLengths.Length) throws(RouteBarError) {
        let legs = try LegCounts(route, index: index)
        switch options.algorithm {
        case .fit: _ = try fitPixels(legs, index: index, barPixels: barLength.devicePixels)
        case .classic: try checkClassic(route, legs, index: index)
        }
    }
}

/// What both algorithms count first: the visible legs by kind, and their minutes.
struct LegCounts {
    /// Visible legs that take the walking minimum: walks, waits, bicycles, cars.
    var walking = 0
    /// Visible legs that take the transit minimum.
    var transit = 0
    /// Visible walks alone: the answer's `walkingCount`.
    var walks = 0
    /// Visible transit legs that continue the previous vehicle: no transfer.
    var interlined = 0
    var visibleMinutes = 0.0
    var allMinutes = 0.0
    var visible: Int { walking + transit }

    // Borrowed, as ClassicArithmetic's: an owned route was copied for each call.
    init(_ route: borrowing Route, index: Int) throws(RouteBarError) {
        guard route.subPaths.count <= RouteBarLayout.maxSubPaths else {
            throw RouteBarError(
                .tooMany, at: .subPaths(route: index),
                "at most \(RouteBarLayout.maxSubPaths) subPaths per route, got \(route.subPaths.count)")
        }
        if let total = route.totalTime {
            try RouteBarLayout.check(
                total, in: .zeroOr(RouteBarLayout.minVisibleMinutes, RouteBarLayout.maxMinutes), "totalTime",
                at: .totalTime(route: index))
        }
        // Read in place: a copy of each leg would retain and release its line, colours and card.
        try route.subPaths.withUnsafeBufferPointer { legs throws(RouteBarError) in
            for legIndex in legs.indices {
                let minutes = legs[legIndex].sectionTime
                try RouteBarLayout.check(
                    minutes, in: .zeroOr(RouteBarLayout.minVisibleMinutes, RouteBarLayout.maxMinutes), "sectionTime",
                    at: .sectionTime(route: index, subPath: legIndex))
                allMinutes += minutes
                guard minutes > 0 else { continue }
                visibleMinutes += minutes
                let kind = legs[legIndex].kind
                if kind.takesTransitMinimum {
                    transit += 1
                    if legs[legIndex].interlined { interlined += 1 }
                } else {
                    walking += 1
                    if kind == .walking { walks += 1 }
                }
            }
        }
        guard visible > 0 else {
            throw RouteBarError(
                .noVisibleSegment, at: .route(index),
                "route \(index) has no leg with sectionTime > 0, so there is nothing to draw")
        }
    }
}

extension RouteBarLayout {
    static func check(_ value: Double, in range: ValueRange, _ name: String, at location: RouteBarError.Location) throws(RouteBarError) {
        guard value.isFinite, range.contains(value) else {
            throw RouteBarError(.outOfRange, at: location, "\(name) must be \(range.phrase), got \(value.shortDescription)")
        }
    }
}
