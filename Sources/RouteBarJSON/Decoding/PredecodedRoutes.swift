import RouteBar
import RouteBarPlanners

/// A body's `routes` array, already read by a faster reader than StrictJSON (the service's
/// simdjson path, `FastRoutes`), and where it is in the body: the decoder takes these routes
/// instead of reading the array, and reads every other member itself.
///
/// The faster reader reads only what StrictJSON would read to the same routes without a note
/// (it declines the rest), and validates the array as strictly: the decoder trusts both.
package struct PredecodedRoutes: Sendable {
    package var routes: [Route]
    /// The array's `[` and one past its `]`, as byte offsets in the body.
    package var range: Range<Int>

    package init(routes: [Route], range: Range<Int>) {
        self.routes = routes
        self.range = range
    }
}
