// In-process throughput of the three stages of a request, without HTTP:
// decode (body bytes -> RouteBarRequest: StrictJSON alone, as the library reads a body, and as
// the service reads it, the routes with simdjson where it can: FastRoutes), compute
// (RouteBarLayout), encode (-> answer bytes); and the heap allocations each stage makes, counted
// by CAllocationCounter. The whole request, as the service makes it (RouteBarAPI.decode and
// .answer), is also timed per route, in full and with the peer-equivalent field mask
// (WORKLOAD_DIR/../peer-fields.txt: the members the C peer writes).
// Usage: routebar-microbench WORKLOAD_DIR [NAME...]   (reads single.json, batch20.json, batch1000.json, and
// the -fit and -drawing variants of single and batch20 that show what fit and the drawing options cost;
// NAMEs pick some of them). With ROUTEBAR_PROFILE_REQUESTS=N set, it only answers each workload
// N times, whole (with the peer-equivalent mask too when ROUTEBAR_PROFILE_MASKED=1), and
// measures nothing: a clean run for `perf record`; ROUTEBAR_PROFILE_FIELDS=LIST asks for those
// members instead (`bench/field_costs.py` counts each default member's instructions so).

import CAllocationCounter
import MicroHTTP
import RouteBar
import RouteBarJSON
import RouteBarService

#if canImport(Glibc)
    import Glibc
#endif

func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    return bytes
}

/// Runs `body` in batches for about `seconds` in all and returns the best time per call, in
/// seconds; the clock is read once per batch so that it does not weigh on small workloads.
func bestTime<E: Error>(seconds: Double = 0.5, _ body: () throws(E) -> Void) throws(E) -> Double {
    let clock = ContinuousClock()
    func elapsed(since start: ContinuousClock.Instant) -> Double {
        let duration = clock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
    var batch = 1
    var best = Double.infinity
    var spent = 0.0
    while spent < seconds {
        let start = clock.now
        for _ in 0..<batch { try body() }
        let time = elapsed(since: start)
        spent += time
        best = min(best, time / Double(batch))
        if time < 0.01 { batch *= 2 }
    }
    return best
}

/// Heap allocations per call of `body`, averaged over 100 calls after one to warm up.
func allocations<E: Error>(_ body: () throws(E) -> Void) throws(E) -> Double {
    try body()
    let before = routebar_allocation_count()
    for _ in 0..<100 { try body() }
    return Double(routebar_allocation_count() - before) / 100
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    var scaled = (value * pow(10, Double(digits))).rounded() / pow(10, Double(digits))
    if scaled == -0.0 { scaled = 0 }
    return digits == 0 ? String(Int(scaled)) : String(scaled)
}

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "bench/workloads"
guard let maskFile = readFile("\(directory)/../peer-fields.txt") else {
    print("cannot read \(directory)/../peer-fields.txt")
    exit(1)
}
let peerFields = String(decoding: maskFile, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
let masked: (String) -> String? = { $0 == "fields" ? peerFields : nil }
print(
    "| workload | body KiB | answer KiB | decode MB/s | service decode MB/s | compute routes/s | encode MB/s | whole µs/request |"
        + " allocations: decode | compute | encode | whole | whole µs/route | masked µs/route | masked answer KiB |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
var sink = 0
let profileRequests = getenv("ROUTEBAR_PROFILE_REQUESTS").flatMap { Int(String(cString: $0)) }
let allWorkloads = [
    "single", "batch20", "batch1000", "single-fit", "single-drawing", "batch20-fit", "batch20-drawing",
    "odsay", "otp", "google",
]
for name in CommandLine.arguments.count > 2 ? Array(CommandLine.arguments.dropFirst(2)) : allWorkloads {
    guard let body = readFile("\(directory)/\(name).json") else {
        print("cannot read \(directory)/\(name).json")
        exit(1)
    }
    do {
        // Before anything else, so that a profile holds the service's requests and nothing more.
        if let requests = profileRequests {
            let fields = getenv("ROUTEBAR_PROFILE_FIELDS").map { String(cString: $0) }
            let query: (String) -> String? =
                fields.map { fields in { $0 == "fields" ? fields : nil } } ?? (getenv("ROUTEBAR_PROFILE_MASKED") == nil ? { _ in nil } : masked)
            for _ in 0..<requests {
                sink &+= try RouteBarAPI.answer(RouteBarAPI.decode(body, limits: .init(), simdjson: true, query: query)).routeCount
            }
            continue
        }
        let request = try RouteBarRequest(json: body)
        let layout = try! RouteBarLayout(request.options)
        let routes = try! layout.layOut(request.routes)
        let answer = RouteBarResponse.encode(routes, options: request.options)

        let decode = try bestTime { () throws(RouteBarInputError) in sink &+= try RouteBarRequest(json: body).routes.count }
        let serviceDecode = try bestTime { () throws(HTTPProblem) in
            sink &+= try RouteBarAPI.decode(body, limits: .init(), simdjson: true, query: { _ in nil }).routes.count
        }
        // As the service does: each route read (here, counted) before the next reuses its storage.
        var laidOut = LaidOutRoute()
        let compute = { try! layout.layOutEach(request.routes, reusing: &laidOut) { sink &+= $0.segments.count } }
        let computeTime = bestTime(compute)
        let encode = bestTime { sink &+= RouteBarResponse.encode(routes, options: request.options).count }
        // As the service answers: its decoding (simdjson's routes, StrictJSON's rest), layout, writing.
        func serviceAnswer(_ query: @escaping (String) -> String?) throws(HTTPProblem) -> RouteBarAnswer {
            try RouteBarAPI.answer(RouteBarAPI.decode(body, limits: .init(), simdjson: true, query: query))
        }
        let wholeRequest = { () throws(HTTPProblem) in sink &+= try serviceAnswer { _ in nil }.routeCount }
        let whole = try bestTime(wholeRequest)
        let maskedAnswer = try serviceAnswer(masked)
        let maskedTime = try bestTime { () throws(HTTPProblem) in sink &+= try serviceAnswer(masked).routeCount }
        let decodeAllocations = try allocations { () throws(RouteBarInputError) in sink &+= try RouteBarRequest(json: body).routes.count }
        let computeAllocations = allocations(compute)
        let encodeAllocations = allocations { sink &+= RouteBarResponse.encode(routes, options: request.options).count }
        let wholeAllocations = try allocations(wholeRequest)
        print(
            "| \(name) | \(format(Double(body.count) / 1024)) | \(format(Double(answer.count) / 1024)) "
                + "| \(format(Double(body.count) / decode / 1e6)) | \(format(Double(body.count) / serviceDecode / 1e6)) "
                + "| \(format(Double(routes.count) / computeTime, 0)) "
                + "| \(format(Double(answer.count) / encode / 1e6)) | \(format(whole * 1e6, 2)) "
                + "| \(format(decodeAllocations)) | \(format(computeAllocations)) | \(format(encodeAllocations)) "
                + "| \(format(wholeAllocations)) | \(format(whole * 1e6 / Double(routes.count), 3)) "
                + "| \(format(maskedTime * 1e6 / Double(routes.count), 3)) | \(format(Double(maskedAnswer.document.count) / 1024)) |")
    } catch let error as RouteBarInputError {
        print("\(name): \(error.detail)")
        exit(1)
    } catch {
        print("\(name): \(error)")
        exit(1)
    }
}
if sink == 42 { print("") }
