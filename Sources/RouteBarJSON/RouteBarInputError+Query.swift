import RouteBar
import RouteBarPlanners

extension RouteBarInputError {
    /// A problem with a request parameter's value, naming where it came from: `source` is the
    /// parameter's name, or the header's that carried its value (`RequestParameter.header`).
    init(_ type: ProblemType, _ detail: String, naming source: String) {
        let fromHeader = RequestParameter.all.contains { $0.header == source }
        self.init(type, detail, parameter: fromHeader ? nil : source)
        if fromHeader { header = source }
    }

    /// A query parameter the API does not take: a typo (`?widht=`) should not pass silently.
    /// The detail suggests the closest name the API takes, or says how to ask for a format.
    public static func unknownParameter(_ name: String) -> RouteBarInputError {
        let shown = name.utf8.count <= 64 ? name : String(decoding: name.utf8.prefix(64), as: UTF8.self) + "…"
        let hint: String
        if let closest = closestQueryParameter(to: name) {
            hint = "did you mean \"\(closest)\"?"
        } else if ["format", "output", "type", "accept"].contains(name.lowercased()) {
            hint = "the format is chosen by the Accept header (application/json, application/x-ndjson or image/svg+xml)"
        } else {
            hint = "it takes " + RouteBarRequest.queryParameterNames.sorted().joined(separator: ", ")
        }
        return RouteBarInputError(.unknownParameter, "the query parameter \"\(shown)\" is not one this API takes; \(hint)", parameter: shown)
    }

    /// The parameter the API takes nearest to `name` by edit distance (insertions, deletions,
    /// substitutions and swaps of neighbours, letter case ignored), if one is near enough to be
    /// a typo: at most a third of its length away, and at most 2.
    static func closestQueryParameter(to name: String) -> String? {
        let typed = Array(name.lowercased().utf8.prefix(64))
        var best: (name: String, distance: Int)?
        for known in RouteBarRequest.queryParameterNames.sorted() {
            let distance = editDistance(typed, Array(known.lowercased().utf8))
            if distance <= min(2, known.utf8.count / 3), distance < best?.distance ?? .max { best = (known, distance) }
        }
        return best?.name
    }

    /// Optimal string alignment distance between two byte strings.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
