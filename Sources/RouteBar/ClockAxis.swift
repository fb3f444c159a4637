/// With `timeScale` `clock`, the wall-clock axis every route of a list shares: the earliest
/// departure at the row's left edge, `secondsPerPoint` to the right, on the clock of that
/// departure's place.
public struct ClockAxis: Sendable, Hashable {
    /// The earliest departure of the list.
    public var start: CardTime
    /// Seconds of wall-clock time per point of width.
    public var secondsPerPoint: Double

    public init(start: CardTime, secondsPerPoint: Double) {
        self.start = start
        self.secondsPerPoint = secondsPerPoint
    }

    /// The local times to mark within the first `width` points, at least `spacing` points
    /// apart: every 5, 10, 15 or 30 minutes, or every 1, 2, 3, 6, 12 or 24 hours, whichever is
    /// the first that far apart; each as minutes past local midnight and its x in points.
    public func marks(width: Double, spacing: Double) -> [(minuteOfDay: Int, x: Double)] {
        guard secondsPerPoint > 0, width > 0 else { return [] }
        let minutePoints = 60 / secondsPerPoint
        let steps = [5, 10, 15, 30, 60, 120, 180, 360, 720, 1_440]
        guard let step = steps.first(where: { Double($0) * minutePoints >= spacing }) else { return [] }
        let local = start.localSeconds
        let stepSeconds = Int64(step) * 60
        // The first whole multiple of the step at or after the start, on the local clock.
        var mark = local - ((local % stepSeconds) + stepSeconds) % stepSeconds
        if mark < local { mark += stepSeconds }
        var marks: [(minuteOfDay: Int, x: Double)] = []
        while true {
            let x = Double(mark - local) / secondsPerPoint
            guard x <= width + 1e-9 else { break }
            marks.append((Int(((mark / 60) % 1_440 + 1_440) % 1_440), x))
            mark += stepSeconds
        }
        return marks
    }
}
