#!/usr/bin/env python3
"""Writes Sources/routebar/link-order.txt: the functions the release server runs, for lld's
--symbol-ordering-file (`make link-order`; the Makefile's RELEASE_FLAGS link with it).

The release binary is run under callgrind (valgrind), started, and sent what `make bench` sends
(bench/workloads: single, batch20 and batch1000, whole and with the peer-equivalent mask, and a
planner's answer of each shape), then a health check; every function of the binary that ran is
written, one symbol per line, in the order callgrind first met it. lld places them together at
the start of the text: the pages a serving process touches are then few and adjacent, where
they were spread over 6 MB, and the kernel maps each fault's neighbours (64 KiB) with it.

Only sections move: the release flags give each function of ours its own (-function-sections),
but the static Swift runtime's libraries come compiled with most of their code in one `.text`
each (1.5 MB for the standard library, 0.5 MB for _RegexParser). Naming a function there would
move its whole library in front of ours and spread our functions over two more megabytes, so
those names come last (`unmovable`): the libraries' blocks follow our functions, in the order
they were first run.

A list made from an older build only places fewer functions together: lld skips the names it
does not find (--no-warn-symbol-ordering), and the binary is correct either way. Run it again
after a change that renames or adds hot functions; docs/performance.md has the figures.

Usage: scripts/link-order.py [BINARY]   (default .build/release/routebar, from `make release`)"""
import glob
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from interleave import PEER_FIELDS, free_port, post  # noqa: E402 (the bench's own helpers)

OUTPUT = os.path.join(ROOT, "Sources", "routebar", "link-order.txt")
WORKLOADS = os.path.join(ROOT, "bench", "workloads")
BODIES = ["single.json", "batch20.json", "batch1000.json", "odsay.json", "otp.json", "google.json"]


def function_addresses(binary):
    """Each function's name in BINARY, with its addresses (a local name can have several)."""
    symbols = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    addresses = {}
    for parts in map(str.split, symbols.splitlines()):
        if len(parts) == 3 and parts[1] in "tTwW":
            addresses.setdefault(parts[2], []).append(int(parts[0], 16))
    return addresses


def unmovable(addresses):
    """The functions that sit inside a static Swift runtime library's large `.text` (64 KiB and
    more, shared by the rest of its object's code), where the linker cannot move them on their
    own. ADDRESSES maps each function's name to its addresses in the binary (a local name can
    have several)."""
    info = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True).stdout)
    static = info["paths"]["runtimeResourcePath"] + "_static"
    ranges = []
    for archive in glob.glob(os.path.join(static, "linux", "*.a")):
        table = subprocess.run(["objdump", "-t", archive], capture_output=True, text=True).stdout
        # One block per object: "NAME.o:     file format ...", then its symbols.
        for member in re.split(r"^\S+\.o:\s+file format", table, flags=re.MULTILINE)[1:]:
            # "OFFSET g     F .text\tSIZE [.hidden ]NAME": a function in its object's shared .text
            # (objdump's flags: binding "l", "g" or " ", then "w" when weak).
            shared = [(int(offset, 16), int(size, 16), flags, name) for offset, flags, size, name in re.findall(
                r"^([0-9a-f]+) (..).{4}F \.text\t([0-9a-f]+) (?:\.hidden )?(\S+)$", member, re.MULTILINE)]
            extent = max((offset + size for offset, size, _, _ in shared), default=0)
            # Where the linker put this .text, if it linked it: from a global function only this
            # object defines.
            anchors = [addresses[name][0] - offset for offset, _, flags, name in shared
                       if flags == "g " and len(addresses.get(name, [])) == 1]
            if extent >= 64 * 1024 and anchors:
                ranges.append((anchors[0], anchors[0] + extent))
    return {name for name, where in addresses.items() if any(start <= a < end for a in where for start, end in ranges)}


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "routebar")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        profile = os.path.join(tmp, "callgrind.out")
        server = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
             binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--threads", "2"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    with urllib.request.urlopen(base + "/healthz", timeout=5):
                        break
                except OSError:
                    if server.poll() is not None:
                        sys.exit("link-order.py: the server did not start under valgrind")
                    time.sleep(0.1)
            for name in BODIES:
                body = open(os.path.join(WORKLOADS, name), "rb").read()
                for path in ["/v1/route-bars", "/v1/route-bars?fields=" + PEER_FIELDS]:
                    for _ in range(20 if len(body) < 100_000 else 2):
                        post(base + path, body)  # raises on an error status
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=120)
        names, seen = [], set()
        for line in open(profile):
            match = re.match(r"c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
            if match and match.group(1) not in seen:
                seen.add(match.group(1))
                names.append(match.group(1))
    addresses = function_addresses(binary)
    last = unmovable(addresses)
    ran = [name for name in names if name in addresses]
    order = [name for name in ran if name not in last] + [name for name in ran if name in last]
    with open(OUTPUT, "w") as out:
        out.write("\n".join(order) + "\n")
    print(f"link-order.py: {len(order)} functions of {len(names)} run, in {os.path.relpath(OUTPUT, ROOT)} "
          f"({len([name for name in ran if name in last])} last: in a runtime library's shared .text)")


if __name__ == "__main__":
    main()
