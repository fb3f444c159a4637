// Conditional GET: a client that holds the representation it would get is told so, and one
// whose `If-Match` names no current representation is told 412.
extension HTTPServer {
    /// Turns a 200 to GET or HEAD into a 304 when an `If-None-Match` field (any of them, RFC
    /// 9110 §13.1.2) names its `ETag`, which names the coding chosen, so a tag held for one
    /// coding never stands for the other.
    ///
    /// The 304 keeps the body it replaces, unsent: libmicrohttpd 0.9.75 writes a
    /// `Content-Length` on every 304, and from the body it is given, so it states the length
    /// the 200 would have had, the one value RFC 9110 §8.6 allows. A streamed body has no
    /// such length, so its answer is never made a 304.
    func revalidate(_ response: inout HTTPResponse, _ connection: MHDConnection) {
        let etag = response.headers.first(where: { $0.name == "ETag" })?.value
        // If-Match first (RFC 9110 §13.2.2): a client whose tag is not the current one's is told 412.
        var ifMatch: Bool?
        connection.forEachValue(.header) { name, value in
            guard ASCII.equalIgnoringCase(name, "if-match") else { return true }
            let named = value.map { EntityTag.matchField($0, names: etag) } ?? false
            ifMatch = (ifMatch ?? false) || named
            return true
        }
        if ifMatch == false {
            let problem = HTTPProblem(status: 412, detail: "If-Match names no current representation of this resource.")
            var refusal = problems.response(for: problem)
            refusal.headers += response.headers.filter { $0.name == "ETag" || $0.name == "Vary" }
            response = refusal
            return
        }
        guard response.body.knownCount != nil, let tag = etag else { return }
        var named = false
        connection.forEachValue(.header) { name, value in
            guard ASCII.equalIgnoringCase(name, "if-none-match"), let value else { return true }
            named = EntityTag.noneMatchField(value, names: tag)
            return !named
        }
        guard named else { return }
        response.status = 304
        // §15.4.5: the fields a cache updates (ETag, Cache-Control, Vary…), no representation metadata.
        response.headers.removeAll { $0.name == "Content-Type" || $0.name == "Content-Encoding" }
    }
}
