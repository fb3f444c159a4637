import Testing

@testable import RouteBarJSON
@testable import RouteBarPlanners

@Suite struct UnknownParameterTests {
    /// Suggestions are for typos only: a name far from every parameter gets the list instead.
    @Test func onlyNearNamesAreSuggested() {
        #expect(RouteBarInputError.closestQueryParameter(to: "widht") == "width")
        #expect(RouteBarInputError.closestQueryParameter(to: "SCALE") == "scale")
        #expect(RouteBarInputError.closestQueryParameter(to: "wait") == "waits")
        #expect(RouteBarInputError.closestQueryParameter(to: "gaps") == "gap")
        #expect(RouteBarInputError.closestQueryParameter(to: "gpxx") == nil, "gap is 3 long: one edit at most")
        #expect(RouteBarInputError.closestQueryParameter(to: "zoom") == nil)
        #expect(RouteBarInputError.closestQueryParameter(to: String(repeating: "x", count: 10_000)) == nil)
        #expect(RouteBarInputError.editDistance(Array("ca".utf8), Array("abc".utf8)) == 3)
        #expect(RouteBarInputError.editDistance(Array("abcd".utf8), Array("abdc".utf8)) == 1)
    }
}
