import RouteBar
import StrictJSON

/// Writes the `200` answer of `POST /v1/route-bars`.
public enum RouteBarResponse {
    /// `{"width": …, "scale": …, "algorithm": …, "routes": [...]}`, into `writer`.
    public static func write(_ routes: [LaidOutRoute], options: LayoutOptions, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("width", options.width)
        writer.field("scale", options.scale)
        writer.field("algorithm", options.algorithm.rawValue)
        writer.key("routes")
        writer.beginArray()
        for route in routes {
            write(route, to: &writer)
        }
        writer.endArray()
        writer.endObject()
    }

    public static func encode(_ routes: [LaidOutRoute], options: LayoutOptions) -> [UInt8] {
        // About 200 bytes a route and 150 a segment: one allocation, no regrowth.
        var writer = JSONWriter(capacity: routes.reduce(256) { $0 + 200 + 150 * $1.segments.count })
        write(routes, options: options, to: &writer)
        return writer.bytes
    }

    static func write(_ route: LaidOutRoute, to writer: inout JSONWriter) {
        writer.beginObject()
        if let id = route.id { writer.field("id", id) }
        writer.field("totalTime", route.totalTime)
        writer.field("walkingCount", route.walkingCount)
        writer.field("transitCount", route.transitCount)
        writer.field("minWalkingLength", route.minWalkingLength)
        writer.field("minTransitLength", route.minTransitLength)
        writer.field("minuteLength", route.minuteLength)
        writer.field("height", route.height)
        writer.field("compressed", route.compressed)
        writer.key("segments")
        writer.beginArray()
        for segment in route.segments {
            writer.beginObject()
            writer.field("index", segment.index)
            writer.field("trafficType", segment.trafficType)
            writer.field("kind", segment.kind.rawValue)
            writer.field("mode", segment.mode.rawValue)
            writer.field("sectionTime", segment.sectionTime)
            writer.field("x", segment.x)
            writer.field("width", segment.width)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}

extension RouteBarResponse {
    /// The whole exchange: decodes a request body, lays out its routes, and encodes the answer.
    public static func layOut(json body: [UInt8], query: (String) -> String? = { _ in nil }) throws(RouteBarInputError) -> RouteBarAnswer {
        let request = try RouteBarRequest(json: body, query: query)
        do {
            let routes = try RouteBarLayout(request.options).layOut(request.routes)
            return RouteBarAnswer(bytes: encode(routes, options: request.options), routeCount: routes.count,
                                  segmentCount: routes.reduce(0) { $0 + $1.segments.count })
        } catch {
            throw RouteBarInputError(error, in: request)
        }
    }
}

/// An encoded `200` answer, with what it holds (for metrics).
public struct RouteBarAnswer: Sendable {
    public var bytes: [UInt8]
    public var routeCount: Int
    public var segmentCount: Int
}
