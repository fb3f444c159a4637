#!/usr/bin/env bash
# SIGTERM under load: wrk (2 threads, 32 keep-alive connections, 6 s) posts single.json and the
# server gets SIGTERM after 3 s. Promises: the server exits 0 within --shutdown-grace; no request
# in flight is lost (wrk read and timeout errors 0), every answer is 2xx, and every failed write
# is a refused reconnect.
#
# Why strace: on Linux loopback wrk's non-blocking connect() returns EINPROGRESS even when the
# port is closed, and the refusal surfaces on its first write, so wrk counts a refused reconnect
# after the stop as a *write* error, not a connect error. strace records the errno of each failed
# write, which tells ECONNREFUSED (expected: the listener is closed) from EPIPE/ECONNRESET (a
# live connection dropped: a bug). It halves wrk's rate, which still keeps 32 requests in flight.
source "$(dirname "$0")/lib.sh"
need wrk
need strace
GRACE=5

start_server -- --threads 2 --shutdown-grace "$GRACE"
BODY=bench/workloads/single.json timeout 30 strace -f -qq --seccomp-bpf -e trace=read,write -e status=failed \
    -o "$TMP/wrk.strace" wrk -t2 -c32 -d6s -s bench/post.lua "http://127.0.0.1:$PORT/v1/route-bars" >"$TMP/wrk.txt" 2>&1 &
wrk_pid=$!
sleep 3
stop_server $((GRACE + 5))
wait "$wrk_pid" || { echo "wrk failed:"; cat "$TMP/wrk.txt"; exit 1; }

read -r connect read write timeout < <(wrk_errors "$TMP/wrk.txt")
non2xx=$(sed -n 's/.*Non-2xx or 3xx responses: \([0-9]*\).*/\1/p' "$TMP/wrk.txt"); non2xx=${non2xx:-0}
requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$TMP/wrk.txt")
refused=$(grep -c '^[0-9]* *write(.* ECONNREFUSED' "$TMP/wrk.strace" || true)
other_failures=$(grep -v -e 'ECONNREFUSED' -e 'EAGAIN' "$TMP/wrk.strace" | grep -c . || true)
echo "wrk -t2 -c32 -d6s (under strace), SIGTERM after 3 s, --shutdown-grace $GRACE"
echo "server: exit status $EXIT_STATUS after $STOP_SECONDS s; log: $(tail -1 "$TMP/server.log")"
echo "wrk: $requests requests; socket errors: connect $connect, read $read, write $write, timeout $timeout; non-2xx $non2xx"
echo "strace: $refused writes refused (ECONNREFUSED: reconnects after the stop), $other_failures other failed reads/writes"

fail=0
[ "$EXIT_STATUS" = 0 ] || { echo "FAIL: exit status $EXIT_STATUS (none: still running after $((GRACE + 5)) s)"; fail=1; }
awk -v s="$STOP_SECONDS" -v g="$GRACE" 'BEGIN { exit !(s > g) }' && { echo "FAIL: took $STOP_SECONDS s, grace is $GRACE s"; fail=1; }
((read + timeout == 0)) || { echo "FAIL: wrk saw read or timeout errors: requests lost in flight"; fail=1; }
((write == refused && other_failures == 0)) || {
    echo "FAIL: failed reads/writes other than refused reconnects:"; grep -v ECONNREFUSED "$TMP/wrk.strace" | head; fail=1; }
((non2xx == 0)) || { echo "FAIL: $non2xx non-2xx answers"; fail=1; }
((fail == 0)) && echo PASS || cat "$TMP/wrk.txt"
exit $fail
