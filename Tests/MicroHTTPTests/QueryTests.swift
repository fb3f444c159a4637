import MicroHTTP
import MicroHTTPTesting
import Testing

/// Query parameters: case-sensitive names, each given once, and no `%00` anywhere in the target.
extension MicroHTTPEdgeTests {
    @Suite struct QueryTests {
        struct Answered: Sendable, CustomTestStringConvertible {
            let target: String
            let body: String
            var testDescription: String { "\(target) → \(body)" }
        }

        static let answered = [
            Answered(target: "/echo?width=3", body: "3"),
            Answered(target: "/echo?WIDTH=3", body: "nil"),
            Answered(target: "/echo?height=3", body: "nil"),
            Answered(target: "/echo?width=%33%34", body: "34"),
            // Empty pairs, as URL builders leave them, name nothing and are passed over.
            Answered(target: "/echo?width=3&", body: "3"),
            Answered(target: "/echo?&width=3&&", body: "3"),
            Answered(target: "/echo?&", body: "nil"),
        ]

        @Test(arguments: answered)
        func parameterIsLookedUpByItsExactName(_ expected: Answered) throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let response = try live.connect().request("GET", expected.target)
                #expect(response.status == 200)
                #expect(response.text == expected.body)
            }
        }

        @Test func repeatedParameterGets400NamingIt() throws {
            try withLiveServer(router: EdgeRoutes().router) { live in
                let response = try live.connect().request("GET", "/echo?width=2&width=abc")
                let problem = expectProblem(response, status: 400)
                #expect(problem["parameter"] as? String == "width")
            }
        }

        static let encodedNULs = ["/echo?width=3%00x", "/echo%00x", "/healthz%00x"]

        /// libmicrohttpd decodes `%00` into a NUL that would end the path or value early:
        /// `/healthz%00x` would otherwise be served as `/healthz`.
        @Test(arguments: encodedNULs)
        func encodedNULGets400(_ target: String) throws {
            let routes = EdgeRoutes()
            try withLiveServer(router: routes.router) { live in
                let response = try live.connect().request("GET", target)
                expectProblem(response, status: 400)
                #expect(routes.healthHits.count == 0, "\(target) reached /healthz")
                #expect(!response.text.contains("healthy"))
                // The control: the route itself answers.
                #expect(try live.connect().request("GET", "/healthz").text == "healthy")
                #expect(routes.healthHits.count == 1)
            }
        }
    }
}
