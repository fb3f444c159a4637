import Foundation
import MicroHTTPTesting
import RouteBar
import RouteBarJSON
import RouteBarTestSupport
import Testing

@testable import RouteBarService

/// The simdjson path (`FastRoutes`) against StrictJSON alone: the same routes, answer or
/// problem for every body, whether simdjson read the routes or declined them.
@Suite struct FastRoutesTests {
    /// StrictJSON alone, and with simdjson's routes: the answer's bytes, or the problem.
    static func outcomes(_ body: [UInt8], query: [String: String] = [:]) -> (
        strict: Result<[UInt8], RouteBarInputError>, fast: Result<[UInt8], RouteBarInputError>, read: Bool
    ) {
        body.withUnsafeBufferPointer { buffer in
            let predecoded = FastRoutes.read(buffer)
            func answer(_ predecoded: PredecodedRoutes?) -> Result<[UInt8], RouteBarInputError> {
                Result { () throws(RouteBarInputError) in
                    let request = try RouteBarRequest(json: buffer, query: { query[$0] }, predecoded: predecoded)
                    if let predecoded { #expect(request.routes == predecoded.routes) }
                    return try RouteBarResponse.encodeAnswer(request).bytes
                }
            }
            return (answer(nil), answer(predecoded), predecoded != nil)
        }
    }

    static func body(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let benchBodies = ["single", "batch20", "batch1000"].map { name in
        (name, (try? [UInt8](Data(contentsOf: RepositoryVersion.root.appendingPathComponent("bench/workloads/\(name).json"))))!)
    }

    @Test func theBenchBodiesAreReadBySimdjsonToTheSameAnswer() throws {
        for (name, body) in Self.benchBodies {
            let (strict, fast, read) = Self.outcomes(body)
            #expect(read, "\(name): declined")
            #expect(try strict.get() == fast.get(), "\(name)")
        }
    }

    @Test(arguments: [
        // Read: our shape's common case, members in any order, whitespace, ids with UTF-8.
        (#"{"routes":[{"subPaths":[{"sectionTime":4,"trafficType":3}],"id":"서울","totalTime":4}],"width":300}"#, true),
        (" { \"width\" : 300 , \"routes\" : [ { \"subPaths\" : [ ] } ] } ", true),
        (#"{"width":300,"routes":[]}"#, true),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":-2147483648,"sectionTime":-0.0}]}]}"#, true),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":1e2,"sectionTime":1.7976931348623157e308}]}]}"#, true),
        // Declined: StrictJSON reads them and says what is wrong, with the same pointer.
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"trafficType":1,"sectionTime":4}]}]}"#, false),
        (#"{"width":300,"routes":[{"id":"a","id":"b","subPaths":[]}]}"#, false),
        // Read, and the second `routes` refused by StrictJSON as a repeat, as without simdjson.
        (#"{"width":300,"routes":[],"routes":[]}"#, true),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3.5,"sectionTime":4}]}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":2147483648,"sectionTime":4}]}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"sectionTime":1e400}]}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"sectionTime":"4"}]}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3}]}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"sectionTime":4,"mode":"bus"}]}]}"#, false),
        (#"{"width":300,"routes":[{"id":"a\u0062","subPaths":[]}]}"#, false),
        (#"{"width":300,"routes":[{"id":"\ud800","subPaths":[]}]}"#, false),
        (#"{"width":300,"routes":[{"id":null,"subPaths":[]}]}"#, false),
        (#"{"width":300,"routes":[{"totalTime":null,"subPaths":[]}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[]},{"id":"x"}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"sectionTime":01}]}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"sectionTime":4},]}]}"#, false),
        (#"{"width":300,"rou\u0074es":[{"subPaths":[]}]}"#, false),
        (#"{"width":300,"routes":[{"subPaths":[]}]"#, false),
        (#"{"width":300,"routes":[{"subPaths":[]}]} x"#, false),
        // The other members are StrictJSON's to read and check, whatever simdjson made of them.
        (#"{"width":300,"routes":[{"subPaths":[]}],"unknown":[[[[[[[[[[1]]]]]]]]]]}"#, true),
        (#"{"width":"wide","routes":[{"subPaths":[{"trafficType":3,"sectionTime":4}]}]}"#, true),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"sectionTime":4}]}],"width":301}"#, true),
        (#"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"sectionTime":-4}]}]}"#, true),
        // Whole numbers are read without get_double up to 15 digits: at the edges of that path.
        (#"{"width":300,"routes":[{"totalTime":0,"subPaths":[{"trafficType":3 ,"sectionTime":4\#t}]}]}"#, true),
        (#"{"width":300,"routes":[{"totalTime":999999999999999,"subPaths":[]}]}"#, true),
        (#"{"width":300,"routes":[{"totalTime":12345678901234567,"subPaths":[]}]}"#, true),
        (#"{"width":300,"routes":[{"totalTime":4.0,"subPaths":[{"trafficType":3E0,"sectionTime":0.5}]}]}"#, true),
        (#"{"width":300,"routes":[{"totalTime":00,"subPaths":[]}]}"#, false),
        (#"{"width":300,"routes":[{"totalTime":4x,"subPaths":[]}]}"#, false),
        (#"{"width":300,"routes":[{"totalTime":4true,"subPaths":[]}]}"#, false),
        (#"{"width":300,"routes":[{"totalTime":4-,"subPaths":[]}]}"#, false),
    ])
    func aBodyIsReadOrDeclinedToTheSameOutcome(text: String, read: Bool) {
        let (strict, fast, wasRead) = Self.outcomes(Self.body(text))
        #expect(wasRead == read, "\(text)")
        #expect(strict == fast, "\(text)")
    }

    @Test func limitsAreStrictJSONs() throws {
        let leg = #"{"trafficType":3,"sectionTime":1}"#
        for (legs, routes) in [(RouteBarLayout.maxSubPaths, 1), (RouteBarLayout.maxSubPaths + 1, 1), (1, RouteBarLayout.maxRoutes + 1)] {
            let route = #"{"subPaths":["# + Array(repeating: leg, count: legs).joined(separator: ",") + "]}"
            let text = #"{"width":300,"routes":["# + Array(repeating: route, count: routes).joined(separator: ",") + "]}"
            let (strict, fast, read) = Self.outcomes(Self.body(text))
            #expect(read == (legs <= RouteBarLayout.maxSubPaths && routes <= RouteBarLayout.maxRoutes))
            #expect(strict == fast)
        }
        let longID = String(repeating: "é", count: RouteBarRequest.maxIdBytes / 2)
        for id in [longID, longID + "a"] {
            let (strict, fast, read) = Self.outcomes(Self.body(#"{"width":300,"routes":[{"id":"\#(id)","subPaths":[]}]}"#))
            #expect(read == (id.utf8.count <= RouteBarRequest.maxIdBytes))
            #expect(strict == fast)
        }
    }

    @Test func aThreadKeepsItsBuffersUpToTheBound() throws {
        let big = try #require(Self.benchBodies.last?.1)
        _ = big.withUnsafeBufferPointer(FastRoutes.read)
        // batch1000's 246 KiB: kept for the next body.
        #expect(FastRoutes.heldBytes > 6 * big.count && FastRoutes.heldBytes <= FastRoutes.keptBytes)
        let route = #"{"subPaths":["# + Array(repeating: #"{"trafficType":3,"sectionTime":1}"#, count: 200).joined(separator: ",") + "]}"
        let huge = Self.body(#"{"width":300,"routes":["# + Array(repeating: route, count: 200).joined(separator: ",") + "]}")
        #expect(huge.withUnsafeBufferPointer(FastRoutes.read)?.routes.count == 200)
        // 1.4 MB: freed after it was read.
        #expect(huge.count > FastRoutes.keptBytes / 2 && FastRoutes.heldBytes == 0)
        #expect(FastRoutes.workingBytes(forBody: huge.count) >= 7 * huge.count)
    }

    @Test func onlyABodyThatNamesRoutesIsWorthReading() {
        for (text, may) in [(#"{"routes":[]}"#, true), (#"{"result":{"path":[]}}"#, false), (#"{"rou\u0074es":[]}"#, false)] {
            #expect(Self.body(text).withUnsafeBufferPointer(FastRoutes.mayRead) == may, "\(text)")
        }
    }

    /// Every example and fuzz seed, and 10,000 single-byte changes of two bench bodies: whatever simdjson reads or declines, the outcome is StrictJSON's.
    @Test func mutatedBodiesHaveStrictJSONsOutcome() throws {
        var bodies: [[UInt8]] = []
        for folder in ["Tests/FuzzCorpus", "examples", "examples/planners"] {
            bodies += try FuzzRegressionTests.files(in: folder).filter { !$0.hasDirectoryPath }.compactMap { try? [UInt8](Data(contentsOf: $0)) }
        }
        let alphabet = Array(#"{}[]",:0123456789-+.eE\u"tfnl ab"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        for (_, body) in Self.benchBodies.prefix(2) {
            // Positions a prime stride apart, each byte of the alphabet and each kind of change in turn.
            for change in 0..<5_000 {
                var mutated = body
                let index = change * 7_919 % mutated.count
                let byte = alphabet[change / 3 % alphabet.count]
                switch change % 3 {
                case 0: mutated[index] = byte
                case 1: mutated.remove(at: index)
                default: mutated.insert(byte, at: index)
                }
                bodies.append(mutated)
            }
        }
        var read = 0
        for body in bodies {
            let outcome = Self.outcomes(body)
            if outcome.read { read += 1 }
            #expect(outcome.strict == outcome.fast, "\(String(decoding: body, as: UTF8.self).prefix(300))")
        }
        // About a tenth of the changes leave JSON of our shape's common case, which simdjson reads.
        #expect(read > 500)
    }
}

/// The simdjson path at the HTTP edge: its buffers go through the memory account, and a body
/// it has no room for is read by StrictJSON to the same answer.
@Suite struct FastRoutesHTTPTests {
    static func simdjsonCount(_ outcome: String, on connection: TestHTTPConnection) throws -> Int {
        let metrics = try connection.request("GET", "/metrics").text
        let line = try #require(metrics.split(separator: "\n").first { $0.hasPrefix("routebar_simdjson_bodies_total{outcome=\"\(outcome)\"}") })
        return try #require(Int(line.split(separator: " ").last ?? ""))
    }

    @Test func eachBodyNamingRoutesIsCountedByWhatSimdjsonDid() throws {
        let batch = String(decoding: try #require(FastRoutesTests.benchBodies.first { $0.0 == "batch20" }?.1), as: UTF8.self)
        try withRouteBarService { server in
            let connection = try server.connect()
            #expect(try connection.postJSON("/v1/route-bars", batch).status == 200)
            #expect(try connection.postJSON("/v1/route-bars", #"{"width":300,"routes":[{"subPaths":[{"mode":"bus","seconds":60}]}]}"#).status == 200)
            #expect(
                try connection.postJSON(
                    "/v1/route-bars", #"{"width":300,"routes":[{"subPaths":[{"trafficType":3,"trafficType":3,"sectionTime":1}]}]}"#
                ).status == 400)
            #expect(try connection.postJSON("/v1/route-bars?width=343", Samples.odsayResponse).status == 200)
            #expect(try Self.simdjsonCount("read", on: connection) == 1)
            // The named leg and the repeated name; ODsay's answer names no `routes`.
            #expect(try Self.simdjsonCount("declined", on: connection) == 2)
            #expect(try Self.simdjsonCount("no_room", on: connection) == 0)
        }
    }

    /// batch1000 (246 KiB) asks StrictJSON's reservation (2 MiB) and simdjson's (1.7 MiB) of
    /// the account: one client may hold at most half of it. With 6 MiB in all, StrictJSON's fits
    /// and both do not, so StrictJSON reads alone, to the same answer.
    @Test func withoutRoomForSimdjsonStrictJSONReadsToTheSameAnswer() throws {
        let body = try #require(FastRoutesTests.benchBodies.last?.1)
        let text = String(decoding: body, as: UTF8.self)
        let roomy = try withRouteBarService { server in
            let connection = try server.connect()
            let answer = try connection.postJSON("/v1/route-bars", text)
            #expect(try Self.simdjsonCount("read", on: connection) == 1)
            return answer
        }
        let tight = try withRouteBarService({ $0.maxMemoryBytes = 6 << 20 }) { server in
            let connection = try server.connect()
            let answer = try connection.postJSON("/v1/route-bars", text)
            #expect(try Self.simdjsonCount("no_room", on: connection) == 1)
            #expect(try Self.simdjsonCount("read", on: connection) == 0)
            return answer
        }
        #expect(roomy.status == 200 && tight.status == 200)
        #expect(roomy.body == tight.body)
        #expect(RouteBarRequest.decodingBytes(forBody: body.count) + FastRoutes.workingBytes(forBody: body.count) > 3 << 20)
    }
}
