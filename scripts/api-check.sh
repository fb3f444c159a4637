#!/usr/bin/env bash
# The public API of each library product against api/<product>.json, the API of the last
# release: a removed or changed declaration fails (so a break cannot land unnoticed); additions
# pass. A release rewrites the baselines with `bash scripts/api-check.sh --update`.
# swift-api-digester ships with the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "$(command -v swift)" ] || export PATH=/opt/swift/usr/bin:$PATH
products=(RouteBar RouteBarJSON RouteBarDrawing RouteBarClient)
for product in "${products[@]}"; do swift build --target "$product" >/dev/null; done
modules=$(swift build --show-bin-path)/Modules
target=$(uname -m)-unknown-linux-gnu
status=0
for product in "${products[@]}"; do
    if [ "${1:-}" = --update ]; then
        swift-api-digester -dump-sdk -module "$product" -I "$modules" -target "$target" -avoid-location -o "api/$product.json"
        echo "api/$product.json: rewritten"
        continue
    fi
    # The report lists each break under a /* section */ heading; the headings alone mean none.
    report=$(swift-api-digester -diagnose-sdk -baseline-path "api/$product.json" -module "$product" -I "$modules" \
        -target "$target" 2>&1 | grep -v '^/\*' | grep -v '^[[:space:]]*$' || true)
    if [ -n "$report" ]; then
        echo "$product: the public API breaks against api/$product.json (the last release):"
        echo "$report" | sed 's/^/    /'
        status=1
    else
        echo "$product: public API as released, or extended"
    fi
done
exit $status
