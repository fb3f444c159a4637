#!/usr/bin/env bash
# make bench: the service against its peers (bench/peers: C on libmicrohttpd + cJSON, Node's
# http cluster, and the ceiling) over loopback HTTP with wrk, in interleaved rounds
# (bench/interleave.py); then one request's cost against the C peer (bench/per_request.py) and
# through the caches (bench/cache_profile.py), gzip,
# in-process, allocation and parser numbers, and what each default member of the batch1000
# answer costs (bench/field_costs.py). Writes bench/results.md.
#   SKIP_BUILD=1      use the release binary as it is
#   BENCH_SECONDS=N   length of each measured run (default 5)
#   BENCH_ROUNDS=N    interleaved rounds (default 3)
# Exits non-zero only when something broke; a missed target is reported, not fatal.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_RUN=${BENCH_SECONDS:-5}
ROUNDS=${BENCH_ROUNDS:-3}
THREADS=$(nproc)
WORKLOADS=(single batch20 batch1000)
files=("${WORKLOADS[@]/#/bench/workloads/}"); files=("${files[@]/%/.json}")
OUT=bench/.build   # build outputs: the C peer, the simdjson probe (see .gitignore)
RESULTS=bench/results.md   # the runs, newest first: this run goes on top, the older ones stay
[ -n "$(command -v swift)" ] || export PATH=/opt/swift/usr/bin:$PATH   # as the Makefile does

need=()
for tool in wrk curl python3 valgrind strace; do command -v $tool >/dev/null || need+=($tool); done
command -v node >/dev/null || need+=(nodejs)
command -v cc >/dev/null && command -v c++ >/dev/null || need+=(build-essential)
command -v pkg-config >/dev/null || need+=(pkg-config libmicrohttpd-dev libcjson-dev libsimdjson-dev)
if command -v pkg-config >/dev/null; then
    pkg-config --exists libmicrohttpd || need+=(libmicrohttpd-dev)
    pkg-config --exists libcjson || need+=(libcjson-dev)
    pkg-config --exists simdjson || need+=(libsimdjson-dev)
fi
if ((${#need[@]})); then
    sudo=$([ "$(id -u)" = 0 ] || echo sudo)
    echo "Installing ${need[*]} with apt-get"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

python3 bench/make_workloads.py
# Built as `make release` and the Dockerfile build it (the Makefile's RELEASE_FLAGS).
# The microbench is a developer tool, in the manifest only with ROUTEBAR_DEV_TOOLS=1 (Package.swift).
release_flags=$(make -s --no-print-directory release-flags)
[ "${SKIP_BUILD:-0}" = 1 ] || { swift build -c release $release_flags --product routebar \
    && ROUTEBAR_DEV_TOOLS=1 swift build -c release $release_flags --product routebar-microbench; }
mkdir -p "$OUT"
# The C peer exactly as its README builds it.
gcc -O2 -o "$OUT/peer-c" bench/peers/c-mhd-server.c $(pkg-config --cflags --libs libmicrohttpd libcjson) -lm
c++ -O2 -std=c++17 -o "$OUT/simdjson-probe" bench/simdjson/probe.cpp $(pkg-config --cflags --libs simdjson)

tmp=$(mktemp -d)
PID= service_pid=
trap 'for p in $PID $service_pid; do kill -TERM $p 2>/dev/null && wait $p; done; rm -rf "$tmp"' EXIT

# The release binary may be mid-rebuild; wait for it, then run a private copy so that every
# workload measures the same build.
for _ in $(seq 120); do [ -x .build/release/routebar ] && break; sleep 1; done
cp .build/release/routebar "$tmp/routebar"
SERVICE_VERSION=$("$tmp/routebar" --version)

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# start NAME: launch the service or the C peer on a free port; sets PID and URL once it answers.
start() {
    local port command
    port=$(free_port)
    if [ "$1" = service ]; then command=("$tmp/routebar" serve --host 127.0.0.1 --port "$port" --threads "$THREADS")
    else command=("$OUT/peer-c" "$port" "$THREADS"); fi
    "${command[@]}" >>"$tmp/$1.log" 2>&1 &
    PID=$!
    URL=http://127.0.0.1:$port/v1/route-bars
    for _ in $(seq 100); do
        curl -sf -o /dev/null -H 'Content-Type: application/json' --data-binary @bench/workloads/single.json "$URL" && return
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "run.sh: $1 did not start:" >&2; cat "$tmp/$1.log" >&2; exit 1
}

stop() {  # SIGTERM is the servers' clean exit; anything else means it broke
    kill -TERM "$PID"
    wait "$PID" || { echo "run.sh: $1 exited with status $? after SIGTERM:" >&2; cat "$tmp/$1.log" >&2; exit 1; }
    PID=
}

# The peers must compute what the service computes, or the comparison measures different work.
start service; service_url=$URL; service_pid=$PID
start peer
check=$(python3 bench/compare.py "$service_url" "$URL" "${files[@]}")
kill -TERM "$PID"; wait "$PID" 2>/dev/null || true; PID=   # the C peer exits on a signal
PID=$service_pid service_pid=; stop service
echo "$check"

# The hypervisor's share: CPU time the host gave to others while this VM wanted it (steal,
# the 8th figure of /proc/stat's cpu line), as a share of all the cores' time over the runs.
cpu_times() { awk '/^cpu /{total=0; for (i = 2; i <= NF; i++) total += $i; print total, $9}' /proc/stat; }
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
read -r total_before steal_before < <(cpu_times)
peers=$(python3 bench/interleave.py "$tmp/routebar" "$OUT/peer-c" "$ROUNDS" "$SECONDS_PER_RUN" "${WORKLOADS[@]}")
read -r total_after steal_after < <(cpu_times)
steal=$(awk -v t=$((total_after - total_before)) -v s=$((steal_after - steal_before)) 'BEGIN{printf "%.1f", (t > 0 ? 100 * s / t : 0)}')
{
    echo "# routebar benchmark"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after; ${steal}% of the cores' time stolen by the hypervisor during the HTTP runs"
    echo "- service: $SERVICE_VERSION; peers: bench/peers (C: libmicrohttpd $(pkg-config --modversion libmicrohttpd), cJSON $(pkg-config --modversion libcjson); Node $(node --version)); every server with $THREADS workers, wrk -t2 on the same machine"
    echo "- command: \`BENCH_ROUNDS=$ROUNDS BENCH_SECONDS=$SECONDS_PER_RUN make bench\` (bench/interleave.py: $ROUNDS interleaved rounds; in each, every server started fresh, warmed 1 s, measured $SECONDS_PER_RUN s with \`wrk -t2 -c64\` (\`-c16\` for batch1000) and bench/peers/post.lua; medians)"
    echo
    echo "Answers checked first (bench/compare.py against the C peer: every member it writes, the service writes with the same value):"
    echo
    printf '      %s\n' "${check//$'\n'/$'\n'      }"
    echo
    echo "$peers"
} | tee "$tmp/run.md"

# One request's cost, the service against the C peer: CPU, context switches and system calls per
# request (bench/per_request.py), where the single-route workload's difference comes from.
per_request=$(python3 bench/per_request.py "$tmp/routebar" "$OUT/peer-c" "$ROUNDS" "$SECONDS_PER_RUN")
printf '\n%s\n' "$per_request" | tee -a "$tmp/run.md"

# gzip: bytes on the wire and requests/s with and without `Accept-Encoding: gzip`, one server,
# the two runs in turn (twice each, the better kept) so drift hits both alike.
wire_bytes() {  # wrk output -> "requests/s bytes-per-answer" (bytes read include the response heads)
    awk '/requests in/ { n = $1; v = $(NF - 1); u = v; gsub(/[0-9.]/, "", u)   # "1.66GB"
             m = u ~ /GB/ ? 1073741824 : u ~ /MB/ ? 1048576 : u ~ /KB/ ? 1024 : 1; v = v + 0 }
         /^Requests\/sec:/ { rps = $2 }
         END { printf "%.0f %.0f\n", rps, v * m / n }'
}
gzip_rows=()
start service
for workload in batch20 batch1000; do
    connections=64; [ "$workload" != batch1000 ] || connections=16
    export BODY=bench/workloads/$workload.json
    declare -A best_rps=() bytes=()
    for round in 1 2; do for coding in identity gzip; do
        env ACCEPT_ENCODING="$([ $coding = gzip ] && echo gzip || echo identity)" \
            timeout 60 wrk -t2 -c$connections -d5s --timeout 10s -s bench/post.lua "$URL" >"$tmp/wrk"
        read -r r b < <(wire_bytes <"$tmp/wrk")
        ((r > ${best_rps[$coding]:-0})) && best_rps[$coding]=$r
        bytes[$coding]=$b
    done; done
    gzip_rows+=("| $workload | ${bytes[identity]} | ${bytes[gzip]} | $(awk -v a="${bytes[gzip]}" -v b="${bytes[identity]}" 'BEGIN { printf "%.2f", a / b }') | ${best_rps[identity]} | ${best_rps[gzip]} |")
    echo "$workload: identity ${bytes[identity]} B at ${best_rps[identity]}/s, gzip ${bytes[gzip]} B at ${best_rps[gzip]}/s"
done
stop service
printf '\n## gzip\n\nThe service alone, wrk -t2 -d5s (64 connections, 16 for batch1000), `Accept-Encoding: identity` and `gzip` in turn, twice each (requests/s: the better run). Bytes per answer as wrk read them, response head included.\n\n| workload | bytes identity | bytes gzip | gzip / identity | requests/s identity | requests/s gzip |\n|---|---:|---:|---:|---:|---:|\n%s\n' \
    "$(printf '%s\n' "${gzip_rows[@]}")" | tee -a "$tmp/run.md"

# Three passes, each workload's row kept from the pass with its best whole time (column 9): one pass takes
# each workload once (its best over half a second), and a burst of load on this shared machine
# during it moved a whole row by half (single 3.6 -> 5.8 us, otp 2.39 times ODsay's per byte).
micro=$(for pass in 1 2 3; do timeout 600 .build/release/routebar-microbench bench/workloads; done | awk -F'|' '
    NR <= 2 { print; next }
    /^\| workload/ || /^\|---/ { next }
    { if (!($2 in best) || $9 + 0 < best[$2]) { if (!($2 in best)) names[++n] = $2; best[$2] = $9 + 0; row[$2] = $0 } }
    END { for (i = 1; i <= n; i++) print row[names[i]] }')
# Planners' answers decoded per byte against ODsay's (the target: at most 2x the cost, so at least
# half ODsay's MB/s): the decode column of the odsay, otp and google rows.
decode_mbps() { awk -F'|' -v w=" $1 " '$2 == w { gsub(/ /, "", $5); print $5 }' <<<"$micro"; }
planner_rows=()
for planner in otp google; do
    ratio=$(python3 -c "print(round($(decode_mbps odsay) / $(decode_mbps $planner), 2))")
    verdict=$(python3 -c "print('met' if $ratio <= 2 else 'NOT met')")
    planner_rows+=("| $planner | $(decode_mbps $planner) | $(decode_mbps odsay) | $ratio ($verdict) |")
done
printf '\n## In-process (no HTTP)\n\nEach workload'"'"'s row from the best of three passes (its whole time). Allocations are heap allocations per call, counted by wrapping malloc (Sources/CAllocationCounter).\n\n%s\n\nDecoding a planner'"'"'s answer against ODsay'"'"'s, per byte (target: at most 2x the time):\n\n| planner | decode MB/s | ODsay decode MB/s | time per byte / ODsay'"'"'s |\n|---|---:|---:|---:|\n%s\n' \
    "$micro" "$(printf '%s\n' "${planner_rows[@]}")" | tee -a "$tmp/run.md"
allocations=$(timeout 900 python3 bench/allocations.py "$tmp/routebar" "$OUT/peer-c" "${files[@]}")
printf '\n## Heap allocations per request over HTTP (valgrind)\n\nbench/allocations.py: each server under valgrind answers 1, then 1 + N requests on one keep-alive connection; the difference over N. Deterministic, whatever the load.\n\n%s\n' \
    "$allocations" | tee -a "$tmp/run.md"
cache_profile=$(timeout 300 python3 bench/cache_profile.py "$tmp/routebar" "$OUT/peer-c" bench/workloads/single.json)
printf '\n## One single request through the caches (callgrind)\n\nbench/cache_profile.py: each server under callgrind'"'"'s cache and branch simulation answers 1, then 1 + 100 requests of single.json on one keep-alive connection; the difference over 100. Deterministic, whatever the load.\n\n%s\n' \
    "$cache_profile" | tee -a "$tmp/run.md"
field_costs=$(timeout 900 python3 bench/field_costs.py batch1000)
printf '\n## What each member of the default answer costs (callgrind)\n\nbench/field_costs.py: one request with all the default members asked for by name, against one without each; instructions, the same from run to run.\n%s\n' \
    "$field_costs" | tee -a "$tmp/run.md"
probe=$(timeout 120 "$OUT/simdjson-probe" "${files[@]}")
printf '\n## Parser comparison: simdjson (C++)\n\n%s\n' "$probe" | tee -a "$tmp/run.md"

# This run on top of the file, its sections a level down, under the file's title; the earlier
# runs and their history below it, as they were.
{
    echo "# routebar benchmark"
    echo
    echo "## Run of $(date -u '+%Y-%m-%d %H:%M UTC')"
    sed -e '1d' -e 's/^## /### /' "$tmp/run.md"
    echo
    [ ! -f "$RESULTS" ] || sed '1{/^# routebar benchmark$/d}' "$RESULTS"
} >"$tmp/results.md"
cp "$tmp/results.md" "$RESULTS"
