#!/usr/bin/env bash
# Soak: SOAK_SECONDS (default 180) of wrk at full speed (2 threads, 32 keep-alive connections)
# rotating through single.json, batch20.json, malformed JSON (400), an out-of-range value (422)
# and a wrong Content-Type (415). Promises: no 5xx; every status of the mix seen (else the soak
# did not test what it claims); no read/write error (a connection dropped mid-request); and the
# server's VmRSS at the end within 10% of its VmRSS after a 20 s warm-up. Only growth counts:
# a leak grows, and RSS shrinking is not a broken promise.
source "$(dirname "$0")/lib.sh"
need wrk
SOAK=${SOAK_SECONDS:-180}
WARMUP=20
((SOAK >= WARMUP + 10)) || { echo "SOAK_SECONDS must be at least $((WARMUP + 10))"; exit 2; }

start_server -- --threads 2
timeout $((SOAK + 30)) wrk -t2 -c32 -d"${SOAK}s" -s scripts/soak.lua "http://127.0.0.1:$PORT/v1/route-bars" \
    >"$TMP/wrk.txt" 2>&1 &
wrk_pid=$!
sleep "$WARMUP"
rss_warm=$(rss_kib)
sleep $((SOAK - WARMUP - 2))   # the end figure is taken under the same load, just before wrk stops
rss_end=$(rss_kib)
wait "$wrk_pid" || { echo "wrk failed:"; cat "$TMP/wrk.txt"; exit 1; }
rss_idle=$(rss_kib)
stop_server 15

read -r connect read write timeout < <(wrk_errors "$TMP/wrk.txt")
requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$TMP/wrk.txt")
rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$TMP/wrk.txt")
server_errors=$(sed -n 's/^5xx: \([0-9]*\)$/\1/p' "$TMP/wrk.txt")
growth=$(awk -v a="$rss_warm" -v b="$rss_end" 'BEGIN { printf "%+.1f", (b - a) * 100 / a }')
echo "wrk -t2 -c32 -d${SOAK}s -s scripts/soak.lua: $requests requests, $rate/s"
grep '^status ' "$TMP/wrk.txt" | sort | sed 's/^/  /'
echo "5xx: ${server_errors:-?}; socket errors: connect $connect, read $read, write $write, timeout $timeout"
echo "VmRSS: $rss_warm KiB after ${WARMUP} s, $rss_end KiB at $((SOAK - 2)) s ($growth%), $rss_idle KiB idle after"
echo "server: exit status $EXIT_STATUS after SIGTERM"

fail=0
[ "${server_errors:-x}" = 0 ] || { echo "FAIL: ${server_errors:-no count of} 5xx answers"; fail=1; }
for status in 200 400 415 422; do
    grep -q "^status $status: [1-9]" "$TMP/wrk.txt" || { echo "FAIL: no $status seen: the mix is broken"; fail=1; }
done
((read + write == 0)) || { echo "FAIL: connections dropped mid-request"; fail=1; }
awk -v a="$rss_warm" -v b="$rss_end" 'BEGIN { exit !(b > a * 1.10) }' && { echo "FAIL: RSS grew $growth%"; fail=1; }
[ "$EXIT_STATUS" = 0 ] || { echo "FAIL: exit status $EXIT_STATUS after SIGTERM"; fail=1; }
((fail == 0)) && echo PASS || cat "$TMP/wrk.txt"
exit $fail
