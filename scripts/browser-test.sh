#!/usr/bin/env bash
# Browser test: the playground page (GET /) and the SVG answers in a real headless Chromium.
#
#   1. Debian's chromium is installed with apt when it is missing (sudo only when not root);
#   2. the service is started on a free loopback port;
#   3. scripts/browser-playground.py drives the page in one headless Chromium over the DevTools
#      protocol: it sets each control (one per query parameter of POST /v1/route-bars in
#      openapi.yaml) as a person would, and checks the two requests the page sends (same origin,
#      JSON and SVG, the step's values in the query) and that the JSON, the SVG source and the
#      drawn <svg> it shows are the service's answer to that body and query (bytes for the SVG);
#      that gap, theme, timeScale, ... change the answer; every example of the picker (equal to
#      its file in examples/); light, dark and prefers-color-scheme. Then (3b) every sample SVG's
#      labels are measured; the checks need a Korean font, installed when missing;
#   4. with SCREENSHOT=1, docs/playground.png (light), docs/playground-dark.png and
#      docs/route-list-{light,dark}.png are (re)written for the README;
#   5. the last line is `browser: N passed, M failed`, for CI to read.
#
# Run by `make test` after the other suites. ROUTEBAR_BINARY picks the binary to test
# (default .build/debug/routebar, relative to the repository root).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BINARY=${ROUTEBAR_BINARY:-.build/debug/routebar}
SCREENSHOT=${SCREENSHOT:-0}

# Bounds, in seconds: far above what a run needs.
CHROMIUM_TIMEOUT=90      # one Chromium run (its virtual time budget is 10 s)
PLAYGROUND_TIMEOUT=240   # the whole playground run (about 10 s)
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

# Hangul is measured (3b) and pictured in a real CJK font, which is installed when missing.
if [ -z "$(fc-list :lang=ko 2>/dev/null)" ]; then apt_install fonts-noto-cjk; fi
SCREENSHOT_DIR=
if [ "$SCREENSHOT" = 1 ]; then mkdir -p docs; SCREENSHOT_DIR=docs; fi

# record LINE: a result line from compare ("ok ..." or "FAIL ..."), printed and counted.
record() {
    echo "$1"
    case $1 in ok\ *) PASSED=$((PASSED + 1)) ;; *) FAILED=$((FAILED + 1)) ;; esac
}

# One Chromium driven over the DevTools protocol (scripts/browser-playground.py): each control
# of the page set in turn, the requests it sends, and the JSON and SVG it shows against the
# service's answers; the examples; light, dark and prefers-color-scheme; the screenshots.
profile=$(mktemp -d "$WORK/profile.XXXXXX")
while IFS= read -r line; do record "$line"; done < <(
    XDG_CONFIG_HOME=$profile/config XDG_CACHE_HOME=$profile/cache \
        timeout -k 5 "$PLAYGROUND_TIMEOUT" python3 scripts/browser-playground.py "$BASE" "$profile/data" \
        ${SCREENSHOT_DIR:+"$SCREENSHOT_DIR"} 2>"$WORK/playground.log" || echo "FAIL playground: the driver exited with status $?"
)
if grep -q . "$WORK/playground.log"; then sed 's/^/    /' "$WORK/playground.log" | tail -n 15; fi

# --- 3b. the SVG answers in Chromium -------------------------------------------------------

# Every sample in examples/ (widths excepted: the SVG has one width), light and dark, as the
# service draws it, in a page that measures the rendered text: no two labels' boxes may
# overlap, and every label drawn inside a segment must lie within that segment. Hangul is
# measured in a real CJK font (installed above).
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
    # docs/playground.png and docs/playground-dark.png are taken in step 3.
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
