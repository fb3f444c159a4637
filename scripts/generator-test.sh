#!/usr/bin/env bash
# Generator tests: openapi.yaml as client generators read it, against the real binary.
#
#   1. the virtualenv at .venv (scripts/venv.sh) with pinned openapi-python-client,
#      datamodel-code-generator and openapi-generator (PyPI's openapi-generator-cli, which
#      carries the jar); Debian's JRE, Node and tsc (node-typescript), from apt when missing;
#   2. openapi-python-client generates a client from openapi.yaml into a scratch directory;
#      the run fails if the generator says it dropped or skipped anything (a schema it could
#      not process, an endpoint, a response, a parameter or a body), with one exception
#      stated below; the client is then pip-installed into the virtualenv;
#   3. datamodel-code-generator generates pydantic v2 models from the same document, and
#      openapi-generator the typescript-fetch, kotlin and swift6 clients: each run fails if
#      the generator warns (but for the two warnings named below, which drop nothing), and
#      each client's layOutRouteBars call and its RouteBarRequest and ODsayResponse models
#      must carry every layout option the binary's --help lists. A small TypeScript program
#      using the typescript-fetch client is type-checked with tsc (strict);
#   4. the service is started on a free loopback port, and the generated client's sync API
#      POSTs to /v1/route-bars: the seed route, every examples/*.json (ODsay bodies with
#      ?width=343&scale=3; /work/shared/odsay-samples/*.json while examples/ does not exist),
#      a `widths` request and a bad sectionTime. Each answer must parse into the generated
#      model types (200: the answer model with the right number of routes or layouts; 422:
#      the problem model with its type and pointer) and read back unchanged (to_dict), and
#      the pydantic models must validate the same raw answers;
#   5. layout options through the generated clients, against the same service: the
#      TypeScript program (run with node) and the Python client each POST the seed route
#      (with lanes) with width, gap and theme set, once in the body model and once as query
#      parameters. Each request must carry exactly the options set (no defaults, in the
#      query string or the body), and each answer must equal curl's for the same query, show
#      the 2-point gaps and the dark theme's colours (differing from curl's light answer).
#      The Python client's names must be readable (no VALUE_0, o_dsay, type_0);
#   6. the last line is `generators: N passed, M failed`, for CI to read.
#
# Run by `make test` after the contract test. ROUTEBAR_BINARY picks the binary to test
# (default .build/debug/routebar, relative to the repository root).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BINARY=${ROUTEBAR_BINARY:-.build/debug/routebar}

# The versions this test was written and checked against; bump them deliberately.
OPENAPI_PYTHON_CLIENT_VERSION=0.29.1
DATAMODEL_CODE_GENERATOR_VERSION=0.89.0
OPENAPI_GENERATOR_VERSION=7.26.0

failure_summary() { echo "generators: 0 passed, 1 failed"; }
source scripts/test-service.sh

# --- 1. virtualenv -------------------------------------------------------------------------

source scripts/venv.sh
# wheel: so that pip builds the generated client (setup.py) with the virtualenv's setuptools,
# without fetching a build environment on every run.
WHEEL_VERSION=0.45.1
venv_install "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION" \
    "datamodel-code-generator==$DATAMODEL_CODE_GENERATOR_VERSION" "wheel==$WHEEL_VERSION" \
    "openapi-generator-cli==$OPENAPI_GENERATOR_VERSION"
# The generators run ruff (a dependency of openapi-python-client) from PATH.
export PATH="$VENV/bin:$PATH"

# openapi-generator runs on Java; the TypeScript client is checked with tsc and run with node.
# Debian's, installed when missing (Debian's tsc is TypeScript 4.8).
packages=()
command -v java >/dev/null 2>&1 || packages+=(default-jre-headless)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v tsc >/dev/null 2>&1 || packages+=(node-typescript)
if [ "${#packages[@]}" -gt 0 ]; then
    echo "Installing ${packages[*]} with apt-get"
    sudo_if_needed apt-get update -qq
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}"
fi

# The layout options, as the binary lists them (LayoutOption.all): --min-segment-ratio is
# minSegmentRatio.
if [ ! -x "$BINARY" ]; then
    echo "no routebar binary at $BINARY: build it (swift build) or set ROUTEBAR_BINARY" >&2
    exit 1
fi
mapfile -t OPTIONS < <("$BINARY" --help | sed -n '/^Layout options/,/^$/s/^  --\([a-z-]*\) .*/\1/p' |
    sed -E 's/-([a-z])/\U\1/g')
if [ "${#OPTIONS[@]}" -lt 16 ]; then
    echo "generator-test: $BINARY --help lists ${#OPTIONS[@]} layout options, not the 16 or more expected" >&2
    exit 1
fi

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

# --- 3b. openapi-generator -----------------------------------------------------------------

# Each generator's log may warn of nothing but these two, which drop nothing: OpenAPI 3.1
# support being in beta, and "Failed to get the schema name: null", which openapi-generator 7
# logs for `additionalProperties: false` (a boolean schema it looks up as a reference; the
# models are whole, as the option check below shows). swift6 also renames models named
# after reserved words (Locale becomes ModelLocale): a rename, not a loss.
for generator in typescript-fetch kotlin swift6; do
    rc=0
    "$VENV/bin/openapi-generator-cli" generate --input-spec openapi.yaml --generator-name "$generator" \
        --output "$WORK/openapi-generator/$generator" >"$WORK/$generator.log" 2>&1 || rc=$?
    echo "$rc" >"$WORK/$generator.rc"
done
# Where each client's layOutRouteBars call, and its RouteBarRequest and ODsayResponse models,
# name their members: [file, the region of the file, a member named {name}].
"$VENV/bin/python" - "$WORK/openapi-generator" "$WORK/openapi-generator.counts" "${OPTIONS[@]}" <<'EOF' || true
import re, sys
from pathlib import Path

root, counts, options = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
ALLOWED = (r"OpenAPI 3\.1 support is still in beta", r"Failed to get the schema name: null$",
           r"\(reserved word\) cannot be used as model name\. Renamed to Model\w+$")
PLACES = {
    "typescript-fetch": [
        ("apis/RouteBarsApi.ts", r"export interface LayOutRouteBarsOperationRequest \{(.*?)\n\}", r"\b{}\?: "),
        ("apis/RouteBarsApi.ts", r"async layOutRouteBarsRequestOpts\((.*?)\n    \}\n", r"queryParameters\['{}'\]"),
        ("models/RouteBarRequest.ts", r"export interface RouteBarRequest \{(.*?)\n\}", r"\b{}\?: "),
        ("models/RouteBarRequest.ts", r"function RouteBarRequestToJSONTyped\((.*?)\n\}", r"'{}': value\['{}'\]"),
        ("models/ODsayResponse.ts", r"export interface ODsayResponse \{(.*?)\n\}", r"\b{}\?: "),
        ("models/ODsayResponse.ts", r"function ODsayResponseToJSONTyped\((.*?)\n\}", r"'{}': value\['{}'\]"),
    ],
    "kotlin": [
        ("src/main/kotlin/org/openapitools/client/apis/RouteBarsApi.kt", r"fun layOutRouteBars\((.*?)\) ?:", r"\b{}: "),
        ("src/main/kotlin/org/openapitools/client/apis/RouteBarsApi.kt",
         r"fun layOutRouteBarsRequestConfig\((.*?)\n    \}\n", r'put\("{}", '),
        ("src/main/kotlin/org/openapitools/client/models/RouteBarRequest.kt",
         r"data class RouteBarRequest \((.*?)\n\)", r'@Json\(name = "{}"\)\s+val {}: '),
        ("src/main/kotlin/org/openapitools/client/models/ODsayResponse.kt",
         r"data class ODsayResponse \((.*?)\n\)", r'@Json\(name = "{}"\)\s+val {}: '),
    ],
    "swift6": [
        ("Sources/OpenAPIClient/APIs/RouteBarsAPI.swift", r"class func layOutRouteBars\(([^)]*)\)", r"\b{}: "),
        ("Sources/OpenAPIClient/APIs/RouteBarsAPI.swift",
         r"class func layOutRouteBarsWithRequestBuilder\((.*?)\n    \}\n", r'"{}": \(wrappedValue: {}'),
        ("Sources/OpenAPIClient/Models/RouteBarRequest.swift", r"public struct RouteBarRequest\b(.*?)\n\}", r"public var {}: "),
        ("Sources/OpenAPIClient/Models/ODsayResponse.swift", r"public struct ODsayResponse\b(.*?)\n\}", r"public var {}: "),
    ],
}
failed = 0
for generator, places in PLACES.items():
    problems = []
    rc = int((root.parent / f"{generator}.rc").read_text())
    if rc:
        problems.append(f"exited with {rc}")
    log = re.sub(r"\x1b\[[0-9;]*m", "", (root.parent / f"{generator}.log").read_text(encoding="utf-8"))
    for line in log.splitlines():
        if re.search(r"\b(WARN|ERROR|Exception)\b", line) and not any(re.search(a, line) for a in ALLOWED):
            problems.append(line.strip()[:300])
    for file, region, member in places:
        path = root / generator / file
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        found = re.search(region, text, re.S)
        if not found:
            problems.append(f"{file}: no {region!r}")
            continue
        missing = [o for o in options if not re.search(member.replace("{}", re.escape(o)), found.group(1))]
        if missing:
            problems.append(f"{file}: lacks {', '.join(missing)} (as {member!r})")
    what = f"openapi-generator {generator}"
    if problems:
        failed += 1
        print(f"FAIL  {what}: dropped or lost options")
        for p in problems:
            print("        " + p)
    else:
        print(f"ok    {what}: generated without a warning; layOutRouteBars, RouteBarRequest and "
              f"ODsayResponse carry all {len(options)} options")
Path(counts).write_text(f"{3 - failed} {failed}\n")
EOF
p=0 f=3
[ -s "$WORK/openapi-generator.counts" ] && read -r p f <"$WORK/openapi-generator.counts"
passed=$((passed + p))
failed=$((failed + f))

# A caller of the typescript-fetch client: the seed route with width, gap and theme set, in
# the body model and then as query parameters. It prints what it sent and the two answers,
# which section 5 compares with curl's. tsc checks it and the client with --strict, except
# for implicit-any index errors: the generated instanceOf functions narrow with `'key' in
# value`, which needs TypeScript 4.9, and Debian's tsc is 4.8.
mkdir -p "$WORK/ts"
ln -s "$WORK/openapi-generator/typescript-fetch" "$WORK/ts/client"
cat >"$WORK/ts/tsconfig.json" <<'EOF'
{
  "compilerOptions": {
    "target": "ES2020",
    "module": "commonjs",
    "lib": ["ES2020", "DOM"],
    "strict": true,
    "suppressImplicitAnyIndexErrors": true,
    "noEmitOnError": true,
    "types": [],
    "outDir": "out"
  },
  "files": ["main.ts"]
}
EOF
cat >"$WORK/ts/main.ts" <<'EOF'
import {
    Configuration, RouteBarsApi, RouteBarRequest, RouteBarResponse, SubPath, instanceOfRouteBarResponse,
} from './client';

// Node's globals, as far as this program uses them (Debian packages no @types/node).
declare const process: { argv: string[]; stdout: { write(text: string): boolean }; exit(code: number): never };

const [base] = process.argv.slice(2);
const sent: { url: string; body: unknown }[] = [];
const api = new RouteBarsApi(new Configuration({
    basePath: base,
    middleware: [{
        pre: async (context) => {
            sent.push({ url: context.url, body: JSON.parse(String(context.init.body)) });
        },
    }],
}));

const legs: SubPath[] = [
    { trafficType: 3, sectionTime: 6 },
    { trafficType: 2, sectionTime: 14, lane: [{ busNo: '421', type: 11 }] },
    { trafficType: 3, sectionTime: 3 },
    { trafficType: 1, sectionTime: 21, lane: [{ name: '수도권 1호선', subwayCode: 1 }] },
    { trafficType: 3, sectionTime: 3 },
];
const routes = [{ id: 'seed', totalTime: 47, subPaths: legs }];

function check(answer: RouteBarResponse, what: string): void {
    if (answer.width !== 343 || answer.gap !== 2 || answer.theme !== 'dark') {
        throw new Error(`${what}: the answer says width ${answer.width}, gap ${answer.gap}, theme ${answer.theme}`);
    }
    const segments = answer.routes[0].segments;
    for (let i = 1; i < segments.length; i++) {
        const gap = segments[i].x - (segments[i - 1].x + segments[i - 1].width);
        if (Math.abs(gap - 2) > 1e-9) throw new Error(`${what}: ${gap} points before segment ${i}, not 2`);
    }
}

async function main(): Promise<void> {
    const body: RouteBarRequest = { width: 343, gap: 2, theme: 'dark', routes };
    const calls = [
        { what: 'options in the body', request: { layOutRouteBarsRequest: body } },
        {
            what: 'options in the query',
            request: { layOutRouteBarsRequest: { routes }, width: 343, gap: 2, theme: 'dark' as const },
        },
    ];
    const answers: unknown[] = [];
    for (const { what, request } of calls) {
        const response = await api.layOutRouteBarsRaw(request);
        answers.push(await response.raw.clone().json());
        const answer = await response.value();
        if (!instanceOfRouteBarResponse(answer)) throw new Error(`${what}: not a RouteBarResponse`);
        check(answer, what);
    }
    process.stdout.write(JSON.stringify({ sent, answers }) + '\n');
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});
EOF
ts_ok=0
if [ -d "$WORK/ts/client/apis" ] && tsc -p "$WORK/ts" >"$WORK/tsc.log" 2>&1; then
    ts_ok=1
    pass "tsc $(tsc --version | sed 's/^Version //') (strict) checked a typescript-fetch caller that sets width, gap and theme"
else
    cat "$WORK/tsc.log"
    fail "tsc rejected the typescript-fetch client or its caller (above)"
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

# --- 5. layout options through the generated clients ---------------------------------------

# The seed route with lanes (a 간선 bus and 1호선, whose colours the dark theme changes), as
# the TypeScript program builds it; curl's answers, with the options in the query string, are
# the reference.
cat >"$WORK/options-routes.json" <<'EOF'
{"routes": [{"id": "seed", "totalTime": 47, "subPaths": [
  {"trafficType": 3, "sectionTime": 6},
  {"trafficType": 2, "sectionTime": 14, "lane": [{"busNo": "421", "type": 11}]},
  {"trafficType": 3, "sectionTime": 3},
  {"trafficType": 1, "sectionTime": 21, "lane": [{"name": "수도권 1호선", "subwayCode": 1}]},
  {"trafficType": 3, "sectionTime": 3}]}]}
EOF
curl -sS --json @"$WORK/options-routes.json" "$BASE/v1/route-bars?width=343&gap=2&theme=dark" \
    >"$WORK/curl-dark.json" || true
curl -sS --json @"$WORK/options-routes.json" "$BASE/v1/route-bars?width=343&gap=2" \
    >"$WORK/curl-light.json" || true
: >"$WORK/ts-answers.json"
if [ "$ts_ok" = 1 ] && ! node "$WORK/ts/out/main.js" "$BASE" >"$WORK/ts-answers.json" 2>"$WORK/node.err"; then
    cat "$WORK/node.err" >&2
fi
read -r p f < <("$VENV/bin/python" - "$BASE" "$WORK" "$ts_ok" "$client_ok" <<'EOF'
import json, re, sys, traceback
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

base, work, ts_ok, client_ok = sys.argv[1], Path(sys.argv[2]), sys.argv[3] == "1", sys.argv[4] == "1"
passed = failed = 0

def result(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print(f"{'ok   ' if ok else 'FAIL '} {what}", file=sys.stderr)

def check(what, function):
    try:
        function()
        result(True, what)
    except Exception as error:
        traceback.print_exc()
        result(False, f"{what}: {type(error).__name__}: {error}"[:500])

routes = json.loads((work / "options-routes.json").read_text(encoding="utf-8"))
OPTIONS = {"width": 343, "gap": 2, "theme": "dark"}
QUERY = {"width": "343", "gap": "2", "theme": "dark"}
dark = json.loads((work / "curl-dark.json").read_text(encoding="utf-8") or "null")
light = json.loads((work / "curl-light.json").read_text(encoding="utf-8") or "null")

def reference():
    """curl's answers: the options took effect, so matching them shows a client sent them."""
    for answer, theme in ((dark, "dark"), (light, "light")):
        assert isinstance(answer, dict) and "routes" in answer, f"curl's {theme} answer: {answer!r:.300}"
        assert (answer["width"], answer["gap"], answer["theme"]) == (343, 2, theme), "options not echoed"
        segments = answer["routes"][0]["segments"]
        for before, segment in zip(segments, segments[1:]):
            gap = segment["x"] - before["x"] - before["width"]
            assert abs(gap - 2) < 1e-9, f"{gap} points before segment {segment['index']}, not 2"
    colours = [(s["color"], t["color"]) for s, t in zip(light["routes"][0]["segments"], dark["routes"][0]["segments"])]
    changed = {i: pair for i, pair in enumerate(colours) if pair[0] != pair[1]}
    assert changed == {1: ("#3D5BAB", "#3E5DAF"), 3: ("#0052A4", "#005FBE")}, f"light → dark colours: {colours}"

check("curl: ?width=343&gap=2&theme=dark gives 2-point gaps and the dark colours (the reference)", reference)

def sent_exactly(url, body, query, what):
    sent_query = dict(parse_qsl(urlsplit(url).query, keep_blank_values=True))
    assert sent_query == query, f"{what}: the query string is {sent_query}, not {query}"
    assert body == expected_body(query), f"{what}: the body is {json.dumps(body)[:300]}"

def expected_body(query):
    return routes if query else {**OPTIONS, **routes}

# TypeScript (typescript-fetch, run with node): what it sent, and the two answers.
def typescript():
    assert ts_ok, "not compiled (above)"
    output = json.loads((work / "ts-answers.json").read_text(encoding="utf-8") or "null")
    assert output, "the program printed nothing (its error is above)"
    for sent, answer, query, what in zip(output["sent"], output["answers"], ({}, QUERY), ("body", "query")):
        sent_exactly(sent["url"], sent["body"], query, f"options in the {what}")
        assert answer == dark, f"options in the {what}: the answer differs from curl's"

check("typescript-fetch client (node): width, gap and theme in the body model and as query "
      "parameters, sent alone, answered as curl's", typescript)

# Python (openapi-python-client): the same two calls.
def python_client():
    assert client_ok, "the client was not installed (above)"
    import httpx
    from routebar_client import Client
    from routebar_client.api.route_bars import lay_out_route_bars as api
    from routebar_client.models import LayOutRouteBarsTheme, LayoutOptionsTheme, RouteBarRequest, RouteBarResponse

    requests = []
    with Client(base_url=base, raise_on_unexpected_status=True, timeout=httpx.Timeout(30),
                httpx_args={"event_hooks": {"request": [requests.append]}}) as client:
        in_body = RouteBarRequest.from_dict(routes)
        in_body.width, in_body.gap, in_body.theme = 343, 2, LayoutOptionsTheme.DARK
        calls = [("body", {}, lambda: api.sync_detailed(client=client, body=in_body)),
                 ("query", QUERY, lambda: api.sync_detailed(
                     client=client, body=RouteBarRequest.from_dict(routes), width=343, gap=2,
                     theme=LayOutRouteBarsTheme.DARK))]
        for what, query, call in calls:
            requests.clear()
            response = call()
            sent_exactly(str(requests[-1].url), json.loads(requests[-1].content), query, f"options in the {what}")
            assert response.status_code == 200, f"options in the {what}: status {response.status_code}"
            assert json.loads(response.content) == dark, f"options in the {what}: the answer differs from curl's"
            assert isinstance(response.parsed, RouteBarResponse), type(response.parsed).__name__
            assert (response.parsed.gap, response.parsed.theme.value) == (2, "dark")

check("openapi-python-client client: width, gap and theme in the body model and as query "
      "parameters, sent alone (no defaults), answered as curl's", python_client)

def python_names():
    """No name a generator makes up when the document gives none."""
    package = work / "client" / "routebar_client"
    odd = re.compile(r"VALUE_\d|VALUE_NEGATIVE|o_dsay|O_DSAY|_type_\d|Type\d\b")
    found = set()
    for path in package.rglob("*.py"):
        if odd.search(path.name):
            found.add(path.name)
        for line in path.read_text(encoding="utf-8").splitlines():
            declared = re.match(r"\s*(?:class (\w+)|([A-Z][A-Z0-9_]*) = )", line)
            if declared and odd.search(declared.group(1) or declared.group(2)):
                found.add(declared.group(1) or declared.group(2))
    assert package.is_dir(), "no client"
    assert not found, f"made-up names: {sorted(found)[:20]}"

check("openapi-python-client client: readable names (no VALUE_0, o_dsay, type_0)", python_names)

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

# --- 6. summary ----------------------------------------------------------------------------

echo "generators: $passed passed, $failed failed"
SUMMARY_PRINTED=1
[ "$failed" = 0 ]
