"""Browser test: the playground page (GET /) and the SVG answers in a real headless Chromium.

  1. Debian's chromium is installed with apt when it is missing (sudo only when not root);
     Recommends (fonts-liberation, libgl1-mesa-dri, upower, ...) are not needed headless with
     --disable-gpu; DejaVu, which Chromium's dependencies pull in, is enough for the checks;
  2. the service is started on a free loopback port;
  3. playground.py drives the page in one headless Chromium over the DevTools protocol: it sets each
     control (one per query parameter of POST /v1/route-bars in openapi.yaml) as a person would,
     and checks the two requests the page sends (same origin, JSON and SVG, the step's values in
     the query) and that the JSON, the SVG source and the drawn <svg> it shows are the service's
     answer to that body and query (bytes for the SVG); that gap, theme, timeScale, ... change the
     answer; every example of the picker (equal to its file in examples/); light, dark and
     prefers-color-scheme;
  4. every sample SVG's labels are measured in Chromium (a Korean font is installed when missing):
     no two labels' boxes overlap, and every label drawn inside a segment lies within it;
  5. with SCREENSHOT=1 (`make screenshots`), docs/playground.png (light), docs/playground-dark.png
     and docs/route-list-{light,dark}.png are (re)written for the README and docs/drawing.md;
  6. CORS: a page from another origin draws the bars only when the server allows that origin.
"""
import html
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import pytest

import playground
from conftest import REPO, apt_install

SCREENSHOT = os.environ.get("SCREENSHOT", "0") == "1"
# Bounds, in seconds: far above what a run needs.
CHROMIUM_TIMEOUT = 90      # one Chromium run (its virtual time budget is 10 s)
PLAYGROUND_TIMEOUT = 240   # the whole playground run (about 10 s)
APT_NETWORK_TIMEOUT = 600  # apt-get update / download; the unpacking itself is not interrupted
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                  "--virtual-time-budget=10000", "--window-size=1280,900"]


@pytest.fixture(scope="module")
def chromium(module_tmp):
    """Chromium (and a Korean font: Hangul is measured and pictured in a real CJK font)."""
    if not shutil.which("chromium"):
        apt_install("chromium", network_timeout=APT_NETWORK_TIMEOUT)
    version = subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"using {version or 'chromium (version unknown)'}")
    fonts = subprocess.run(["fc-list", ":lang=ko"], capture_output=True, text=True) if shutil.which("fc-list") else None
    if fonts is None or not fonts.stdout.strip():
        apt_install("fonts-noto-cjk", network_timeout=APT_NETWORK_TIMEOUT)

    def run(*args):
        """One bounded headless run with its own throwaway profile (the XDG variables keep its
        crash-report and cache directories out of $HOME too); returns (status, stdout). timeout
        signals its whole process group, so Chromium's helper processes go too."""
        profile = tempfile.mkdtemp(prefix="profile.", dir=module_tmp)
        env = dict(os.environ, XDG_CONFIG_HOME=f"{profile}/config", XDG_CACHE_HOME=f"{profile}/cache")
        proc = subprocess.run(["timeout", "-k", "5", str(CHROMIUM_TIMEOUT), "chromium", *CHROMIUM_FLAGS,
                               f"--user-data-dir={profile}/data", *args], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
        return proc.returncode, proc.stdout

    return run


def post(base, query, body_path, accept=None, path="/v1/route-bars.svg"):
    headers = {"Content-Type": "application/json", "Accept": accept or "application/json"}
    request = urllib.request.Request(f"{base}{path}?{query}", data=body_path.read_bytes(),
                                     headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read()


def test_page_served(service):
    with urllib.request.urlopen(service.base + "/", timeout=10) as response:
        assert response.status == 200


def test_playground(chromium, service, module_tmp):
    shots = None
    if SCREENSHOT:
        (REPO / "docs").mkdir(exist_ok=True)
        shots = str(REPO / "docs")
    profile = tempfile.mkdtemp(prefix="profile.", dir=module_tmp)
    results = playground.run(service.base, profile, shots, timeout=PLAYGROUND_TIMEOUT)
    failed = [f"{name}: {detail}" for ok, name, detail in results if not ok]
    print(f"playground: {len(results) - len(failed)} passed, {len(failed)} failed")
    assert results, "the playground driver checked nothing"
    assert not failed, "playground:\n" + "\n".join(failed)


# --- every sample's SVG, its labels measured ----------------------------------------------------

# Every sample in examples/ (widths excepted: the SVG has one width), light and dark, as the service
# draws it, in a page that measures the rendered text.
SVG_QUERIES = ["", "theme=dark&gap=2&labelMinimums=true", "locale=en&timeScale=shared&cornerRadius=4",
               # Every language with a word table, its CLDR durations, and right to left (issue 32).
               "locale=de", "locale=ja&labelMinimums=true", "locale=zh-Hant", "locale=zh-Hans", "locale=fi", "locale=fr",
               "locale=es", "locale=it", "locale=nl", "locale=sv", "locale=pt", "locale=ms&labelMinimums=true", "locale=ar",
               "locale=he",
               # The drawing's own options (issue 33).
               "locale=en&textColors=planner&walkStyle=line", "walkStyle=block&icons=false&labelMinimums=true"]


# Every planner recording, as a planner-answer app draws it: defaults, a list, the clock axis,
# the agency's own colours (issue 33).
PLANNER_QUERIES = ["", "theme=dark&gap=2&labelMinimums=true", "locale=en&timeScale=clock",
                   "locale=fr&textColors=planner&walkStyle=line"]
# The recordings with times, and the zone of those whose times name no place (TMAP gives no times:
# its clock axis is a 422, which ClockTimeScaleTests checks for a route without times).
CLOCK_ZONES = {"google-directions-gmp-openapi-brooklyn-queens": "", "hafas-client-db-overnight-journey": "",
               "here-heretransit-frankfurt": "", "motis2-kpt-paris-transit": "Europe/Paris",
               "navitia-kpt-paris-journeys": "", "otp-graphql-kpt-digitransit-helsinki-nodatawrapper": "Europe/Helsinki",
               "otp-rest-headway-seattle-transit": "", "otp-rest-otpui-trimet-itinerary": "", "otp2-otpui-seattle": "",
               "swiss-opendatach-zurich-baden": "", "tfl-orgtfl-london": "",
               "resrobot21-trafiklab-phpsdk-solna-malmo": "Europe/Stockholm", "otp2-transmodel-norway-otpdebugclient-2024": "",
               "efa-tfnsw-krail-sevenhills-townhall": "Australia/Sydney", "dbweb-bahnde-dbvendoclient-refresh-berlin-dortmund": ""}


def svg_cases():
    cases = []
    for sample in sorted((REPO / "examples" / "planners").glob("*.json")):
        for extra in PLANNER_QUERIES:
            query = "width=343&scale=3" + (f"&{extra}" if extra else "")
            if "timeScale=clock" in query:
                if sample.stem not in CLOCK_ZONES:
                    continue
                # UTC times of no named place: the clock's hours need the zone.
                query += f"&timeZone={CLOCK_ZONES[sample.stem]}" if CLOCK_ZONES[sample.stem] else ""
            cases.append(pytest.param(sample, query, id=f"{sample.stem}?{query}"))
    for sample in sorted((REPO / "examples").glob("*.json")):
        if "widths" in sample.name:
            continue
        for extra in SVG_QUERIES:
            # classic takes neither gaps, a shared time scale nor label minimums (422): colours only.
            if "classic" in sample.name:
                extra = extra.split("&", 1)[0]
            query = "scale=3" + (f"&{extra}" if extra else "")
            if sample.name.startswith("odsay-"):
                query = "width=343&" + query
            cases.append(pytest.param(sample, query, id=f"{sample.stem}?{query}"))
    return cases


MEASURE = """<!doctype html><meta charset="utf-8"><body style="margin:0">%s
<pre id="result"></pre><script>
const texts = [...document.querySelectorAll("svg text")];
const boxes = texts.map(t => t.getBoundingClientRect());
const problems = [];
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const a = boxes[i], b = boxes[j];
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w > 0.01 && h > 0.01) problems.push(`"${texts[i].textContent}" overlaps "${texts[j].textContent}"`);
}
const svgBox = document.querySelector("svg").getBoundingClientRect();
// What the checks in Python compare with the JSON answer: each inside text's badge and segment,
// each icon's drawn size, each walk's dots.
const badges = [...document.querySelectorAll("svg text.inside")].map(t =>
  ({route: Number(t.closest("g.route").dataset.index), x: Number(t.dataset.segmentX), badge: t.querySelector(".rb-badge")?.textContent ?? null,
    fill: getComputedStyle(t).fill}));
const icons = [...document.querySelectorAll("svg .rb-icon")].map(i => { const b = i.getBBox(); return [b.width, b.height]; });
const walks = [...document.querySelectorAll("svg .rb-walk")].map(w => w.querySelectorAll("circle").length);
const hours = document.querySelectorAll("svg .rb-hour-label").length;
const blockWalks = document.querySelectorAll("svg rect.rb-walk").length;
texts.forEach((t, i) => {
  if (!t.classList.contains("inside")) return;
  const left = svgBox.left + Number(t.dataset.segmentX), right = left + Number(t.dataset.segmentWidth);
  if (boxes[i].left < left - 0.01 || boxes[i].right > right + 0.01)
    problems.push(`"${t.textContent}" (${boxes[i].left.toFixed(2)}..${boxes[i].right.toFixed(2)}) leaves its segment (${left}..${right})`);
});
document.getElementById("result").textContent = JSON.stringify({texts: texts.length, inside: document.querySelectorAll("svg text.inside").length,
  badges, icons, walks, hours, blockWalks, problems});
</script>"""


@pytest.mark.parametrize("sample, query", svg_cases())
def test_svg_labels(sample, query, chromium, service, tmp):
    name = f"{sample.stem}?{query}"
    try:
        svg = post(service.base, query, sample).decode("utf-8")
    except urllib.error.HTTPError as error:
        pytest.fail(f"svg {name}: the service refused it ({error.code})")
    page = tmp / "measure.html"
    page.write_text(MEASURE % svg.split("?>", 1)[1], encoding="utf-8")
    status, dom = chromium("--dump-dom", f"file://{page}")
    assert status == 0, f"svg {name}: chromium exited with status {status}"
    found = re.search(r'<pre id="result">(.*?)</pre>', dom.decode("utf-8", "replace"), re.S)
    assert found and found.group(1).strip(), f"svg {name}: the page measured nothing (not well-formed SVG?)"
    result = json.loads(html.unescape(found.group(1)))
    assert not result["problems"], f"svg {name}: " + "; ".join(result["problems"][:5])
    assert result["texts"] > 0, f"svg {name}: no label drawn"
    # Badge first (issue 33): every ride at least as wide as its whole badge shows it, whole or
    # shortened with "…", as the JSON's badgeFits says.
    answer = json.loads(post(service.base, query, sample, accept="application/json", path="/v1/route-bars"))
    shown = {(b["route"], round(b["x"], 6)): b["badge"] for b in result["badges"] if b["badge"] is not None}
    for route in answer["routes"]:
        for segment in route["segments"]:
            badge = segment.get("line", {}).get("shortName") if segment["kind"] == "transit" else None
            if badge is None or segment["width"] <= 0:
                continue
            drawn = shown.get((route["index"], round(route.get("barStart", 0) + segment["x"], 6)))
            if segment.get("badgeFits"):
                assert drawn == badge, f"svg {name}: route {route['index']} segment {segment['index']} fits {badge!r} but shows {drawn!r}"
            elif drawn is not None:
                assert drawn.endswith("…") and badge.startswith(drawn[:-1]), f"svg {name}: {drawn!r} shortens {badge!r}"
    assert all(w > 0 and h > 0 for w, h in result["icons"]), f"svg {name}: an icon draws nothing"
    if "textColors=planner" in query:
        # The agency's own text colour stays where the planner gives it (white on RER B).
        fills = {(b["route"], round(b["x"], 6)): b["fill"] for b in result["badges"]}
        if sample.stem == "navitia-kpt-paris-journeys":
            assert any(b["badge"] == "B" and b["fill"] == "rgb(255, 255, 255)" for b in result["badges"]), \
                f"svg {name}: RER B's badge is not in Navitia's white"
        for route in answer["routes"]:
            for segment in route["segments"]:
                fill = fills.get((route["index"], round(route.get("barStart", 0) + segment["x"], 6)))
                if segment["kind"] == "transit" and segment.get("textColor") and fill:
                    want = tuple(int(segment["textColor"][i:i + 2], 16) for i in (1, 3, 5))
                    assert fill == "rgb(%d, %d, %d)" % want, f"svg {name}: {fill} drawn for textColor {segment['textColor']}"
    if "timeScale=clock" in query:
        # One axis: a route that leaves later starts further right, and the hours are marked.
        starts = sorted((route["departureEpoch"], route["barStart"]) for route in answer["routes"])
        assert all(a[1] <= b[1] for a, b in zip(starts, starts[1:])), f"svg {name}: bars not in departure order: {starts}"
        assert result["hours"] > 0, f"svg {name}: no hour marked"
    if "walkStyle" not in query:
        # Dots by default (where the walk's text and icon leave room), never a block.
        assert result["blockWalks"] == 0, f"svg {name}: a walk drawn as a block by default"
    print(f"ok   svg {name}: {result['texts']} labels ({result['inside']} inside), none overlapping, "
          f"every inside one within its segment; {len(shown)} badges, {len(result['icons'])} icons")


TWO_ANSWERS = """<!doctype html><meta charset="utf-8"><body style="margin:0">%s%s
<pre id="result"></pre><script>
// Every clip path and pattern a drawn part uses is defined in the same picture, and ids are unique.
const problems = [];
const ids = [...document.querySelectorAll("[id]")].map(e => e.id);
if (new Set(ids).size !== ids.length) problems.push("an id is defined twice");
document.querySelectorAll("[clip-path], [fill^='url(']").forEach(e => {
  const id = (e.getAttribute("clip-path") || e.getAttribute("fill")).slice(5, -1);
  const target = document.getElementById(id);
  if (!target || target.closest("svg") !== e.closest("svg")) problems.push(id + " points into another picture");
});
const bars = [...document.querySelectorAll("svg")].map(svg => [...svg.querySelectorAll("g[clip-path]")].map(g => g.getBoundingClientRect().width));
document.getElementById("result").textContent = JSON.stringify({problems, bars, ids: ids.length});
</script>"""


def test_two_answers_in_one_page(chromium, service, tmp):
    """Two answers inlined in one page each draw whole: no id of one is taken by the other."""
    first = post(service.base, "width=343&scale=3", REPO / "examples" / "odsay-soongsil-sinchon.json").decode()
    second = post(service.base, "width=343&scale=3&locale=en", REPO / "examples" / "planners" / "navitia-kpt-paris-journeys.json").decode()
    page = tmp / "two.html"
    page.write_text(TWO_ANSWERS % (first.split("?>", 1)[1], second.split("?>", 1)[1]), encoding="utf-8")
    status, dom = chromium("--dump-dom", f"file://{page}")
    found = re.search(r'<pre id="result">(.*?)</pre>', dom.decode("utf-8", "replace"), re.S)
    assert status == 0 and found, f"two answers: chromium exited with status {status}"
    result = json.loads(html.unescape(found.group(1)))
    assert not result["problems"], "two answers: " + "; ".join(result["problems"][:5])
    assert len(result["bars"]) == 2 and all(result["bars"]) and all(w > 0 for bars in result["bars"] for w in bars)
    print(f"ok   two answers in one page: {result['ids']} ids, all distinct, "
          f"{sum(len(b) for b in result['bars'])} bars drawn")


# --- screenshots (SCREENSHOT=1 only) -------------------------------------------------------------

# The pictures of the README and docs/drawing.md, each from a recording: the ODsay list light and dark, and a Navitia answer
# from Paris on the clock axis with the agency's own text colours.
PICTURES = [
    ("route-list-light", "width=343&scale=3&gap=2&labelMinimums=true&theme=light", "odsay-soongsil-sinchon.json"),
    ("route-list-dark", "width=343&scale=3&gap=2&labelMinimums=true&theme=dark", "odsay-soongsil-sinchon.json"),
    ("route-list-clock", "width=343&scale=3&gap=2&timeScale=clock&textColors=planner&locale=fr",
     "planners/navitia-kpt-paris-journeys.json"),
    # RER B's own white on its light blue, beside the contrast rule's black (textColors).
    ("text-colors-contrast", "width=343&scale=3&locale=fr", "planners/navitia-kpt-paris-journeys.json"),
    ("text-colors-planner", "width=343&scale=3&locale=fr&textColors=planner", "planners/navitia-kpt-paris-journeys.json"),
]


@pytest.mark.skipif(not SCREENSHOT, reason="SCREENSHOT=1 (make screenshots) only")
@pytest.mark.parametrize("picture, query, sample", PICTURES, ids=[p[0] for p in PICTURES])
def test_route_list_screenshot(picture, query, sample, chromium, service, tmp):
    """docs/<picture>.png, as the README and docs/ show it. docs/playground.png and docs/playground-dark.png
    are taken by test_playground."""
    target = REPO / "docs" / f"{picture}.png"
    svg = post(service.base, query, REPO / "examples" / sample)
    (tmp / "list.svg").write_bytes(svg)
    height = re.search(rb'<svg [^>]* height="([0-9.]*)"', svg).group(1).decode().split(".")[0]
    status, _ = chromium("--force-device-scale-factor=2", f"--window-size=343,{height}",
                         f"--screenshot={tmp}/list.png", f"file://{tmp}/list.svg")
    shot = tmp / "list.png"
    assert status == 0 and shot.exists() and shot.stat().st_size > 0, \
        f"screenshot: chromium exited with status {status} and wrote no {target}"
    shutil.move(shot, target)
    print(f"ok   screenshot: {target.relative_to(REPO)} ({target.stat().st_size} bytes)")


# --- CORS: a page from another origin ------------------------------------------------------------

# The page is served from http://localhost:PAGE_PORT (another origin than the API's
# http://127.0.0.1:PORT), and POSTs the seed route as JSON (so Chromium sends a preflight first) to
# /v1/route-bars.svg, then draws the answer. A server started with --cors-origin
# http://localhost:PAGE_PORT lets it draw the bars; from another page origin Chromium refuses to
# hand it the answer. The page then asks for the JSON with a field mask in `X-Fields`, which the
# preflight must allow.
CORS_PAGE = """<!doctype html>
<meta charset="utf-8">
<output id="result">pending</output>
<div id="bars"></div>
<script>
const api = new URLSearchParams(location.search).get("api");
const seed = {routes: [{id: "seed", totalTime: 47, subPaths: [
    {trafficType: 3, sectionTime: 6}, {trafficType: 2, sectionTime: 14}, {trafficType: 3, sectionTime: 3},
    {trafficType: 1, sectionTime: 21}, {trafficType: 3, sectionTime: 3}]}]};
fetch(api + "/v1/route-bars.svg?width=343", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(seed)})
    .then(response => response.text())
    .then(svg => {
        document.getElementById("bars").innerHTML = svg;
        // Then its JSON with a field mask in X-Fields, which needs the preflight to allow it.
        return fetch(api + "/v1/route-bars?width=343", {method: "POST",
            headers: {"Content-Type": "application/json", "X-Fields": "routes.segments.width"}, body: JSON.stringify(seed)});
    })
    .then(response => response.json())
    .then(answer => {
        const masked = Object.keys(answer.routes[0]).join(",") + ":" + Object.keys(answer.routes[0].segments[0]).join(",");
        document.getElementById("result").textContent =
            "drawn " + document.querySelectorAll("#bars .rb-segment").length + ", masked " + masked;
    })
    .catch(() => { document.getElementById("result").textContent = "refused"; });
</script>
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cors(start_service, module_tmp):
    """(API base, allowed page port, other page port): two page servers on loopback and a service
    that allows only the first's origin."""
    directory = module_tmp / "cors"
    directory.mkdir()
    (directory / "cors.html").write_text(CORS_PAGE)
    (directory / "component.html").write_text(COMPONENT_PAGE)
    page_port, other_port = free_port(), free_port()
    api = start_service("--cors-origin", f"http://localhost:{page_port}")
    servers = [subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                 "--directory", str(directory)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
               for port in (page_port, other_port)]
    try:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                for port in (page_port, other_port):
                    urllib.request.urlopen(f"http://localhost:{port}/cors.html", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        yield api.base, page_port, other_port
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)


@pytest.mark.parametrize("which, want", [("allowed", "drawn 5, masked segments:width"), ("other", "refused")])
def test_cors(which, want, chromium, cors):
    base, page_port, other_port = cors
    port = page_port if which == "allowed" else other_port
    status, dom = chromium("--dump-dom", f"http://localhost:{port}/cors.html?api={base}")
    found = re.search(r'<output id="result">([^<]*)</output>', dom.decode("utf-8", "replace"))
    result = found.group(1) if found else ""
    assert status == 0 and result == want, \
        f'cors: a page from http://localhost:{port} ({which}) says "{result}", not "{want}" (chromium status {status})'
    print(f'ok   cors: a page from http://localhost:{port} ({which}) says "{result}"')


# --- <route-bar>: the web component on a page from another origin --------------------------------

# The page (http://localhost:PAGE_PORT) loads the component from the service (http://127.0.0.1:PORT,
# allowed by --cors-origin), gives it the seed route in a child <script type="application/json">, and
# reports what it drew once it says so: the SVG text and what its shadow DOM holds.
COMPONENT_PAGE = """<!doctype html>
<meta charset="utf-8">
<output id="result">pending</output>
<route-bar id="bars" width="343" options="scale=3&locale=en&theme=light">
  <script type="application/json">{"routes": [{"id": "seed", "totalTime": 47, "subPaths": [
    {"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14}, {"trafficType": 3, "sectionTime": 3},
    {"trafficType": 1, "sectionTime": 21}, {"trafficType": 3, "sectionTime": 3}]}]}</script>
  <img src="fallback.svg" alt="no script">
</route-bar>
<script>
const api = new URLSearchParams(location.search).get("api");
const bars = document.getElementById("bars");
bars.setAttribute("api", api);
bars.addEventListener("routebar-drawn", (event) => {
  const root = bars.shadowRoot;
  document.getElementById("result").textContent = JSON.stringify({
    svg: event.detail.svg, segments: root.querySelectorAll(".rb-segment").length,
    titles: [...root.querySelectorAll("title")].map(t => t.textContent),
    fallbackShown: document.querySelector("route-bar img").getBoundingClientRect().height > 0});
});
bars.addEventListener("routebar-error", (event) => {
  document.getElementById("result").textContent = "error " + JSON.stringify(event.detail);
});
const script = document.createElement("script");
script.type = "module";
script.src = api + "/v1/route-bar.js";
document.head.append(script);
</script>
"""


def test_web_component_from_another_origin(chromium, cors, binary):
    base, page_port, _ = cors
    status, dom = chromium("--dump-dom", f"http://localhost:{page_port}/component.html?api={base}")
    found = re.search(r'<output id="result">([^<]*)</output>', dom.decode("utf-8", "replace"))
    text = html.unescape(found.group(1)) if found else ""
    assert status == 0 and text.startswith("{"), f"<route-bar>: the page says {text[:300]!r} (chromium status {status})"
    drawn = json.loads(text)
    seed = json.dumps({"routes": [{"id": "seed", "totalTime": 47, "subPaths": [
        {"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14}, {"trafficType": 3, "sectionTime": 3},
        {"trafficType": 1, "sectionTime": 21}, {"trafficType": 3, "sectionTime": 3}]}]}).encode()
    request = urllib.request.Request(f"{base}/v1/route-bars.svg?scale=3&locale=en&theme=light&width=343", data=seed,
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        served = response.read().decode()
    assert drawn["svg"] == served, "<route-bar> drew another SVG than the service answers for the same body and query"
    assert drawn["segments"] == 5 and drawn["titles"] == [re.search(r"<title>(.*?)</title>", served).group(1)]
    assert not drawn["fallbackShown"], "the no-script <img> shows beside the drawing"
    with urllib.request.urlopen(f"{base}/v1/route-bar.js", timeout=10) as response:
        assert response.headers["Content-Type"] == "text/javascript; charset=utf-8"
        assert response.headers["Cache-Control"] == "no-cache" and response.headers["ETag"]
        plain = response.read()
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True).stdout.split()[-1]
    with urllib.request.urlopen(f"{base}/v1/route-bar-{version}.js", timeout=10) as response:
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.read() == plain == (REPO / "Sources" / "CEmbeddedFiles" / "route-bar.js").read_bytes()
    print(f"ok   <route-bar> from http://localhost:{page_port}: the service's SVG ({len(served)} bytes), "
          f"{drawn['segments']} segments in its shadow DOM; /v1/route-bar-{version}.js cached a year")

