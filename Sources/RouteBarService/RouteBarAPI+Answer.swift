import MicroHTTP
import RouteBar
import RouteBarDrawing
import RouteBarJSON

// A layout request answered: decoded, checked, laid out and written in the format asked for.
extension RouteBarAPI {
    /// Every answer is written a piece at a time (`AnswerPieces`), after every route has
    /// been checked: one that ends within its first piece (for JSON, up to
    /// `RouteBarJSONPieces.wholeAnswerBytes`) goes out whole, with its length; a longer one is
    /// streamed, each further piece laid out and written when the client has taken the one
    /// before. So a client holds at most its first piece, whatever it asked for.
    func answerRouteBars(_ request: HTTPRequest, format: RouteBarResponse.Format) throws(HTTPProblem) -> HTTPResponse {
        if let unknown = request.firstQueryParameter(notIn: RouteBarRequest.queryParameterNames) {
            throw HTTPProblem(RouteBarInputError.unknownParameter(unknown))
        }
        // Counted before it is built: what decoding may take at most, then what the decoded
        // request holds. A stream keeps the request, and with it this count, until it ends.
        let decodedMemory = try request.holdMemory(RouteBarRequest.decodingBytes(forBody: request.body.count))
        let predecoded = readRoutesWithSimdjson(request, counted: decodedMemory)
        // Without `locale` in the query, `Accept-Language` offers one (RFC 9110 §12.5.4), which a
        // body's own `locale` still overrides; either way the answer varies with the header.
        let queryLocale = request.queryParameter("locale")
        let acceptLanguage = request.header("Accept-Language")
        let offered = queryLocale == nil ? acceptLanguage.flatMap { AcceptLanguage.preferred($0) }?.rawValue : nil
        // A language without words of its own says its sentence, whole, in the best one the
        // reader accepts that has them (else English).
        let sentenceLocale = acceptLanguage.flatMap { AcceptLanguage.preferred($0, where: \.hasOwnWords) }
        // A field mask in the query string, or else in `X-Fields` (as Google's X-Goog-FieldMask),
        // for clients that cannot touch the URL; the decoder asks for the header by its name.
        let headerFields = request.header(Self.fieldsHeader)
        // A closure literal: a method reference would box `request`. Asked some 30 times a
        // request, most often for a name the query string does not have: that answer comes
        // first, and only a name of six or eight bytes is compared with the two that have
        // another source. Most requests have neither a query string nor those headers, and it
        // is never asked.
        let queryHasValues = request.hasQueryParameters || offered != nil || headerFields != nil
        let decoded = try Self.decode(
            request.body, limits: limits, routes: predecoded, sentenceIn: sentenceLocale, queryHasValues: queryHasValues
        ) { name in
            if let value = request.queryParameter(name) { return value }
            switch name.utf8.count {
            case 6: return name == "locale" ? offered : nil
            case 8: return name == Self.fieldsHeader ? headerFields : nil
            default: return nil
            }
        }
        try decodedMemory.resize(to: decoded.heldBytes)
        // A stream holds a piece in hand and the next (a JSON answer's first piece is the part
        // it would have held whole); while memory is short, answers are held whole only up to
        // a smaller size, and stream past it.
        let held = 2 * RouteBarJSONPieces.pieceBytes
        let wholeBytes = request.wholeAnswerBytes(upTo: RouteBarJSONPieces.wholeAnswerBytes)
        let heldJSON = held + wholeBytes
        let (routes, segments) = ((decoded.widths?.count ?? 1) * decoded.routes.count, decoded.segmentsToLayOut)
        // The language the words are in: the sentence's (the answer's `locale` formats numbers,
        // clocks and fares).
        let contentLanguage = HTTPHeader("Content-Language", decoded.options.locale.sentenceLocale.rawValue)
        let variesOnAcceptLanguage = queryLocale == nil || !decoded.options.locale.hasOwnWords
        var response: HTTPResponse
        switch format {
        case .json:
            // The answer takes the request (a copy would retain and release its every member).
            var pieces: RouteBarJSONPieces
            do {
                pieces = try RouteBarJSONPieces.writing(consume decoded, upTo: wholeBytes, buffers: answerBuffers)
            } catch {
                throw HTTPProblem(error)
            }
            guard try Self.layoutHolds(pieces.fill(upTo: wholeBytes)) else {
                response = Self.streamed(pieces, first: nil, headers: Self.jsonHeaders, held: heldJSON, keeping: decodedMemory)
                break
            }
            let (buffer, owner) = pieces.finish().retainedBuffer
            response = HTTPResponse(status: 200, headers: Self.jsonHeaders, body: .owned(HTTPOwnedBytes(buffer, owner: owner)))
        case .ndjson:
            let pieces = try Self.checked { () throws(RouteBarInputError) in try RouteBarNDJSONPieces(decoded) }
            response = Self.streamed(pieces, first: nil, headers: Self.ndjsonHeaders, held: held, keeping: decodedMemory)
        case .svg:
            var pieces = try Self.checked { () throws(RouteBarInputError) in
                try decoded.checkFields(for: .svg)
                try decoded.checkOneWidth(for: .svg)
                do throws(RouteBarError) {
                    return try RouteBarSVGPieces(decoded.routes, options: decoded.options, clock: Self.axisClock(decoded.options))
                } catch {
                    throw RouteBarInputError(error, in: decoded)
                }
            }
            let first = try Self.layoutHolds(pieces.nextPiece()) ?? []
            response =
                pieces.isFinished
                ? HTTPResponse(status: 200, headers: Self.svgHeaders, body: .bytes(first))
                : Self.streamed(pieces, first: first, headers: Self.svgHeaders, held: held, keeping: decodedMemory)
        }
        count(routes: routes, segments: segments)
        response.headers.append(contentLanguage)
        if variesOnAcceptLanguage, let vary = response.headers.firstIndex(where: { $0.name == "Vary" }) {
            response.headers[vary] = Self.varyAcceptLanguage
        }
        return response
    }

    /// The request's own faults, as problems.
    private static func checked<Value: ~Copyable>(_ body: () throws(RouteBarInputError) -> Value) throws(HTTPProblem) -> Value {
        do {
            return try body()
        } catch {
            throw HTTPProblem(error)
        }
    }

    /// A layout that fails after its routes were checked is a bug: a 500, not a wrong answer.
    private static func layoutHolds<Value>(_ body: @autoclosure () throws(RouteBarError) -> Value) throws(HTTPProblem) -> Value {
        do {
            return try body()
        } catch {
            throw HTTPProblem(status: 500, detail: "The layout failed after its check passed: \(error.message)")
        }
    }

    /// The rest of an answer, pulled a piece at a time; `first` is the piece already made.
    /// `decodedMemory` counts the decoded request the pieces keep, until the stream ends.
    private static func streamed<Pieces: AnswerPieces & ~Copyable>(
        _ pieces: consuming Pieces, first: [UInt8]?, headers: [HTTPHeader], held: Int, keeping decodedMemory: HeldMemory
    ) -> HTTPResponse {
        let stream = AnswerStream(pieces, first: first)
        return HTTPResponse(
            status: 200, headers: headers,
            body: .stream(
                HTTPBodyStream(heldBytes: held) { () throws(HTTPBodyStream.Abort) in
                    withExtendedLifetime(decodedMemory) {}
                    return try stream.next()
                }))
    }

    /// The routes of a body of our own shape, read by simdjson (`FastRoutes`) with its buffers
    /// counted in the memory account (in `memory`, the decoding's count, while it reads); nil
    /// where it declined, or where the account had no room for them (StrictJSON then reads
    /// alone). Each outcome is counted for `/metrics`.
    private func readRoutesWithSimdjson(_ request: HTTPRequest, counted memory: HeldMemory) -> PredecodedRoutes? {
        guard request.body.withUnsafeBufferPointer(FastRoutes.mayRead) else { return nil }
        let decoding = memory.bytes
        do {
            try memory.resize(to: decoding + FastRoutes.workingBytes(forBody: request.body.count))
        } catch {
            count(simdjson: .noRoom)
            return nil
        }
        // Back to the decoding's count, which shrinking cannot fail.
        defer { try? memory.resize(to: decoding) }
        let routes = request.body.withUnsafeBufferPointer(FastRoutes.read)
        count(simdjson: routes == nil ? .declined : .read)
        return routes
    }

    /// The request, decoded and within the limits; with `simdjson`, its routes read by
    /// simdjson where it can (`FastRoutes`), the rest by StrictJSON.
    public static func decode(
        _ body: [UInt8], limits: Limits, simdjson: Bool = false, query: (String) -> String?
    ) throws(HTTPProblem) -> RouteBarRequest {
        let routes = simdjson && body.withUnsafeBufferPointer(FastRoutes.mayRead) ? body.withUnsafeBufferPointer(FastRoutes.read) : nil
        return try decode(body, limits: limits, routes: routes, query: query)
    }

    /// The request, decoded and within the limits, with its routes as simdjson read them.
    static func decode(
        _ body: [UInt8], limits: Limits, routes predecoded: PredecodedRoutes?, sentenceIn sentenceLocale: LabelLocale? = nil,
        queryHasValues: Bool = true, query: (String) -> String?
    ) throws(HTTPProblem) -> RouteBarRequest {
        do throws(RouteBarInputError) {
            var request = try body.withUnsafeBufferPointer { (buffer) throws(RouteBarInputError) in
                try RouteBarRequest(json: buffer, query: query, queryHasValues: queryHasValues, predecoded: predecoded)
            }
            try request.checkSegments(limit: limits.maxSegments)
            request.cardFormatter = LocaleText.cardFormatter
            // CLDR's durations where the labels are not routebar's own Korean or English.
            request.options.locale = LocaleText.localized(request.options.locale, sentenceIn: sentenceLocale)
            return request
        } catch {
            throw HTTPProblem(error)
        }
    }

    /// The whole JSON answer: shared by the server and `routebar layout`, so they cannot differ.
    public static func answer(_ request: RouteBarRequest) throws(HTTPProblem) -> RouteBarAnswer {
        do throws(RouteBarInputError) {
            return try RouteBarResponse.encodeAnswer(request)
        } catch {
            throw HTTPProblem(error)
        }
    }

    /// The clock axis's hours in the reader's clock (CLDR through ICU: "5:00 PM", "17:00"), for
    /// `timeScale` `clock`; nil otherwise.
    static func axisClock(_ options: LayoutOptions) -> RouteBarSVG.ClockText? {
        guard options.timeScale == .clock else { return nil }
        let tag = options.locale.rawValue
        return { (minute: Int) -> String in
            LocaleText.text(locale: tag, localSeconds: Int64(minute) * 60) ?? RouteBarSVG.twentyFourHourText(minute)
        }
    }
}
