"""Connection storm: thousands of idle connections at once against a small --connection-limit.

Promises:
  - connections past the limit are told 503 (a problem) at once and closed, so the server holds at
    most its limit plus the few it is closing that moment, never more than libmicrohttpd's own
    accept limit, twice ours (counted from its own /proc/PID/fd);
  - a keep-alive client connected before the storm keeps getting 200 from /healthz, p99 within
    1 s, while the storm is opened and held;
  - once the storm closes its sockets, a fresh connection gets 200 from /healthz within 1 s, and
    within 1 s the server has let go of every connection the storm closed (one it keeps counts
    against the limit and can lock new clients out until --connection-timeout);
  - the process is alive afterwards and its thread count did not grow (no thread per connection).
Past twice the limit libmicrohttpd stops accepting, so connections wait in the kernel's accept
backlog (or get no SYN-ACK once that is full) until the 503s have freed their slots.

  STORM_CONNECTIONS (3000), STORM_LIMIT (256), STORM_HOLD_SECONDS (3),
  STORM_PAUSE (1: freeze the server while the storm closes; 0: do not)
"""
import errno
import http.client
import os
import selectors
import signal
import socket
import threading
import time

import pytest

from conftest import percentile, raise_open_files, wait_until

pytestmark = pytest.mark.load

CONNECTIONS = int(os.environ.get("STORM_CONNECTIONS", 3000))
LIMIT = int(os.environ.get("STORM_LIMIT", 256))
HOLD = float(os.environ.get("STORM_HOLD_SECONDS", 3))
PAUSE = os.environ.get("STORM_PAUSE", "1") != "0"
THREADS = 2  # fixed, so that each worker's share of the limit (LIMIT / THREADS) is the same on any machine


@pytest.fixture(scope="module")
def binary(release_binary):
    return release_binary


@pytest.fixture(scope="module")
def storm(start_service):
    raise_open_files(CONNECTIONS + 256, strict=True)
    # A connection timeout far beyond the test, so that whatever the server drops is dropped because
    # of the limit, and a stuck connection shows up as stuck instead of timing out.
    server = start_service("--connection-limit", str(LIMIT), "--connection-timeout", "60",
                           "--threads", str(THREADS), "--shutdown-grace", "2")
    base_sockets, base_threads = server.sockets(), server.status("Threads")
    stop = threading.Event()
    peak = {"held": 0, "threads": base_threads}

    def sample():
        """The server's own count of connections (sockets less its listening ones) and threads."""
        while not stop.is_set() and server.alive():
            try:
                peak["held"] = max(peak["held"], server.sockets() - base_sockets)
                peak["threads"] = max(peak["threads"], server.status("Threads"))
            except OSError:
                break
            time.sleep(0.02)

    health = {"latencies": [], "failures": []}

    def check_health():
        """/healthz every 20 ms on one keep-alive connection opened before the storm."""
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=1.0)
        while not stop.is_set():
            started = time.monotonic()
            try:
                conn.request("GET", "/healthz")
                response = conn.getresponse()
                response.read()
                if response.status != 200:
                    health["failures"].append(f"status {response.status}")
            except OSError as error:  # timeouts are OSErrors too
                health["failures"].append(repr(error))
                conn.close()  # a fresh connection next time; it counts against the limit like any other
            health["latencies"].append(time.monotonic() - started)
            time.sleep(0.02)
        conn.close()

    sampler = threading.Thread(target=sample, daemon=True)
    checker = threading.Thread(target=check_health, daemon=True)
    sampler.start()
    checker.start()
    wait_until(lambda: len(health["latencies"]) >= 5, 5)  # the checker is connected before the storm

    # The storm: every connect at once, non-blocking, then wait for each outcome.
    storm, outcome = [], {}
    selector = selectors.DefaultSelector()
    for _ in range(CONNECTIONS):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        result = s.connect_ex(("127.0.0.1", server.port))
        storm.append(s)
        if result in (0, errno.EINPROGRESS):
            selector.register(s, selectors.EVENT_WRITE)
        else:
            outcome[s] = result
    deadline = time.monotonic() + 5
    while selector.get_map() and time.monotonic() < deadline:
        for key, _ in selector.select(0.1):
            outcome[key.fileobj] = key.fileobj.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            selector.unregister(key.fileobj)
    no_answer = len(selector.get_map())  # no SYN-ACK in 5 s: the kernel's backlog was full
    selector.close()
    established = [s for s, error in outcome.items() if error == 0]
    refused = sum(1 for error in outcome.values() if error in (errno.ECONNREFUSED, errno.ECONNRESET))
    other_errors = len(outcome) - len(established) - refused

    # Hold the storm open, idle; note every connection the server closes on us meanwhile.
    watcher = selectors.DefaultSelector()
    for s in established:
        watcher.register(s, selectors.EVENT_READ)
    closed_by_server = told_503 = 0
    deadline = time.monotonic() + HOLD
    while time.monotonic() < deadline:
        for key, _ in watcher.select(0.1):
            try:
                data = key.fileobj.recv(4096)
            except OSError:
                data = b""
            told_503 += data.startswith(b"HTTP/1.1 503") and b"application/problem+json" in data
            if not data:
                closed_by_server += 1
                watcher.unregister(key.fileobj)
    watcher.close()
    stop.set()
    checker.join()
    held_during_storm = peak["held"]

    # The storm leaves; a new client must get in within 1 s. The server is frozen (SIGSTOP) while the
    # storm closes, as a busy or descheduled host would be, so that the closes reach each worker
    # together instead of one by one depending on how loaded this machine happens to be.
    if PAUSE:
        os.kill(server.pid, signal.SIGSTOP)
    for s in storm:
        s.close()
    if PAUSE:
        time.sleep(0.1)
        os.kill(server.pid, signal.SIGCONT)
    closed_at = time.monotonic()
    fresh_error = None
    try:
        fresh = http.client.HTTPConnection("127.0.0.1", server.port, timeout=1.0)
        fresh.request("GET", "/healthz")
        response = fresh.getresponse()
        response.read()
        fresh.close()
        if response.status != 200:
            fresh_error = f"status {response.status}"
    except OSError as error:
        fresh_error = repr(error)
    fresh_latency = time.monotonic() - closed_at
    time.sleep(max(0.0, closed_at + 1.0 - time.monotonic()))
    still_held = server.sockets() - base_sockets if server.alive() else 0
    alive = server.alive()
    sampler.join()
    exit_status = server.stop()

    worst = max(health["latencies"], default=0.0)
    print(f"\nserver: --connection-limit {LIMIT} --threads {THREADS}; storm: {CONNECTIONS} connections held {HOLD:g} s")
    print(f"attempted {CONNECTIONS}: handshake completed {len(established)}, refused/reset {refused}, "
          f"other errors {other_errors}, no SYN-ACK {no_answer}; closed by the server while held {closed_by_server}, "
          f"of which told 503 first {told_503}")
    print(f"held by the server at most: {held_during_storm} (limit {LIMIT}); the rest were told 503 and closed")
    print(f"/healthz on the keep-alive connection during the storm: {len(health['latencies'])} requests, "
          f"worst {worst * 1000:.1f} ms, failures {len(health['failures'])}")
    print(f"fresh /healthz after the storm closed: {'200' if fresh_error is None else fresh_error} "
          f"in {fresh_latency * 1000:.1f} ms; connections still held 1 s later: {still_held}")
    print(f"threads: {base_threads} at start, {peak['threads']} at most; alive after: {alive}; "
          f"exit status after SIGTERM: {exit_status}")
    return {"held": held_during_storm, "health": health, "worst": worst, "fresh_error": fresh_error,
            "fresh_latency": fresh_latency, "still_held": still_held, "alive": alive,
            "base_threads": base_threads, "peak_threads": peak["threads"]}


def test_held_at_most_twice_the_limit(storm):
    # Past the limit a new connection closes the one idle longest (issue 18) or, when none is idle,
    # is told 503: the bound is how many the server holds.
    assert storm["held"] <= 2 * LIMIT, f"the server held {storm['held']} connections, over twice its limit of {LIMIT}"


def test_healthz_during_the_storm(storm):
    # Every request answered, p99 within 1 s; the slowest is printed, not gated (one request can
    # meet any pause of a shared machine).
    p99 = percentile(storm["health"]["latencies"], 99) if storm["health"]["latencies"] else 0.0
    assert not storm["health"]["failures"] and p99 <= 1.0, \
        f"/healthz during the storm: p99 {p99:.3f} s, worst {storm['worst']:.3f} s, failures {storm['health']['failures'][:3]}"


def test_fresh_connection_after_the_storm(storm):
    assert storm["fresh_error"] is None and storm["fresh_latency"] <= 1.0, \
        (f"a fresh connection after the storm got {storm['fresh_error'] or 'its answer'} after "
         f"{storm['fresh_latency']:.3f} s (the server still held {storm['still_held']} connections the storm had closed)")


def test_closed_connections_let_go_within_1_s(storm):
    assert storm["still_held"] <= 0, \
        f"1 s after the storm closed its sockets the server still held {storm['still_held']} of them"


def test_alive(storm):
    assert storm["alive"], "the server died"


def test_threads_did_not_grow(storm):
    assert storm["peak_threads"] <= storm["base_threads"] + 2, \
        f"threads grew from {storm['base_threads']} to {storm['peak_threads']}"
