#!/usr/bin/env python3
"""Amplification: clients that send the largest answers they can ask for and never read them.

A 1 MB body with 16 widths, scale 4 and 1000 routes of 29 legs asks for 464,000 segments
(an 81 MB answer). Promises, at default settings:
  - that body gets 422 too-many-segments at once, naming the limit;
  - 8 clients sending the largest body under the limit (16 widths x 215 routes x 29 legs,
    99,760 segments, a 17 MB answer) and never reading keep the server's RSS under 200 MB,
    and /healthz p99 under 20 ms meanwhile;
  - once they are gone, idle RSS comes back within 2x of its start;
  - 32 clients sending a 1 MB bus name (busNo) with 16 widths and never reading get 422
    too-long, with peak RSS under 256 MB and every /healthz under 100 ms meanwhile
    (the name was echoed five times per width: an 80 MB answer, built whole);
  - 250 clients asking for NDJSON (500 routes of 9 legs each) and never reading keep peak
    RSS under 256 MB and every /healthz under 100 ms (each holds a piece, not its answer).

  AMPLIFICATION_CLIENTS (8), AMPLIFICATION_SECONDS (6)
"""
import http.client
import json
import os
import socket
import threading
import time

from loadlib import Server, fail_if, percentile, wait_until

CLIENTS = int(os.environ.get("AMPLIFICATION_CLIENTS", 8))
SECONDS = float(os.environ.get("AMPLIFICATION_SECONDS", 6))
LEGS = [{"trafficType": [3, 2, 1][i % 3], "sectionTime": 1 + i % 7} for i in range(29)]
WIDTHS = [320 + 4 * i for i in range(16)]


def body(routes):
    return json.dumps({"widths": WIDTHS, "scale": 4, "routes": [{"id": f"r{i}", "subPaths": LEGS} for i in range(routes)]},
                      separators=(",", ":")).encode()


POST = b"POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"


def non_readers(label, count, head, payload, seconds, rss_limit, p99_limit=None, worst_limit=None):
    """`count` clients send `head` + `payload` and never read; /healthz is timed meanwhile,
    and the server's peak RSS must stay under `rss_limit` MiB."""
    peak = [server.status("VmRSS") / 1024]
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], server.status("VmRSS") / 1024)
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    sockets = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", server.port))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(head + f"Content-Length: {len(payload)}\r\n\r\n".encode() + payload)
        sockets.append(s)
    health = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    took = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        began = time.monotonic()
        health.request("GET", "/healthz")
        health.getresponse().read()
        took.append(time.monotonic() - began)
        time.sleep(0.005)
    stop.set()
    sampler.join()
    p99, worst = percentile(took, 99) * 1000, max(took) * 1000
    print(f"{label}: {count} non-reading clients: peak RSS {peak[0]:.1f} MiB; /healthz p50 {percentile(took, 50) * 1000:.2f} ms, "
          f"p99 {p99:.2f} ms, worst {worst:.2f} ms over {len(took)} requests")
    if peak[0] >= rss_limit:
        problems.append(f"{label}: peak RSS {peak[0]:.1f} MiB, not under {rss_limit} MiB")
    if p99_limit is not None and p99 >= p99_limit:
        problems.append(f"{label}: /healthz p99 {p99:.2f} ms, not under {p99_limit} ms")
    if worst_limit is not None and worst >= worst_limit:
        problems.append(f"{label}: the slowest /healthz took {worst:.2f} ms, not under {worst_limit} ms")
    for s in sockets:
        s.close()
    health.close()


server = Server()
problems = []
amplifying, largest = body(1000), body(215)
print(f"amplifying body {len(amplifying)} bytes, largest allowed body {len(largest)} bytes")
if len(amplifying) > 1 << 20:
    problems.append(f"the amplifying body is {len(amplifying)} bytes, more than the 1 MiB the issue describes")

conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
conn.request("POST", "/v1/route-bars", amplifying, {"Content-Type": "application/json"})
refused = conn.getresponse()
answer = json.loads(refused.read())
print(f"amplifying body: {refused.status} {answer.get('type')} limit={answer.get('limit')}")
if refused.status != 422 or answer.get("type") != "urn:routebar:problem:too-many-segments" or answer.get("limit") != 100000:
    problems.append(f"the amplifying body got {refused.status} {str(answer)[:200]}")
conn.request("POST", "/v1/route-bars", largest, {"Content-Type": "application/json"})
whole = conn.getresponse()
size = len(whole.read())
print(f"largest allowed body, read in full: {whole.status}, {size} bytes, {whole.getheader('Transfer-Encoding')}")
if whole.status != 200 or size < 10_000_000:
    problems.append(f"the largest allowed body got {whole.status} with {size} bytes")
conn.close()
time.sleep(1)  # the idle trim runs four times a second
start_rss = server.status("VmRSS") / 1024
print(f"idle RSS at start: {start_rss:.1f} MiB")

non_readers("largest allowed body", CLIENTS, POST, largest, SECONDS, rss_limit=200, p99_limit=20)
wait_until(lambda: server.status("VmRSS") / 1024 <= 2 * start_rss, 5)
end_rss = server.status("VmRSS") / 1024
print(f"idle RSS after: {end_rss:.1f} MiB ({end_rss / start_rss:.2f}x the start)")
if end_rss > 2 * start_rss:
    problems.append(f"idle RSS {end_rss:.1f} MiB after, more than 2x the {start_rss:.1f} MiB at start")

long_name = json.dumps({"widths": WIDTHS, "scale": 4, "routes": [{"subPaths": [
    {"trafficType": 2, "sectionTime": 10, "lane": [{"busNo": "1" * 1_000_000, "type": 1}]}]}]}).encode()
conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
conn.request("POST", "/v1/route-bars", long_name, {"Content-Type": "application/json"})
named = conn.getresponse()
answer = json.loads(named.read())
conn.close()
print(f"1 MB bus name: {named.status} {answer.get('type')} pointer={answer.get('pointer')} limit={answer.get('limit')}")
if named.status != 422 or answer.get("type") != "urn:routebar:problem:too-long" or answer.get("limit") != 128:
    problems.append(f"the 1 MB bus name got {named.status} {str(answer)[:200]}")
non_readers("1 MB bus name", 32, POST, long_name, min(SECONDS, 4), rss_limit=256, worst_limit=100)

ndjson = json.dumps({"width": 343, "scale": 3, "routes": [{"id": f"r{i}", "subPaths": LEGS[:9]} for i in range(500)]},
                    separators=(",", ":")).encode()
non_readers("NDJSON", 250, POST + b"Accept: application/x-ndjson\r\n", ndjson, min(SECONDS, 4), rss_limit=256, worst_limit=100)

if not server.alive():
    problems.append("the server died")
server.stop()
fail_if(problems)
