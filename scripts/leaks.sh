#!/usr/bin/env bash
# Leaks and memory errors: the server under valgrind memcheck gets a bounded mix of requests
# (valid, ODsay, 400, 415, 422, 404, 405, 413 by Content-Length and by chunked body, uploads cut
# off mid-body; keep-alive and Connection: close), then SIGTERM. Promise: valgrind reports no
# definite leak and no memory error. valgrind makes the server 20-50x slower: few requests,
# generous timeouts. Suppressions for what is not ours live in scripts/valgrind.supp.
source "$(dirname "$0")/lib.sh"
need valgrind
ROUNDS=${LEAKS_ROUNDS:-12}

START_TIMEOUT=60 start_server valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite \
    --error-exitcode=3 --num-callers=40 --suppressions=scripts/valgrind.supp --log-file="$TMP/valgrind.log" \
    -- --threads 2 --max-body-bytes 65536 --connection-timeout 60 --shutdown-grace 10

python3 - "$PORT" "$ROUNDS" <<'PY' || { echo "FAIL: the request mix"; exit 1; }
import http.client, socket, sys
port, rounds = int(sys.argv[1]), int(sys.argv[2])
single = open("bench/workloads/single.json", "rb").read()
batch = open("bench/workloads/batch20.json", "rb").read()
odsay = b'{"result": {"path": [{"info": {"totalTime": 12}, "subPath": [{"trafficType": 3, "sectionTime": 4}, {"trafficType": 1, "sectionTime": 8}]}]}}'
json = {"Content-Type": "application/json"}
cases = [  # method, path, body, headers, expected status
    ("POST", "/v1/route-bars", single, json, 200),
    ("POST", "/v1/route-bars", batch, json, 200),
    ("POST", "/v1/route-bars?width=343&scale=3", odsay, json, 200),
    ("POST", "/v1/route-bars", b'{"error": {"code": "-98", "msg": "no route"}}', json, 422),
    ("POST", "/v1/route-bars", b'{"width": 343, "routes": [', json, 400),
    ("POST", "/v1/route-bars", b'{"width": -1, "routes": []}', json, 422),
    ("POST", "/v1/route-bars", single, {"Content-Type": "text/plain"}, 415),
    ("GET", "/healthz", None, {}, 200),
    ("GET", "/openapi.yaml", None, {}, 200),
    ("GET", "/nowhere", None, {}, 404),
    ("GET", "/v1/route-bars", None, {}, 405),
]

def raw(data):
    """Send bytes on a new connection (the server may stop reading), return the status or None."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        s.sendall(data)
    except OSError:
        pass  # answered and closed before we finished: expected for 413
    try:
        head = s.recv(64)
    except OSError:
        head = b""
    s.close()
    return int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") else None

too_long = b"POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
chunk = b"%x\r\n%s\r\n" % (10000, b" " * 10000)
chunked = (b"POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           b"Transfer-Encoding: chunked\r\n\r\n" + chunk * 8 + b"0\r\n\r\n")
cut_off = b"POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"width\""
wrong, sent = [], 0
for _ in range(rounds):
    keep = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for method, path, body, headers, expected in cases:
        for conn, extra in ((keep, {}), (http.client.HTTPConnection("127.0.0.1", port, timeout=30), {"Connection": "close"})):
            conn.request(method, path, body, {**headers, **extra})
            response = conn.getresponse(); response.read(); sent += 1
            if response.status != expected: wrong.append((path, response.status, expected))
            if extra: conn.close()
    keep.close()
    for data, expected in ((too_long, 413), (chunked, 413)):
        status = raw(data); sent += 1
        if status != expected: wrong.append(("raw", status, expected))
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:  # leaves mid-body: no answer,
        s.sendall(cut_off)                                                 # but the request must be freed
    sent += 1
print(f"requests: {sent}, unexpected statuses: {len(wrong)} {wrong[:5]}")
sys.exit(1 if wrong else 0)
PY

stop_server 120
definite=$(sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' "$TMP/valgrind.log" | tr -d ,)
errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9,]*\) errors.*/\1/p' "$TMP/valgrind.log" | tail -1 | tr -d ,)
echo "valgrind: exit status $EXIT_STATUS after SIGTERM ($STOP_SECONDS s); definitely lost ${definite:-0} bytes; errors ${errors:-?}"
grep -E '== +(indirectly lost|possibly lost|still reachable|suppressed):' "$TMP/valgrind.log" | sed 's/^==[0-9]*== */  /'

fail=0
[ "$EXIT_STATUS" = 0 ] || { echo "FAIL: exit status $EXIT_STATUS (3: valgrind found errors; none: did not stop)"; fail=1; }
[ "${definite:-0}" = 0 ] && [ "${errors:-x}" = 0 ] || fail=1
if ((fail)); then echo "FAIL: valgrind log:"; sed 's/^==[0-9]*== //' "$TMP/valgrind.log"; else echo PASS; fi
exit $fail
