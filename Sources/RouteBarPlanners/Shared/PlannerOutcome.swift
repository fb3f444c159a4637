/// What a planner's answer says besides its itineraries, in words no planner owns: the adapter
/// that reads the answer fills it, and settles it once the body is read
/// (`PlannerAdapter.settle`); the shared code makes the answer or the problem from it alone.
package struct PlannerOutcome {
    /// Why the planner has no itinerary, in its own words: the answer's `notice`. Without bidi
    /// controls, as all planner text the answer echoes (`PlannerText.withoutBidiControls`).
    package var noRoute: String? {
        didSet { noRoute = noRoute.map(PlannerText.withoutBidiControls) }
    }
    /// The planner's error: its message, its own code, and the HTTP status the body gives.
    package var error: (message: String, code: String?, status: Int?)? {
        didSet {
            guard let error else { return }
            self.error = (PlannerText.withoutBidiControls(error.message), error.code.map(PlannerText.withoutBidiControls), error.status)
        }
    }
    /// The places a planner offers where it could not tell which was meant.
    package var options: [PlannerPlaceOption] = []
    /// What an adapter keeps of the answer's members to settle it once the body is read, by
    /// its own member names: Google's `status` may come before or after its `error_message`.
    package var facts: [String: String] = [:]
}
