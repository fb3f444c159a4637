#!/usr/bin/env bash
# The library products as another app meets them: a clone of this repository is the dependency
# of a throwaway package that asks for it by version (`.package(url: "file://...", from:
# VERSION)`, VERSION being openapi.yaml's info.version; SwiftPM refuses that when a product's
# targets carry unsafe flags). SwiftPM resolves the repository's own release tag, the commit a
# user pinning VERSION gets; this script makes no tag of its own. When the checkout has no such
# tag (a clone that did not bring tags: README, "Releases"), it says so and depends on the
# clone's HEAD by revision instead.
#
# The consumer uses all four products: it lays out the seed route with RouteBar, encodes it with
# RouteBarJSON and draws it with RouteBarDrawing, and asks the running server for the same layout
# through RouteBarClient. The encoded bytes must equal the server's JSON answer, the drawing its
# SVG answer, and the client's routes the library's. Run by `make test`; ends with
# `consumer: N passed, M failed`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
BINARY=${ROUTEBAR_BINARY:-.build/debug/routebar}
[ -n "$(command -v swift)" ] || export PATH=/opt/swift/usr/bin:$PATH

failure_summary() { echo "consumer: 0 passed, 1 failed"; }
source scripts/test-service.sh

VERSION=$(sed -n '/^info:/,/^[a-z]/s/^  version: *\([0-9][0-9.]*[0-9A-Za-z.+-]*\) *$/\1/p' openapi.yaml | head -n 1)
[ -n "$VERSION" ] || { echo "no info.version in openapi.yaml"; exit 1; }

# What is committed is what a consumer gets.
git clone -q "$ROOT" "$WORK/routebar"
if git -C "$WORK/routebar" rev-parse -q --verify "refs/tags/$VERSION" >/dev/null; then
    REQUIREMENT="from: \"$VERSION\""
    echo "consumer: the repository's tag $VERSION is $(git -C "$WORK/routebar" rev-parse --short "$VERSION^{commit}")"
else
    REQUIREMENT="revision: \"$(git -C "$WORK/routebar" rev-parse HEAD)\""
    echo "consumer: NOTE this checkout has no tag $VERSION (its clone brought no tags); depending on HEAD by revision"
fi

mkdir -p "$WORK/consumer/Sources/consumer"
cat >"$WORK/consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "consumer",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "file://$WORK/routebar", $REQUIREMENT)],
    targets: [
        .executableTarget(name: "consumer", dependencies: [
            .product(name: "RouteBar", package: "routebar"),
            .product(name: "RouteBarJSON", package: "routebar"),
            .product(name: "RouteBarDrawing", package: "routebar"),
            .product(name: "RouteBarClient", package: "routebar"),
        ]),
    ]
)
SWIFT
cat >"$WORK/consumer/Sources/consumer/main.swift" <<'SWIFT'
// The seed route from the original app, laid out, encoded and drawn by the libraries alone (no
// import Glibc, no server), then asked of the server through the client.
import Foundation
import RouteBar
import RouteBarClient
import RouteBarDrawing
import RouteBarJSON

let seed = Route(id: "seed", totalTime: 47, subPaths: [
    SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 2, sectionTime: 14), SubPath(trafficType: 3, sectionTime: 3),
    SubPath(trafficType: 1, sectionTime: 21), SubPath(trafficType: 3, sectionTime: 3),
])
let options = LayoutOptions(width: 343, scale: 3)
let routes = try RouteBarLayout(options).layOut([seed])
let output = URL(fileURLWithPath: CommandLine.arguments[1])
try Data(RouteBarResponse.encode(routes, options: options).bytes).write(to: output.appendingPathComponent("library.json"))
try Data(RouteBarSVG.render(routes, options: options)).write(to: output.appendingPathComponent("library.svg"))

let client = RouteBarClient(baseURL: URL(string: CommandLine.arguments[2])!)
let answer = try await client.layOut(LayoutRequest(options: options, routes: [seed]))
// The client's answer goes straight into code written for the library.
let drawn = RouteBarSVG.render(answer.routes, options: answer.options)
print(answer.routes == routes && drawn == RouteBarSVG.render(routes, options: options)
    ? "the client's routes equal the library's" : "DIFFERENT: the client's routes are not the library's")
SWIFT

echo "consumer: building a package that depends on routebar $REQUIREMENT (file:// clone)"
if ! (cd "$WORK/consumer" && swift build 2>&1 | tail -n 20); then echo "FAIL: the consumer does not build"; exit 1; fi

start_service
(cd "$WORK/consumer" && swift run --skip-build consumer "$WORK" "$BASE") >"$WORK/client.txt"
SEED='{"width": 343, "scale": 3, "routes": [{"id": "seed", "totalTime": 47, "subPaths": [{"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14}, {"trafficType": 3, "sectionTime": 3}, {"trafficType": 1, "sectionTime": 21}, {"trafficType": 3, "sectionTime": 3}]}]}'
curl -s -H 'Content-Type: application/json' --data-binary "$SEED" "$BASE/v1/route-bars" >"$WORK/server.json"
curl -s -H 'Content-Type: application/json' -H 'Accept: image/svg+xml' --data-binary "$SEED" "$BASE/v1/route-bars" >"$WORK/server.svg"

SUMMARY_PRINTED=1
passed=0
failed=0
if cmp -s "$WORK/library.json" "$WORK/server.json"; then
    passed=$((passed + 1)); echo "ok    RouteBarJSON: $(wc -c <"$WORK/library.json") bytes, identical to the server's answer"
else
    failed=$((failed + 1)); echo "FAIL  RouteBarJSON's answer differs from the server's"
    diff <(tr ',' '\n' <"$WORK/library.json") <(tr ',' '\n' <"$WORK/server.json") | head -20
fi
if cmp -s "$WORK/library.svg" "$WORK/server.svg"; then
    passed=$((passed + 1)); echo "ok    RouteBarDrawing: $(wc -c <"$WORK/library.svg") bytes, identical to the server's SVG"
else
    failed=$((failed + 1)); echo "FAIL  RouteBarDrawing's SVG differs from the server's"
fi
if grep -qx "the client's routes equal the library's" "$WORK/client.txt"; then
    passed=$((passed + 1)); echo "ok    RouteBarClient: the server's routes equal RouteBarLayout's own, and draw the same SVG"
else
    failed=$((failed + 1)); echo "FAIL  RouteBarClient: $(cat "$WORK/client.txt")"
fi
echo "consumer: $passed passed, $failed failed"
[ "$failed" = 0 ]
