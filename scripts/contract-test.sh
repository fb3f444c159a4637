#!/usr/bin/env bash
# Contract tests: openapi.yaml against the real binary.
#
#   1. a virtualenv at .venv (made once, reused) with pinned openapi-spec-validator and
#      schemathesis;
#   2. openapi-spec-validator checks that openapi.yaml is a valid OpenAPI 3.1 document;
#   3. the service is started on a free loopback port and schemathesis runs every one of its
#      checks over a bounded, seeded set of generated requests;
#   4. the last line is `contract: N passed, M failed`, for CI to read.
#
# Run by `make test` after the Swift suites. ROUTEBAR_BINARY picks the binary to test
# (default .build/debug/routebar, relative to the repository root).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
VENV=$ROOT/.venv
BINARY=${ROUTEBAR_BINARY:-.build/debug/routebar}

# The versions these tests were written and checked against; bump them deliberately.
SCHEMATHESIS_VERSION=4.32.5
OPENAPI_SPEC_VALIDATOR_VERSION=0.9.0
PROMETHEUS_CLIENT_VERSION=0.26.0

# Generated requests per operation, and the seed that makes a run repeatable. 100 examples
# gives about 600 test cases over the 5 operations (examples, coverage and fuzzing phases)
# and takes about 20 s on a 2-core machine.
MAX_EXAMPLES=100
SEED=20261129
# Upper bound for the whole schemathesis run, far above what it needs.
RUN_TIMEOUT=170

failure_summary() { echo "contract: 0 passed, 1 failed"; }
source scripts/test-service.sh

# --- 1. virtualenv -------------------------------------------------------------------------

source scripts/venv.sh
# Quick when the pinned versions are already installed (pip then does not go to the index).
venv_install "schemathesis==$SCHEMATHESIS_VERSION" \
    "openapi-spec-validator==$OPENAPI_SPEC_VALIDATOR_VERSION" \
    "prometheus-client==$PROMETHEUS_CLIENT_VERSION"

# --- 2. the document -----------------------------------------------------------------------

"$VENV/bin/openapi-spec-validator" openapi.yaml

# --- 3. the service under schemathesis -----------------------------------------------------

# Schemathesis generates bodies up to several MiB (long arrays of routes and legs, long
# unknown strings). Under the default 1 MiB limit those are answered 413, which is correct
# but tells nothing about the layout and fails positive_data_acceptance for schema-valid
# bodies (openapi.yaml puts no byte limit on the body: the limit is a server setting, and
# the 413 path is covered by the Swift integration tests). 16 MiB keeps every generated
# body under the limit.
start_service --max-body-bytes 16777216

# --checks all: every check schemathesis has (not_a_server_error, status_code_conformance,
# content_type_conformance, response_headers_conformance, response_schema_conformance,
# negative_data_rejection, positive_data_acceptance, missing_required_header,
# unsupported_method, allow_header_conformance, ...), none excluded.
#
# scripts/contract_hooks.py adds one `filter_failure` hook: a positive_data_acceptance
# failure is dropped only for the three 422 problems whose rule OpenAPI cannot express
# (width required in the body OR the query string; bar-too-narrow and classic-undefined,
# which are arithmetic across body and query values), and only after the hook has recomputed
# that the request really breaks that rule. See the file for the details.
#
# --generation-database none: no examples carried over from earlier runs, so a run depends
# only on the seed, the document and the service. Schemathesis runs in a scratch directory
# because it (and Hypothesis) write caches into the current one.
rc=0
(
    cd "$WORK"
    SCHEMATHESIS_HOOKS="$ROOT/scripts/contract_hooks.py" PYTHONDONTWRITEBYTECODE=1 \
        timeout "$RUN_TIMEOUT" "$VENV/bin/schemathesis" run "$ROOT/openapi.yaml" \
        --url "$BASE" \
        --checks all \
        --max-examples "$MAX_EXAMPLES" \
        --seed "$SEED" \
        --generation-database none \
        --workers 1 \
        --request-timeout 10 \
        --no-color \
        --report json --report-json-path "$WORK/report.json"
) || rc=$?

# The metrics page, read by prometheus_client's parser, on the same server.
"$VENV/bin/python" scripts/check_metrics.py "$BASE" || rc=1

if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "contract-test: the service died during the run:" >&2
    cat "$WORK/server.err" >&2
    [ "$rc" != 0 ] || rc=1
fi

# --- 4. summary ----------------------------------------------------------------------------

# N and M count schemathesis test cases (generated requests, with their checks): N is the
# test cases with no failure, M those with a failure or an error, plus any operation that
# errored before generating cases. A run that fails without a report (for example killed by
# the timeout) counts as 1 failed.
read -r passed failed < <("$VENV/bin/python" - "$WORK/report.json" "$rc" <<'EOF'
import json, sys
path, rc = sys.argv[1], int(sys.argv[2])
try:
    report = json.load(open(path))
    cases = report["test_cases"]
    failed = cases["with_failures"] + cases["errored"] + report["operations"]["errored"]
    passed = max(cases["generated"] - cases["with_failures"] - cases["errored"], 0)
except (OSError, ValueError, KeyError, TypeError):
    passed, failed = 0, 0
if rc != 0 and failed == 0:
    failed = 1
print(passed, failed)
EOF
)
echo "contract: $passed passed, $failed failed"
SUMMARY_PRINTED=1
exit "$rc"
