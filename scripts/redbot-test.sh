#!/usr/bin/env bash
# HTTP semantics of every GET resource, checked by REDbot (an HTTP linter, pinned from PyPI):
# caching (no-store where answers must not be kept, validators where they should be reused),
# gzip negotiation, Content-Length, conditional requests. Fails on any note of level WARN or
# BAD; prints every note, and ends with `redbot: N passed, M failed`.
# ROUTEBAR_BINARY picks the binary (default .build/debug/routebar). Run by `make test`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BINARY=${ROUTEBAR_BINARY:-.build/debug/routebar}
REDBOT_VERSION=2.7.1
RESOURCES=(/healthz /metrics /openapi.yaml /)

failure_summary() { echo "redbot: 0 passed, ${#RESOURCES[@]} failed"; }
source scripts/test-service.sh
source scripts/venv.sh
venv_install "redbot==$REDBOT_VERSION"
start_service

passed=0 failed=0
for resource in "${RESOURCES[@]}"; do
    "$VENV/bin/redbot" -o har "$BASE$resource" >"$WORK/har.json"
    if "$VENV/bin/python" - "$resource" "$WORK/har.json" <<'PY'
import json, sys
resource, path = sys.argv[1], sys.argv[2]
entry = json.load(open(path))["log"]["entries"][0]
bad = 0
for note in entry["_red_messages"]:
    level = note["level"]
    bad += level in ("WARN", "BAD")
    print(f"  {resource}: {level:4} {note['note_id']}: {note['summary']}")
sys.exit(1 if bad else 0)
PY
    then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $resource has warnings"; fi
done
SUMMARY_PRINTED=1
echo "redbot $REDBOT_VERSION: $passed passed, $failed failed"
[ "$failed" = 0 ]
