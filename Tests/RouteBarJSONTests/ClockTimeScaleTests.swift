import Foundation
import RouteBar
import Testing

@testable import RouteBarDrawing
@testable import RouteBarJSON
@testable import RouteBarPlanners

/// `timeScale=clock` (issue 33): every route on one wall-clock axis, from the earliest departure
/// to the latest arrival, each bar from its departure; the SVG marks the hours.
@Suite struct ClockTimeScaleTests {
    /// Two routes in Paris: 14:10-15:00 by bus, 14:00-14:30 on foot.
    static let body =
        #"{"width": 343, "timeScale": "clock", "routes": ["#
        + #"{"departure": "2026-12-03T14:10:00+01:00", "arrival": "2026-12-03T15:00:00+01:00", "subPaths": [{"mode": "bus", "seconds": 3000}]}, "#
        + #"{"departure": "2026-12-03T14:00:00+01:00", "arrival": "2026-12-03T14:30:00+01:00", "subPaths": [{"mode": "walk", "seconds": 1800}]}]}"#

    static func laidOut(_ body: String, _ query: [String: String] = [:]) throws(RouteBarInputError) -> [LaidOutRoute] {
        try RouteBarResponse.layoutForDrawing(json: Array(body.utf8), query: { query[$0] }, format: .svg).routes
    }

    @Test func barsStartAtTheirDepartureOnOneAxis() throws {
        let routes = try Self.laidOut(Self.body)
        // The axis: 14:00 to 15:00 over 343 device pixels. The bus leaves 10 of 60 minutes in.
        #expect(routes[0].barStart == (343.0 * 600 / 3600).rounded() && routes[0].barWidth == 343 - 57)
        #expect(routes[1].barStart == 0 && routes[1].barWidth == (343.0 / 2).rounded())
        #expect(routes[1].segments[0].x == 0, "segments count from the bar's start")
        let axis = try #require(routes[0].clockAxis)
        #expect(axis.start == CardTime(epochSeconds: 1_796_302_800, utcOffset: 3_600) && axis.secondsPerPoint == 3600.0 / 343)
        // 343 points for an hour: every 10 minutes is 57 points, the first step 56 apart.
        let marks = axis.marks(width: 343, spacing: 56)
        #expect(marks.map(\.minuteOfDay) == [840, 850, 860, 870, 880, 890, 900] && marks.first?.x == 0 && marks.last?.x == 343)
        // Every 2 hours where an hour is narrower than the spacing, past midnight too.
        let twoHourly = ClockAxis(start: axis.start, secondsPerPoint: 120).marks(width: 343, spacing: 40)
        #expect(twoHourly.map(\.minuteOfDay) == [840, 960, 1080, 1200, 1320, 0])

        let answer = String(decoding: try RouteBarResponse.answer(json: Array(Self.body.utf8)).bytes, as: UTF8.self)
        #expect(answer.contains(#""barWidth":286,"barStart":57,"#))
        let routeBody = Self.body.replacing(#""timeScale": "clock""#, with: #""timeScale": "route""#)
        let plain = String(decoding: try RouteBarResponse.answer(json: Array(routeBody.utf8)).bytes, as: UTF8.self)
        #expect(answer.contains(#""timeScale":"clock""#) && !plain.contains("barStart"), "only the clock axis writes barStart")
    }

    @Test func theDrawingMarksTheHoursAndMovesEachBar() throws {
        let laidOut = try RouteBarResponse.layoutForDrawing(json: Array(Self.body.utf8), query: { _ in nil }, format: .svg)
        let svg = String(decoding: RouteBarSVG.render(laidOut.routes, options: laidOut.options), as: UTF8.self)
        #expect(svg.contains(#"<g class="rb-bar" transform="translate(57 0)">"#))
        // Every 10 minutes: "00:00" at 10.2 points is 28 wide, marks at least twice that apart.
        #expect(svg.contains(">14:00</text>") && svg.contains(">14:10</text>") && svg.contains(">15:00</text>"))
        #expect(svg.components(separatedBy: #"class="rb-hour-label""#).count - 1 == 7, "labelled above the first row only")
        #expect(svg.components(separatedBy: #"<line class="rb-hour""#).count - 1 == 14, "seven marks through each of two rows")
        // The band above the rows: 1.5 × labelFontSize.
        #expect(svg.contains(#"transform="translate(0 18)" role="img""#))
    }

    @Test func aRouteWithoutTimesIsRefusedByName() {
        let without =
            #"{"width": 343, "timeScale": "clock", "routes": [{"departure": "2026-12-03T14:00:00+01:00", "arrival": "2026-12-03T14:30:00+01:00", "#
            + #""subPaths": [{"mode": "walk", "seconds": 1800}]}, {"subPaths": [{"mode": "bus", "seconds": 600}]}]}"#
        let error = #expect(throws: RouteBarInputError.self) { try Self.laidOut(without) }
        #expect(error?.type == .missingField && error?.pointer == "/routes/1", "\(error?.detail ?? "")")
        #expect(error?.detail.contains("route 1 has no departure") == true)
        let classic = #expect(throws: RouteBarInputError.self) { try Self.laidOut(Self.body, ["algorithm": "classic"]) }
        #expect(classic?.type == .classicUndefined)
    }

    /// One axis, one scale (issue 50): Navitia's Paris routes had four minute lengths (2.91 to
    /// 3.85 points); now every route has the axis's, each bar's ends sit on the axis, and within
    /// a bar only legs shorter than their minimum are held at it, the others in proportion.
    @Test func everyRouteSharesTheAxisScale() throws {
        let body = try Array(
            String(contentsOf: Self.root.appendingPathComponent("examples/planners/navitia-kpt-paris-journeys.json"), encoding: .utf8).utf8)
        let routes = try RouteBarResponse.layoutForDrawing(
            json: body, query: { ["width": "343", "scale": "3", "timeScale": "clock"][$0] }, format: .svg
        ).routes
        #expect(routes.count >= 3)
        let axis = try #require(routes[0].clockAxis)
        let scale = 60 / axis.secondsPerPoint
        for route in routes {
            #expect(route.minuteLength == scale, "route \(route.index): \(route.minuteLength) against the axis's \(scale)")
            let visible = route.segments.filter { $0.width > 0 }
            let drawn = visible.reduce(0) { $0 + $1.width }
            #expect(abs(drawn - route.barWidth) < 1e-9, "the segments fill the bar")
        }
        // A 1-minute walk before a 59-minute bus, 14:00 to 15:00 over 343 points: the walk's
        // hour-share (5.7 points) is under its minimum (5%: 17), so it is held there and the bus
        // has the rest; the bar keeps its ends.
        let held =
            #"{"width": 343, "timeScale": "clock", "routes": [{"departure": "2026-12-03T14:00:00+01:00", "#
            + #""arrival": "2026-12-03T15:00:00+01:00", "subPaths": [{"mode": "walk", "seconds": 60}, {"mode": "bus", "seconds": 3540}]}]}"#
        let route = try #require(try Self.laidOut(held).first)
        #expect(route.barStart == 0 && route.barWidth == 343)
        #expect(route.segments.map(\.width) == [17, 326], "was [22, 321]: the walk's minimum and a share of the rest")
        #expect(abs(route.minuteLength - 343.0 / 60) < 1e-9)
    }

    /// The hour lines pass under the bars and never through a text or icon a segment shows.
    @Test func hourLinesNeverCrossAText() throws {
        let body = try Array(
            String(contentsOf: Self.root.appendingPathComponent("examples/planners/navitia-kpt-paris-journeys.json"), encoding: .utf8).utf8)
        var skipped = 0
        for width in ["200", "343", "600"] {
            let laidOut = try RouteBarResponse.layoutForDrawing(
                json: body, query: { ["width": width, "scale": "3", "timeScale": "clock", "walkStyle": "line"][$0] }, format: .svg)
            let svg = String(decoding: RouteBarSVG.render(laidOut.routes, options: laidOut.options), as: UTF8.self)
            let rows = svg.components(separatedBy: #"<g class="route rb-route""#).dropFirst()
            #expect(rows.count == laidOut.routes.count)
            let marks = svg.components(separatedBy: #"class="rb-hour-label""#).count - 1
            skipped += marks * rows.count - (svg.components(separatedBy: #"<line class="rb-hour""#).count - 1)
            for (route, row) in zip(laidOut.routes, rows) {
                let boxes = SegmentDisplay.plan(route, options: laidOut.options).flatMap { plan in
                    [
                        plan.badge.map { ($0.x, $0.width) }, plan.icon.map { ($0.x, $0.width) },
                        plan.minutesPlace == .inside ? plan.minutes.map { ($0.x, $0.width) } : nil,
                    ].compactMap { $0 }
                }
                for line in row.components(separatedBy: #"<line class="rb-hour" x1=""#).dropFirst() {
                    let x = try #require(Double(line.prefix { $0 != "\"" }))
                    let through = boxes.first { x >= $0.0 + route.barStart && x <= $0.0 + $0.1 + route.barStart }
                    #expect(through == nil, "width \(width) route \(route.index): the line at \(x) crosses a box \(through.map { "\($0)" } ?? "")")
                }
            }
        }
        #expect(skipped > 0, "some mark falls on a text: its line is left out there")
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
}
