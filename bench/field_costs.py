#!/usr/bin/env python3
"""What each member of the default answer costs, in instructions (valgrind's callgrind).

Usage: python3 bench/field_costs.py WORKLOAD [WORKLOAD...]   (names in bench/workloads: batch1000)

For each workload: the members its default answer has (the answer `routebar layout` gives it,
at the top, in each route and in each segment); then one request asking for all of them
(`fields`) and, for each member, one asking for all but it, each counted by callgrind in
`routebar-microbench`'s profile mode (ROUTEBAR_PROFILE_FIELDS): a request's instructions are
the difference between 3 requests and 1, so start-up does not count. Instructions, unlike time
on this shared machine, are the same from run to run; they weigh a cache miss like an add.
Prints a Markdown table, the costliest first. Needs the release builds of `routebar` and
`routebar-microbench` (`make bench` builds both).
"""

import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build", "release")
WORKLOADS = os.path.join(ROOT, "bench", "workloads")


def default_members(workload):
    answer = json.loads(
        subprocess.run(
            [os.path.join(BIN, "routebar"), "layout", os.path.join(WORKLOADS, workload + ".json")],
            check=True, capture_output=True,
        ).stdout
    )
    members = list(answer)
    routes = answer.get("routes", [])
    for route in routes:
        members += [f"routes.{name}" for name in route if f"routes.{name}" not in members]
        for segment in route.get("segments", []):
            members += [f"routes.segments.{name}" for name in segment if f"routes.segments.{name}" not in members]
    # "routes" and "routes.segments" would keep all of theirs: their members are listed instead.
    return [name for name in members if name not in ("routes", "routes.segments")], len(routes)


def instructions(workload, fields, requests):
    # Swift seeds its hashing per process, which moves a small request's count by thousands.
    environment = dict(
        os.environ, ROUTEBAR_PROFILE_REQUESTS=str(requests), ROUTEBAR_PROFILE_FIELDS=",".join(fields), SWIFT_DETERMINISTIC_HASHING="1"
    )
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         os.path.join(BIN, "routebar-microbench"), WORKLOADS, workload],
        env=environment, capture_output=True, text=True, check=True,
    )
    return int(re.search(r"Collected : (\d+)", run.stderr).group(1))


def per_request(workload, fields):
    return (instructions(workload, fields, 3) - instructions(workload, fields, 1)) / 2


def main():
    for workload in sys.argv[1:] or ["batch1000"]:
        members, routes = default_members(workload)
        whole = per_request(workload, members)
        costs = sorted(((whole - per_request(workload, [m for m in members if m != member]), member) for member in members), reverse=True)
        print(f"\n{workload}: {whole / 1e6:.2f} million instructions a request ({whole / routes:,.0f} a route) "
              f"with its {len(members)} default members\n")
        print("| member | instructions a route | share |")
        print("|---|---:|---:|")
        for cost, member in costs:
            if cost / whole >= 0.001:
                print(f"| `{member}` | {cost / routes:,.0f} | {100 * cost / whole:.1f}% |")


if __name__ == "__main__":
    main()
