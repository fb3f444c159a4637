import Testing

@testable import MicroHTTP

@Suite struct RouterTests {
    @Test func matchesExactPathsAndAnswersHeadForGet() {
        var router = Router()
        router.get("/a") { _ in .text("a") }
        router.post("/a", consumes: "application/json") { _ in .text("b") }
        router.post("/b", consumes: "application/json") { _ in .text("c") }
        guard case .route(let get) = router.match(method: "HEAD", path: "/a") else { Issue.record("HEAD /a"); return }
        #expect(get.method == "GET")
        guard case .methodNotAllowed(let allow, let index) = router.match(method: "DELETE", path: "/a") else { Issue.record("DELETE /a"); return }
        #expect(allow == "GET, POST, HEAD")
        #expect(index == 0)
        guard case .notFound = router.match(method: "GET", path: "/a/") else { Issue.record("GET /a/"); return }
        #expect(router.paths == ["/a", "/b"])
        guard case .methodNotAllowed(let allowB, let indexB) = router.match(method: "GET", path: "/b") else { Issue.record("GET /b"); return }
        #expect(allowB == "POST" && indexB == 1)
        // A path longer than a small string's 15 bytes, and a route added again replaces the first.
        router.get("/a/path/longer/than/fifteen/bytes") { _ in .text("d") }
        router.get("/a/path/longer/than/fifteen/bytes") { _ in .text("e") }
        guard case .route(let long) = router.match(method: "GET", path: "/a/path/longer/than/fifteen/bytes") else {
            Issue.record("GET the long path")
            return
        }
        #expect(long.pathIndex == 2 && router.paths.count == 3)
        guard case .methodNotAllowed(let allowLong, _) = router.match(method: "POST", path: "/a/path/longer/than/fifteen/bytes") else {
            Issue.record("POST the long path")
            return
        }
        #expect(allowLong == "GET, HEAD", "one GET route, the second replacing the first")
    }

    @Test func mediaTypesMatchWithoutParametersOrCase() {
        #expect(MediaType.matches("application/json", "application/json"))
        #expect(MediaType.matches("Application/JSON; charset=utf-8", "application/json"))
        #expect(MediaType.matches("application/problem+json", "application/json"))
        #expect(!MediaType.matches("text/json", "application/json"))
        #expect(!MediaType.matches(nil, "application/json"))
        #expect(MediaType.matches(" \tapplication/json\t ;charset=utf-8", "application/json"))
        #expect(MediaType.matches("APPLICATION/VND.API+JSON", "application/json"))
        #expect(!MediaType.matches("application/json-seq", "application/json"))
        #expect(!MediaType.matches("application/x-ndjson", "application/json"))
        #expect(!MediaType.matches("", "application/json"))
        #expect(!MediaType.matches("application/jsonp", "application/json"))
    }

    @Test func acceptedRangesKeepTheClientsOrderAndDropQualityZero() {
        func ranges(_ accept: String) -> [String] {
            MediaType.acceptedRanges(accept).map { String(Substring($0.bytes)) }
        }
        #expect(
            ranges("text/html;q=0.9, Application/X-NDJSON ; Q=0.000, image/svg+xml;level=1;q=0 ,  */* ,,")
                == ["text/html", "*/*"])
        #expect(ranges("application/json;q=0.5,image/svg+xml;q=0.001") == ["application/json", "image/svg+xml"])
        #expect(ranges("a/b; q=0.") == [])
        #expect(ranges("") == [])
        #expect(ranges(" , ;q=1") == [])
        let first = MediaType.acceptedRanges("Image/SVG+XML, */*").first { _ in true }
        #expect(first?.names("image/svg+xml") == true)
        #expect(first?.names("image/svg") == false)
    }
}

@Suite struct FieldNameTests {
    @Test func tokenBytesAreExactlyRFC9110sTchar() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(RequestFraming.isTokenByte(byte) == tchar.contains(byte), "byte \(byte)")
        }
    }
}
