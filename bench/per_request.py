#!/usr/bin/env python3
"""Where one request's time goes: per_request.py SERVICE_BINARY PEER_C ROUNDS SECONDS

The single-route workload (bench/workloads/single.json, 64 connections), the service and the C
peer, each started fresh in turn for ROUNDS rounds, warmed 1 s and measured SECONDS s with wrk
as bench/interleave.py does. Per request, over the measured run, from /proc (every thread of
the process): user and system CPU microseconds, voluntary and involuntary context switches.
Then one more run of each under `strace -f -c` (which slows it, so only its counts per request
are kept, not its times): the system calls a request costs, by name. Medians of the rounds.

Then the HTTP layer alone, by the same method: the service's `GET /healthz` against the C peer
answering `GET /fixed` with a body as long (the ceiling's server): what each server's HTTP
layer costs a request without a body to read or an answer to compute. The difference of the
two tables is the answer's own cost.

Last, the C peer made busier: the same workload against the C peer built with a loop of
BUSY_LOOPS iterations of user-mode work in each request (a copy of bench/peers/c-mhd-server.c
with one line added, built here; the yardstick itself is untouched), at two sizes, interleaved
with a run of the peer as it is: how a server's system time and requests/s move when only its
user time grows, on this machine, with wrk on the same cores.

Prints a markdown section for bench/results.md."""
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interleave import free_port, start, start_command, stop, tree_cpu_seconds, wrk  # noqa: E402

SERVERS = {"service": "service", "C peer": "c"}
BODY = os.path.join("bench", "workloads", "single.json")
# The HTTP layer alone: each server, the path it answers without work, and the method.
LAYER = {"service": ("service", "/healthz"), "C peer": ("ceiling", "/fixed")}
# The busy C peer's loop sizes (0: the peer as it is), and the line added to its handler, after
# the anchor: a volatile sum, which the compiler keeps, sized once per thread from BUSY_LOOPS.
BUSY_LOOPS = [0, 10000, 20000]
BUSY_ANCHOR = "    struct body out = {0};\n"
BUSY_LINE = ("    { static __thread long loops = -1; if (loops < 0) { const char *e = getenv(\"BUSY_LOOPS\"); "
             "loops = e ? atol(e) : 0; } volatile long sum = 0; for (long i = 0; i < loops; i++) sum += i; }\n")


def switches(pid):
    """Voluntary and involuntary context switches so far, summed over the process's threads."""
    voluntary = involuntary = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as status:
                for line in status:
                    if line.startswith("voluntary_ctxt_switches:"):
                        voluntary += int(line.split()[1])
                    elif line.startswith("nonvoluntary_ctxt_switches:"):
                        involuntary += int(line.split()[1])
        except OSError:
            pass
    return voluntary, involuntary


def busy_peer(peer_c):
    """The C peer with BUSY_LINE in its handler, built next to peer_c; its path."""
    source = open(os.path.join("bench", "peers", "c-mhd-server.c")).read()
    if source.count(BUSY_ANCHOR) != 1:
        sys.exit("per_request.py: the C peer's handler no longer has the line the busy loop follows")
    built = peer_c + "-busy"
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libmicrohttpd", "libcjson"], capture_output=True, text=True,
                           check=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-x", "c", "-o", built, "-", *flags, "-lm"], input=source.replace(BUSY_ANCHOR, BUSY_ANCHOR + BUSY_LINE),
                   text=True, check=True)
    return built


def run(server, service, peer_c, seconds, path="/v1/route-bars", method="POST", answer_bytes=0, busy=None):
    body = open(BODY, "rb").read()
    if busy is None:
        process, url = start(server, service, peer_c, answer_bytes, body)
    else:
        port = free_port()
        process, url = start_command(server, [busy[0], str(port), "2"], {"BUSY_LOOPS": str(busy[1])}, port, body)
    try:
        wrk(url, path, BODY, 64, 1, method)
        user0, system0 = tree_cpu_seconds(process.pid)
        voluntary0, involuntary0 = switches(process.pid)
        began = time.monotonic()
        rps = wrk(url, path, BODY, 64, seconds, method)[0]
        elapsed = time.monotonic() - began
        user1, system1 = tree_cpu_seconds(process.pid)
        voluntary1, involuntary1 = switches(process.pid)
    finally:
        stop(process)
    requests = max(1, round(rps * elapsed))
    return {
        "rps": rps,
        "user_us": (user1 - user0) * 1e6 / requests,
        "system_us": (system1 - system0) * 1e6 / requests,
        "voluntary": (voluntary1 - voluntary0) / requests,
        "involuntary": (involuntary1 - involuntary0) / requests,
    }


def syscalls(server, service, peer_c, seconds):
    """System calls per request by name, counted by strace -f -c attached for `seconds`."""
    body = open(BODY, "rb").read()
    process, url = start(server, service, peer_c, 0, body)
    try:
        tracer = subprocess.Popen(["strace", "-f", "-c", "-q", "-p", str(process.pid)], stderr=subprocess.PIPE, text=True)
        time.sleep(0.5)
        rps = wrk(url, "/v1/route-bars", BODY, 64, seconds)[0]
        tracer.terminate()
        report = tracer.communicate(timeout=30)[1]
    finally:
        stop(process)
    requests = max(1, rps * seconds)
    counts = {}
    for line in report.splitlines():
        fields = line.split()
        # "% time seconds usecs/call calls [errors] syscall"
        if len(fields) >= 5 and re.fullmatch(r"[\d.]+", fields[0]) and fields[-1] != "total":
            counts[fields[-1]] = int(fields[3]) / requests
    return counts


def healthz_bytes(service, peer_c):
    """The length of the service's /healthz answer, for the C peer's /fixed to match."""
    process, url = start("service", service, peer_c, 0, open(BODY, "rb").read())
    try:
        with urllib.request.urlopen(url + "/healthz", timeout=30) as response:
            return len(response.read())
    finally:
        stop(process)


def table(columns, rows):
    """Prints a Markdown table: the first column left-aligned, the others right-aligned."""
    print("| " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * (len(columns) - 1))
    for row in rows:
        print("| " + " | ".join(row) + " |")


def medians(runs):
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def main():
    service, peer_c, rounds, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    figures = {name: [] for name in SERVERS}
    layer = {name: [] for name in LAYER}
    answer_bytes = healthz_bytes(service, peer_c)
    for _ in range(rounds):
        for name, server in SERVERS.items():
            figures[name].append(run(server, service, peer_c, seconds))
        for name, (server, path) in LAYER.items():
            layer[name].append(run(server, service, peer_c, seconds, path, "GET", answer_bytes))
    calls = {name: syscalls(server, service, peer_c, min(seconds, 3)) for name, server in SERVERS.items()}
    busy_binary = busy_peer(peer_c)
    busy = {loops: [] for loops in BUSY_LOOPS}
    for _ in range(rounds):
        for loops in BUSY_LOOPS:
            busy[loops].append(run("C peer, busy", service, peer_c, seconds, busy=(busy_binary, loops)))
    print("## One request's cost: the service and the C peer (single)\n")
    print(f"bench/per_request.py: single.json, 64 connections, {rounds} interleaved rounds of {seconds} s, medians; "
          "CPU and context switches from /proc over every thread, per request answered; system calls per request "
          "counted by `strace -f -c` in one more run of each (strace slows a server: counts only).\n")
    table(["server", "requests/s", "user µs", "system µs", "voluntary switches", "involuntary switches"],
          [[name, f"{m['rps']:.0f}", f"{m['user_us']:.1f}", f"{m['system_us']:.1f}", f"{m['voluntary']:.2f}",
            f"{m['involuntary']:.2f}"] for name, m in ((name, medians(figures[name])) for name in SERVERS)])
    print(f"\nThe HTTP layer alone, interleaved with the rows above: the service's `GET /healthz` and the C peer's "
          f"`GET /fixed` ({answer_bytes} bytes, as long); the answer's own cost is the single row less this one.\n")
    rows = []
    for name in LAYER:
        alone, whole = medians(layer[name]), medians(figures[name])
        rows.append([name, f"{alone['rps']:.0f}", f"{alone['user_us']:.1f}", f"{alone['system_us']:.1f}",
                     f"{whole['user_us'] - alone['user_us']:.1f}", f"{whole['system_us'] - alone['system_us']:.1f}"])
    table(["server", "requests/s", "user µs", "system µs", "answer's own user µs", "answer's own system µs"], rows)
    names = sorted(set(calls["service"]) | set(calls["C peer"]), key=lambda n: -(calls["service"].get(n, 0) + calls["C peer"].get(n, 0)))
    rows = [[name, f"{calls['service'].get(name, 0):.2f}", f"{calls['C peer'].get(name, 0):.2f}"] for name in names
            if calls["service"].get(name, 0) >= 0.01 or calls["C peer"].get(name, 0) >= 0.01]
    rows.append(["total", f"{sum(calls['service'].values()):.2f}", f"{sum(calls['C peer'].values()):.2f}"])
    print()
    table(["system call", "service per request", "C peer per request"], rows)
    plain = medians(busy[0])
    print(f"\nThe C peer made busier ({rounds} more interleaved rounds): a loop of user-mode work in each request, and "
          "nothing else changed: how system time, involuntary switches and requests/s follow user time alone on this "
          "machine (compare the service's row in the first table).\n")
    rows = []
    for loops in BUSY_LOOPS:
        m = medians(busy[loops])
        rows.append(["as it is" if loops == 0 else f"{loops:,} loops", f"{m['rps']:.0f}", f"{m['user_us']:.1f}",
                     f"{m['system_us']:.1f}", f"{m['involuntary']:.2f}", f"{m['user_us'] - plain['user_us']:+.1f}",
                     f"{m['system_us'] - plain['system_us']:+.1f}"])
    table(["C peer", "requests/s", "user µs", "system µs", "involuntary switches", "user µs added", "system µs added"], rows)


if __name__ == "__main__":
    main()
