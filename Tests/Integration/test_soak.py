"""Soak: SOAK_SECONDS (default 180, at least 30) of wrk at full speed (2 threads, 32 keep-alive
connections) rotating through single.json, batch20.json, malformed JSON (400), an out-of-range value
(422) and a wrong Content-Type (415) (soak.lua). Promises: no 5xx; every status of the mix seen
(else the soak did not test what it claims); no read/write error (a connection dropped
mid-request); and the server's VmRSS at the end within 10% of its VmRSS after a 20 s warm-up. Only
growth counts: a leak grows, and RSS shrinking is not a broken promise.
"""
import os
import re
import subprocess
import time

import pytest

from conftest import wrk_errors, wrk_requests

pytestmark = pytest.mark.load

SOAK = int(os.environ.get("SOAK_SECONDS", 180))
WARMUP = 20


@pytest.fixture(scope="module")
def binary(release_binary):
    return release_binary


@pytest.fixture(scope="module")
def soak(need, start_service):
    assert SOAK >= WARMUP + 10, f"SOAK_SECONDS must be at least {WARMUP + 10}"
    need("wrk")
    server = start_service("--threads", "2")
    wrk = subprocess.Popen(["timeout", str(SOAK + 30), "wrk", "-t2", "-c32", f"-d{SOAK}s", "-s",
                            "Tests/Integration/soak.lua", f"{server.base}/v1/route-bars"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(WARMUP)
        rss_warm = server.status("VmRSS")
        time.sleep(SOAK - WARMUP - 2)  # the end figure is taken under the same load, just before wrk stops
        rss_end = server.status("VmRSS")
        output, _ = wrk.communicate(timeout=SOAK + 60)
    finally:
        if wrk.poll() is None:
            wrk.kill()
            wrk.wait()
    assert wrk.returncode == 0, f"wrk failed:\n{output}"
    rss_idle = server.status("VmRSS")
    exit_status = server.stop(15)
    connect, read, write, timeout = wrk_errors(output)
    rate = re.search(r"^Requests/sec: *([0-9.]+)", output, re.M)
    server_errors = re.search(r"^5xx: (\d+)$", output, re.M)
    statuses = {int(s): int(n) for s, n in re.findall(r"^status (\d+): (\d+)$", output, re.M)}
    growth = (rss_end - rss_warm) * 100 / rss_warm
    print(f"\nwrk -t2 -c32 -d{SOAK}s -s Tests/Integration/soak.lua: {wrk_requests(output)} requests, "
          f"{rate.group(1) if rate else '?'}/s")
    for status in sorted(statuses):
        print(f"  status {status}: {statuses[status]}")
    print(f"5xx: {server_errors.group(1) if server_errors else '?'}; socket errors: connect {connect}, read {read}, "
          f"write {write}, timeout {timeout}")
    print(f"VmRSS: {rss_warm} KiB after {WARMUP} s, {rss_end} KiB at {SOAK - 2} s ({growth:+.1f}%), {rss_idle} KiB idle after")
    print(f"server: exit status {exit_status} after SIGTERM")
    return {"5xx": int(server_errors.group(1)) if server_errors else None, "statuses": statuses,
            "read": read, "write": write, "rss_warm": rss_warm, "rss_end": rss_end, "growth": growth,
            "exit": exit_status, "wrk": output}


def test_no_5xx(soak):
    assert soak["5xx"] == 0, f"{soak['5xx'] if soak['5xx'] is not None else 'no count of'} 5xx answers"


@pytest.mark.parametrize("status", [200, 400, 415, 422])
def test_mix_status_seen(status, soak):
    assert soak["statuses"].get(status, 0) > 0, f"no {status} seen: the mix is broken"


def test_no_connection_dropped(soak):
    assert soak["read"] + soak["write"] == 0, f"connections dropped mid-request\n{soak['wrk']}"


def test_rss_growth_within_10_percent(soak):
    assert soak["rss_end"] <= soak["rss_warm"] * 1.10, f"RSS grew {soak['growth']:+.1f}%"


def test_exit_0_after_sigterm(soak):
    assert soak["exit"] == 0, f"exit status {soak['exit']} after SIGTERM"
