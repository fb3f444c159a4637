// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "routebar",
    // The library products ask for Swift 6's standard library, the C library and (the
    // client) async URLSession, nothing newer: AvailabilityTests fails when they use API past
    // this floor (Synchronization, InlineArray, Span). The service's targets are Linux-only.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "routebar", targets: ["routebar"]),
        // Embeddable without a server: the layout algorithm, and the JSON wire format on top of it.
        .library(name: "RouteBar", targets: ["RouteBar"]),
        .library(name: "RouteBarJSON", targets: ["RouteBarJSON"]),
        .library(name: "RouteBarDrawing", targets: ["RouteBarDrawing"]),
        // For apps that call the service: async methods over URLSession, answers as RouteBar's values.
        .library(name: "RouteBarClient", targets: ["RouteBarClient"]),
    ],
    targets: [
        // libmicrohttpd, imported through a module map.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // zlib, for gzip content coding both ways.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The C around it: starting the daemon on our own listening socket (its start and log
        // functions are variadic), and checked socket calls that report errno.
        // DWARF 4: valgrind 3.19 (Debian bookworm's, used by `make load` and `make bench`) gives
        // up on the DWARF 5 that clang writes for this file.
        .target(name: "CMicroHTTPDShims", dependencies: ["CMicroHTTPD"], cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // A strict RFC 8259 reader and a byte-buffer writer; no Foundation.
        .target(name: "StrictJSON"),
        // The route-bar algorithm and its models: no HTTP, no C, nothing an app could not embed.
        // libm (round, trunc, rint) is linked here, so that a consumer needs no `import Glibc`.
        .target(
            name: "RouteBar",
            // The sentence's words, one file per language, made into SentenceWords+Languages.swift.
            exclude: ["Words"], linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Every journey planner's answer read into RouteBar's routes: an adapter per planner, each
        // in its own folder with its mode table, one registry, recognition by their signatures;
        // and what reading a body shares with RouteBarJSON (the input errors, the zone database).
        .target(name: "RouteBarPlanners", dependencies: ["RouteBar", "StrictJSON"]),
        // Our request/response JSON, decoded straight into RouteBar models, and the answer's writer;
        // a planner's answer is RouteBarPlanners' (re-exported: one import reads every shape).
        .target(name: "RouteBarJSON", dependencies: ["RouteBar", "StrictJSON", "RouteBarPlanners"]),
        // The routes as an SVG picture.
        .target(name: "RouteBarDrawing", dependencies: ["RouteBar"]),
        // An HTTP/1.1 server over libmicrohttpd: requests, responses, routing, limits, problem details.
        .target(name: "MicroHTTP", dependencies: ["CMicroHTTPD", "CMicroHTTPDShims", "CZlib"]),
        // Clock text ("18:08", "6:08 PM", "오후 6:08") from CLDR's patterns through ICU (Debian's
        // libicu-dev); it formats only, since offsets come from the system's tz database.
        // Service-side: the library products stay free of ICU. ICU is opened on first use
        // (dlopen), not linked: a process that formats nothing does not map it.
        // DWARF 4 here too, as CMicroHTTPDShims: valgrind 3.19 gave up on the whole binary
        // ("unhandled dwarf2 abbrev form code 0x25") with this file's DWARF 5, and `make bench`
        // with it.
        .target(
            name: "CICUText", cSettings: [.unsafeFlags(["-gdwarf-4"])], linkerSettings: [.linkedLibrary("dl")]),
        // simdjson (Debian's libsimdjson-dev) reading the routes of routebar's own shape, behind a C
        // interface: the service's fast path (FastRoutes.swift); the library products stay free of
        // C++. DWARF 4, as the other C targets, for valgrind 3.19.
        .target(
            name: "CSimdJSONRoutes", cxxSettings: [.unsafeFlags(["-gdwarf-4"])], linkerSettings: [.linkedLibrary("simdjson")]),
        // openapi.yaml and the playground page, compiled into the binary.
        .target(name: "CEmbeddedFiles", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // A client of the HTTP API, for apps: Foundation's URLSession, answers as RouteBar's values.
        .target(name: "RouteBarClient", dependencies: ["RouteBar"]),
        // The service: routes, formats, problems and the answer's orchestration, over MicroHTTP.
        .target(
            name: "RouteBarService",
            dependencies: [
                "RouteBar", "RouteBarJSON", "RouteBarDrawing", "StrictJSON", "MicroHTTP", "CEmbeddedFiles", "CICUText", "CSimdJSONRoutes",
            ]),
        // The executable: arguments, process policy (signals, allocator, logs) and wiring.
        // link-order.txt: the order of its functions in the release binary (Makefile, RELEASE_FLAGS).
        .executableTarget(
            name: "routebar", dependencies: ["RouteBarService", "RouteBar", "RouteBarJSON", "StrictJSON", "MicroHTTP"],
            exclude: ["link-order.txt"]),
        // Counts allocations, for the tests that pin them and for `make bench`.
        .target(name: "CAllocationCounter"),

        // Test support: an in-process live server and a raw-socket client for MicroHTTP; the real
        // binary as a child process, and sample data, for the service.
        .target(name: "MicroHTTPTesting", dependencies: ["MicroHTTP"], path: "Tests/MicroHTTPTesting"),
        .target(name: "RouteBarTestSupport", dependencies: ["MicroHTTPTesting", "MicroHTTP", "RouteBarService"], path: "Tests/RouteBarTestSupport"),
        // The fuzz target's property, for the fuzzer and the corpus's regression test.
        .target(name: "RouteBarFuzzCheck", dependencies: ["RouteBarJSON", "RouteBarService", "StrictJSON"], path: "Tests/RouteBarFuzzCheck"),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "RouteBarTests", dependencies: ["RouteBar"]),
        .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP", "MicroHTTPTesting"]),
        // CAllocationCounter: the tests that pin how many allocations a request makes.
        .testTarget(
            name: "RouteBarJSONTests",
            dependencies: [
                "RouteBarJSON", "RouteBarPlanners", "RouteBar", "RouteBarDrawing", "StrictJSON", "RouteBarTestSupport", "CAllocationCounter",
            ],
            // Planners' bodies the tests read from the source tree, not resources.
            exclude: ["PlannerFacts", "PlannerEdges"]),
        // CAllocationCounter: whether a sanitizer's allocator is in (EmbeddedDocumentsTests reads
        // the server's memory, glibc's).
        .testTarget(
            name: "RouteBarServiceTests",
            dependencies: [
                "RouteBarTestSupport", "RouteBar", "RouteBarService", "RouteBarClient", "RouteBarFuzzCheck", "routebar", "CAllocationCounter",
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    // simdjson 3 needs C++17.
    cxxLanguageStandard: .cxx17
)

// Developer tools, in the manifest only when ROUTEBAR_DEV_TOOLS=1 (`make bench`, `make fuzz`), so
// that `swift build` of the package, and every app that depends on it, never builds them.
if Context.environment["ROUTEBAR_DEV_TOOLS"] == "1" {
    package.targets += [
        // `make bench`'s in-process stage timings and allocation counts: decode, compute, encode.
        .executableTarget(
            name: "routebar-microbench", dependencies: ["RouteBar", "RouteBarJSON", "RouteBarService", "MicroHTTP", "CAllocationCounter"],
            path: "Tools/routebar-microbench"),
        // The decoder under libFuzzer (`make fuzz`), or, built normally, a replayer of inputs.
        .executableTarget(name: "routebar-fuzz", dependencies: ["RouteBarFuzzCheck", "CFuzzerDriver"], path: "Tools/routebar-fuzz"),
        .target(name: "CFuzzerDriver", path: "Tools/CFuzzerDriver"),
    ]
    package.products += [
        .executable(name: "routebar-microbench", targets: ["routebar-microbench"]),
        .executable(name: "routebar-fuzz", targets: ["routebar-fuzz"]),
    ]
}
