import MicroHTTPTesting
import Testing

@testable import MicroHTTP

/// Conditional GET per RFC 9110: `If-None-Match` lists, `*`, weak comparison, several fields,
/// a tag per coding, and a 304 whose `Content-Length` is the 200's.
extension MicroHTTPEdgeTests {
    @Suite struct RevalidationTests {
        static let document = StaticResource(Array(String(repeating: "route bars, ", count: 400).utf8), contentType: "text/plain")

        static var router: Router {
            var router = EdgeRoutes().router
            router.get("/doc") { request in Self.document.response(to: request) }
            return router
        }

        @Test(arguments: [
            (#""abc""#, true), (#"W/"abc""#, true), (#""x", "abc""#, true), (#""x",W/"abc" , "y""#, true),
            ("*", true), (" * ", true), (#""a,b", "abc""#, true), (#",,"abc",,"#, true),
            (#""abcd""#, false), (#""ABC""#, false), ("abc", false), (#""x" "abc""#, false), (#""abc"#, false),
            (#"w/"abc""#, false), ("*, \"x\"", false), ("", false), (#""ab"c""#, false),
        ])
        func fieldValuesAreReadAsEntityTagLists(field: String, names: Bool) {
            let bytes = Array(field.utf8)
            let result = bytes.withUnsafeBufferPointer { EntityTag.noneMatchField($0, names: #""abc""#) }
            #expect(result == names, "\(field)")
        }

        /// `If-Match` on a GET: a tag that is not the current one's (strong comparison, so a
        /// weak tag never matches) is 412; the current tag or `*` gets the answer.
        @Test func ifMatchIsEvaluatedOnGet() throws {
            try withLiveServer(router: Self.router) { live in
                let connection = try live.connect()
                let tag = try #require(try connection.request("GET", "/doc").headers["etag"])
                #expect(try connection.request("GET", "/doc", headers: ["If-Match": tag]).status == 200)
                #expect(try connection.request("GET", "/doc", headers: ["If-Match": "*"]).status == 200)
                #expect(try connection.request("GET", "/doc", headers: ["If-Match": "\"x\", \(tag)"]).status == 200)
                let stale = try connection.request("GET", "/doc", headers: ["If-Match": "\"x\""])
                expectProblem(stale, status: 412)
                #expect(stale.headers["etag"] == tag)
                expectProblem(try connection.request("GET", "/doc", headers: ["If-Match": "W/\(tag)"]), status: 412)
                // An answer without a tag is named by `*` only.
                #expect(try connection.request("GET", "/ok", headers: ["If-Match": "*"]).status == 200)
                expectProblem(try connection.request("GET", "/ok", headers: ["If-Match": "\"x\""]), status: 412)
                // Every status the server sends has its own series: 412 is not counted as "other".
                #expect(
                    waitUntil(timeoutSeconds: 2) {
                        var page = ""
                        live.server.metrics.render(into: &page)
                        return page.contains(#"route="/doc",status="412"} 2"#) && page.contains(#"route="/ok",status="412"} 1"#)
                    })
            }
        }

        /// A 304 has its own series, as every status the server sends: none is counted as `other`.
        @Test func aNotModifiedAnswerIsCountedUnderItsOwnStatus() throws {
            try withLiveServer(router: Self.router) { live in
                let connection = try live.connect()
                let tag = try #require(try connection.request("GET", "/doc").headers["etag"])
                #expect(try connection.request("GET", "/doc", headers: ["If-None-Match": tag]).status == 304)
                #expect(
                    waitUntil(timeoutSeconds: 2) {
                        var page = ""
                        live.server.metrics.render(into: &page)
                        return page.contains(#"route="/doc",status="304"} 1"#) && !page.contains(#"status="other""#)
                    })
            }
            // Every status the server itself sends is one it has a reason phrase and a label for.
            for status in [204, 304, 400, 404, 405, 408, 412, 413, 414, 415, 431, 500, 501, 503, 505] {
                #expect(HTTPStatus.reasonPhrase(status) != "Error" && HTTPMetrics.statuses.contains(status), "\(status)")
            }
        }

        @Test func eachCodingIsRevalidatedAgainstItsOwnTag() throws {
            try withLiveServer(.testing { $0.compressAtBytes = 1024 }, router: Self.router) { live in
                let connection = try live.connect()
                let plain = try connection.request("GET", "/doc")
                let plainTag = try #require(plain.headers["etag"])
                let coded = try connection.request("GET", "/doc", headers: ["Accept-Encoding": "gzip"])
                let codedTag = try #require(coded.headers["etag"])
                #expect(coded.headers["content-encoding"] == "gzip")
                #expect(codedTag == String(plainTag.dropLast()) + "-gzip\"")

                let notModified = try connection.request("GET", "/doc", headers: ["If-None-Match": plainTag])
                #expect(notModified.status == 304)
                #expect(notModified.headers["content-length"] == String(plain.body.count), "the 200's length, RFC 9110 §8.6")
                #expect(notModified.headers["etag"] == plainTag)
                #expect(notModified.headers["content-type"] == nil)
                let codedNotModified = try connection.request("GET", "/doc", headers: ["Accept-Encoding": "gzip", "If-None-Match": codedTag])
                #expect(codedNotModified.status == 304)
                #expect(codedNotModified.headers["content-length"] == String(coded.body.count))
                #expect(codedNotModified.headers["content-encoding"] == nil)
                #expect(codedNotModified.headers["vary"] == "Accept-Encoding")

                // A tag held for one coding does not stand for the other.
                #expect(try connection.request("GET", "/doc", headers: ["Accept-Encoding": "gzip", "If-None-Match": plainTag]).status == 200)
                #expect(try connection.request("GET", "/doc", headers: ["If-None-Match": codedTag]).status == 200)
                #expect(try connection.request("GET", "/doc", headers: ["If-None-Match": "*"]).status == 304)
                #expect(try connection.request("HEAD", "/doc", headers: ["If-None-Match": "W/" + plainTag]).status == 304)
                // Only GET and HEAD are revalidated; the same tag on a route without one changes nothing.
                #expect(try connection.request("GET", "/healthz", headers: ["If-None-Match": "*"]).status == 200)
            }
        }

        @Test func everyIfNoneMatchFieldIsRead() throws {
            try withLiveServer(.testing { _ in }, router: Self.router) { live in
                let connection = try live.connect()
                let tag = try #require(connection.request("GET", "/doc").headers["etag"])
                try connection.send("GET /doc HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"other\"\r\nIf-None-Match: \"x\", \(tag)\r\n\r\n")
                let second = try connection.readResponse()
                #expect(second.status == 304)
                try connection.send("GET /doc HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"other\"\r\nIf-None-Match: \"x\"\r\n\r\n")
                let neither = try connection.readResponse()
                #expect(neither.status == 200)
                #expect(neither.body == Self.document.bytes)
            }
        }
    }
}
