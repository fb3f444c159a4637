import Synchronization

/// Request counts, durations and bytes by route and status, and connection gauges, in the
/// Prometheus text exposition format.
///
/// Every update is a relaxed atomic add on a counter of its own, in the updating thread's own
/// copy (`AtomicCounters`): no lock on the request path, and no cache line two threads write.
/// Routes are the router's paths plus `unmatched`, and statuses a fixed set plus `other`, so
/// no client can make the label set grow.
public final class HTTPMetrics: Sendable {
    /// Upper bounds of the duration histogram, in seconds.
    static let bucketBounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]
    /// Every status the server sends has its own label (`HTTPStatus.sent`); `other` stays for a handler's own.
    static let statuses = HTTPStatus.sent.map(\.status)

    let namespace: String
    let routeLabels: [String]
    let requestsInFlight = Atomic<Int>(0)
    let openConnections = Atomic<Int>(0)
    /// Connections told 503 because the limit was reached.
    let connectionsRefused = Atomic<Int>(0)
    /// Idle connections closed to make room for a new one at the connection limit.
    let idleConnectionsClosed = Atomic<Int>(0)
    /// Answers replaced by 503 because they would have passed the memory budget.
    let answersOverBudget = Atomic<Int>(0)
    /// Connections closed because their request arrived slower than the minimum rate.
    let slowConnectionsClosed = Atomic<Int>(0)
    /// The memory account the page shows, by kind (set by the server at its start).
    let memory: MemoryAccount
    private let counters: AtomicCounters

    // Offsets of each family in `counters`.
    private var requestsBase: Int { 0 }
    private var bucketsBase: Int { routeLabels.count * (Self.statuses.count + 1) }
    private var sumBase: Int { bucketsBase + routeLabels.count * (Self.bucketBounds.count + 1) }
    private var requestBytesBase: Int { sumBase + routeLabels.count }
    private var responseBytesBase: Int { requestBytesBase + routeLabels.count }

    init(namespace: String, routes: [String], memory: MemoryAccount) {
        self.namespace = namespace
        self.memory = memory
        routeLabels = routes + ["unmatched"]
        let perRoute = (Self.statuses.count + 1) + (Self.bucketBounds.count + 1) + 3
        counters = AtomicCounters(count: routeLabels.count * perRoute)
    }

    /// Records one finished request; `route` indexes `routeLabels`.
    func record(route: Int, status: Int, nanoseconds: UInt64, requestBytes: Int, responseBytes: Int) {
        let statusIndex = Self.statuses.firstIndex(of: status) ?? Self.statuses.count
        let seconds = Double(nanoseconds) / 1e9
        let bucket = Self.bucketBounds.firstIndex { seconds <= $0 } ?? Self.bucketBounds.count
        let mine = counters.mine()
        mine.add(1, at: requestsBase + route * (Self.statuses.count + 1) + statusIndex)
        mine.add(1, at: bucketsBase + route * (Self.bucketBounds.count + 1) + bucket)
        mine.add(Int(nanoseconds / 1_000), at: sumBase + route)
        mine.add(requestBytes, at: requestBytesBase + route)
        mine.add(responseBytes, at: responseBytesBase + route)
    }

    /// Appends the HTTP families to `text`.
    public func render(into text: inout String) {
        let name = "\(namespace)_http"
        family(&text, "\(name)_requests_total", "counter", "Requests answered, by route and status.")
        for route in routeLabels.indices {
            for status in 0...Self.statuses.count {
                let value = counters.load(requestsBase + route * (Self.statuses.count + 1) + status)
                guard value > 0 else { continue }
                let label = status < Self.statuses.count ? String(Self.statuses[status]) : "other"
                text += "\(name)_requests_total{route=\"\(routeLabels[route])\",status=\"\(label)\"} \(value)\n"
            }
        }
        family(
            &text, "\(name)_request_duration_seconds", "histogram",
            "Time from the request's head arriving to its answer being sent, by route.")
        for route in routeLabels.indices {
            var cumulative = 0
            for bucket in 0...Self.bucketBounds.count {
                cumulative += counters.load(bucketsBase + route * (Self.bucketBounds.count + 1) + bucket)
                let bound = bucket < Self.bucketBounds.count ? String(Self.bucketBounds[bucket]) : "+Inf"
                text += "\(name)_request_duration_seconds_bucket{route=\"\(routeLabels[route])\",le=\"\(bound)\"} \(cumulative)\n"
            }
            let sum = Double(counters.load(sumBase + route)) / 1e6
            text += "\(name)_request_duration_seconds_sum{route=\"\(routeLabels[route])\"} \(sum)\n"
            text += "\(name)_request_duration_seconds_count{route=\"\(routeLabels[route])\"} \(cumulative)\n"
        }
        family(&text, "\(name)_request_body_bytes_total", "counter", "Request body bytes received, by route.")
        for route in routeLabels.indices {
            text += "\(name)_request_body_bytes_total{route=\"\(routeLabels[route])\"} \(counters.load(requestBytesBase + route))\n"
        }
        family(&text, "\(name)_response_body_bytes_total", "counter", "Response body bytes sent, by route.")
        for route in routeLabels.indices {
            text += "\(name)_response_body_bytes_total{route=\"\(routeLabels[route])\"} \(counters.load(responseBytesBase + route))\n"
        }
        let singles: [(name: String, type: String, help: String, value: Int)] = [
            (
                "requests_in_flight", "gauge", "Requests whose request line has arrived and whose answer is not yet sent.",
                requestsInFlight.load(ordering: .relaxed)
            ),
            ("open_connections", "gauge", "Open client connections.", openConnections.load(ordering: .relaxed)),
            (
                "connections_refused_total", "counter", "Connections told 503 and closed because the connection limit was reached.",
                connectionsRefused.load(ordering: .relaxed)
            ),
            (
                "idle_connections_closed_total", "counter", "Idle connections closed to admit a new one at the connection limit.",
                idleConnectionsClosed.load(ordering: .relaxed)
            ),
            (
                "answer_bytes_held", "gauge", "Bytes of answers held for their clients: whole bodies, and streams' pieces and state.",
                memory.held(.answer)
            ),
            (
                "answers_over_budget_total", "counter", "Answers replaced by 503 because they would have passed the memory budget.",
                answersOverBudget.load(ordering: .relaxed)
            ),
            (
                "memory_refusals_total", "counter",
                "Reservations of the memory account refused (each answered 503): bodies, decoded requests and answers.",
                memory.refusals.load(ordering: .relaxed)
            ),
            (
                "slow_connections_closed_total", "counter", "Connections closed because their request arrived slower than the minimum rate.",
                slowConnectionsClosed.load(ordering: .relaxed)
            ),
        ]
        for single in singles {
            family(&text, "\(name)_\(single.name)", single.type, single.help)
            text += "\(name)_\(single.name) \(single.value)\n"
        }
        family(
            &text, "\(name)_memory_bytes_held", "gauge",
            "Bytes held for clients by kind, against the memory budget: connection, body, decoded, answer.")
        for kind in MemoryAccount.Kind.allCases {
            text += "\(name)_memory_bytes_held{kind=\"\(kind.label)\"} \(memory.held(kind))\n"
        }
        family(&text, "\(name)_memory_budget_bytes", "gauge", "The memory budget: --max-answer-memory.")
        text += "\(name)_memory_budget_bytes \(memory.limit)\n"
    }

    private func family(_ text: inout String, _ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }
}
