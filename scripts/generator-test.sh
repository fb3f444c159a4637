#!/usr/bin/env bash
# Generator tests: openapi.yaml as client generators read it, against the real binary.
#
#   1. the virtualenv at .venv (scripts/venv.sh) with pinned openapi-python-client and
#      datamodel-code-generator;
#   2. openapi-python-client generates a client from openapi.yaml into a scratch directory;
#      the run fails if the generator says it dropped or skipped anything (a schema it could
#      not process, an endpoint, a response, a parameter or a body), with one exception
#      stated below; the client is then pip-installed into the virtualenv;
#   3. datamodel-code-generator generates pydantic v2 models from the same document;
#   4. the service is started on a free loopback port, and the generated client's sync API
#      POSTs to /v1/route-bars: the seed route, every examples/*.json (ODsay bodies with
#      ?width=343&scale=3; /work/shared/odsay-samples/*.json while examples/ does not exist),
#      a `widths` request and a bad sectionTime. Each answer must parse into the generated
#      model types (200: the answer model with the right number of routes or layouts; 422:
#      the problem model with its type and pointer) and read back unchanged (to_dict), and
#      the pydantic models must validate the same raw answers;
#   5. the last line is `generators: N passed, M failed`, for CI to read.
#
# Run by `make test` after the contract test. ROUTEBAR_BINARY picks the binary to test
# (default .build/debug/routebar, relative to the repository root).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BINARY=${ROUTEBAR_BINARY:-.build/debug/routebar}

# The versions this test was written and checked against; bump them deliberately.
OPENAPI_PYTHON_CLIENT_VERSION=0.29.1
DATAMODEL_CODE_GENERATOR_VERSION=0.89.0

failure_summary() { echo "generators: 0 passed, 1 failed"; }
source scripts/test-service.sh

# --- 1. virtualenv -------------------------------------------------------------------------

source scripts/venv.sh
# wheel: so that pip builds the generated client (setup.py) with the virtualenv's setuptools,
# without fetching a build environment on every run.
WHEEL_VERSION=0.45.1
venv_install "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION" \
    "datamodel-code-generator==$DATAMODEL_CODE_GENERATOR_VERSION" "wheel==$WHEEL_VERSION"
# The generators run ruff (a dependency of openapi-python-client) from PATH.
export PATH="$VENV/bin:$PATH"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok    $*"; }
fail() { failed=$((failed + 1)); echo "FAIL  $*"; }

# --- 2. openapi-python-client --------------------------------------------------------------

# openapi-python-client reads JSON (and +json), text/* and octet-stream answers. The SVG
# answers are text, so they are read as such. GET /openapi.yaml's application/yaml answer has
# no text equivalent the generator could parse into its object schema: that one response is
# the only omission allowed below (the operation itself is generated).
cat >"$WORK/client-config.yaml" <<'EOF'
content_type_overrides:
  image/svg+xml: text/plain
EOF
rc=0
"$VENV/bin/openapi-python-client" generate --path openapi.yaml --meta setup \
    --config "$WORK/client-config.yaml" --output-path "$WORK/client" \
    >"$WORK/client-generate.log" 2>&1 || rc=$?

# Every problem the generator reports starts with a header line: "WARNING parsing METHOD
# PATH within TAG." (a response, parameter or body left out, or "Endpoint will not be
# generated."), "Unable to process schema NAME:" (the schema and everything using it removed),
# or a few others (integrations, enums, names). Any report but the allowed one fails.
if "$VENV/bin/python" - "$WORK/client-generate.log" "$rc" <<'EOF'
import re, sys

log, rc = sys.argv[1], int(sys.argv[2])
text = re.sub(r"\x1b\[[0-9;]*m", "", open(log, encoding="utf-8").read())
ALLOWED = ("WARNING parsing GET /openapi.yaml within service.",
           "Unsupported content_type application/yaml), response will be omitted")
HEADER = re.compile(r"^(WARNING parsing |ERROR parsing |Unable to |Failed |Skipping |Conflicting |"
                    r"Enum values |Unsupported |Endpoint |Invalid |Could not |Directory already|"
                    r"\S.* failed$)")
problems = []
if rc != 0:
    problems.append(f"openapi-python-client exited with {rc}")
start = re.search(r"^(Warning|Error)\(s\) encountered.*$", text, re.M)
if start:
    report = text[start.end():].split("If you believe this was a mistake")[0]
    blocks, current = [], None
    for line in report.splitlines():
        if HEADER.match(line.strip()) and not line.startswith((" ", "{", "}", "[", "]", '"')):
            current = [line.strip()]
            blocks.append(current)
        elif current is not None:
            current.append(line)
        elif line.strip():
            problems.append(f"unrecognised generator output: {line.strip()}")
    if not blocks:
        problems.append("the generator reported warnings in a form this test does not know")
    for block in blocks:
        body = "\n".join(block)
        if (block[0] == ALLOWED[0] and ALLOWED[1] in body
                and "Endpoint will not be generated" not in body):
            continue
        detail = next((l.strip() for l in block[1:] if l.strip()), "")
        problems.append(f"{block[0]} {detail}"[:400])
for p in problems:
    print("  " + p)
sys.exit(1 if problems else 0)
EOF
then
    pass "openapi-python-client $OPENAPI_PYTHON_CLIENT_VERSION generated a client without dropping anything"
else
    cat "$WORK/client-generate.log"
    fail "openapi-python-client $OPENAPI_PYTHON_CLIENT_VERSION dropped or skipped parts of openapi.yaml (its output and the list above)"
fi

client_ok=0
if [ -d "$WORK/client/routebar_client" ] &&
    venv_install --no-build-isolation --no-deps --force-reinstall "$WORK/client" &&
    "$VENV/bin/python" -c 'import routebar_client.api.route_bars.lay_out_route_bars'; then
    client_ok=1
else
    fail "the generated client could not be installed or imported"
fi

# --- 3. datamodel-code-generator -----------------------------------------------------------

models_ok=0
if "$VENV/bin/datamodel-codegen" --input openapi.yaml --input-file-type openapi \
    --output-model-type pydantic_v2.BaseModel --formatters builtin \
    --output "$WORK/models.py" 2>"$WORK/models.err" &&
    ! [ -s "$WORK/models.err" ] &&
    "$VENV/bin/python" -c 'import sys; sys.path.insert(0, sys.argv[1]); import models' "$WORK"; then
    models_ok=1
    pass "datamodel-code-generator $DATAMODEL_CODE_GENERATOR_VERSION generated pydantic v2 models"
else
    cat "$WORK/models.err"
    fail "datamodel-code-generator $DATAMODEL_CODE_GENERATOR_VERSION failed or warned (above)"
fi

# --- 4. the generated code against the service ---------------------------------------------

shopt -s nullglob
if [ -d examples ]; then
    samples=(examples/*.json)
else
    samples=(/work/shared/odsay-samples/*.json)
fi
shopt -u nullglob

start_service
# Each check's line goes to stderr; the last line on stdout is "PASSED FAILED".
read -r p f < <("$VENV/bin/python" - "$BASE" "$WORK" "$client_ok" "$models_ok" "${samples[@]}" <<'EOF'
import json, sys, traceback
from pathlib import Path

base, work, client_ok, models_ok, samples = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4] == "1", sys.argv[5:]
passed = failed = 0

def result(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print(f"{'ok   ' if ok else 'FAIL '} {what}", file=sys.stderr)

SEED_LEGS = [{"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14},
             {"trafficType": 3, "sectionTime": 3}, {"trafficType": 1, "sectionTime": 21},
             {"trafficType": 3, "sectionTime": 3}]
def seed(**options):
    return {**options, "routes": [{"id": "seed", "totalTime": 47, "subPaths": [dict(l) for l in SEED_LEGS]}]}

bad_leg = seed(width=343, scale=3)
bad_leg["routes"][0]["subPaths"][1]["sectionTime"] = 0.0005   # in the documented gap (0, 0.001)

# (name, body, query, expected): ("routes", n) for one layout of n routes, ("layouts", k, n)
# for k layouts of n routes each, ("problem", status, type, pointer).
cases = [
    ("the seed route", seed(width=343, scale=3), {}, ("routes", 1)),
]
for path in samples:
    body = json.loads(Path(path).read_text(encoding="utf-8"))
    query = {}
    if "routes" in body:
        routes = len(body["routes"])
    elif "result" in body:
        routes = len(body["result"]["path"])
        query = {"width": 343, "scale": 3}
    else:
        result(False, f"{path}: neither our request shape (routes) nor an ODsay response (result)")
        continue
    if "width" not in body and "widths" not in body:
        query.setdefault("width", 343)
    expected = ("layouts", len(body["widths"]), routes) if "widths" in body else ("routes", routes)
    cases.append((path, body, query, expected))
cases += [
    ("a widths request", seed(widths=[320, 375, 414], scale=3), {}, ("layouts", 3, 1)),
    ("a bad sectionTime (0.0005)", bad_leg, {},
     ("problem", 422, "urn:routebar:problem:out-of-range", "/routes/0/subPaths/1/sectionTime")),
]

def same(a, b):
    """JSON equality, numbers compared by value (the client reads 47 as 47.0)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b

def check_shape(expected, answer, models_of):
    """models_of(answer) -> (kind, routes or layouts, problem fields)."""
    kind, value = models_of(answer)
    if expected[0] == "routes":
        assert kind == "routes", f"parsed as {kind}, not the single-width answer"
        assert len(value) == expected[1], f"{len(value)} routes, not {expected[1]}"
    elif expected[0] == "layouts":
        assert kind == "layouts", f"parsed as {kind}, not the widths answer"
        assert len(value) == expected[1], f"{len(value)} layouts, not {expected[1]}"
        for layout in value:
            assert len(layout.routes) == expected[2], f"a layout has {len(layout.routes)} routes, not {expected[2]}"
    else:
        assert kind == "problem", f"parsed as {kind}, not a problem"
        status, type_, pointer = value
        assert (status, type_, pointer) == expected[1:], f"problem {status} {type_} {pointer}, not {expected[1:]}"

raw_answers = []

import httpx

api = None
if client_ok:
    try:
        from routebar_client import Client
        from routebar_client.api.route_bars import lay_out_route_bars as api
        from routebar_client.models import (OdsayResponse, Problem, RouteBarLayoutsResponse,
                                             RouteBarRequest, RouteBarResponse)
    except ImportError as error:
        api = None
        result(False, f"client: the generated client lacks what a caller needs: {error}")

if api is not None:
    def client_models(parsed):
        if isinstance(parsed, RouteBarResponse):
            return "routes", parsed.routes
        if isinstance(parsed, RouteBarLayoutsResponse):
            return "layouts", parsed.layouts
        if isinstance(parsed, Problem):
            return "problem", (parsed.status, parsed.type_.value, parsed.pointer)
        return type(parsed).__name__, None

    # The raw answers, kept as httpx reads them, so that the models see each one even when
    # the client fails to parse it.
    received = []
    def keep(response):
        response.read()
        received.append(response)

    with Client(base_url=base, raise_on_unexpected_status=True, timeout=httpx.Timeout(30),
                httpx_args={"event_hooks": {"response": [keep]}}) as client:
        for name, body, query, expected in cases:
            what = f"client: {name}"
            status = 422 if expected[0] == "problem" else 200
            received.clear()
            try:
                # The body goes through the generated request model, as a caller would build it.
                model = RouteBarRequest.from_dict(body) if "routes" in body else OdsayResponse.from_dict(body)
                assert same(model.to_dict(), body), "the request model does not give back the body it read"
                try:
                    response = api.sync_detailed(client=client, body=model, **query)
                finally:
                    if received:
                        raw_answers.append((name, received[-1].status_code, received[-1].json(), expected))
                assert response.status_code == status, f"status {response.status_code}, not {status}: {response.content[:300]!r}"
                raw = json.loads(response.content)
                check_shape(expected, response.parsed, client_models)
                assert same(response.parsed.to_dict(), raw), "the parsed answer does not give back the JSON it read"
                result(True, f"{what} ({response.status_code} {type(response.parsed).__name__})")
            except Exception as error:
                traceback.print_exc()
                result(False, f"{what}: {type(error).__name__}: {error}"[:500])
else:
    # Without a usable client, fetch the answers directly so that the models are still checked.
    for name, body, query, expected in cases:
        response = httpx.post(f"{base}/v1/route-bars", params=query, json=body, timeout=30)
        raw_answers.append((name, response.status_code, response.json(), expected))

if models_ok:
    sys.path.insert(0, work)
    import models
    from pydantic import TypeAdapter

    answer = TypeAdapter(models.RouteBarResponse | models.RouteBarLayoutsResponse)

    def pydantic_models(value):
        if isinstance(value, models.RouteBarResponse):
            return "routes", value.routes
        if isinstance(value, models.RouteBarLayoutsResponse):
            return "layouts", value.layouts
        if isinstance(value, models.Problem):
            return "problem", (value.status, value.type.value, value.pointer)
        return type(value).__name__, None

    for name, status, raw, expected in raw_answers:
        what = f"models: {name}"
        try:
            want = 422 if expected[0] == "problem" else 200
            assert status == want, f"status {status}, not {want}"
            value = answer.validate_python(raw) if status == 200 else models.Problem.model_validate(raw)
            check_shape(expected, value, pydantic_models)
            dumped = value.model_dump(mode="json", exclude_unset=True)
            assert same(dumped, raw), "the validated answer does not give back the JSON it read"
            result(True, f"{what} ({type(value).__name__})")
        except Exception as error:
            traceback.print_exc()
            result(False, f"{what}: {type(error).__name__}: {error}"[:500])

print(passed, failed)
EOF
) || true
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-1}))

if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "generator-test: the service died during the run:" >&2
    cat "$WORK/server.err" >&2
    failed=$((failed + 1))
fi

# --- 5. summary ----------------------------------------------------------------------------

echo "generators: $passed passed, $failed failed"
SUMMARY_PRINTED=1
[ "$failed" = 0 ]
