"""Amplification: clients that send the largest answers they can ask for and never read them.

A 1 MB body with 16 widths, scale 4 and 1000 routes of 29 legs asks for 464,000 segments (an 81 MB
answer). Promises, at default settings:
  - that body gets 422 too-many-segments at once, naming the limit;
  - 8 clients sending the largest body under the limit (16 widths x 215 routes x 29 legs, 99,760
    segments, a 17 MB answer) and never reading keep the server's RSS under 200 MB, and /healthz
    p99 under 20 ms meanwhile;
  - once they are gone, idle RSS comes back within 2x of its start;
  - 32 clients sending a 1 MB bus name (busNo) with 16 widths and never reading get 422 too-long,
    with peak RSS under 256 MB and /healthz p99 under 50 ms meanwhile (the name was echoed five
    times per width: an 80 MB answer, built whole);
  - 250 clients asking for NDJSON (500 routes of 9 legs each) and never reading keep peak RSS under
    256 MB and /healthz p99 under 50 ms (each holds a piece, not its answer).
The slowest /healthz of each is printed, not gated: one request in hundreds can meet any pause of
a machine shared with other work.

  AMPLIFICATION_CLIENTS (8), AMPLIFICATION_SECONDS (6)
"""
import http.client
import json
import os
import socket
import threading
import time

import pytest

from conftest import percentile, wait_until

pytestmark = pytest.mark.load
HEALTHZ_P99_MS = 50

CLIENTS = int(os.environ.get("AMPLIFICATION_CLIENTS", 8))
SECONDS = float(os.environ.get("AMPLIFICATION_SECONDS", 6))
LEGS = [{"trafficType": [3, 2, 1][i % 3], "sectionTime": 1 + i % 7} for i in range(29)]
WIDTHS = [320 + 4 * i for i in range(16)]
POST = b"POST /v1/route-bars HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"


def body(routes):
    return json.dumps({"widths": WIDTHS, "scale": 4, "routes": [{"id": f"r{i}", "subPaths": LEGS} for i in range(routes)]},
                      separators=(",", ":")).encode()


AMPLIFYING, LARGEST = body(1000), body(215)
LONG_NAME = json.dumps({"widths": WIDTHS, "scale": 4, "routes": [{"subPaths": [
    {"trafficType": 2, "sectionTime": 10, "lane": [{"busNo": "1" * 1_000_000, "type": 1}]}]}]}).encode()
NDJSON = json.dumps({"width": 343, "scale": 3, "routes": [{"id": f"r{i}", "subPaths": LEGS[:9]} for i in range(500)]},
                    separators=(",", ":")).encode()


@pytest.fixture(scope="module")
def binary(release_binary):
    return release_binary


@pytest.fixture(scope="module")
def server(start_service):
    return start_service()


def non_readers(server, label, count, head, payload, seconds):
    """`count` clients send `head` + `payload` and never read; /healthz is timed meanwhile, and the
    server's peak RSS sampled. Returns (peak MiB, p99 ms, worst ms)."""
    peak = [server.status("VmRSS") / 1024]
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], server.status("VmRSS") / 1024)
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    sockets = []
    try:
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
        health.close()
    finally:
        stop.set()
        sampler.join()
        for s in sockets:
            s.close()
    p99, worst = percentile(took, 99) * 1000, max(took) * 1000
    print(f"\n{label}: {count} non-reading clients: peak RSS {peak[0]:.1f} MiB; /healthz p50 "
          f"{percentile(took, 50) * 1000:.2f} ms, p99 {p99:.2f} ms, worst {worst:.2f} ms over {len(took)} requests")
    return peak[0], p99, worst


def post(server, payload):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.request("POST", "/v1/route-bars", payload, {"Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response, data


def test_amplifying_body_is_at_most_1_mib():
    print(f"\namplifying body {len(AMPLIFYING)} bytes, largest allowed body {len(LARGEST)} bytes")
    assert len(AMPLIFYING) <= 1 << 20, f"the amplifying body is {len(AMPLIFYING)} bytes, more than the 1 MiB the issue describes"


def test_amplifying_body_refused(server):
    refused, data = post(server, AMPLIFYING)
    answer = json.loads(data)
    print(f"\namplifying body: {refused.status} {answer.get('type')} limit={answer.get('limit')}")
    assert (refused.status, answer.get("type"), answer.get("limit")) == \
        (422, "urn:routebar:problem:too-many-segments", 100000), f"the amplifying body got {refused.status} {str(answer)[:200]}"


def test_largest_allowed_body_answered(server):
    whole, data = post(server, LARGEST)
    print(f"\nlargest allowed body, read in full: {whole.status}, {len(data)} bytes, {whole.getheader('Transfer-Encoding')}")
    assert whole.status == 200 and len(data) >= 10_000_000, f"the largest allowed body got {whole.status} with {len(data)} bytes"


@pytest.fixture(scope="module")
def largest_non_readers(server):
    time.sleep(1)  # the idle trim runs four times a second
    start_rss = server.status("VmRSS") / 1024
    print(f"\nidle RSS at start: {start_rss:.1f} MiB")
    peak, p99, worst = non_readers(server, "largest allowed body", CLIENTS, POST, LARGEST, SECONDS)
    wait_until(lambda: server.status("VmRSS") / 1024 <= 2 * start_rss, 5)
    end_rss = server.status("VmRSS") / 1024
    print(f"idle RSS after: {end_rss:.1f} MiB ({end_rss / start_rss:.2f}x the start)")
    return {"peak": peak, "p99": p99, "start_rss": start_rss, "end_rss": end_rss}


def test_largest_non_readers_rss(largest_non_readers):
    assert largest_non_readers["peak"] < 200, f"largest allowed body: peak RSS {largest_non_readers['peak']:.1f} MiB, not under 200 MiB"


def test_largest_non_readers_healthz_p99(largest_non_readers):
    assert largest_non_readers["p99"] < 20, f"largest allowed body: /healthz p99 {largest_non_readers['p99']:.2f} ms, not under 20 ms"


def test_idle_rss_comes_back(largest_non_readers):
    start, end = largest_non_readers["start_rss"], largest_non_readers["end_rss"]
    assert end <= 2 * start, f"idle RSS {end:.1f} MiB after, more than 2x the {start:.1f} MiB at start"


def test_long_bus_name_refused(server):
    named, data = post(server, LONG_NAME)
    answer = json.loads(data)
    print(f"\n1 MB bus name: {named.status} {answer.get('type')} pointer={answer.get('pointer')} limit={answer.get('limit')}")
    assert (named.status, answer.get("type"), answer.get("limit")) == (422, "urn:routebar:problem:too-long", 128), \
        f"the 1 MB bus name got {named.status} {str(answer)[:200]}"


@pytest.fixture(scope="module")
def long_name_non_readers(server):
    return non_readers(server, "1 MB bus name", 32, POST, LONG_NAME, min(SECONDS, 4))


def test_long_name_non_readers_rss(long_name_non_readers):
    assert long_name_non_readers[0] < 256, f"1 MB bus name: peak RSS {long_name_non_readers[0]:.1f} MiB, not under 256 MiB"


def test_long_name_non_readers_healthz(long_name_non_readers):
    # p99, not the slowest: one request of some 600 can meet any pause of a shared machine.
    assert long_name_non_readers[1] < HEALTHZ_P99_MS, \
        f"1 MB bus name: /healthz p99 {long_name_non_readers[1]:.2f} ms (worst {long_name_non_readers[2]:.2f}), not under {HEALTHZ_P99_MS} ms"


@pytest.fixture(scope="module")
def ndjson_non_readers(server):
    return non_readers(server, "NDJSON", 250, POST + b"Accept: application/x-ndjson\r\n", NDJSON, min(SECONDS, 4))


def test_ndjson_non_readers_rss(ndjson_non_readers):
    assert ndjson_non_readers[0] < 256, f"NDJSON: peak RSS {ndjson_non_readers[0]:.1f} MiB, not under 256 MiB"


def test_ndjson_non_readers_healthz(ndjson_non_readers):
    assert ndjson_non_readers[1] < HEALTHZ_P99_MS, \
        f"NDJSON: /healthz p99 {ndjson_non_readers[1]:.2f} ms (worst {ndjson_non_readers[2]:.2f}), not under {HEALTHZ_P99_MS} ms"


def test_alive(server):
    assert server.alive(), "the server died"
