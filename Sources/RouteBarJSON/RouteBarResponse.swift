import RouteBar
import RouteBarPlanners
internal import StrictJSON

// The answer writes accessibility sentences straight into its buffer.
private typealias RouteMember = AnswerFields.Route
private typealias SegmentMember = AnswerFields.Segment

extension JSONWriter: SentenceSink {
    package mutating func append(_ piece: String) {
        appendToString(piece)
    }

    package mutating func appendLiteral(_ piece: StaticString) {
        appendVerbatimToString(piece)
    }
}

/// Writes the `200` answer of `POST /v1/route-bars`.
public enum RouteBarResponse {
    /// `{"width": …, "scale": …, "algorithm": …, "routes": [...]}`, into `writer`.
    static func write(_ routes: [LaidOutRoute], options: LayoutOptions, to writer: inout JSONWriter) {
        writeLayout(options: options, to: &writer) { writer in
            for route in routes {
                write(route, options: options, to: &writer)
            }
        }
    }

    /// A layout's object, with `writeRoutes` writing the members of its `routes` array.
    static func writeLayout<Failure: Error>(
        options: LayoutOptions, to writer: inout JSONWriter, routes writeRoutes: (inout JSONWriter) throws(Failure) -> Void
    ) throws(Failure) {
        beginLayout(options: options, to: &writer)
        try writeRoutes(&writer)
        endLayout(to: &writer)
    }

    /// A layout's object up to the opening of its `routes` array; `source` names the planner
    /// whose answer was read, at the answer's top level.
    static func beginLayout(
        options: LayoutOptions, source: Planner? = nil, notice: String? = nil, problems: [RouteBarInputError] = [],
        fields: AnswerFields = .all, to writer: inout JSONWriter
    ) {
        writer.beginObject()
        if fields.has(AnswerFields.Answer.width) { writer.field("width", options.width) }
        if fields.has(.scale) { writer.field("scale", options.scale) }
        if fields.has(.algorithm) { writer.field("algorithm", options.algorithm.rawValue) }
        writeDrawingOptions(options, fields: fields, to: &writer)
        writeSource(source, notice: notice, problems: problems, fields: fields, to: &writer)
        if fields.has(.routes) {
            writer.key("routes")
            writer.beginArray()
        }
    }

    /// The options that change how the answer is drawn, echoed so a client draws it alike.
    static func writeDrawingOptions(_ options: LayoutOptions, fields: AnswerFields, to writer: inout JSONWriter) {
        if fields.has(.gap) { writer.field("gap", options.gap) }
        if fields.has(.theme) { writer.field("theme", options.theme.rawValue) }
        if fields.has(.timeScale) { writer.field("timeScale", options.timeScale.rawValue) }
        // The language the labels and sentences are in, as `Content-Language` says it too.
        if fields.has(.locale) { writer.field("locale", options.locale.rawValue) }
        // The metrics the display plan measured its boxes with.
        if options.display, fields.has(.labelFont) { writer.field("labelFont", options.labelFont.rawValue) }
    }

    static func endLayout(fields: AnswerFields = .all, to writer: inout JSONWriter) {
        if fields.has(.routes) { writer.endArray() }
        writer.endObject()
    }

    /// The planner read (`source`), its word on why there is no route (`notice`, with `reason`), and the
    /// itineraries left out (`problems`, RFC 9457 objects as a refusal would have them).
    static func writeSource(
        _ source: Planner?, notice: String?, problems: [RouteBarInputError], fields: AnswerFields, to writer: inout JSONWriter
    ) {
        guard let source else { return }
        if fields.has(.source) { writer.field("source", source.rawValue) }
        // A program's word beside the planner's: the answer lists no route, and that is the
        // planner's outcome, not a failure (`PlannerErrorReason` names the failures).
        if notice != nil, fields.has(.reason) { writer.field("reason", "no-route") }
        if let notice, fields.has(.notice) { writer.field("notice", notice) }
        guard !problems.isEmpty, fields.has(.problems) else { return }
        writer.key("problems")
        writer.beginArray()
        for problem in problems { write(problem, to: &writer) }
        writer.endArray()
    }

    /// A problem as an object of the answer: the members `application/problem+json` has.
    static func write(_ problem: RouteBarInputError, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("type", problem.type.uri)
        writer.field("title", problem.type.title)
        writer.field("status", problem.type.status)
        writer.field("detail", problem.detail)
        if let pointer = problem.pointer { writer.field("pointer", pointer) }
        for value in problem.values {
            writer.key(named: value.name)
            writer.string(value.value)
        }
        writer.endObject()
    }

    /// The object that holds several widths' layouts, up to the opening of its `layouts` array.
    static func beginLayouts(
        options: LayoutOptions, source: Planner? = nil, notice: String? = nil, problems: [RouteBarInputError] = [],
        fields: AnswerFields = .all, to writer: inout JSONWriter
    ) {
        writer.beginObject()
        if fields.has(.scale) { writer.field("scale", options.scale) }
        if fields.has(.algorithm) { writer.field("algorithm", options.algorithm.rawValue) }
        writeDrawingOptions(options, fields: fields, to: &writer)
        writeSource(source, notice: notice, problems: problems, fields: fields, to: &writer)
        writer.key("layouts")
        writer.beginArray()
    }

    /// The answer document for routes already laid out, as the service sends it.
    public static func encode(_ routes: [LaidOutRoute], options: LayoutOptions) -> RouteBarDocument {
        var writer = JSONWriter(capacity: estimatedSize(routes: routes.count, segments: routes.reduce(0) { $0 + $1.segments.count }))
        write(routes, options: options, to: &writer)
        return RouteBarDocument(writer.finish())
    }

    /// An upper bound for typical answers (about 250 bytes a route, 200 a segment with its
    /// label, line and colour), so the writer allocates once and never grows.
    static func estimatedSize(routes: Int, segments: Int) -> Int {
        256 + 300 * routes + 250 * segments
    }

    /// `{"name": "수도권 3호선", "code": 3, "shortName": "3", "englishName": "Line 3"}` for a
    /// subway, `{"name": "421", "busType": 11, "shortName": "421"}` for a bus, `{"name": "KTX",
    /// "trainType": 1, …}` for a train; with `color`, as the members of `lines` carry it.
    static func write(
        _ line: TransitLine, of segment: BarSegment, badge: String?, englishName: String?, color: String?,
        to writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.field("name", line.name)
        if let code = line.subwayCode { writer.field("code", code) }
        if let type = line.busType { writer.field("busType", type) }
        if segment.mode == .train, let type = segment.trainType { writer.field("trainType", type) }
        if let badge { writer.field("shortName", badge) }
        if let englishName { writer.field("englishName", englishName) }
        if let agency = line.agency { writer.field("agency", agency) }
        if let color { writer.field("color", color) }
        writer.endObject()
    }

    /// `line`, then `lines`: the first candidate is `line` again, with the segment's own colour,
    /// so its badge and names are looked up once.
    static func writeLines(
        of segment: BarSegment, _ line: TransitLine, options: LayoutOptions, fields: AnswerFields = .all, to writer: inout JSONWriter
    ) {
        // A ride's badge was looked up when it was laid out (`BarSegment.badge`).
        let badge =
            segment.kind == .transit
            ? segment.badge : LinePalette.badge(mode: segment.mode, line: line, trainType: segment.trainType, locale: options.locale)
        let englishName = LinePalette.englishName(mode: segment.mode, line: line, trainType: segment.trainType)
        if fields.has(.line) {
            writer.key("line")
            write(line, of: segment, badge: badge, englishName: englishName, color: nil, to: &writer)
        }
        guard fields.has(.lines) else { return }
        writer.key("lines")
        writer.beginArray()
        write(line, of: segment, badge: badge, englishName: englishName, color: segment.color, to: &writer)
        for other in segment.otherLines {
            write(
                other, of: segment,
                badge: LinePalette.badge(mode: segment.mode, line: other, trainType: segment.trainType, locale: options.locale),
                englishName: LinePalette.englishName(mode: segment.mode, line: other, trainType: segment.trainType),
                color: options.colors ? LinePalette.color(mode: segment.mode, line: other, theme: options.theme) : nil,
                to: &writer)
        }
        writer.endArray()
    }

    static func write(
        _ segment: UnsafePointer<BarSegment>, options: LayoutOptions, clock: CardText, fields: AnswerFields,
        display: SegmentDisplay? = nil, to writer: inout JSONWriter
    ) {
        writer.beginObject()
        if fields.has(SegmentMember.index) { writer.field("index", segment.pointee.index) }
        if fields.has(.trafficType) { writer.field("trafficType", segment.pointee.trafficType) }
        if fields.has(.kind) { writer.field("kind", ascii: segment.pointee.kind.jsonName) }
        if fields.has(.mode) { writer.field("mode", ascii: segment.pointee.mode.jsonName) }
        if fields.has(.sectionTime) { writer.field("sectionTime", segment.pointee.sectionTime) }
        if fields.has(.x) { writer.field("x", segment.pointee.x) }
        if fields.has(SegmentMember.width) { writer.field("width", segment.pointee.width) }
        // The members below follow `width` in the table too: a mask without any of them (the
        // peer-equivalent one) skips their tests, each a load, for `line` of its whole tag.
        guard fields.hasAny(from: .label) else {
            writer.endObject()
            return
        }
        if let label = segment.pointee.label {
            if fields.has(.label) { writer.field("label", label) }
            if fields.has(SegmentMember.minutes) { writer.field("minutes", segment.pointee.minutes) }
        }
        if let seconds = segment.pointee.shortSeconds, fields.has(.shortSeconds) { writer.field("shortSeconds", seconds) }
        if let fits = segment.pointee.labelFits, fields.has(.labelFits) { writer.field("labelFits", fits) }
        if let badge = segment.pointee.badge, fields.has(.badge) { writer.field("badge", badge) }
        if let fits = segment.pointee.badgeFits, fields.has(.badgeFits) { writer.field("badgeFits", fits) }
        if let transfer = segment.pointee.transferBefore, fields.has(.transferBefore) { writer.field("transferBefore", transfer) }
        if let line = segment.pointee.line, fields.has(.line) || fields.has(.lines) {
            writeLines(of: segment.pointee, line, options: options, fields: fields, to: &writer)
        }
        if let color = segment.pointee.color, fields.has(.color) { writer.field("color", color) }
        if let textColor = segment.pointee.textColor, fields.has(.textColor) { writer.field("textColor", textColor) }
        if let display { write(display, to: &writer) }
        if let card = segment.pointee.card { write(card, clock: clock, fields: fields, to: &writer) }
        writer.endObject()
    }

    /// `display`: the segment's plan, each part only where it is shown.
    static func write(_ display: SegmentDisplay, to writer: inout JSONWriter) {
        writer.key("display")
        writer.beginObject()
        if let badge = display.badge {
            writer.key("badge")
            writeBox(text: badge.text, x: badge.x, width: badge.width, to: &writer)
            writer.endObject()
        }
        if let icon = display.icon {
            writer.key("icon")
            writer.beginObject()
            writer.field("name", icon.name)
            writer.field("x", icon.x)
            writer.field("width", icon.width)
            writer.endObject()
        }
        if let minutes = display.minutes, let place = display.minutesPlace {
            writer.key("minutes")
            writeBox(text: minutes.text, x: minutes.x, width: minutes.width, to: &writer)
            writer.field("place", place.rawValue)
            writer.endObject()
        }
        writer.key("omitted")
        writer.beginArray()
        for part in display.omitted { writer.string(part.rawValue) }
        writer.endArray()
        writer.endObject()
    }

    /// A text box's members, the object left open.
    private static func writeBox(text: String, x: Double, width: Double, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("text", text)
        writer.field("x", x)
        writer.field("width", width)
    }

    /// A leg's card, passed through from the planner: members of the segment.
    static func write(_ card: LegCard, clock: CardText, fields: AnswerFields = .all, to writer: inout JSONWriter) {
        clock.write(departure: card.departure, card.departureTime, keep: fields.timeBits(SegmentMember.departure), to: &writer)
        clock.write(arrival: card.arrival, card.arrivalTime, keep: fields.timeBits(SegmentMember.arrival), to: &writer)
        if let distance = card.distance, fields.has(.distance) { writer.field("distance", distance) }
        if let from = card.from, fields.has(.from) { writer.field("from", from) }
        if let to = card.to, fields.has(.to) { writer.field("to", to) }
        if let headsign = card.headsign, fields.has(.headsign) { writer.field("headsign", headsign) }
        if !card.facts.isEmpty { write(card.facts, clock: clock, fields: fields, to: &writer) }
    }

    /// A leg's other facts, passed through from the planner: members of the segment.
    static func write(_ facts: LegFacts, clock: CardText, fields: AnswerFields = .all, to writer: inout JSONWriter) {
        if let platform = facts.departurePlatform, fields.has(.departurePlatform) { writer.field("departurePlatform", platform) }
        if let platform = facts.arrivalPlatform, fields.has(.arrivalPlatform) { writer.field("arrivalPlatform", platform) }
        if let stops = facts.stops, fields.has(.stops) { writer.field("stops", stops) }
        if let network = facts.network, fields.has(.network) { writer.field("network", network) }
        if let realTime = facts.realTime, fields.has(.realTime) { writer.field("realTime", realTime) }
        if let delay = facts.departureDelay, fields.has(.departureDelay) { writer.field("departureDelay", delay) }
        if let delay = facts.arrivalDelay, fields.has(.arrivalDelay) { writer.field("arrivalDelay", delay) }
        if let occupancy = facts.occupancy, fields.has(.occupancy) { writer.field("occupancy", occupancy.jsonName) }
        if let count = facts.alertCount {
            if fields.has(.alertCount) { writer.field("alertCount", count) }
            if fields.has(.alerts) {
                writer.key("alerts")
                writer.beginArray()
                for alert in facts.alerts { writer.string(alert) }
                writer.endArray()
            }
        }
        if facts.cancelled == true, fields.has(.cancelled) { writer.field("cancelled", true) }
        if let reachable = facts.reachable, fields.has(.reachable) { writer.field("reachable", reachable) }
        if !facts.fareProducts.isEmpty, fields.has(.fareProducts) {
            writer.key("fareProducts")
            writer.beginArray()
            for product in facts.fareProducts {
                writer.beginObject()
                if let id = product.id { writer.field("id", id) }
                writer.field("name", product.name)
                if let rider = product.riderCategory { writer.field("riderCategory", rider) }
                if let medium = product.medium { writer.field("medium", medium) }
                writeMoney(product.amount, product.currency, clock: clock, to: &writer)
                writer.endObject()
            }
            writer.endArray()
        }
        if let omitted = facts.fareProductsOmitted, fields.has(.fareProductsOmitted) { writer.field("fareProductsOmitted", omitted) }
    }

    /// An amount's members: in the currency's unit (`-0` as 0), its code, and where ISO 4217
    /// lists the code, in minor units and as text, both from one rounding
    /// (`CurrencyUnits.minorUnits`): a code it does not list (`BTC`) keeps its amount alone.
    static func writeMoney(_ amount: Double, _ currency: String?, clock: CardText, to writer: inout JSONWriter) {
        writer.field("amount", amount + 0)
        guard let currency else { return }
        writer.field("currency", currency)
        guard let minorUnits = CurrencyUnits.minorUnits(amount, currency: currency),
            let rounded = CurrencyUnits.rounded(amount, currency: currency)
        else { return }
        writer.field("minorUnits", minorUnits)
        if let text = clock.money(rounded, currency) { writer.field("text", text) }
    }

    /// A route's card, passed through from the planner: members of the route.
    static func write(_ card: RouteCard, clock: CardText, fields: AnswerFields = .all, to writer: inout JSONWriter) {
        clock.write(departure: card.departure, card.departureTime, keep: fields.timeBits(RouteMember.departure), to: &writer)
        clock.write(arrival: card.arrival, card.arrivalTime, keep: fields.timeBits(RouteMember.arrival), to: &writer)
        if let walkDistance = card.walkDistance, fields.has(.walkDistance) { writer.field("walkDistance", walkDistance) }
        if let amount = card.fareAmount, fields.has(.fare) {
            writer.key("fare")
            writer.beginObject()
            writeMoney(amount, card.fareCurrency, clock: clock, to: &writer)
            writer.endObject()
        }
        if !card.fares.isEmpty, fields.has(.fares) {
            writer.key("fares")
            writer.beginArray()
            for fare in card.fares {
                writer.beginObject()
                if let rider = fare.riderCategory { writer.field("riderCategory", rider) }
                if let medium = fare.medium { writer.field("medium", medium) }
                writeMoney(fare.amount, fare.currency, clock: clock, to: &writer)
                writer.key("productIds")
                writer.beginArray()
                for id in fare.productIDs { writer.string(id) }
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
        }
        if let transfers = card.transfers, fields.has(.transfers) { writer.field("transfers", transfers) }
    }

    static func write(
        _ route: LaidOutRoute, options: LayoutOptions, clock formatter: CardFormatter? = nil, fields: AnswerFields = .all,
        to writer: inout JSONWriter
    ) {
        write(route, options: options, clock: CardText(formatter: formatter, locale: options.locale, journeyDate: nil), fields: fields, to: &writer)
    }

    /// `write(_:options:clock:fields:to:)` with the request's `CardText` (without a journey
    /// date), made once for all its routes: made per route, it retained and released the
    /// formatter's closures and the locale, shared by every thread, for each. A route with a
    /// card gets its own, with its date.
    static func write(
        _ route: LaidOutRoute, options: LayoutOptions, clock: CardText, fields: AnswerFields, to writer: inout JSONWriter
    ) {
        // Dates are written where they differ from the journey's first: past midnight.
        // `holdsValue` first: `route.card?` copied the card (a call, even of nil) for every route.
        if holdsValue(route.card), let journeyDate = route.card?.departureTime?.localDate {
            var dated = clock
            dated.journeyDate = journeyDate
            writeRoute(route, options: options, clock: dated, fields: fields, to: &writer)
        } else {
            writeRoute(route, options: options, clock: clock, fields: fields, to: &writer)
        }
    }

    private static func writeRoute(
        _ route: LaidOutRoute, options: LayoutOptions, clock: CardText, fields: AnswerFields, to writer: inout JSONWriter
    ) {
        writer.beginObject()
        if fields.has(RouteMember.index) { writer.field("index", route.index) }
        if let id = route.id, fields.has(.id) { writer.field("id", id) }
        if fields.has(.totalTime) { writer.field("totalTime", route.totalTime) }
        if fields.has(RouteMember.minutes) { writer.field("minutes", route.minutes) }
        if fields.has(.walkingCount) { writer.field("walkingCount", route.walkingCount) }
        if fields.has(.transitCount) { writer.field("transitCount", route.transitCount) }
        if fields.has(.transferCount) { writer.field("transferCount", route.transferCount) }
        if fields.has(.barWidth) { writer.field("barWidth", route.barWidth) }
        if options.timeScale == .clock, fields.has(.barStart) { writer.field("barStart", route.barStart) }
        if fields.has(.minWalkingLength) { writer.field("minWalkingLength", route.minWalkingLength) }
        if fields.has(.minTransitLength) { writer.field("minTransitLength", route.minTransitLength) }
        if fields.has(.minuteLength) { writer.field("minuteLength", route.minuteLength) }
        if fields.has(.height) { writer.field("height", route.height) }
        if fields.has(.compressed) { writer.field("compressed", route.compressed) }
        if let card = route.card { write(card, clock: clock, fields: fields, to: &writer) }
        // Said from the segments straight into the answer: the layout builds no String for it.
        if fields.has(.accessibilityLabel) {
            writer.key("accessibilityLabel")
            writer.beginString()
            AccessibilityLabel.write(totalMinutes: route.totalTime, legs: route.segments, locale: options.locale, into: &writer)
            writer.endString()
        }
        if fields.has(.segments) {
            writer.key("segments")
            writer.beginArray()
            // Read in place through a pointer: a copy of each segment would retain and release its strings.
            route.segments.withUnsafeBufferPointer { segments in
                guard let start = segments.baseAddress else { return }
                guard options.display && fields.has(SegmentMember.display) else {
                    for segment in start..<start + segments.count {
                        write(segment, options: options, clock: clock, fields: fields, to: &writer)
                    }
                    return
                }
                let plans = SegmentDisplay.plan(route, options: options)
                for (index, segment) in (start..<start + segments.count).enumerated() {
                    write(segment, options: options, clock: clock, fields: fields, display: plans[index], to: &writer)
                }
            }
            writer.endArray()
        }
        writer.endObject()
    }
}

extension RouteBarResponse {
    /// The whole exchange: decodes a request body, lays out its routes, and encodes the answer.
    public static func answer(json body: [UInt8], query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) -> RouteBarAnswer {
        try encodeAnswer(RouteBarRequest(json: body, query: query))
    }

    /// Lays out a decoded request and encodes the whole answer: the server's pieces
    /// (`RouteBarJSONPieces`) written in one piece, so the two cannot differ.
    public static func encodeAnswer(_ request: RouteBarRequest) throws(RouteBarInputError) -> RouteBarAnswer {
        var pieces = try RouteBarJSONPieces.writing(request, upTo: .max)
        do {
            _ = try pieces.fill(upTo: .max)
        } catch {
            // Every route was laid out or checked when the pieces were made: this is not reached.
            throw RouteBarInputError(error, in: request)
        }
        let widthCount = request.widths?.count ?? 1
        return RouteBarAnswer(
            document: pieces.finish(), routeCount: widthCount * request.routes.count,
            segmentCount: widthCount * request.segmentCount)
    }

    /// The bytes the answer to `request` would take, about: the writer's first allocation.
    public static func estimatedSize(of request: RouteBarRequest) -> Int {
        (request.widths?.count ?? 1) * estimatedSize(routes: request.routes.count, segments: request.segmentCount)
    }

    /// One layout per requested width (or the one width), with layout errors pointed at the request.
    public static func layoutsPerWidth(_ request: RouteBarRequest) throws(RouteBarInputError) -> [(width: Double, routes: [LaidOutRoute])] {
        let widths: [(index: Int?, width: Double)] = request.widths?.enumerated().map { ($0, $1) } ?? [(nil, request.options.width)]
        var layouts: [(width: Double, routes: [LaidOutRoute])] = []
        for (index, width) in widths {
            var options = request.options
            options.width = width
            var routes: [LaidOutRoute] = []
            // The SVG draws each route's sentence as its title.
            try layOutWidth(request, options: options, widthIndex: index, sentences: true) { routes.append($0) }
            layouts.append((width, routes))
        }
        return layouts
    }

    /// The layout with `options` (the request's, at one of its widths), route by route (see
    /// `RouteBarLayout.layOutEach(_:reusing:each:)`); `widthIndex` is the width's place in `widths`,
    /// if it came from there. The JSON answer says each sentence from the segments as it writes
    /// them, so routes carry their `accessibilityLabel` only when `sentences` asks for them.
    static func layOutWidth(
        _ request: RouteBarRequest, options: LayoutOptions, widthIndex index: Int?,
        sentences: Bool = false, each body: (LaidOutRoute) -> Void
    ) throws(RouteBarInputError) {
        let workspace = RouteBarWorkspace.current
        var laidOut = workspace.takeLaidOut()
        defer { workspace.laidOut = laidOut }
        do {
            var layout = try RouteBarLayout(options)
            layout.buildsAccessibilityLabels = sentences
            try layout.layOutEach(request.routes, reusing: &laidOut, each: body)
        } catch {
            throw RouteBarInputError(error, in: request, widthIndex: index)
        }
    }
}

extension RouteBarInputError {
    /// The layout's complaint, pointed at the request; a width that came from `widths`
    /// (its `widthIndex`th) is pointed at there.
    init(_ error: RouteBarError, in request: RouteBarRequest, widthIndex index: Int?) {
        self.init(error, in: request)
        if let index, error.location == .option(.width) {
            pointer = "/widths/\(index)"
            parameter = nil
        }
    }
}

extension RouteBarResponse {
    /// The answer's representation, chosen by `Accept` (or the `.svg` path).
    public enum Format: Sendable {
        case json, ndjson, svg
    }

    /// The layout in another format than JSON. Several widths only make sense as JSON.
    public static func layoutForDrawing(json body: [UInt8], query: (String) -> String?, format: Format) throws(RouteBarInputError)
        -> (routes: [LaidOutRoute], options: LayoutOptions)
    {
        try layoutForDrawing(RouteBarRequest(json: body, query: query), format: format)
    }

    /// A decoded request's layout for another format than JSON.
    public static func layoutForDrawing(_ request: RouteBarRequest, format: Format) throws(RouteBarInputError)
        -> (routes: [LaidOutRoute], options: LayoutOptions)
    {
        try request.checkFields(for: format)
        try request.checkOneWidth(for: format)
        return (try layoutsPerWidth(request)[0].routes, request.options)
    }
}

/// An encoded `200` answer, with what it holds (for metrics).
public struct RouteBarAnswer: Sendable {
    /// The answer as the writer left it: a server can send it without copying it.
    public var document: RouteBarDocument
    public var routeCount: Int
    public var segmentCount: Int

    /// A copy of the answer's bytes.
    public var bytes: [UInt8] { document.bytes }
}

/// An encoded JSON document, handed over without a copy: its bytes live as long as it does.
public struct RouteBarDocument: Sendable {
    private let storage: JSONBytes

    init(_ storage: JSONBytes) {
        self.storage = storage
    }

    public var count: Int { storage.count }

    /// A copy of the bytes.
    public var bytes: [UInt8] { storage.array }

    /// Lends the bytes, valid during `body`.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(storage.buffer)
    }

    /// For a server that hands the bytes to C: the buffer, valid while `owner` lives.
    package var retainedBuffer: (buffer: UnsafeRawBufferPointer, owner: any AnyObject & Sendable) {
        (storage.buffer, storage)
    }
}
