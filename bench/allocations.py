#!/usr/bin/env python3
"""Heap allocations per request, counted by valgrind, for the service and the C peer (bench/peers).

Usage: allocations.py SERVICE_BINARY BASELINE_BINARY WORKLOAD.json...

Each server runs under valgrind twice on one keep-alive connection: once answering 1
request, once 1 + N. valgrind's "total heap usage" differs by the N requests' allocations
alone (start-up, the connection and shutdown cancel out), so the count is exact, whatever
the machine's load. Prints a Markdown table.
"""
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

# Requests per run: enough to average out one-off growth, few enough for valgrind's speed.
REQUESTS = {"batch1000": 4}
DEFAULT_REQUESTS = 100


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port):
    """True once something listens on the port: read from /proc, so that the check itself
    opens no connection (which the server would count)."""
    wanted = f":{port:04X}"
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                for line in f.readlines()[1:]:
                    fields = line.split()
                    if fields[1].endswith(wanted) and fields[3] == "0A":
                        return True
        except FileNotFoundError:
            pass
    return False


def heap_allocations(command, port, body, requests):
    with tempfile.NamedTemporaryFile(suffix=".valgrind") as log:
        serve_under_valgrind(["--tool=memcheck", "--leak-check=no", f"--log-file={log.name}"], command, port, body, requests)
        summary = re.search(r"total heap usage: ([\d,]+) allocs", open(log.name).read())
        if not summary:
            sys.exit(f"allocations.py: no valgrind summary for {command[0]}")
        return int(summary.group(1).replace(",", ""))


def serve_under_valgrind(valgrind_options, command, port, body, requests):
    """Runs the server under valgrind with these options, answering `requests` POSTs of
    `body` on one keep-alive connection, then stops it."""
    server = subprocess.Popen(["valgrind", *valgrind_options, *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not listening(port):
            if server.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"allocations.py: {command[0]} did not start under valgrind")
            time.sleep(0.1)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        for _ in range(requests):
            connection.request("POST", "/v1/route-bars", body, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                sys.exit(f"allocations.py: {command[0]} answered {answer.status}")
        connection.close()
    finally:
        # The C peer stops when its main thread wakes from pause(); under valgrind the
        # signal may land on another thread, so it is sent again until the process exits.
        for _ in range(120):
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=1)
                break
            except subprocess.TimeoutExpired:
                pass
        else:
            server.kill()
            sys.exit(f"allocations.py: {command[0]} did not exit after SIGTERM")


def per_request(command_for_port, body, requests):
    port = free_port()
    once = heap_allocations(command_for_port(port), port, body, 1)
    port = free_port()
    more = heap_allocations(command_for_port(port), port, body, 1 + requests)
    return (more - once) / requests


def main():
    service, peer, *workloads = sys.argv[1:]
    servers = {
        "service": lambda port: [service, "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "2"],
        "C peer": lambda port: [peer, str(port), "2"],
    }
    print("| workload | service allocations/request | C peer allocations/request | ratio |")
    print("|---|---:|---:|---:|")
    for path in workloads:
        name = os.path.splitext(os.path.basename(path))[0]
        body = open(path, "rb").read()
        requests = REQUESTS.get(name, DEFAULT_REQUESTS)
        counts = {server: per_request(command, body, requests) for server, command in servers.items()}
        print(f"| {name} | {counts['service']:.1f} | {counts['C peer']:.1f} | {counts['service'] / counts['C peer']:.3f} |")


if __name__ == "__main__":
    main()
