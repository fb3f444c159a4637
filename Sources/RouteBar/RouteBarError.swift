/// Why a route or an option cannot be laid out, and which value is at fault.
public struct RouteBarError: Error, Sendable, Hashable {
    public enum Code: String, Sendable, Hashable {
        /// A number outside its documented range, or not finite.
        case outOfRange = "out-of-range"
        /// More routes, or more legs in a route, than `RouteBarLayout.maxRoutes` / `maxSubPaths`.
        case tooMany = "too-many"
        /// Every leg of a route has zero minutes: there is nothing to draw.
        case noVisibleSegment = "no-visible-segment"
        /// Fewer device pixels than visible segments: not every segment can be at least one pixel.
        case barTooNarrow = "bar-too-narrow"
        /// The seed's arithmetic divides by zero or yields a negative or non-finite width.
        case classicUndefined = "classic-undefined"
        /// `timeScale` `clock` needs a route's departure and arrival, and it has not both.
        case missingTimes = "missing-times"
    }

    /// The value at fault, by position; routes and legs are counted from 0.
    public enum Location: Sendable, Hashable {
        case option(LayoutOption)
        case routes
        case route(Int)
        case totalTime(route: Int)
        case subPaths(route: Int)
        case sectionTime(route: Int, subPath: Int)
    }

    public var code: Code
    public var location: Location
    /// One sentence for a person, naming the value and the rule.
    public var message: String

    public init(_ code: Code, at location: Location, _ message: String) {
        self.code = code
        self.location = location
        self.message = message
    }
}

extension Double {
    /// `17` rather than `17.0`, in messages and labels.
    package var shortDescription: String {
        rounded(.towardZero) == self && abs(self) < 1e15 ? String(Int(self)) : description
    }
}
