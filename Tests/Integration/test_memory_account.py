"""Memory accounting: attacks that make the server hold memory. Each scenario runs on a fresh
server, whose peak memory is its VmHWM at the end of the scenario.

Promises, measured by probes during each attack:
  - peak memory (VmHWM) under 256 MiB;
  - /healthz on one keep-alive connection for 3 s: every answer 200, p99 under 100 ms (the slowest
    printed, not gated: one request in hundreds can meet any pause of a shared machine);
  - POST bench/workloads/batch1000.json on a new connection: 200, the median of 5 within 3x the
    unloaded median of 7 measured on the same server just before (5 ms floor).
The attacks:
  - otp_nonreaders: 32 or 80 clients post an OpenTripPlanner answer of 65,400 legs, one key each
    but each itinerary's first (1 MB,
    or 2 KB gzip-coded) at width 20000 (a 14 MB answer each) and never read;
  - ours_nonreaders: 100 clients post 1000 routes x 29 legs at width 2000 (1 MB, a 6 MB answer),
    for JSON or NDJSON, and never read;
  - zero_legs_senders: 32 keep-alive clients post, for 6 s, a 1.6 KB gzip body that inflates to
    just under 1 MiB of bare-number legs; each answer is 422;
  - stalled_bodies: 1,000 connections send all but the last byte of a 1 MiB body and hold 5 s;
  - slow_readers: 64 clients read 4.0 MB (3.85 MiB) answers at 32 KiB/s; meanwhile 10 batch1000 posts in a
    row all get 200 (their timing is printed, not promised);
  - tricklers: at --connection-limit 64, 70 clients send a request head and trickle its body a
    byte every 0.5 s; meanwhile at least 95% of fresh /healthz clients (one every 0.2 s) get 200,
    and 8 keep-alive clients posting every 0.3 s get a 200 for every request they write whole.
"""
import contextlib
import gzip
import http.client
import json
import socket
import statistics
import threading
import time
from collections import Counter

import pytest

from conftest import REPO, percentile, raise_open_files

pytestmark = pytest.mark.load

PEAK_MIB, HEALTHZ_MS, SLOWDOWN, FLOOR_MS = 256, 100, 3, 5
# The zero-leg senders keep both pool threads deciding 1 MiB bodies, which a batch1000 request
# waits behind and shares the cores with: under attack its median took 1.3 to 2.2 times the
# limit's base (its unloaded time, at least FLOOR_MS) in fresh-clone CI runs, and 3.0 once (15.05
# ms) while the machine ran at half its pace (/healthz's median twice its usual, the attack's
# requests three quarters); below the floor the base does not move with the machine's pace.
# Later runs: 1.3 to 3.0 (13 runs), and 5.35 once (30.5 ms, base 5.7) in a fresh clone's
# `make test` while the machine again ran at half its pace (/healthz's median 0.59 ms against
# 0.22 to 0.43, the attack answered 450 times against 630 to 1,190); the same binary's next
# three runs took 2.2, 2.4 and 2.1. Six times leaves that room; a starved request (2.4 s before
# the zero-leg work was bounded) is still far past it.
SLOWDOWNS = {"zero_legs_senders": 6}
BATCH = (REPO / "bench/workloads/batch1000.json").read_bytes()
SINGLE = (REPO / "bench/workloads/single.json").read_bytes()
LEGS = [{"trafficType": [3, 2, 1][i % 3], "sectionTime": 1 + i % 7} for i in range(29)]
ERRORS = (OSError, http.client.HTTPException)
WIDE = "/v1/route-bars?width=20000"  # room for 1000 segments a bar


def dumps(value):
    return json.dumps(value, separators=(",", ":")).encode()


def ours(legs, width, routes=1000):
    return dumps({"width": width, "scale": 1, "routes": [{"id": f"r{i}", "subPaths": LEGS[:legs]} for i in range(routes)]})


def zero_legs():
    """The most itineraries of 1000 bare-number legs under 1 MiB (each adds the same length)."""
    raw = lambda n: json.dumps({"plan": {"itineraries": [{"legs": [0] * 1000}] * n}}).encode()
    one, step = len(raw(1)), len(raw(2)) - len(raw(1))
    return raw(((1 << 20) - 1 - one) // step + 1)


# Each itinerary's first leg names its mode, which makes the body OpenTripPlanner's by its signature
# (docs/planners.md); the others are the one-key legs the attack is made of.
OTP_LEGS = lambda n: [{"mode": "BUS", "duration": 60}] + [{"duration": 60}] * (n - 1)
OTP = dumps({"plan": {"itineraries": [{"legs": OTP_LEGS(1000)}] * 65 + [{"legs": OTP_LEGS(400)}]}})
OURS = ours(29, 2000)
# A 3.85 MiB answer, which today's server holds whole for a slow reader (answers past 4 MiB are streamed)
SLOW = ours(19, 343, routes=945)
ZERO = zero_legs()
OTP_GZIP, ZERO_GZIP, GZIP = gzip.compress(OTP, 9), gzip.compress(ZERO, 9), {"Content-Encoding": "gzip"}
STALLED = b'{"width":343,"routes":['.ljust((1 << 20) - 1, b" ")


def raw_request(body, path="/v1/route-bars", headers=None, length=None):
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
             f"Content-Length: {len(body) if length is None else length}", *(f"{k}: {v}" for k, v in (headers or {}).items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def post(port, body=BATCH, path="/v1/route-bars", headers=None, method="POST", timeout=10):
    """(status or error name, answer bytes, ms) of a request on a new connection, its answer read whole."""
    conn, size, began = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout), 0, time.perf_counter()
    try:
        conn.request(method, path, body, {"Content-Type": "application/json", **(headers or {})})
        answer = conn.getresponse()
        status, size = answer.status, len(answer.read())
    except ERRORS as error:
        status = type(error).__name__
    finally:
        conn.close()
    return status, size, (time.perf_counter() - began) * 1000


def healthz(port, seconds=3.0):
    """ms of each /healthz on one keep-alive connection (a failure's time counts too), and the failures."""
    took, failed, conn, deadline = [], Counter(), None, time.monotonic() + seconds
    while time.monotonic() < deadline:
        began = time.perf_counter()
        try:
            conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            answer = conn.getresponse()
            answer.read()
            failed.update([answer.status] if answer.status != 200 else [])
        except ERRORS as error:
            failed[type(error).__name__] += 1
            conn.close()
            conn = None
        took.append((time.perf_counter() - began) * 1000)
        time.sleep(0.005)
    if conn:
        conn.close()
    return took, dict(failed)


def state(s):
    """What became of a socket that never read: still open, answered (with what), closed or reset."""
    try:
        s.setblocking(False)
        data = s.recv(64)
    except BlockingIOError:
        return "open"
    except OSError as error:
        return type(error).__name__
    return f"answered {data[9:12].decode(errors='replace')}" if data else "closed"


@contextlib.contextmanager
def clients(port, count, payload, read=False, hold=0.0):
    """`count` clients, each with a 4 KiB receive buffer, send `payload` at once (5 s at most), then
    never read, or (`read`) read at 32 KiB/s, until the probes are done and `hold` s have passed."""
    stop, sent, outcomes, got, counts = threading.Event(), threading.Semaphore(0), [], [], {}

    def client():
        s, first, outcome, total = socket.socket(), b"", None, 0
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connect: the window is set then
            s.settimeout(5)
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(payload)
            except OSError as error:
                outcome = f"send {type(error).__name__}"
            sent.release()
            s.settimeout(0.5)  # the reader notices the end of the probes; a 503 read whole leaves it waiting
            while read and outcome is None and not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    data = s.recv(4096)
                    if not data:
                        break
                    first, total = first or data, total + len(data)
                    time.sleep(0.125)
            stop.wait()
        except OSError as error:
            outcome = type(error).__name__
        finally:
            outcomes.append(f"answered {first[9:12].decode(errors='replace')}" if first else outcome or state(s))
            got.append(total)
            s.close()

    def all_sent():
        deadline = time.monotonic() + 10
        for _ in range(count):
            sent.acquire(timeout=max(0.0, deadline - time.monotonic()))

    try:
        with running([threading.Thread(target=client) for _ in range(count)], stop, hold, ready=all_sent):
            yield counts
    finally:
        counts.update(Counter(outcomes))
        if read:
            counts["KiB read (median)"] = statistics.median(got) // 1024


@contextlib.contextmanager
def running(threads, stop, hold, ready=lambda: None):
    """Starts `threads`, waits for `ready()` and half a second more (the server lays out the
    answers, every client has a request in flight), hands over to the probes, then holds until
    `hold` s after `ready()` before it stops and joins the threads."""
    try:
        for t in threads:
            t.start()
        ready()
        started = time.monotonic()
        time.sleep(0.5)
        yield
        time.sleep(max(0.0, started + hold - time.monotonic()))
    finally:
        stop.set()
        for t in threads:
            t.join()


@contextlib.contextmanager
def loopers(port, count, payload, seconds):
    """`count` keep-alive clients post `payload` and read each answer whole, again and again, until
    the probes are done and `seconds` have passed (12 s at most)."""
    stop, statuses, lock = threading.Event(), Counter(), threading.Lock()

    def loop():
        s, deadline = None, time.monotonic() + 12
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                s = s or socket.create_connection(("127.0.0.1", port), timeout=5)
                s.sendall(payload)
                answer = http.client.HTTPResponse(s, method="POST")  # parses the answer off the raw socket
                answer.begin()
                answer.read()
                status = answer.status
            except ERRORS as error:
                status, answer = type(error).__name__, None
            if s and (answer is None or answer.will_close):
                s.close()
                s = None
            with lock:
                statuses[status] += 1
        if s:
            s.close()

    with running([threading.Thread(target=loop) for _ in range(count)], stop, seconds):
        yield statuses


def scenario(start_service, label, attack, check=None, batches=5):
    """Runs `attack` (given the port, a context manager yielding a dict it fills) on a fresh server
    with the probes inside it; prints the figures on one line and returns them."""
    service, f, began = start_service(), {"label": label}, time.monotonic()
    try:
        f["check"] = check(service.port)[:2] if check else None
        post(service.port)  # first-request costs are not what we compare against
        unloaded = [post(service.port)[2] for _ in range(7)]
        with attack(service.port) as counts:
            took, f["failed"] = healthz(service.port)
            runs = [post(service.port) for _ in range(batches)]
        f["attack"], f["peak"], f["alive"] = dict(counts), service.status("VmHWM") / 1024, service.alive()
        # The unloaded time is measured on both sides of the attack, once the server is idle
        # again: one second's seven requests on this shared machine ranged from 4.8 to 11.7 ms
        # across the scenarios of one run, and a quiet second alone made the 3x look broken.
        time.sleep(0.5)
        unloaded += [post(service.port)[2] for _ in range(7)]
        f["unloaded"] = statistics.median(unloaded)
    finally:
        service.stop()
    f["worst"], f["p99"], f["during"] = max(took), percentile(took, 99), statistics.median(ms for _, _, ms in runs)
    f["statuses"] = dict(Counter(status for status, _, _ in runs))
    print(f"\n{label}: peak {f['peak']:.1f} MiB; /healthz p50 {percentile(took, 50):.2f} ms, p99 {f['p99']:.2f} ms, worst {f['worst']:.2f} ms "
          f"over {len(took)}, failed {f['failed']}; batch1000 unloaded {f['unloaded']:.1f} ms, under attack "
          f"{f['during']:.1f} ms (median of {batches}) {f['statuses']}; check {f['check']}; attack {f['attack']}; "
          f"alive {f['alive']}; {time.monotonic() - began:.1f} s")
    return f


def tricklers(start_service, name):
    """A trickler's head arrives whole: a connection still sending its head is idle to the server,
    which closes the longest idle one to make room at the limit; one sending its body is not."""
    stop, opened, probes, port = threading.Event(), [], [], None
    head = raw_request(b"", length=1 << 16)
    body = b'{"width":343,"routes":[' + b" " * 100

    def trickler():
        while not stop.is_set():
            with contextlib.suppress(OSError), socket.socket() as s:
                s.settimeout(0.5)
                s.connect(("127.0.0.1", port))
                opened.append(1)
                s.sendall(head)
                for i in range(len(body)):
                    s.send(body[i:i + 1])
                    with contextlib.suppress(TimeoutError):
                        s.recv(1024)
                        break  # an answer (a 503) or the end: the server is done with this one
                    if stop.is_set():
                        break
            time.sleep(0.05)  # no busy loop against a server that closes at once

    posted = Counter()

    def poster():
        """A keep-alive client between requests for 0.3 s: never the one closed to make room, so
        each request it writes whole is answered."""
        conn = None
        while not stop.is_set():
            try:
                conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("POST", "/v1/route-bars", SINGLE, {"Content-Type": "application/json"})
            except ERRORS:
                posted["not written"] += 1
                conn = None
                continue
            posted["written"] += 1
            try:
                answer = conn.getresponse()
                answer.read()
                posted[answer.status] += 1
            except ERRORS:
                posted["unanswered"] += 1
                conn.close()
                conn = None
            time.sleep(0.3)
        if conn:
            conn.close()

    service = start_service("--connection-limit", "64")
    port = service.port
    threads = [threading.Thread(target=poster) for _ in range(8)]
    for t in threads:
        t.start()
    time.sleep(0.5)  # the posters hold their slots before the tricklers come
    threads += [threading.Thread(target=trickler) for _ in range(70)]
    try:
        for t in threads[8:]:
            t.start()
        time.sleep(2)
        for _ in range(30):
            threads.append(threading.Thread(target=lambda: probes.append(post(port, None, "/healthz", method="GET", timeout=2)[0])))
            threads[-1].start()
            time.sleep(0.2)
    finally:
        stop.set()
        for t in threads:
            t.join()
        peak = service.status("VmHWM") / 1024
        service.stop()
    ok = probes.count(200) / len(probes)
    print(f"\n{name}: --connection-limit 64, 70 tricklers opened {len(opened)} connections; fresh /healthz "
          f"{dict(Counter(probes))}, {ok:.0%} 200; 8 keep-alive posters {dict(posted)}; peak {peak:.1f} MiB")
    return {"ok": ok, "probes": dict(Counter(probes)), "posted": dict(posted)}


def nonreaders(count, body, path="/v1/route-bars", headers=None):
    """`count` clients post `body` and never read; one client that reads checks first it is answered."""
    return lambda start, name: scenario(start, name, lambda port: clients(port, count, raw_request(body, path, headers)),
                                        check=lambda port: post(port, body, path, headers))


SCENARIOS = {
    "otp_nonreaders-32-plain": nonreaders(32, OTP, WIDE),
    "otp_nonreaders-80-plain": nonreaders(80, OTP, WIDE),
    "otp_nonreaders-32-gzip": nonreaders(32, OTP_GZIP, WIDE, GZIP),
    "otp_nonreaders-80-gzip": nonreaders(80, OTP_GZIP, WIDE, GZIP),
    "ours_nonreaders-json": nonreaders(100, OURS),
    "ours_nonreaders-ndjson": nonreaders(100, OURS, headers={"Accept": "application/x-ndjson"}),
    "zero_legs_senders": lambda start, name: scenario(
        start, name, lambda port: loopers(port, 32, raw_request(ZERO_GZIP, headers=GZIP), 6)),
    "stalled_bodies": lambda start, name: scenario(
        start, name, lambda port: clients(port, 1000, raw_request(STALLED, length=1 << 20), hold=5)),
    "slow_readers": lambda start, name: scenario(
        start, name, lambda port: clients(port, 64, raw_request(SLOW), read=True), check=lambda port: post(port, SLOW), batches=10),
    "tricklers": tricklers,
}
PROBED = [name for name in SCENARIOS if name != "tricklers"]
CHECKED = [name for name in PROBED if name.startswith(("otp", "ours", "slow"))]


@pytest.fixture(scope="module")
def binary(release_binary):
    return release_binary


@pytest.fixture(scope="module")
def figures(start_service):
    """Each scenario runs once, when a test first asks for its figures."""
    raise_open_files(4096)  # before the servers start: they inherit it
    print(f"\nbodies: OTP {len(OTP)} bytes ({len(OTP_GZIP)} gzip-coded), ours {len(OURS)}, zero legs {len(ZERO)} "
          f"({len(ZERO_GZIP)} gzip-coded), slow readers' {len(SLOW)}")
    done = {}

    def get(name):
        if name not in done:
            try:
                done[name] = SCENARIOS[name](start_service, name)
            except (Exception, pytest.fail.Exception) as error:  # once: a scenario takes seconds
                done[name] = error
        if isinstance(done[name], BaseException):
            raise done[name]
        return done[name]

    return get


@pytest.mark.parametrize("name", CHECKED)
def test_body_answered(figures, name):
    status, size = figures(name)["check"]
    low, high = (3 << 20, 4 << 20) if name == "slow_readers" else (1, float("inf"))
    assert status == 200 and low <= size <= high, f"{name}: the body, read by one client, got {status} with {size} bytes"


@pytest.mark.parametrize("name", PROBED)
def test_peak(figures, name):
    f = figures(name)
    assert f["peak"] < PEAK_MIB, f"{name}: peak memory (VmHWM) {f['peak']:.1f} MiB, not under {PEAK_MIB} MiB"


@pytest.mark.parametrize("name", PROBED)
def test_healthz(figures, name):
    f = figures(name)
    assert not f["failed"] and f["p99"] < HEALTHZ_MS, \
        f"{name}: /healthz p99 {f['p99']:.2f} ms (worst {f['worst']:.2f}; limit {HEALTHZ_MS} ms), failures {f['failed']}"


@pytest.mark.parametrize("name", [name for name in PROBED if name != "slow_readers"])
def test_batch(figures, name):
    f = figures(name)
    slowdown = SLOWDOWNS.get(name, SLOWDOWN)
    limit = slowdown * max(f["unloaded"], FLOOR_MS)
    assert set(f["statuses"]) == {200} and f["during"] <= limit, \
        f"{name}: batch1000 got {f['statuses']} in {f['during']:.1f} ms (median), not 200 within {limit:.1f} ms " \
        f"({slowdown}x the unloaded {f['unloaded']:.1f} ms)"


def test_zero_legs_refused(figures):
    statuses = figures("zero_legs_senders")["attack"]
    answers = [status for status in statuses if isinstance(status, int)]  # the others are our own timeouts
    assert answers == [422], f"zero_legs_senders: the senders got {statuses}, not 422 alone"


def test_slow_readers_batch_answered(figures):
    statuses = figures("slow_readers")["statuses"]
    assert statuses == {200: 10}, f"slow_readers: 10 batch1000 posts in a row got {statuses}, not 10 x 200"


def test_tricklers_healthz_answered(figures):
    f = figures("tricklers")
    assert f["ok"] >= 0.95, f"tricklers: fresh /healthz clients got {f['probes']}: {f['ok']:.0%} 200, not 95%"


def test_tricklers_leave_no_written_request_unanswered(figures):
    posted = figures("tricklers")["posted"]
    assert posted.get("written", 0) > 0 and posted.get("unanswered", 0) == 0 and posted.get(200, 0) == posted["written"], \
        f"keep-alive posters among tricklers: {posted} (every request written whole must get its 200)"
