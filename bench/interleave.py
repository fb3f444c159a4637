#!/usr/bin/env python3
"""The service against its peers, interleaved: interleave.py SERVICE_BINARY PEER_C ROUNDS SECONDS WORKLOAD...

For each workload (bench/workloads/NAME.json; 64 connections, 16 for batch1000) and each of
ROUNDS rounds, every server is started fresh, warmed for 1 s and measured for SECONDS s with
wrk -t2 and bench/peers/post.lua, in turn: the service, the service asked for the members the
C peer writes (`?fields=` bench/peer-fields.txt, "service-masked"), the C peer, the Node peer, and the
ceiling (the C peer answering /fixed with exactly as many bytes as the service's answer,
without parsing). The machines here are shared and drift by tens of percent within minutes:
interleaved rounds let the drift hit every server alike, and the medians are the figures.
Peak RSS is sampled every 50 ms over the measured run (for Node, the primary and its workers).
CPU per request is the user and system time the server's processes spent over the measured run
(/proc/PID/stat), divided by the requests it answered: where the ceiling's requests/s come from,
and how much the service adds to them.

Prints a markdown report: the medians per server, then the ratios against the targets.
Exits 1 when a server failed (errors or non-2xx), not when a target is missed."""
import math
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
CONNECTIONS = {"batch1000": 16}
SERVERS = ["service", "service-masked", "c", "node", "ceiling"]
# The peer-equivalent field mask: the members the C peer writes.
PEER_FIELDS = open(os.path.join(HERE, "peer-fields.txt")).read().strip()
PATHS = {"ceiling": "/fixed", "service-masked": "/v1/route-bars?fields=" + PEER_FIELDS}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(url, body):
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read()


def command(server, port, service, peer_c, answer_bytes):
    return {
        "service": ([service, "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "2"], {}),
        "service-masked": ([service, "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "2"], {}),
        "c": ([peer_c, str(port), "2"], {}),
        "node": (["node", os.path.join(HERE, "peers", "node-server.js"), str(port), "2"], {}),
        "ceiling": ([peer_c, str(port), "2"], {"FIXED_BYTES": str(answer_bytes)}),
    }[server]


def start(server, service, peer_c, answer_bytes, body):
    port = free_port()
    argv, env = command(server, port, service, peer_c, answer_bytes)
    return start_command(server, argv, env, port, body)


def start_command(server, argv, env, port, body):
    """Starts argv (listening on port), and returns the process and its URL once it answers."""
    process = subprocess.Popen(argv, env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            post(url + "/v1/route-bars", body)
            return process, url
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.1)
    process.kill()
    sys.exit(f"interleave.py: {server} did not start")


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def tree(pid):
    """pid and its children (Node's cluster workers)."""
    pids = [pid]
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as children:
            pids += [int(p) for p in children.read().split()]
    except OSError:
        pass
    return pids


def tree_cpu_seconds(pid):
    """User and system CPU seconds spent so far by pid and its children, as a pair."""
    ticks = os.sysconf("SC_CLK_TCK")
    user = system = 0
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/stat") as stat:
                # After the command's closing parenthesis: state is field 3, utime 14, stime 15.
                fields = stat.read().rsplit(")", 1)[1].split()
            user += int(fields[11])
            system += int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return user / ticks, system / ticks


def tree_rss_kib(pid):
    """VmRSS of pid and its children (Node's cluster workers), in KiB."""
    total = 0
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def wrk(url, path, body_file, connections, seconds, method="POST"):
    env = {**os.environ, "BODY": body_file, "PATH_": path, "METHOD": method}
    argv = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", os.path.join(HERE, "peers", "post.lua"), url]
    out = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=seconds + 60).stdout
    for line in out.splitlines():
        if line.startswith("RESULT "):
            fields = dict(item.split("=") for item in line.split()[1:])
            return int(fields["rps"]), int(fields["p50_us"]), int(fields["p99_us"]), int(fields["errors"]), int(fields["non2xx_seen_by_thread0"])
    sys.exit(f"interleave.py: wrk printed no RESULT line:\n{out}")


def measure(workload, service, peer_c, rounds, seconds):
    body_file = os.path.join("bench", "workloads", f"{workload}.json")
    body = open(body_file, "rb").read()
    connections = CONNECTIONS.get(workload, 64)
    process, url = start("service", service, peer_c, 0, body)
    answer_bytes = len(post(url + "/v1/route-bars", body))
    stop(process)
    runs = {server: [] for server in SERVERS}
    for _ in range(rounds):
        for server in SERVERS:
            process, url = start(server, service, peer_c, answer_bytes, body)
            path = PATHS.get(server, "/v1/route-bars")
            wrk(url, path, body_file, connections, 1)
            peak = [0]
            done = threading.Event()

            def sample():
                while not done.is_set():
                    peak[0] = max(peak[0], tree_rss_kib(process.pid))
                    done.wait(0.05)
            sampler = threading.Thread(target=sample)
            sampler.start()
            cpu_before = tree_cpu_seconds(process.pid)
            rps, p50, p99, errors, non2xx = wrk(url, path, body_file, connections, seconds)
            cpu_after = tree_cpu_seconds(process.pid)
            done.set()
            sampler.join()
            stop(process)
            if errors or non2xx:
                sys.exit(f"interleave.py: {server} on {workload}: {errors} errors, {non2xx} non-2xx answers")
            requests = max(rps * seconds, 1)
            user_us, system_us = ((after - before) * 1e6 / requests for before, after in zip(cpu_before, cpu_after))
            runs[server].append((rps, p50, p99, peak[0], user_us, system_us))
            print(f"{workload} {server}: {rps} requests/s, p50 {p50} us, p99 {p99} us, peak RSS {peak[0]} KiB, "
                  f"CPU {user_us:.1f} + {system_us:.1f} us/request", file=sys.stderr)
    return connections, answer_bytes, runs


def median(values):
    return statistics.median(values)


# Issue #22's targets per workload: the service's requests/s over the best peer's, and over the ceiling's.
TARGETS = {"single": (1.15, 0.8), "batch20": (1.5, 0.5), "batch1000": (1.5, 0.7)}
# Issue #35's: with the peer-equivalent mask, over the C peer (single) or the best peer; in full, over the best peer.
MASKED_TARGETS = {"single": ("c", 1.3), "batch20": ("best", 2.0), "batch1000": ("best", 2.0)}
FULL_TARGETS = {"batch20": 1.6, "batch1000": 1.6}


def main():
    service, peer_c, rounds, seconds, *workloads = sys.argv[1:]
    rounds, seconds = int(rounds), int(seconds)
    rows, ratios, masked = [], [], []
    for workload in workloads:
        connections, answer_bytes, runs = measure(workload, service, peer_c, rounds, seconds)
        med = {s: {"rps": median([r[0] for r in runs[s]]), "p50": median([r[1] for r in runs[s]]),
                   "p99": median([r[2] for r in runs[s]]), "rss": median([r[3] for r in runs[s]]) / 1024,
                   "user": median([r[4] for r in runs[s]]), "system": median([r[5] for r in runs[s]])} for s in SERVERS}
        for s in SERVERS:
            by_round = ", ".join(str(r[0]) for r in runs[s])
            rows.append(f"| {workload} ({connections}) | {s} | {med[s]['rps']:.0f} ({by_round}) | {med[s]['p50'] / 1000:.3f} | "
                        f"{med[s]['p99'] / 1000:.3f} | {med[s]['rss']:.1f} | {med[s]['user']:.1f} | {med[s]['system']:.1f} |")
        best = max(("c", "node"), key=lambda s: med[s]["rps"])
        vs_best = med["service"]["rps"] / med[best]["rps"]
        vs_ceiling = med["service"]["rps"] / med["ceiling"]["rps"]
        p99 = med["service"]["p99"] / med[best]["p99"]
        rss = med["service"]["rss"] / med["c"]["rss"]
        def verdict(ok):
            return "met" if ok else "NOT met"
        over, target = MASKED_TARGETS[workload]
        versus = best if over == "best" else over
        masked_ratio = math.floor(med["service-masked"]["rps"] / med[versus]["rps"] * 100) / 100
        full_ratio = math.floor(med["service"]["rps"] / med[best]["rps"] * 100) / 100
        full = (f"{full_ratio:.2f} >= {FULL_TARGETS[workload]} ({verdict(full_ratio >= FULL_TARGETS[workload])})"
                if workload in FULL_TARGETS else f"{full_ratio:.2f}")
        masked.append(f"| {workload} | {versus} | {masked_ratio:.2f} >= {target} ({verdict(masked_ratio >= target)}) | {full} |")
        peer_target, ceiling_target = TARGETS[workload]
        # Judged as shown: 1.495 reads 1.50 and would meet 1.5, so it is shown as 1.49.
        vs_best, vs_ceiling = math.floor(vs_best * 100) / 100, math.floor(vs_ceiling * 100) / 100
        p99, rss = math.ceil(p99 * 100) / 100, math.ceil(rss * 100) / 100
        # The CPU the service adds to the ceiling's per request, against the room the ceiling target
        # leaves: every core busy, each of the ceiling's requests costs cores / its requests/s of
        # machine time (server, wrk and kernel); at the target each of the service's may cost
        # 1/target times that.
        added = sum(med["service"][k] - med["ceiling"][k] for k in ("user", "system"))
        room = (1 / ceiling_target - 1) * os.cpu_count() * 1e6 / med["ceiling"]["rps"]
        ratios.append(f"| {workload} | {answer_bytes} | {best} | {vs_best:.2f} >= {peer_target} ({verdict(vs_best >= peer_target)}) | "
                      f"{vs_ceiling:.2f} >= {ceiling_target} ({verdict(vs_ceiling >= ceiling_target)}) | "
                      f"{added:.1f} / {room:.1f} | "
                      f"{p99:.2f} ({verdict(p99 <= 1.0)}) | {rss:.2f} ({verdict(rss <= 2.0)}) |")
    print("| workload (connections) | server | requests/s median (by round) | p50 ms | p99 ms | peak RSS MiB "
          "| CPU µs/request user | system |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))
    print()
    print("| workload | answer bytes | best peer | service / best peer requests/s | service / ceiling requests/s | "
          "CPU µs/request the service adds to the ceiling's / room at the ceiling target | "
          "service / best peer p99 (<= 1.0) | service / C peer RSS (<= 2.0) |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    print("\n".join(ratios))
    print()
    print("Field masks (issue 35): the service asked for the C peer's members (`service-masked`), and in full (`service`):")
    print()
    print("| workload | against | service-masked / peer requests/s | service (full) / best peer requests/s |")
    print("|---|---|---:|---:|")
    print("\n".join(masked))


if __name__ == "__main__":
    main()
