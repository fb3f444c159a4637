#!/usr/bin/env bash
# The library products as another app meets them: a clone of this repository, tagged with the
# version in openapi.yaml, is the dependency of a throwaway package that asks for it by version
# (`.package(url: "file://...", from: VERSION)`, which SwiftPM refuses when a product's targets
# carry unsafe flags). Its program lays out the seed route with RouteBar and encodes it with
# RouteBarJSON; the bytes must equal the server's answer to the same request. Run by `make test`.
# Ends with `consumer: N passed, M failed`.
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
git -C "$WORK/routebar" tag -f "$VERSION" >/dev/null

mkdir -p "$WORK/consumer/Sources/consumer"
cat >"$WORK/consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "consumer",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "file://$WORK/routebar", from: "$VERSION")],
    targets: [
        .executableTarget(name: "consumer", dependencies: [
            .product(name: "RouteBar", package: "routebar"),
            .product(name: "RouteBarJSON", package: "routebar"),
        ]),
    ]
)
SWIFT
cat >"$WORK/consumer/Sources/consumer/main.swift" <<'SWIFT'
// The seed route from the original app, laid out and encoded by the libraries alone: no
// import Glibc, no server.
import RouteBar
import RouteBarJSON

let seed = Route(id: "seed", totalTime: 47, subPaths: [
    SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 2, sectionTime: 14), SubPath(trafficType: 3, sectionTime: 3),
    SubPath(trafficType: 1, sectionTime: 21), SubPath(trafficType: 3, sectionTime: 3),
])
let options = LayoutOptions(width: 343, scale: 3)
let routes = try RouteBarLayout(options).layOut([seed])
print(String(decoding: RouteBarResponse.encode(routes, options: options).bytes, as: UTF8.self), terminator: "")
SWIFT

echo "consumer: building a package that depends on routebar from: \"$VERSION\" (file:// clone, tagged)"
if ! (cd "$WORK/consumer" && swift build 2>&1 | tail -n 20); then echo "FAIL: the consumer does not build"; exit 1; fi
(cd "$WORK/consumer" && swift run --skip-build consumer) >"$WORK/library.json"

start_service
curl -s -H 'Content-Type: application/json' --data-binary \
    '{"width": 343, "scale": 3, "routes": [{"id": "seed", "totalTime": 47, "subPaths": [{"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14}, {"trafficType": 3, "sectionTime": 3}, {"trafficType": 1, "sectionTime": 21}, {"trafficType": 3, "sectionTime": 3}]}]}' \
    "$BASE/v1/route-bars" >"$WORK/server.json"

SUMMARY_PRINTED=1
if cmp -s "$WORK/library.json" "$WORK/server.json"; then
    echo "library answer: $(wc -c <"$WORK/library.json") bytes, identical to the server's"
    echo "consumer: 1 passed, 0 failed"
else
    echo "FAIL: the library's answer differs from the server's"
    diff <(tr ',' '\n' <"$WORK/library.json") <(tr ',' '\n' <"$WORK/server.json") | head -20
    echo "consumer: 0 passed, 1 failed"
    exit 1
fi
