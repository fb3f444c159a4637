/// What a planner's answer says besides its itineraries, gathered as its members are read.
struct PlannerOutcome {
    /// TfL's top-level `$type` (`…ItineraryResult`, `…ApiError`, `…DisambiguationResult`).
    var type: String?
    /// A top-level `message` or `title` (TfL's ApiError, HERE's error).
    var message: String?
    /// HERE's `cause` or `error_description`.
    var cause: String?
    /// The planner's reason for having no itinerary, in its own words.
    var noRoute: String?
    /// An error only an adapter can tell (TfL's ambiguous places).
    var errorMessage: String?
    /// The first `errors[].message` (GraphQL's, transport.opendata.ch's), "" for none.
    var errorList: String?
    var errorListIsGraphQL = false
    /// The planner's own code for its error: HERE's top-level `code` ("E602000"), TfL's
    /// `exceptionType`, GraphQL's `extensions.classification`.
    var code: String?
    /// The HTTP status the body gives for itself (HERE's `status`, TfL's `httpStatusCode`).
    var status: Int?
    /// The places a planner offers where it could not tell which was meant (TfL's).
    var options: [PlannerPlaceOption] = []
}
