import RouteBar

/// The heap bytes of the routes decoded so far, against what the memory account set aside for
/// the body before decoding it (`RouteBarRequest.decodingBytes`). Legs cost the same whatever
/// their size in the body, so a body of the shortest legs a shape reads decodes to many times
/// its size (a 42-byte OpenTripPlanner leg with two times, 650 bytes; a 32-byte leg of ours
/// with a `mode`, 200): routes are counted as they are made, and a body whose routes would take
/// more than was set aside is refused, as the routes past `RouteBarLayout.maxRoutes` are.
package struct ModelBytes: Sendable {
    package let limit: Int
    /// Whether routes are counted: not for a body too small to pass `limit`.
    package let counts: Bool
    package private(set) var held = 0

    /// What a body of `bodyBytes` may decode to (`limit`), counted only where it could pass it.
    package init(limit: Int, bodyBytes: Int) {
        self.limit = limit
        counts = bodyBytes >= Self.smallestCountedBody
    }

    /// Bodies below this are not counted: a leg takes at least 15 bytes of JSON and holds at
    /// most some 700 bytes beyond its strings (its box, its card and the card's facts), a string
    /// at most 32 bytes more than its own, so a body holds at most some 60 times its size in
    /// routes, and under 16 KiB it stays within the megabyte every body has set aside.
    static let smallestCountedBody = 16 << 10

    /// Counts a route just made; false once the routes take more than `limit`.
    package mutating func add(_ route: Route) -> Bool {
        guard counts else { return true }
        held += route.heldBytes
        return held <= limit
    }

    /// The problem of a body whose routes take more than `limit`, at the route that passed it.
    package func problem(at pointer: String) -> RouteBarInputError {
        RouteBarInputError(
            .tooMany,
            "the routes decode to more than the \(limit) bytes set aside for a body of this size (4 times it and 1 MiB); "
                + "they are past it at this route: send fewer legs per request",
            pointer: pointer, limit: limit)
    }
}
