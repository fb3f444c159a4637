#!/usr/bin/env bash
# make bench: the service against a plain C baseline (libmicrohttpd + cJSON) over loopback
# HTTP with wrk, then in-process and parser numbers. Writes bench/results.md.
#   SKIP_BUILD=1      use the release binary as it is
#   BENCH_SECONDS=N   length of each measured run (default 10)
# Exits non-zero only when something broke; a missed target is reported, not fatal.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_RUN=${BENCH_SECONDS:-10}
THREADS=$(nproc)
WORKLOADS=(single batch20 batch1000)
files=("${WORKLOADS[@]/#/bench/workloads/}"); files=("${files[@]/%/.json}")
OUT=bench/.build   # build outputs other than the baseline (see .gitignore)
RESULTS=bench/results.md
[ -n "$(command -v swift)" ] || export PATH=/opt/swift/usr/bin:$PATH   # as the Makefile does

need=()
for tool in wrk curl python3 valgrind; do command -v $tool >/dev/null || need+=($tool); done
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
[ "${SKIP_BUILD:-0}" = 1 ] || { swift build -c release --product routebar && swift build -c release --product routebar-microbench; }
mkdir -p "$OUT"
cc -O2 -o bench/baseline/baseline bench/baseline/baseline.c $(pkg-config --cflags --libs libmicrohttpd libcjson) -lm
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

# start NAME: launch the server on a free port; sets PID and URL once it answers a request.
start() {
    local port command
    port=$(free_port)
    if [ "$1" = service ]; then command=("$tmp/routebar" serve --host 127.0.0.1 --port "$port" --threads "$THREADS")
    else command=(bench/baseline/baseline "$port" --threads "$THREADS"); fi
    "${command[@]}" 2>>"$tmp/$1.log" &
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

# sample_rss PID FILE: the peak VmRSS (KiB) so far, in FILE, every 0.2 s until killed.
sample_rss() {
    local peak=0 rss
    while rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null) && [ -n "$rss" ]; do
        if ((rss > peak)); then peak=$rss; echo "$peak" >"$2"; fi
        sleep 0.2
    done
}

# wrk's summary as "requests/s p50-ms p99-ms non-2xx socket-errors".
parse_wrk() {
    awk 'function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0
                          if (v ~ /s$/) return v * 1000; if (v ~ /m$/) return v * 60000; return v * 3600000 }
         $1 == "50%" { p50 = ms($2) }  $1 == "99%" { p99 = ms($2) }
         /^Requests\/sec:/ { rps = $2 }  /Non-2xx/ { bad = $NF }
         /Socket errors:/ { sock = $4 + $6 + $8 + $10 }
         END { printf "%.0f %.3f %.3f %d %d\n", rps, p50, p99, bad, sock }'
}

# Both servers must give the same answers, or the comparison measures different work.
start service; service_url=$URL; service_pid=$PID
start baseline
check=$(python3 bench/compare.py "$service_url" "$URL" "${files[@]}")
stop baseline; PID=$service_pid service_pid=; stop service
echo "$check"

declare -A rps p50 p99 rss
commands=()
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for server in service baseline; do
    for workload in "${WORKLOADS[@]}"; do
        connections=64; [ "$workload" != batch1000 ] || connections=16
        start "$server"
        export BODY=bench/workloads/$workload.json
        # wrk drops answers slower than its 2 s default from the latency figures and calls them
        # socket errors; the slow baseline needs that long for batch1000 on a busy machine.
        timeout 60 wrk -t2 -c$connections -d3s --timeout 10s -s bench/post.lua "$URL" >/dev/null
        measure=(wrk -t2 -c$connections -d${SECONDS_PER_RUN}s --timeout 10s --latency -s bench/post.lua "$URL")
        commands+=("BODY=$BODY ${measure[*]}")
        rm -f "$tmp/rss"; sample_rss "$PID" "$tmp/rss" & sampler=$!
        timeout $((SECONDS_PER_RUN + 60)) "${measure[@]}" >"$tmp/wrk"
        kill "$sampler" 2>/dev/null || true; wait "$sampler" || true
        read -r r a b bad sock < <(parse_wrk <"$tmp/wrk")
        if ((bad || sock)); then
            echo "run.sh: $server on $workload: $bad non-2xx answers, $sock socket errors:" >&2; cat "$tmp/wrk" >&2; exit 1
        fi
        key=$workload/$server
        rps[$key]=$r; p50[$key]=$a; p99[$key]=$b
        rss[$key]=$(awk '{printf "%.1f", $1 / 1024}' "$tmp/rss")
        stop "$server"
        echo "$workload $server: $r requests/s, p50 $a ms, p99 $b ms, peak RSS ${rss[$key]} MiB"
    done
done

# ratio A B LIMIT OP: "A/B (target OP LIMIT): met|NOT met"
ratio() { awk -v a="$1" -v b="$2" -v limit="$3" -v op="$4" 'BEGIN {
    r = a / b; ok = op == ">=" ? r >= limit : r <= limit
    printf "%.2f (target %s %s): %s", r, op, limit, ok ? "met" : "NOT met" }'; }

{
    echo "# routebar benchmark"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after"
    echo "- service: $SERVICE_VERSION; baseline: bench/baseline/baseline.c (libmicrohttpd $(pkg-config --modversion libmicrohttpd), cJSON $(pkg-config --modversion libcjson)); both with $THREADS worker threads, wrk on the same machine"
    echo "- each run: a 3 s warm-up (the same wrk command with -d3s, without --latency), then:"
    echo
    printf '      %s\n' "${commands[@]}"
    echo
    echo "Answers checked first (bench/compare.py: same members in the same order, numbers within 1e-12):"
    echo
    printf '      %s\n' "${check//$'\n'/$'\n'      }"
    echo
    echo "| workload | server | requests/s | p50 ms | p99 ms | peak RSS MiB |"
    echo "|---|---|---:|---:|---:|---:|"
    for workload in "${WORKLOADS[@]}"; do for server in service baseline; do
        key=$workload/$server
        echo "| $workload | $server | ${rps[$key]} | ${p50[$key]} | ${p99[$key]} | ${rss[$key]} |"
    done; done
    for workload in "${WORKLOADS[@]}"; do
        s=$workload/service b=$workload/baseline
        echo
        echo "### $workload: service / baseline"
        echo
        echo "- requests/s: $(ratio "${rps[$s]}" "${rps[$b]}" 1.3 '>=')"
        echo "- p99 latency: $(ratio "${p99[$s]}" "${p99[$b]}" 1.0 '<=')"
        echo "- peak RSS: $(ratio "${rss[$s]}" "${rss[$b]}" 2.0 '<=')"
    done
} | tee "$RESULTS"

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
    "$(printf '%s\n' "${gzip_rows[@]}")" | tee -a "$RESULTS"

micro=$(timeout 600 .build/release/routebar-microbench bench/workloads)
printf '\n## In-process (no HTTP)\n\nAllocations are heap allocations per call, counted by wrapping malloc (Sources/CAllocationCounter).\n\n%s\n' \
    "$micro" | tee -a "$RESULTS"
allocations=$(timeout 900 python3 bench/allocations.py "$tmp/routebar" bench/baseline/baseline "${files[@]}")
printf '\n## Heap allocations per request over HTTP (valgrind)\n\nbench/allocations.py: each server under valgrind answers 1, then 1 + N requests on one keep-alive connection; the difference over N. Deterministic, whatever the load.\n\n%s\n' \
    "$allocations" | tee -a "$RESULTS"
probe=$(timeout 120 "$OUT/simdjson-probe" "${files[@]}")
printf '\n## Parser comparison: simdjson (C++)\n\n%s\n' "$probe" | tee -a "$RESULTS"
