#!/usr/bin/env python3
"""Where a request's cycles go that instructions do not show: cache_profile.py SERVICE_BINARY PEER_C WORKLOAD.json

Each server runs under callgrind's cache and branch simulation (valgrind; the caches as this
machine's processor reports them), answering 1, then 1 + N requests of the workload on one
keep-alive connection, as bench/allocations.py counts allocations; the difference over N is
one request's: instructions, first-level instruction-cache misses, first-level data-cache
misses on reads and on writes, and mispredicted conditional and indirect branches. The same
from run to run, whatever the machine's load. Prints a Markdown table.

A request that runs through more code than the instruction cache holds misses it on every
request, however few instructions it executes: the service executes fewer instructions on
`single` than the C peer and spends more time, and this table says why."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from allocations import free_port, serve_under_valgrind  # noqa: E402

REQUESTS = 100
EVENTS = [("Ir", "instructions"), ("I1mr", "instruction-cache misses"), ("D1mr", "data-cache read misses"),
          ("D1mw", "data-cache write misses"), ("Bcm", "conditional branches mispredicted"),
          ("Bim", "indirect branches mispredicted")]


def totals(command_for_port, body, requests):
    port = free_port()
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        options = ["--tool=callgrind", "--cache-sim=yes", "--branch-sim=yes", f"--callgrind-out-file={out.name}"]
        serve_under_valgrind(options, command_for_port(port), port, body, requests)
        events = summary = None
        for line in open(out.name):
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("summary:"):
                summary = [int(value) for value in line.split()[1:]]
        if not events or not summary:
            sys.exit(f"cache_profile.py: no callgrind summary for {command_for_port(port)[0]}")
        return dict(zip(events, summary))


def per_request(command_for_port, body):
    once, more = totals(command_for_port, body, 1), totals(command_for_port, body, 1 + REQUESTS)
    return {event: (more[event] - once[event]) / REQUESTS for event, _ in EVENTS}


def main():
    service, peer, workload = sys.argv[1:]
    body = open(workload, "rb").read()
    servers = {
        "service": lambda port: [service, "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "1"],
        "C peer": lambda port: [peer, str(port), "1"],
    }
    counts = {name: per_request(command, body) for name, command in servers.items()}
    print("| per request | service | C peer | service / C peer |")
    print("|---|---:|---:|---:|")
    for event, label in EVENTS:
        ours, theirs = counts["service"][event], counts["C peer"][event]
        print(f"| {label} ({event}) | {ours:,.0f} | {theirs:,.0f} | {ours / theirs if theirs else 0:.2f} |")


if __name__ == "__main__":
    main()
