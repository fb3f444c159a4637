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
    # The faces `labelFont` measures in (Roboto; Noto Sans, Arabic and Hebrew), so the page draws them.
    if not os.path.exists("/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf") or \
            not os.path.exists("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"):
        apt_install("fonts-roboto-unhinted", "fonts-noto-core", network_timeout=APT_NETWORK_TIMEOUT)

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
               "efa-tfnsw-krail-sevenhills-townhall": "Australia/Sydney", "efa-tfnsw-krail-multiple-legs": "Australia/Sydney", "dbweb-bahnde-dbvendoclient-refresh-berlin-dortmund": ""}


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
  ({route: Number(t.closest("g.route").dataset.index), segment: Number(t.dataset.segment), text: t.textContent,
    badge: t.classList.contains("rb-badge"), fill: getComputedStyle(t).fill}));
const icons = [...document.querySelectorAll("svg .rb-icon")].map(i => { const b = i.getBBox(); return [b.width, b.height]; });
const walks = [...document.querySelectorAll("svg .rb-walk")].map(w => w.querySelectorAll("circle").length);
const hours = document.querySelectorAll("svg .rb-hour-label").length;
const blockWalks = document.querySelectorAll("svg rect.rb-walk").length;
texts.forEach((t, i) => {
  if (!t.classList.contains("inside")) return;
  // Right to left the row is mirrored: the segment's place counts from the right edge.
  const x = Number(t.dataset.segmentX), width = Number(t.dataset.segmentWidth);
  const left = t.closest(".rb-rtl") ? svgBox.right - x - width : svgBox.left + x, right = left + width;
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
    # The drawing is the display plan: every text it puts inside a segment is drawn there, and
    # nothing else is; a badge is whole or its first whole words, never cut.
    answer = json.loads(post(service.base, query + "&display=true", sample, accept="application/json", path="/v1/route-bars"))
    planned = set()
    for route in answer["routes"]:
        for segment in route["segments"]:
            display = segment["display"]
            if "badge" in display:
                planned.add((route["index"], segment["index"], display["badge"]["text"], True))
                full = segment["badge"]
                shown = display["badge"]["text"]
                assert full == shown or full.startswith(shown + " "), f"svg {name}: {shown!r} is not whole words of {full!r}"
            if display.get("minutes", {}).get("place") == "inside":
                planned.add((route["index"], segment["index"], display["minutes"]["text"], False))
    drawn = {(b["route"], b["segment"], b["text"], b["badge"]) for b in result["badges"]}
    assert drawn == planned, f"svg {name}: drawn {sorted(drawn - planned)[:3]}, planned {sorted(planned - drawn)[:3]}"
    shown = {(b["route"], b["segment"]): b["text"] for b in result["badges"] if b["badge"]}
    assert all(w > 0 and h > 0 for w, h in result["icons"]), f"svg {name}: an icon draws nothing"
    if "textColors=planner" in query:
        # The agency's own text colour stays where the planner gives it (white on RER B).
        fills = {(b["route"], b["segment"]): b["fill"] for b in result["badges"]}
        if sample.stem == "navitia-kpt-paris-journeys":
            assert any(b["badge"] and b["text"] == "B" and b["fill"] == "rgb(255, 255, 255)" for b in result["badges"]), \
                f"svg {name}: RER B's badge is not in Navitia's white"
        for route in answer["routes"]:
            for segment in route["segments"]:
                fill = fills.get((route["index"], segment["index"]))
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


# --- the display plan, drawn: every recording at three widths in three languages ---------------

PLAN_PAGE = """<!doctype html><meta charset="utf-8"><body style="margin:0">%s
<pre id="result"></pre><script>
// Each picture's texts (with their drawn box and advance sum), icons and walks' dots, for the
// checks in Python against the JSON's display plans.
const pictures = [...document.querySelectorAll("svg")].map(svg => {
  const origin = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll("g.route text.rb-label, g.route text.rb-badge")].map(t => {
    const box = t.getBoundingClientRect(), route = t.closest("g.route");
    return {route: Number(route.dataset.index), segment: Number(t.dataset.segment), text: t.textContent,
            badge: t.classList.contains("rb-badge"), inside: t.classList.contains("inside"),
            left: box.left - origin.left, right: box.right - origin.left, length: t.getComputedTextLength()};
  });
  const walks = [...svg.querySelectorAll("g.rb-walk")].map(w => w.querySelectorAll("circle").length);
  // Each route's first block (a ride's rectangle), where it is on the screen.
  const firsts = [...svg.querySelectorAll("g.route")].map(route => {
    const block = route.querySelector("rect.rb-segment");
    if (!block) return null;
    const box = block.getBoundingClientRect();
    return [Number(block.dataset.segment), box.left - origin.left, box.right - origin.left];
  });
  return {texts, walks, firsts, icons: svg.querySelectorAll(".rb-icon").length};
});
document.getElementById("result").textContent = JSON.stringify(pictures);
</script>"""

PLAN_WIDTHS = [200, 343, 600]
PLAN_LOCALES = ["ko", "en", "ar"]


def plan_queries(sample):
    zone = CLOCK_ZONES.get(sample.stem)
    extra = f"&timeZone={zone}" if zone else ""
    queries = [f"width={width}&scale=3&locale={locale}{extra}" for width in PLAN_WIDTHS for locale in PLAN_LOCALES]
    # Measured in Roboto: each box is the sum of Roboto's advances (the page draws in Roboto).
    queries.append(f"width=343&scale=3&locale=en&labelFont=roboto{extra}")
    # One axis, right to left in Arabic with Latin digits (TMAP's answer has no times).
    if sample.stem in CLOCK_ZONES:
        queries += [f"width=343&scale=3&locale=en&timeScale=clock{extra}", f"width=343&scale=3&locale=ar-u-nu-latn&timeScale=clock{extra}"]
    return queries


def overlaps(a, b):
    return min(a[1], b[1]) - max(a[0], b[0]) > 0.01


@pytest.mark.parametrize("sample", sorted((REPO / "examples" / "planners").glob("*.json")), ids=lambda p: p.stem)
def test_display_plan_is_drawn(sample, chromium, service, tmp):
    """Every recording at widths 200, 343 and 600, in ko, en and ar, and in Roboto: each segment
    has a plan; its inside boxes lie within it and do not overlap; a ride that shows anything
    inside shows its badge (whole or its first whole words) or, where not even a word fits, its
    icon; every walk has a dot; every planned text is drawn where the plan put it; in Roboto,
    each text's drawn advance sum is its box's width within 0.5 pt."""
    queries = plan_queries(sample)
    answers = [json.loads(post(service.base, q + "&display=true", sample, path="/v1/route-bars")) for q in queries]
    svgs = [post(service.base, q, sample).decode("utf-8").split("?>", 1)[1] for q in queries]
    page = tmp / "plan.html"
    page.write_text(PLAN_PAGE % "\n".join(svgs), encoding="utf-8")
    status, dom = chromium("--dump-dom", f"file://{page}")
    assert status == 0, f"{sample.stem}: chromium exited with status {status}"
    found = re.search(r'<pre id="result">(.*?)</pre>', dom.decode("utf-8", "replace"), re.S)
    assert found and found.group(1).strip(), f"{sample.stem}: the page measured nothing"
    pictures = json.loads(html.unescape(found.group(1)))
    assert len(pictures) == len(queries)
    problems, segments, measured = [], 0, 0
    for query, answer, picture in zip(queries, answers, pictures):
        drawn = {(t["route"], t["segment"], t["text"], t["badge"]): t for t in picture["texts"]}
        walks = 0
        width = answer["width"]
        rtl = "locale=ar" in query
        if "timeScale=clock" in query and len({round(r["minuteLength"], 9) for r in answer["routes"]}) != 1:
            problems.append(f"{query}: minute lengths {sorted({r['minuteLength'] for r in answer['routes']})}, not one axis")
        for route, first in zip(answer["routes"], picture["firsts"]):
            if first is None:
                continue
            # Left to right, a block starts at the bar's start plus its x; right to left, it ends
            # that far from the right edge.
            segment = route["segments"][first[0]]
            start = route.get("barStart", 0) + segment["x"]
            edge, want = (first[2], width - start) if rtl else (first[1], start)
            if abs(edge - want) > 0.5:
                problems.append(f"{query} route {route['index']} segment {first[0]}: drawn from {edge:.2f}, not {want:.2f}")
        for route in answer["routes"]:
            for segment in route["segments"]:
                where = f"{query} route {route['index']} segment {segment['index']}"
                display = segment.get("display")
                if display is None:
                    problems.append(f"{where}: no plan")
                    continue
                segments += 1
                if segment["width"] <= 0:
                    continue
                walks += segment["kind"] == "walking"
                low, high = segment["x"] - 0.02, segment["x"] + segment["width"] + 0.02
                boxes = [(display[part]["x"], display[part]["x"] + display[part]["width"]) for part in ("badge", "icon")
                         if part in display]
                if display.get("minutes", {}).get("place") == "inside":
                    boxes.append((display["minutes"]["x"], display["minutes"]["x"] + display["minutes"]["width"]))
                if any(b[0] < low or b[1] > high for b in boxes):
                    problems.append(f"{where}: a box {boxes} leaves the segment {low:.2f}..{high:.2f}")
                if any(overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]):
                    problems.append(f"{where}: boxes overlap {boxes}")
                if segment["kind"] == "transit" and segment.get("badge") and boxes and "badge" not in display:
                    if "badge" not in display["omitted"] or "icon" not in display or display.get("minutes", {}).get("place") == "inside":
                        problems.append(f"{where}: shows {display} without its badge {segment['badge']!r}")
                if "badge" in display:
                    full, shown = segment["badge"], display["badge"]["text"]
                    if not (full == shown or full.startswith(shown + " ")):
                        problems.append(f"{where}: {shown!r} is not the first whole words of {full!r}")
                for part, bold in (("badge", True), ("minutes", False)):
                    box = display.get(part)
                    if box is None:
                        continue
                    text = drawn.get((route["index"], segment["index"], box["text"], bold))
                    if text is None:
                        problems.append(f"{where}: {box['text']!r} is planned, not drawn")
                        continue
                    centre = (text["left"] + text["right"]) / 2
                    planned = route.get("barStart", 0) + box["x"] + box["width"] / 2
                    planned = width - planned if rtl else planned
                    if abs(centre - planned) > 0.6:
                        problems.append(f"{where}: {box['text']!r} drawn at {centre:.2f}, planned {planned:.2f}")
                    if "labelFont=roboto" in query:
                        measured += 1
                        if abs(text["length"] - box["width"]) > 0.5:
                            problems.append(f"{where}: {box['text']!r} is {text['length']:.2f} in Roboto, planned {box['width']}")
                    elif text["inside"] and text["length"] > box["width"] + 0.5:
                        problems.append(f"{where}: {box['text']!r} draws {text['length']:.2f} wide, "
                                        f"more than the estimate {box['width']}")
        if len(picture["walks"]) != walks or not all(count >= 1 for count in picture["walks"]):
            problems.append(f"{query}: walks drawn with {picture['walks']} dots for {walks} walks")
    assert not problems, f"{sample.stem}: {len(problems)} problems:\n" + "\n".join(problems[:12])
    print(f"ok   {sample.stem}: {segments} plans in {len(queries)} drawings, each drawn as planned; "
          f"{measured} texts within 0.5 pt of Roboto's advances")


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
    (directory / "states.html").write_text(STATES_PAGE)
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



# Three <route-bar>s in a German page: an answer without routes, a body the service refuses (422),
# and one whose app gives its own no-route text; then routes, each focusable. The page reports
# each element's state, what a rider sees and the events it fired.
STATES_PAGE = """<!doctype html>
<html lang="de"><meta charset="utf-8">
<output id="result">pending</output>
<route-bar id="none" width="343"><script type="application/json">{"routes": []}</script></route-bar>
<route-bar id="refused" width="343"><script type="application/json">{"routes": [{"subPaths": [{"trafficType": 3, "sectionTime": -5}]}]}</script></route-bar>
<route-bar id="own" width="343"><span slot="no-route">Heute fährt nichts</span><script type="application/json">{"routes": []}</script></route-bar>
<route-bar id="drawn" width="343"><script type="application/json">{"routes": [{"totalTime": 9, "subPaths": [{"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 3}]}]}</script></route-bar>
<script>
const api = new URLSearchParams(location.search).get("api");
const events = {};
for (const bars of document.querySelectorAll("route-bar")) {
  bars.setAttribute("api", api);
  events[bars.id] = [];
  for (const name of ["routebar-drawn", "routebar-error"]) bars.addEventListener(name, (e) => events[bars.id].push(name));
}
const script = document.createElement("script");
script.type = "module";
script.src = api + "/v1/route-bar.js";
document.head.append(script);
setTimeout(() => {
  const report = {};
  for (const bars of document.querySelectorAll("route-bar")) {
    const message = bars.shadowRoot.querySelector("[part=message]");
    const shownSlot = [...bars.shadowRoot.querySelectorAll("slot")].find((slot) => !slot.hidden);
    const slotted = shownSlot?.assignedNodes().map((n) => n.textContent).join("");
    report[bars.id] = {state: bars.getAttribute("state"), events: events[bars.id],
      text: message.hidden ? null : (slotted || shownSlot?.textContent), role: message.getAttribute("role"),
      shadowText: bars.shadowRoot.textContent,
      focusable: [...bars.shadowRoot.querySelectorAll("g.route")].map((g) => [g.tabIndex, g.getAttribute("aria-label")])};
  }
  document.getElementById("result").textContent = JSON.stringify(report);
}, 3000);
</script>
"""


def test_web_component_states(chromium, cors):
    """<route-bar> for riders: no route shows the page language's no-route text and fires no
    routebar-drawn; a refused body fires routebar-error and shows the generic text, never the
    problem's detail; the app's own text wins; drawn routes are focusable, named by their sentence."""
    base, page_port, _ = cors
    status, dom = chromium("--dump-dom", f"http://localhost:{page_port}/states.html?api={base}")
    found = re.search(r'<output id="result">([^<]*)</output>', dom.decode("utf-8", "replace"))
    text = html.unescape(found.group(1)) if found else ""
    assert status == 0 and text.startswith("{"), f"<route-bar> states: the page says {text[:300]!r}"
    report = json.loads(text)
    words = {line.split(" = ", 1)[0]: line.split(" = ", 1)[1].split(" | ", 1)[0]
             for line in (REPO / "Sources" / "RouteBar" / "Words" / "de.words").read_text(encoding="utf-8").splitlines()
             if " = " in line and not line.startswith("#")}
    none, refused, own, drawn = report["none"], report["refused"], report["own"], report["drawn"]
    assert none == {**none, "state": "no-route", "events": [], "text": words["noRoute"], "role": "status"}, none
    assert refused["state"] == "error" and refused["events"] == ["routebar-error"], refused
    assert refused["text"] == words["routesUnavailable"] and refused["role"] == "alert", refused
    assert "sectionTime" not in refused["shadowText"] and "422" not in refused["shadowText"], "a problem's detail shown to riders"
    assert own["state"] == "no-route" and own["text"] == "Heute fährt nichts" and own["events"] == [], own
    assert drawn["state"] == "routes" and drawn["events"] == ["routebar-drawn"], drawn
    assert drawn["focusable"] and all(index == 0 and label.startswith(words["total"]) for index, label in drawn["focusable"]), drawn
    print(f"ok   <route-bar> states: no-route {none['text']!r}, error {refused['text']!r} (no detail), "
          f"the app's own text, {len(drawn['focusable'])} focusable route")
