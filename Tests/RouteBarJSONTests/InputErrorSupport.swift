import RouteBar

@testable import RouteBarJSON
@testable import RouteBarPlanners

/// The problem a whole exchange (decode, lay out, encode) ends with, or nil when it answers.
func inputError(_ body: String, query: [String: String] = [:]) -> RouteBarInputError? {
    do {
        _ = try RouteBarResponse.answer(json: Array(body.utf8), query: { query[$0] })
        return nil
    } catch {
        return error
    }
}
