#!/usr/bin/env bash
# Browser test: the playground page (GET /) and the SVG answers in a real headless Chromium.
#
#   1. Debian's chromium is installed with apt when it is missing (sudo only when not root);
#   2. the service is started on a free loopback port;
#   3. for each configuration below, headless Chromium loads /?QUERY, lets the page POST its
#      textarea example to /v1/route-bars and draw the bars, and dumps the DOM. Two checks:
#        - the page's own <output id="check"> says "widths ok: N segments", N being the number
#          of visible segments (width > 0) the API returns for the same body and query;
#        - the drawn .segment boxes' data-width values, in order, equal the API's visible
#          segment widths exactly (as numbers).
#      The reference answer is fetched here directly, with the textarea content taken from the
#      served page, so the page and this script post the same body;
#   4. with SCREENSHOT=1, docs/playground.png is (re)written for the README; this is the only
#      step that cares about fonts (optional: fonts-noto-cjk is installed for Hangul when no
#      Korean font is present). The checks above do not depend on fonts.
#   5. the last line is `browser: N passed, M failed`, for CI to read.
#
# Run by `make test` after the other suites. ROUTEBAR_BINARY picks the binary to test
# (default .build/debug/routebar, relative to the repository root).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BINARY=${ROUTEBAR_BINARY:-.build/debug/routebar}
SCREENSHOT=${SCREENSHOT:-0}

# Query strings of the page URL (the page presets its controls from them).
CONFIGS=(
    "width=343&scale=3"
    "width=320&scale=2&algorithm=classic&locale=en"
)
# Bounds, in seconds: far above what a run needs.
CHROMIUM_TIMEOUT=90      # one Chromium run (its virtual time budget is 10 s)
APT_NETWORK_TIMEOUT=600  # apt-get update / download; the unpacking itself is not interrupted

CHROMIUM_FLAGS=(--headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars
                --virtual-time-budget=10000 --window-size=1280,900)

PASSED=0
FAILED=0
failure_summary() { echo "browser: $PASSED passed, $((FAILED + 1)) failed"; }
source scripts/test-service.sh

# apt_install PACKAGE...: download under a timeout (safe to interrupt), then install.
apt_install() {
    echo "Installing $* with apt-get"
    sudo_if_needed timeout "$APT_NETWORK_TIMEOUT" apt-get update -qq
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive timeout "$APT_NETWORK_TIMEOUT" \
        apt-get install -y -qq --no-install-recommends --download-only "$@"
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# --- 1. Chromium ---------------------------------------------------------------------------

# Recommends (fonts-liberation, libgl1-mesa-dri, upower, ...) are not needed headless with
# --disable-gpu; DejaVu, which Chromium's dependencies pull in, is enough for the checks.
command -v chromium >/dev/null 2>&1 || apt_install chromium
echo "using $(chromium --version 2>/dev/null || echo 'chromium (version unknown)')"

# chromium_run LOG ARG...: one bounded headless run with its own throwaway profile (the XDG
# variables keep its crash-report and cache directories out of $HOME too). timeout signals its
# whole process group, so Chromium's helper processes go too.
chromium_run() {
    local log=$1; shift
    local profile; profile=$(mktemp -d "$WORK/profile.XXXXXX")
    XDG_CONFIG_HOME=$profile/config XDG_CACHE_HOME=$profile/cache \
        timeout -k 5 "$CHROMIUM_TIMEOUT" chromium "${CHROMIUM_FLAGS[@]}" --user-data-dir="$profile/data" "$@" 2>"$log"
}

# --- 2. the service ------------------------------------------------------------------------

start_service
curl -fsS --max-time 10 "$BASE/" -o "$WORK/page.html"

# --- 3. the page in Chromium ---------------------------------------------------------------

# record LINE: a result line from compare ("ok ..." or "FAIL ..."), printed and counted.
record() {
    echo "$1"
    case $1 in ok\ *) PASSED=$((PASSED + 1)) ;; *) FAILED=$((FAILED + 1)) ;; esac
}

run=0
for query in "${CONFIGS[@]}"; do
    run=$((run + 1))
    dom=$WORK/dom-$run.html
    status=0
    chromium_run "$WORK/chromium.log" --dump-dom "$BASE/?$query" >"$dom" || status=$?
    if [ "$status" != 0 ] || [ ! -s "$dom" ]; then
        record "FAIL $query: chromium exited with status $status (124: timed out after ${CHROMIUM_TIMEOUT}s); its stderr ends:"
        tail -n 15 "$WORK/chromium.log" | sed 's/^/    /'
        continue
    fi
    while IFS= read -r line; do record "$line"; done < <(
        python3 - "$BASE" "$query" "$WORK/page.html" "$dom" <<'PY' || echo "FAIL $query: the comparison itself failed (see above)"
import json, sys, urllib.request
from html.parser import HTMLParser

base, query, page_path, dom_path = sys.argv[1:]

class Scan(HTMLParser):
    """The text of the elements with the given ids (text-only elements: textarea, output, a
    div holding a message), and the data-width of every .segment, in document order."""
    def __init__(self, ids):
        super().__init__(convert_charrefs=True)
        self.ids, self.text, self.widths, self.current = ids, {}, [], None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "segment" in (a.get("class") or "").split():
            self.widths.append(a.get("data-width"))
        if a.get("id") in self.ids:
            self.current = a["id"]
            self.text[self.current] = ""
    def handle_endtag(self, tag):
        self.current = None
    def handle_data(self, data):
        if self.current is not None:
            self.text[self.current] += data

def scan(path, ids):
    parser = Scan(ids)
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    parser.close()
    return parser

# The body the page posts: the textarea's content (HTML drops one newline right after <textarea>).
body = scan(page_path, {"body"}).text.get("body")
if body is None:
    print(f"FAIL {query}: no <textarea id=\"body\"> in the served page")
    sys.exit()
if body.startswith("\n"):
    body = body[1:]
request = urllib.request.Request(f"{base}/v1/route-bars?{query}", data=body.encode("utf-8"),
                                 headers={"Content-Type": "application/json"}, method="POST")
with urllib.request.urlopen(request, timeout=10) as response:
    answer = json.load(response)
api = [s["width"] for route in answer["routes"] for s in route["segments"] if s["width"] > 0]

dom = scan(dom_path, {"check", "error"})
check = " ".join(dom.text.get("check", "").split())
error = " ".join(dom.text.get("error", "").split())
detail = f" (page error: {error})" if error else ""

expected = f"widths ok: {len(api)} segments"
if check == expected:
    print(f"ok   {query}: the page says \"{check}\", the API has {len(api)} visible segments")
else:
    print(f"FAIL {query}: the page says \"{check}\", expected \"{expected}\"{detail}")

def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None

drawn = [number(w) for w in dom.widths]
if drawn == [float(w) for w in api]:
    print(f"ok   {query}: {len(drawn)} data-width values equal the API's widths")
else:
    print(f"FAIL {query}: data-width values {dom.widths} != the API's visible widths {api}{detail}")
PY
    )
done

# --- 3b. the SVG answers in Chromium -------------------------------------------------------

# Every sample in examples/ (widths excepted: the SVG has one width), light and dark, as the
# service draws it, in a page that measures the rendered text: no two labels' boxes may
# overlap, and every label drawn inside a segment must lie within that segment. Hangul is
# measured in a real CJK font, which is installed when missing.
if [ -z "$(fc-list :lang=ko 2>/dev/null)" ]; then apt_install fonts-noto-cjk; fi
SVG_QUERIES=("" "theme=dark&gap=2&labelMinimums=true" "locale=en&timeScale=shared&cornerRadius=4")
for sample in examples/*.json; do
    case $sample in *widths*) continue ;; esac
    for extra in "${SVG_QUERIES[@]}"; do
        # classic takes neither gaps, a shared time scale nor label minimums (422): colours only.
        case $sample in *classic*) extra=${extra%%&*} ;; esac
        query="scale=3${extra:+&$extra}"
        case $sample in */odsay-*) query="width=343&$query" ;; esac
        name="$(basename "$sample" .json)?$query"
        svg=$WORK/drawn.svg
        if ! curl -fsS --max-time 10 --json @"$sample" "$BASE/v1/route-bars.svg?$query" -o "$svg"; then
            record "FAIL svg $name: the service refused it"
            continue
        fi
        python3 - "$svg" "$WORK/measure.html" <<'PY'
import sys
svg = open(sys.argv[1], encoding="utf-8").read().split("?>", 1)[1]
open(sys.argv[2], "w", encoding="utf-8").write("""<!doctype html><meta charset="utf-8"><body style="margin:0">""" + svg + """
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
texts.forEach((t, i) => {
  if (!t.classList.contains("inside")) return;
  const left = svgBox.left + Number(t.dataset.segmentX), right = left + Number(t.dataset.segmentWidth);
  if (boxes[i].left < left - 0.01 || boxes[i].right > right + 0.01)
    problems.push(`"${t.textContent}" (${boxes[i].left.toFixed(2)}..${boxes[i].right.toFixed(2)}) leaves its segment (${left}..${right})`);
});
document.getElementById("result").textContent = JSON.stringify({texts: texts.length, inside: document.querySelectorAll("svg text.inside").length, problems});
</script>""")
PY
        status=0
        chromium_run "$WORK/chromium.log" --dump-dom "file://$WORK/measure.html" >"$WORK/measured.html" || status=$?
        if [ "$status" != 0 ]; then
            record "FAIL svg $name: chromium exited with status $status"
            continue
        fi
        record "$(python3 - "$WORK/measured.html" "$name" <<'PY'
import html, json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
found = re.search(r'<pre id="result">(.*?)</pre>', page, re.S)
if not found or not found.group(1).strip():
    print(f"FAIL svg {sys.argv[2]}: the page measured nothing (not well-formed SVG?)")
    sys.exit()
result = json.loads(html.unescape(found.group(1)))
if result["problems"]:
    print(f"FAIL svg {sys.argv[2]}: " + "; ".join(result["problems"][:5]))
elif result["texts"] == 0:
    print(f"FAIL svg {sys.argv[2]}: no label drawn")
else:
    print(f"ok   svg {sys.argv[2]}: {result['texts']} labels ({result['inside']} inside), none overlapping, every inside one within its segment")
PY
)"
    done
done

# --- 4. screenshot (SCREENSHOT=1 only) -----------------------------------------------------

if [ "$SCREENSHOT" = 1 ]; then
    # Optional, for the picture only: a Korean font, or Hangul renders as boxes.
    if [ -z "$(fc-list :lang=ko 2>/dev/null)" ]; then apt_install fonts-noto-cjk; fi
    mkdir -p docs
    status=0
    chromium_run "$WORK/chromium.log" --screenshot="$WORK/playground.png" "$BASE/" >/dev/null || status=$?
    if [ "$status" = 0 ] && [ -s "$WORK/playground.png" ]; then
        mv "$WORK/playground.png" docs/playground.png
        record "ok   screenshot: docs/playground.png ($(stat -c %s docs/playground.png) bytes)"
    else
        record "FAIL screenshot: chromium exited with status $status and wrote no PNG; its stderr ends:"
        tail -n 15 "$WORK/chromium.log" | sed 's/^/    /'
    fi
    # The route list of a real ODsay answer (숭실대입구 → 신촌), light and dark, as the README shows it.
    for theme in light dark; do
        picture=docs/route-list-$theme.png
        curl -fsS --max-time 10 --json @examples/odsay-soongsil-sinchon.json \
            "$BASE/v1/route-bars.svg?width=343&scale=3&gap=2&labelMinimums=true&theme=$theme" -o "$WORK/list.svg"
        height=$(sed -n 's/.*<svg [^>]* height="\([0-9.]*\)".*/\1/p' "$WORK/list.svg" | head -n 1)
        status=0
        chromium_run "$WORK/chromium.log" --force-device-scale-factor=2 --window-size="343,${height%.*}" \
            --screenshot="$WORK/list.png" "file://$WORK/list.svg" >/dev/null || status=$?
        if [ "$status" = 0 ] && [ -s "$WORK/list.png" ]; then
            mv "$WORK/list.png" "$picture"
            record "ok   screenshot: $picture ($(stat -c %s "$picture") bytes)"
        else
            record "FAIL screenshot: chromium exited with status $status and wrote no $picture"
        fi
    done
fi

# --- 5. CORS: a page from another origin ----------------------------------------------------

# The page is served from http://localhost:PAGE_PORT (another origin than the API's
# http://127.0.0.1:PORT), and POSTs the seed route as JSON (so Chromium sends a preflight
# first) to /v1/route-bars.svg, then draws the answer. A server started with
# --cors-origin http://localhost:PAGE_PORT lets it draw the bars; from another page origin
# Chromium refuses to hand it the answer.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
mkdir -p "$WORK/cors"
cat >"$WORK/cors/cors.html" <<'HTML'
<!doctype html>
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
        document.getElementById("result").textContent = "drawn " + document.querySelectorAll("#bars rect.segment").length;
    })
    .catch(() => { document.getElementById("result").textContent = "refused"; });
</script>
HTML
stop_service
PAGE_PORT=$(free_port)
OTHER_PORT=$(free_port)
start_service --cors-origin "http://localhost:$PAGE_PORT"
for port in "$PAGE_PORT" "$OTHER_PORT"; do
    python3 -m http.server "$port" --bind 127.0.0.1 --directory "$WORK/cors" >/dev/null 2>&1 &
    echo $! >>"$WORK/page-servers"
done
for _ in $(seq 50); do
    curl -fsS --max-time 1 "http://localhost:$PAGE_PORT/cors.html" >/dev/null 2>&1 \
        && curl -fsS --max-time 1 "http://localhost:$OTHER_PORT/cors.html" >/dev/null 2>&1 && break
    sleep 0.1
done
for cors_case in "$PAGE_PORT allowed drawn 5" "$OTHER_PORT refused refused"; do
    read -r port name expected count <<<"$cors_case"
    status=0
    chromium_run "$WORK/chromium.log" --dump-dom "http://localhost:$port/cors.html?api=$BASE" >"$WORK/cors.dom" || status=$?
    result=$(sed -n 's|.*<output id="result">\([^<]*\)</output>.*|\1|p' "$WORK/cors.dom" | head -n 1)
    want="$expected${count:+ $count}"
    [ "$expected" = refused ] && want=refused
    if [ "$status" = 0 ] && [ "$result" = "$want" ]; then
        record "ok   cors: a page from http://localhost:$port ($name) says \"$result\""
    else
        record "FAIL cors: a page from http://localhost:$port ($name) says \"$result\", not \"$want\" (chromium status $status)"
    fi
done
kill $(cat "$WORK/page-servers") 2>/dev/null || true

# --- 6. summary ----------------------------------------------------------------------------

echo "browser: $PASSED passed, $FAILED failed"
SUMMARY_PRINTED=1
[ "$FAILED" = 0 ]
