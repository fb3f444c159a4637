"""Generator tests: openapi.yaml as client generators read it, against the real binary.

  1. the virtualenv (.venv) with pinned openapi-python-client, datamodel-code-generator and
     openapi-generator (PyPI's openapi-generator-cli, which carries the jar); Debian's JRE, Node and
     tsc (node-typescript), from apt when missing;
  2. openapi-python-client generates a client from openapi.yaml into a scratch directory; the test
     fails if the generator says it dropped or skipped anything (a schema it could not process, an
     endpoint, a response, a parameter or a body), with one exception stated below; the client is
     then pip-installed into the virtualenv;
  3. datamodel-code-generator generates pydantic v2 models from the same document, and
     openapi-generator the typescript-fetch, kotlin and swift6 clients: each run fails if the
     generator warns (but for the warnings named below, which drop nothing), and each client's
     layOutRouteBars call and its RouteBarRequest and ODsayResponse models must carry every layout
     option the binary's --help lists. A small TypeScript program using the typescript-fetch client
     (generator_caller/main.ts) is type-checked with tsc (strict);
  4. the service is started on a free loopback port, and the generated client's sync API POSTs to
     /v1/route-bars: the seed route, every examples/*.json (ODsay bodies with ?width=343&scale=3), a `widths` request and a bad
     sectionTime. Each answer must parse into the generated model types (200: the answer model with
     the right number of routes or layouts; 422: the problem model with its type and pointer) and
     read back unchanged (to_dict), and the pydantic models must validate the same raw answers;
  5. layout options through the generated clients, against the same service: the TypeScript program
     (run with node) and the Python client each POST the seed route (with lanes) with width, gap and
     theme set, once in the body model and once as query parameters. Each request must carry exactly
     the options set (no defaults, in the query string or the body), and each answer must equal the
     service's answer for the same query string, show the 2-point gaps and the dark theme's colours
     (differing from the light answer). The Python client's names must be readable (no VALUE_0,
     o_dsay, type_0).

ROUTEBAR_BINARY picks the binary to test (default .build/debug/routebar).
"""
import importlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import traceback
import urllib.request
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from conftest import REPO, apt_install

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def tools(venv):
    # wheel: so that pip builds the generated client (setup.py) with the virtualenv's setuptools,
    # without fetching a build environment on every run.
    venv.install("openapi-python-client", "datamodel-code-generator", "wheel", "openapi-generator-cli")
    # openapi-generator runs on Java; the TypeScript client is checked with tsc and run with node.
    # Debian's, installed when missing (Debian's tsc is TypeScript 4.8).
    packages = [package for tool, package in (("java", "default-jre-headless"), ("node", "nodejs"),
                                              ("tsc", "node-typescript")) if not shutil.which(tool)]
    if packages:
        apt_install(*packages)
    # The generators run ruff (a dependency of openapi-python-client) from PATH.
    env = dict(os.environ, PATH=str(venv.path / "bin") + os.pathsep + os.environ.get("PATH", ""))
    return venv, env


@pytest.fixture(scope="module")
def options(binary):
    """The layout options, as the binary lists them (LayoutOption.all): --min-segment-ratio is
    minSegmentRatio."""
    assert os.access(binary, os.X_OK), f"no routebar binary at {binary}: build it (swift build) or set ROUTEBAR_BINARY"
    text = subprocess.run([str(binary), "--help"], capture_output=True, text=True, check=True).stdout
    section = re.search(r"^Layout options.*?\n(.*?)(?:\n\n|\Z)", text, re.M | re.S)
    names = re.findall(r"^  --([a-z-]*) ", section.group(1), re.M) if section else []
    found = [re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name) for name in names]
    assert len(found) >= 16, f"{binary} --help lists {len(found)} layout options, not the 16 or more expected"
    return found


# --- 2. openapi-python-client -------------------------------------------------------------------

@pytest.fixture(scope="module")
def python_client(tools, module_tmp):
    """(exit status, output) of openapi-python-client. It reads JSON (and +json), text/* and
    octet-stream answers. The SVG answers are text, so they are read as such. GET /openapi.yaml's
    application/yaml answer has no text equivalent the generator could parse into its object schema:
    that one response is the only omission allowed (the operation itself is generated)."""
    venv, env = tools
    config = module_tmp / "client-config.yaml"
    config.write_text("content_type_overrides:\n  image/svg+xml: text/plain\n")
    run = subprocess.run([venv.bin("openapi-python-client"), "generate", "--path", "openapi.yaml", "--meta", "setup",
                          "--config", str(config), "--output-path", str(module_tmp / "client")],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    return run.returncode, run.stdout


def generator_problems(text, rc):
    """Every problem the generator reports starts with a header line: "WARNING parsing METHOD PATH
    within TAG." (a response, parameter or body left out, or "Endpoint will not be generated."),
    "Unable to process schema NAME:" (the schema and everything using it removed), or a few others
    (integrations, enums, names). Any report but the allowed one is a problem."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    allowed = ("WARNING parsing GET /openapi.yaml within service.",
               "Unsupported content_type application/yaml), response will be omitted")
    header = re.compile(r"^(WARNING parsing |ERROR parsing |Unable to |Failed |Skipping |Conflicting |"
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
            if header.match(line.strip()) and not line.startswith((" ", "{", "}", "[", "]", '"')):
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
            if block[0] == allowed[0] and allowed[1] in body and "Endpoint will not be generated" not in body:
                continue
            detail = next((line.strip() for line in block[1:] if line.strip()), "")
            problems.append(f"{block[0]} {detail}"[:400])
    return problems


def test_python_client_generated_without_drops(python_client):
    rc, log = python_client
    problems = generator_problems(log, rc)
    assert not problems, ("openapi-python-client dropped or skipped parts of openapi.yaml:\n  "
                          + "\n  ".join(problems) + "\n" + log)
    print("ok    openapi-python-client generated a client without dropping anything")


@pytest.fixture(scope="module")
def client_ok(tools, python_client, module_tmp):
    """Whether the generated client installed into .venv and imports."""
    venv, env = tools
    if not (module_tmp / "client" / "routebar_client").is_dir():
        return False
    install = subprocess.run([venv.python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                              "--no-build-isolation", "--no-deps", "--force-reinstall", str(module_tmp / "client")],
                             env=env)
    if install.returncode != 0:
        return False
    importlib.invalidate_caches()
    for name in [m for m in sys.modules if m == "routebar_client" or m.startswith("routebar_client.")]:
        del sys.modules[name]
    try:
        importlib.import_module("routebar_client.api.route_bars.lay_out_route_bars")
    except ImportError:
        traceback.print_exc()
        return False
    return True


def test_python_client_installs_and_imports(client_ok):
    assert client_ok, "the generated client could not be installed or imported"


# --- 3. datamodel-code-generator ----------------------------------------------------------------

@pytest.fixture(scope="module")
def models(tools, module_tmp):
    """The generated pydantic v2 models as a module, or (a string) what went wrong."""
    venv, env = tools
    output = module_tmp / "models.py"
    run = subprocess.run([venv.bin("datamodel-codegen"), "--input", "openapi.yaml", "--input-file-type", "openapi",
                          "--output-model-type", "pydantic_v2.BaseModel", "--formatters", "builtin",
                          "--output", str(output)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    if run.returncode != 0 or run.stderr.strip():
        return f"exit {run.returncode}: {run.stderr}"
    spec = importlib.util.spec_from_file_location("routebar_generated_models", output)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # pydantic resolves the models' forward references through it
    try:
        spec.loader.exec_module(module)
    except Exception:
        return traceback.format_exc()
    return module


def test_datamodel_code_generator_models(models):
    assert not isinstance(models, str), f"datamodel-code-generator failed or warned: {models}"
    print("ok    datamodel-code-generator generated pydantic v2 models")


# --- 3b. openapi-generator ----------------------------------------------------------------------

# Each generator's log may warn of nothing but these, which drop nothing: OpenAPI 3.1 support being in
# beta, and "Failed to get the schema name: null", which openapi-generator 7 logs for
# `additionalProperties: false` (a boolean schema it looks up as a reference; the models are whole, as
# the option check shows). swift6 also renames models named after reserved words (Locale becomes
# ModelLocale): a rename, not a loss.
ALLOWED_WARNINGS = (r"OpenAPI 3\.1 support is still in beta", r"Failed to get the schema name: null$",
                    r"\(reserved word\) cannot be used as model name\. Renamed to Model\w+$")
# Where each client's layOutRouteBars call, and its RouteBarRequest and ODsayResponse models, name
# their members: [file, the region of the file, a member named {name}].
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


@pytest.fixture(scope="module")
def openapi_generator(tools, module_tmp):
    """Each generator's (exit status, log); its client is in module_tmp/openapi-generator/NAME."""
    venv, env = tools
    runs = {}
    for generator in PLACES:
        run = subprocess.run([venv.bin("openapi-generator-cli"), "generate", "--input-spec", "openapi.yaml",
                              "--generator-name", generator, "--output",
                              str(module_tmp / "openapi-generator" / generator)],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        runs[generator] = (run.returncode, run.stdout)
    return runs


@pytest.mark.parametrize("generator", list(PLACES))
def test_openapi_generator_keeps_every_option(generator, openapi_generator, options, module_tmp):
    rc, log = openapi_generator[generator]
    problems = [f"exited with {rc}"] if rc else []
    for line in re.sub(r"\x1b\[[0-9;]*m", "", log).splitlines():
        if re.search(r"\b(WARN|ERROR|Exception)\b", line) and not any(re.search(a, line) for a in ALLOWED_WARNINGS):
            problems.append(line.strip()[:300])
    for file, region, member in PLACES[generator]:
        path = module_tmp / "openapi-generator" / generator / file
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        found = re.search(region, text, re.S)
        if not found:
            problems.append(f"{file}: no {region!r}")
            continue
        missing = [o for o in options if not re.search(member.replace("{}", re.escape(o)), found.group(1))]
        if missing:
            problems.append(f"{file}: lacks {', '.join(missing)} (as {member!r})")
    assert not problems, (f"openapi-generator {generator}: dropped or lost options\n        "
                          + "\n        ".join(problems))
    print(f"ok    openapi-generator {generator}: generated without a warning; layOutRouteBars, RouteBarRequest "
          f"and ODsayResponse carry all {len(options)} options")


@pytest.fixture(scope="module")
def typescript(openapi_generator, module_tmp):
    """(compiled, tsc's output): generator_caller/main.ts and the typescript-fetch client under tsc with
    --strict, except for implicit-any index errors: the generated instanceOf functions narrow with
    `'key' in value`, which needs TypeScript 4.9, and Debian's tsc is 4.8."""
    ts = module_tmp / "ts"
    ts.mkdir()
    (ts / "client").symlink_to(module_tmp / "openapi-generator" / "typescript-fetch")
    for name in ("tsconfig.json", "main.ts"):
        shutil.copy(HERE / "generator_caller" / name, ts / name)
    if not (ts / "client" / "apis").is_dir():
        return False, "no typescript-fetch client"
    run = subprocess.run(["tsc", "-p", str(ts)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return run.returncode == 0, run.stdout


def test_tsc_checks_the_typescript_caller(typescript):
    ok, log = typescript
    assert ok, f"tsc rejected the typescript-fetch client or its caller:\n{log}"
    version = subprocess.run(["tsc", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"ok    tsc {version.replace('Version ', '')} (strict) checked a typescript-fetch caller that sets "
          "width, gap and theme")


# --- 4. the generated code against the service --------------------------------------------------

SEED_LEGS = [{"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14},
             {"trafficType": 3, "sectionTime": 3}, {"trafficType": 1, "sectionTime": 21},
             {"trafficType": 3, "sectionTime": 3}]


def seed(**options):
    return {**options, "routes": [{"id": "seed", "totalTime": 47, "subPaths": [dict(leg) for leg in SEED_LEGS]}]}


def samples():
    return sorted(str(p.relative_to(REPO)) for p in (REPO / "examples").glob("*.json"))


def cases():
    """(name, body, query, expected): ("routes", n) for one layout of n routes, ("layouts", k, n) for k
    layouts of n routes each, ("problem", status, type, pointer); ("unknown",) for a sample of neither
    shape (which fails)."""
    bad_leg = seed(width=343, scale=3)
    bad_leg["routes"][0]["subPaths"][1]["sectionTime"] = 0.0005   # in the documented gap (0, 0.001)
    found = [("the seed route", seed(width=343, scale=3), {}, ("routes", 1))]
    for path in samples():
        body = json.loads(Path(REPO, path).read_text(encoding="utf-8"))
        query = {}
        if "routes" in body:
            routes = len(body["routes"])
        elif "result" in body:
            routes = len(body["result"]["path"])
            query = {"width": 343, "scale": 3}
        else:
            found.append((path, body, {}, ("unknown",)))
            continue
        if "width" not in body and "widths" not in body:
            query.setdefault("width", 343)
        expected = ("layouts", len(body["widths"]), routes) if "widths" in body else ("routes", routes)
        found.append((path, body, query, expected))
    found += [
        ("a widths request", seed(widths=[320, 375, 414], scale=3), {}, ("layouts", 3, 1)),
        ("a bad sectionTime (0.0005)", bad_leg, {},
         ("problem", 422, "urn:routebar:problem:out-of-range", "/routes/0/subPaths/1/sectionTime")),
    ]
    return found


CASES = cases()
CASE_IDS = [name for name, *_ in CASES]


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


@pytest.fixture(scope="module")
def answers(client_ok, service):
    """({case: (error or None, detail)}, {case: (status, JSON)}): the client's outcome per case, and the
    raw answer as httpx read it, so that the models see each one even when the client fails to parse
    it. Without a usable client, the answers are fetched directly."""
    import httpx

    outcomes, raw_answers = {}, {}
    usable = [case for case in CASES if case[3][0] != "unknown"]
    api = None
    if client_ok:
        try:
            from routebar_client import Client
            from routebar_client.api.route_bars import lay_out_route_bars as api
            from routebar_client.models import (OdsayResponse, Problem, RouteBarLayoutsResponse,
                                                 RouteBarRequest, RouteBarResponse)
        except ImportError as error:
            api = None
            outcomes["import"] = f"the generated client lacks what a caller needs: {error}"
    if api is None:
        for name, body, query, expected in usable:
            response = httpx.post(f"{service.base}/v1/route-bars", params=query, json=body, timeout=30)
            raw_answers[name] = (response.status_code, response.json())
        return outcomes, raw_answers

    def client_models(parsed):
        if isinstance(parsed, RouteBarResponse):
            return "routes", parsed.routes
        if isinstance(parsed, RouteBarLayoutsResponse):
            return "layouts", parsed.layouts
        if isinstance(parsed, Problem):
            return "problem", (parsed.status, parsed.type_.value, parsed.pointer)
        return type(parsed).__name__, None

    received = []

    def keep(response):
        response.read()
        received.append(response)

    with Client(base_url=service.base, raise_on_unexpected_status=True, timeout=httpx.Timeout(30),
                httpx_args={"event_hooks": {"response": [keep]}}) as client:
        for name, body, query, expected in usable:
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
                        raw_answers[name] = (received[-1].status_code, received[-1].json())
                assert response.status_code == status, \
                    f"status {response.status_code}, not {status}: {response.content[:300]!r}"
                raw = json.loads(response.content)
                check_shape(expected, response.parsed, client_models)
                assert same(response.parsed.to_dict(), raw), "the parsed answer does not give back the JSON it read"
                outcomes[name] = (None, f"{response.status_code} {type(response.parsed).__name__}")
            except Exception as error:
                traceback.print_exc()
                outcomes[name] = (f"{type(error).__name__}: {error}"[:500], None)
    return outcomes, raw_answers


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_client_parses_the_answer(case, answers, client_ok):
    name, _, _, expected = case
    assert expected[0] != "unknown", f"{name}: neither our request shape (routes) nor an ODsay response (result)"
    assert client_ok, "the client was not installed (test_python_client_installs_and_imports)"
    outcomes, _ = answers
    assert "import" not in outcomes, outcomes.get("import")
    error, detail = outcomes[name]
    assert error is None, f"client: {name}: {error}"
    print(f"ok    client: {name} ({detail})")


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_models_validate_the_answer(case, answers, models):
    name, _, _, expected = case
    assert expected[0] != "unknown", f"{name}: neither our request shape (routes) nor an ODsay response (result)"
    assert not isinstance(models, str), "no models (test_datamodel_code_generator_models)"
    _, raw_answers = answers
    assert name in raw_answers, f"models: {name}: no answer was received"
    status, raw = raw_answers[name]
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

    want = 422 if expected[0] == "problem" else 200
    assert status == want, f"models: {name}: status {status}, not {want}"
    value = answer.validate_python(raw) if status == 200 else models.Problem.model_validate(raw)
    check_shape(expected, value, pydantic_models)
    dumped = value.model_dump(mode="json", exclude_unset=True)
    assert same(dumped, raw), f"models: {name}: the validated answer does not give back the JSON it read"
    print(f"ok    models: {name} ({type(value).__name__})")


# --- 5. layout options through the generated clients --------------------------------------------

# The seed route with lanes (a 간선 bus and 1호선, whose colours the dark theme changes), as the
# TypeScript program builds it; the service's answers, with the options in the query string, are the
# reference.
OPTIONS_ROUTES = {"routes": [{"id": "seed", "totalTime": 47, "subPaths": [
    {"trafficType": 3, "sectionTime": 6},
    {"trafficType": 2, "sectionTime": 14, "lane": [{"busNo": "421", "type": 11}]},
    {"trafficType": 3, "sectionTime": 3},
    {"trafficType": 1, "sectionTime": 21, "lane": [{"name": "수도권 1호선", "subwayCode": 1}]},
    {"trafficType": 3, "sectionTime": 3}]}]}
OPTIONS = {"width": 343, "gap": 2, "theme": "dark"}
QUERY = {"width": "343", "gap": "2", "theme": "dark"}


def post_query(base, query):
    request = urllib.request.Request(f"{base}/v1/route-bars?{query}", data=json.dumps(OPTIONS_ROUTES).encode(),
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())
    except (OSError, ValueError) as error:
        return repr(error)


@pytest.fixture(scope="module")
def reference(service):
    """The service's answers (dark, light) with the options in the query string."""
    return post_query(service.base, "width=343&gap=2&theme=dark"), post_query(service.base, "width=343&gap=2")


def test_reference_options_take_effect(reference):
    """The options took effect, so matching these answers shows a client sent them."""
    dark, light = reference
    for answer, theme in ((dark, "dark"), (light, "light")):
        assert isinstance(answer, dict) and "routes" in answer, f"the {theme} answer: {answer!r:.300}"
        assert (answer["width"], answer["gap"], answer["theme"]) == (343, 2, theme), "options not echoed"
        segments = answer["routes"][0]["segments"]
        for before, segment in zip(segments, segments[1:]):
            gap = segment["x"] - before["x"] - before["width"]
            assert abs(gap - 2) < 1e-9, f"{gap} points before segment {segment['index']}, not 2"
    colours = [(s["color"], t["color"]) for s, t in zip(light["routes"][0]["segments"], dark["routes"][0]["segments"])]
    changed = {i: pair for i, pair in enumerate(colours) if pair[0] != pair[1]}
    assert changed == {1: ("#3D5BAB", "#3E5DAF"), 3: ("#0052A4", "#005FBE")}, f"light → dark colours: {colours}"
    print("ok    ?width=343&gap=2&theme=dark gives 2-point gaps and the dark colours (the reference)")


def sent_exactly(url, body, query, what):
    sent_query = dict(parse_qsl(urlsplit(url).query, keep_blank_values=True))
    assert sent_query == query, f"{what}: the query string is {sent_query}, not {query}"
    expected_body = OPTIONS_ROUTES if query else {**OPTIONS, **OPTIONS_ROUTES}
    assert body == expected_body, f"{what}: the body is {json.dumps(body)[:300]}"


def test_typescript_client_sends_options_alone(typescript, reference, service, module_tmp):
    """typescript-fetch client (node): width, gap and theme in the body model and as query parameters,
    sent alone, answered as the reference."""
    assert typescript[0], "not compiled (test_tsc_checks_the_typescript_caller)"
    dark, _ = reference
    run = subprocess.run(["node", str(module_tmp / "ts" / "out" / "main.js"), service.base], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip(), f"the program failed: {run.stderr}"
    output = json.loads(run.stdout)
    for sent, answer, query, what in zip(output["sent"], output["answers"], ({}, QUERY), ("body", "query")):
        sent_exactly(sent["url"], sent["body"], query, f"options in the {what}")
        assert answer == dark, f"options in the {what}: the answer differs from the reference"
    print("ok    typescript-fetch client (node): width, gap and theme in the body model and as query parameters, "
          "sent alone, answered as the reference")


def test_python_client_sends_options_alone(client_ok, reference, service):
    """openapi-python-client client: the same two calls, sent alone (no defaults)."""
    assert client_ok, "the client was not installed (test_python_client_installs_and_imports)"
    import httpx
    from routebar_client import Client
    from routebar_client.api.route_bars import lay_out_route_bars as api
    from routebar_client.models import LayOutRouteBarsTheme, LayoutOptionsTheme, RouteBarRequest, RouteBarResponse

    dark, _ = reference
    requests = []
    with Client(base_url=service.base, raise_on_unexpected_status=True, timeout=httpx.Timeout(30),
                httpx_args={"event_hooks": {"request": [requests.append]}}) as client:
        in_body = RouteBarRequest.from_dict(OPTIONS_ROUTES)
        in_body.width, in_body.gap, in_body.theme = 343, 2, LayoutOptionsTheme.DARK
        calls = [("body", {}, lambda: api.sync_detailed(client=client, body=in_body)),
                 ("query", QUERY, lambda: api.sync_detailed(
                     client=client, body=RouteBarRequest.from_dict(OPTIONS_ROUTES), width=343, gap=2,
                     theme=LayOutRouteBarsTheme.DARK))]
        for what, query, call in calls:
            requests.clear()
            response = call()
            sent_exactly(str(requests[-1].url), json.loads(requests[-1].content), query, f"options in the {what}")
            assert response.status_code == 200, f"options in the {what}: status {response.status_code}"
            assert json.loads(response.content) == dark, f"options in the {what}: the answer differs from the reference"
            assert isinstance(response.parsed, RouteBarResponse), type(response.parsed).__name__
            assert (response.parsed.gap, response.parsed.theme.value) == (2, "dark")
    print("ok    openapi-python-client client: width, gap and theme in the body model and as query parameters, "
          "sent alone (no defaults), answered as the reference")


def test_python_client_names_readable(python_client, module_tmp):
    """No name a generator makes up when the document gives none."""
    package = module_tmp / "client" / "routebar_client"
    assert package.is_dir(), "no client"
    odd = re.compile(r"VALUE_\d|VALUE_NEGATIVE|o_dsay|O_DSAY|_type_\d|Type\d\b")
    found = set()
    for path in package.rglob("*.py"):
        if odd.search(path.name):
            found.add(path.name)
        for line in path.read_text(encoding="utf-8").splitlines():
            declared = re.match(r"\s*(?:class (\w+)|([A-Z][A-Z0-9_]*) = )", line)
            if declared and odd.search(declared.group(1) or declared.group(2)):
                found.add(declared.group(1) or declared.group(2))
    assert not found, f"made-up names: {sorted(found)[:20]}"
    print("ok    openapi-python-client client: readable names (no VALUE_0, o_dsay, type_0)")


def test_service_survived(service):
    assert service.alive(), f"the service died during the run:\n{service.stderr}"
