#!/usr/bin/env bash
# Scale-out on one machine: three routebar instances on loopback behind nginx, under wrk
# (2 threads, 32 keep-alive connections, SECONDS_TOTAL s, default 12) posting single.json; one
# instance gets SIGTERM after STOP_AT s (default 4). Passes only if every answer is 2xx, wrk saw
# no read, write or timeout error, and the stopped instance exited 0.
source "$(dirname "$0")/lib.sh"
PATH=$PATH:/usr/sbin   # nginx's place, not on a Debian user's PATH
need wrk
need nginx nginx-light
need curl
need python3
TOTAL=${SECONDS_TOTAL:-12}
STOP_AT=${STOP_AT:-4}
PIDS=()   # the instances, nginx's master and wrk's timeout: SIGTERM stops each within seconds
cleanup() {
    set +e    # stop everything even when a kill or wait fails
    for pid in "${PIDS[@]}"; do kill -TERM "$pid"; done 2>/dev/null
    for pid in "${PIDS[@]}"; do wait "$pid"; done 2>/dev/null
    [ -z "${KEEP_DIR:-}" ] || cp -r "$TMP" "$KEEP_DIR"   # KEEP_DIR=path keeps the logs
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Three instances on free loopback ports (port 0; each names its port on stderr), one worker
# thread each, as they share the machine with nginx and wrk.
PORTS=()
for i in 1 2 3; do
    "$BINARY" serve --host 127.0.0.1 --port 0 --threads 1 2>"$TMP/routebar$i.log" &
    PIDS+=($!)
    for _ in $(seq 100); do
        port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$TMP/routebar$i.log")
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "routebar $i did not start:"; cat "$TMP/routebar$i.log"; exit 1; }
    PORTS+=("$port")
done
LB_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# nginx as the current user, everything in $TMP. As root, `user` keeps the workers root too
# (they would otherwise switch to nobody, who cannot enter the mktemp directory).
mkdir "$TMP/nginx"
cat >"$TMP/nginx/nginx.conf" <<EOF
$([ "$(id -u)" = 0 ] && echo "user root;")
daemon off;
worker_processes 1;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/error.log warn;
events { worker_connections 1024; }
http {
    log_format upstreams '\$status "\$upstream_addr" "\$upstream_status"';
    access_log $TMP/nginx/access.log upstreams;
    client_body_temp_path $TMP/nginx/body;
    proxy_temp_path $TMP/nginx/proxy;
    fastcgi_temp_path $TMP/nginx/fastcgi;
    uwsgi_temp_path $TMP/nginx/uwsgi;
    scgi_temp_path $TMP/nginx/scgi;
    upstream routebar {
        server 127.0.0.1:${PORTS[0]};
        server 127.0.0.1:${PORTS[1]};
        server 127.0.0.1:${PORTS[2]};
        keepalive 32;
    }
    server {
        listen 127.0.0.1:$LB_PORT;
        location / {
            proxy_pass http://routebar;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_connect_timeout 1s;
            # POST is not idempotent, so by default nginx does not retry it once the request
            # has been sent. Retrying is safe here: a layout is a pure function of the request
            # (no state, no side effect, the same answer everywhere). An instance that stops
            # refuses new connections, and resets those still in its listen backlog, possibly
            # after nginx has sent the request on one: nginx then asks another instance.
            proxy_next_upstream error timeout http_502 http_503 non_idempotent;
        }
    }
}
EOF
nginx -p "$TMP/nginx" -c "$TMP/nginx/nginx.conf" 2>"$TMP/nginx/stderr" &
PIDS+=($!)
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$LB_PORT/healthz" >/dev/null && break; sleep 0.1; done
curl -fs "http://127.0.0.1:$LB_PORT/healthz" >/dev/null || { echo "nginx did not start:"; cat "$TMP/nginx/stderr" "$TMP/nginx/error.log"; exit 1; }

BODY=bench/workloads/single.json timeout $((TOTAL + 20)) \
    wrk -t2 -c32 -d"${TOTAL}s" -s bench/post.lua "http://127.0.0.1:$LB_PORT/v1/route-bars" >"$TMP/wrk.txt" 2>&1 &
wrk_pid=$!
PIDS+=("$wrk_pid")
sleep "$STOP_AT"
kill -TERM "${PIDS[0]}"; stopped=$EPOCHREALTIME
status=0; wait "${PIDS[0]}" || status=$?   # bounded: --shutdown-grace (10 s) by default
stop_seconds=$(awk -v a="$stopped" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
wait "$wrk_pid" || { echo "wrk failed:"; cat "$TMP/wrk.txt"; exit 1; }

read -r connect read write timeout < <(wrk_errors "$TMP/wrk.txt")
requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' "$TMP/wrk.txt")
rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$TMP/wrk.txt")
non2xx=$(sed -n 's/.*Non-2xx or 3xx responses: \([0-9]*\).*/\1/p' "$TMP/wrk.txt"); non2xx=${non2xx:-0}
retried=$(grep -c ',' "$TMP/nginx/access.log" || true)
echo "wrk -t2 -c32 -d${TOTAL}s through nginx to 3 instances; SIGTERM to instance 1 (port ${PORTS[0]}) at ${STOP_AT} s"
echo "requests: $requests, $rate/s; non-2xx: $non2xx"
echo "socket errors: connect $connect, read $read, write $write, timeout $timeout"
# The last upstream of a request is the one that answered it.
answered=$(awk -F'"' -v ports="${PORTS[*]}" '{ n = split($2, a, ", "); count[a[n]]++ }
    END { n = split(ports, p, " "); for (i = 1; i <= n; i++) printf "%s%d", (i > 1 ? "/" : ""), count["127.0.0.1:" p[i]] }' \
    "$TMP/nginx/access.log")
echo "answered by instance 1/2/3: $answered; retried by nginx: $retried"
errors=$(sed -n 's/.*\[error\] [0-9#]*: \*[0-9]* \(.*\) while .*/\1/p' "$TMP/nginx/error.log" | sort | uniq -c)
echo "nginx upstream errors: ${errors:-none}"
echo "instance 1: exit status $status after $stop_seconds s; $(tail -1 "$TMP/routebar1.log")"

fail=0
((non2xx == 0)) || { echo "FAIL: $non2xx non-2xx answers"; fail=1; }
((read + write + timeout == 0)) || { echo "FAIL: socket errors"; fail=1; }
((status == 0)) || { echo "FAIL: instance 1 exited $status"; fail=1; }
if ((fail == 0)); then echo PASS; else
    cat "$TMP/wrk.txt"; grep -v '^200 "[^,]*" "200"$' "$TMP/nginx/access.log" | sort | uniq -c | head; tail -5 "$TMP/nginx/error.log"
fi
exit $fail
