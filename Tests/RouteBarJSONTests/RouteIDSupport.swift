import RouteBar

extension [Route] {
    /// The routes without their ids: a planner's route's id is where its itinerary is in the
    /// body, so the same itineraries under another envelope differ by it alone.
    var withoutIDs: [Route] {
        map { route in
            var route = route
            route.id = nil
            return route
        }
    }
}
