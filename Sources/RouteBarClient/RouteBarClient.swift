import Foundation
import RouteBar

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Calls a routebar service over HTTP: route bars laid out for a request of ours or for a
/// journey planner's answer as it is, one width or several, whole or route by route.
/// Requests and answers are the RouteBar library's own values (`Route`, `LayoutOptions`,
/// `LaidOutRoute`), so code written for the library takes the service's answers as they are.
///
/// ```swift
/// let client = RouteBarClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let answer = try await client.layOut(LayoutRequest(width: 343, scale: 3, routes: routes))
/// for segment in answer.routes[0].segments { print(segment.mode, segment.x, segment.width) }
/// ```
///
/// Every refusal is thrown as `RouteBarClientError.problem` with the service's problem.
public struct RouteBarClient: Sendable {
    public let baseURL: URL
    private let session: URLSession
    /// The rider's languages, most preferred first (BCP 47 tags), sent as `Accept-Language`: the
    /// service speaks the first it has words for where a request names no `locale`. The
    /// device's preferred languages by default; `["ko"]` to always get Korean.
    public var languages: [String] = Locale.preferredLanguages

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    /// One layout for `request.options.width`.
    public func layOut(_ request: LayoutRequest) async throws(RouteBarClientError) -> LayoutAnswer {
        try await post(encode(request), query: request.parameters.query, as: LayoutAnswer.self)
    }

    /// One layout per width of `request.widths`.
    public func layOutForWidths(_ request: LayoutRequest) async throws(RouteBarClientError) -> MultiWidthLayoutAnswer {
        try await post(encode(request), query: request.parameters.query, as: MultiWidthLayoutAnswer.self)
    }

    /// A journey planner's answer posted as it is (any planner the service reads: its
    /// `source` values in openapi.yaml), laid out with `options` (sent as query parameters, as
    /// `LayoutRequest` sends them in its body). `source` names the planner (`"otp"`, `"google"`,
    /// …) where its shape alone does not tell it.
    public func layOut(
        plannerAnswer body: Data, options: LayoutOptions, source: String? = nil, fields: [String]? = nil
    ) async throws(RouteBarClientError) -> LayoutAnswer {
        var parameters = RequestParameters()
        (parameters.source, parameters.fields) = (source, fields)
        return try await layOut(plannerAnswer: body, options: options, parameters: parameters)
    }

    /// A journey planner's answer posted as it is, with every query parameter the service
    /// takes (`RequestParameters`: `source`, `waits`, `timeZone`, `shortLegSeconds`,
    /// `plannerStatus`, `fields`).
    public func layOut(
        plannerAnswer body: Data, options: LayoutOptions, parameters: RequestParameters
    ) async throws(RouteBarClientError) -> LayoutAnswer {
        var query = parameters.query
        for (option, value) in options.sent(omittingWidth: false) { query[option.name] = value.description }
        return try await post(body, query: query, as: LayoutAnswer.self)
    }

    /// An ODsay `searchPubTransPathT` response, posted as it is (see `layOut(plannerAnswer:options:source:fields:)`).
    public func layOut(odsayResponse body: Data, options: LayoutOptions) async throws(RouteBarClientError) -> LayoutAnswer {
        try await layOut(plannerAnswer: body, options: options, source: "odsay")
    }

    /// The routes of `request` laid out one by one as the service streams them (NDJSON): each
    /// arrives as soon as its line does.
    public func routes(_ request: LayoutRequest) -> AsyncThrowingStream<LaidOutRoute, any Error> {
        let body: Data
        do { body = try encode(request) } catch { return AsyncThrowingStream { $0.finish(throwing: error) } }
        var urlRequest = makeRequest(body, query: request.parameters.query)
        urlRequest.setValue("application/x-ndjson", forHTTPHeaderField: "Accept")
        return NDJSONRouteStream.start(urlRequest, configuration: session.configuration, masked: request.fields != nil)
    }

    private func encode(_ request: LayoutRequest) throws(RouteBarClientError) -> Data {
        do {
            return try JSONEncoder().encode(request)
        } catch {
            throw .transport("the request could not be encoded: \(error)")
        }
    }

    func makeRequest(_ body: Data, query: [String: String]) -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent("v1/route-bars"), resolvingAgainstBaseURL: false)
        if !query.isEmpty {
            components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        }
        var request = URLRequest(url: components?.url ?? baseURL)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let header = Self.acceptLanguage(languages) { request.setValue(header, forHTTPHeaderField: "Accept-Language") }
        return request
    }

    /// `Accept-Language` for `languages`, most preferred first, each next one weighted lower
    /// ("de-CH, en;q=0.9"); nil for none. At most 9, so that each weight is above 0.
    static func acceptLanguage(_ languages: [String]) -> String? {
        let tags = languages.prefix(9).filter { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } }
        guard !tags.isEmpty else { return nil }
        return tags.enumerated().map { $0.offset == 0 ? $0.element : "\($0.element);q=0.\(10 - $0.offset)" }.joined(separator: ", ")
    }

    private func post<Answer: Decodable>(_ body: Data, query: [String: String], as type: Answer.Type) async throws(RouteBarClientError) -> Answer {
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: makeRequest(body, query: query))
        } catch {
            throw .transport(String(describing: error))
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return try Self.decode(data, status: status, as: type, masked: query["fields"] != nil)
    }

    /// The answer for a `200`, or the problem the service sent instead; `masked` when the
    /// request sent a field mask, whose answer leaves members out.
    static func decode<Answer: Decodable>(
        _ data: Data, status: Int, as type: Answer.Type, masked: Bool = false
    ) throws(RouteBarClientError) -> Answer {
        guard status == 200 else {
            if let problem = try? JSONDecoder().decode(RouteBarProblem.self, from: data) { throw .problem(problem) }
            throw .unreadableAnswer(status: status, String(decoding: data.prefix(200), as: UTF8.self))
        }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[.routeBarMasked] = masked
            return try decoder.decode(type, from: data)
        } catch {
            throw .unreadableAnswer(status: status, "not a \(type): \(error)")
        }
    }
}
