"""The library products' platform floor: no API newer than Package.swift's `platforms`.

Linux does not check availability, so a library product could use `Atomic` (macOS 15) and
still build here while an iOS 16 app cannot take it. This test reads the floor from
Package.swift, reads the toolchain's own interfaces of the standard library's modules (Swift,
_Concurrency, _StringProcessing, Synchronization), where every declaration newer than Swift's
first Apple releases carries `@available(macOS X, iOS Y, ...)`, and collects the top-level
declarations (types, functions, typealiases) newer than the floor. The Swift sources of the
library products and the targets they depend on must not name any of them, nor import a module
that is newer as a whole (Synchronization).

It checks names, not the compiler's resolution: members added to older types (an initializer
of `String` newer than the floor) are not seen. An Apple build remains unproven here.
"""
import pathlib
import re
import subprocess

import pytest

from conftest import REPO

# The library products and every target of ours they build with.
LIBRARY_TARGETS = ["RouteBar", "RouteBarPlanners", "RouteBarJSON", "RouteBarDrawing", "RouteBarClient", "StrictJSON"]
MODULES = ["Swift", "_Concurrency", "_StringProcessing", "Synchronization"]
DECLARATION = re.compile(
    r"^(?:@\S+(?:\([^)]*\))?\s+)*(?:public\s+|open\s+)?(?:final\s+|indirect\s+|nonisolated\s+|@frozen\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias|func|macro)\s+([A-Za-z_][A-Za-z0-9_]*)")
AVAILABLE = re.compile(r"^@available\(macOS (\d+)(?:\.(\d+))?,")


def floor():
    text = (REPO / "Package.swift").read_text()
    match = re.search(r"\.macOS\(\.v(\d+)(?:_(\d+))?\)", text)
    assert match, "Package.swift names no macOS floor"
    return (int(match.group(1)), int(match.group(2) or 0))


def toolchain_interfaces():
    swift = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    runtime = re.search(r'"runtimeResourcePath"\s*:\s*"([^"]+)"', swift).group(1)
    found = {}
    for module in MODULES:
        interfaces = sorted(pathlib.Path(runtime).glob(f"*/{module}.swiftmodule/*-linux-gnu.swiftinterface"))
        interfaces = [i for i in interfaces if ".private." not in i.name]
        assert interfaces, f"the toolchain has no interface for {module} under {runtime}"
        found[module] = interfaces[0]
    return found


def newer_than(limit, interface):
    """Top-level declarations of `interface` available from a macOS release after `limit`."""
    names = {}
    pending = None
    for line in interface.read_text().split("\n"):
        if line.startswith(" ") or line.startswith("}"):
            pending = None if not line.startswith("  @") else pending
            continue
        available = AVAILABLE.match(line)
        if available:
            pending = (int(available.group(1)), int(available.group(2) or 0))
            continue
        declared = DECLARATION.match(line)
        if declared and pending and pending > limit:
            names.setdefault(declared.group(1), pending)
        if line and not line.startswith("@"):
            pending = None
    return names


@pytest.fixture(scope="module")
def newer():
    limit = floor()
    names = {}
    for module, interface in toolchain_interfaces().items():
        for name, version in newer_than(limit, interface).items():
            names[name] = (module, version)
    return limit, names


def test_the_toolchain_says_what_is_newer(newer):
    limit, names = newer
    print(f"\nfloor macOS {limit[0]}.{limit[1]}: {len(names)} newer top-level declarations, e.g. "
          + ", ".join(f"{n} ({m}, macOS {v[0]}.{v[1]})" for n, (m, v) in sorted(names.items())[:8]))
    # The control: the names the issue lists are found, so the check below can fail (Span is
    # not among them: the toolchain back-deploys it to macOS 10.14.4).
    for name in ["Atomic", "Mutex", "InlineArray"]:
        assert name in names, f"{name} is not among the toolchain's declarations newer than macOS {limit[0]}"


@pytest.mark.parametrize("target", LIBRARY_TARGETS)
def test_library_target_uses_nothing_newer_than_the_floor(newer, target):
    limit, names = newer
    found = []
    for path in sorted((REPO / "Sources" / target).rglob("*.swift")):
        text = path.read_text()
        # Comments and strings are not code: "Mutex" in a doc comment is fine.
        code = re.sub(r"//[^\n]*", "", text)
        code = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', code)
        for number, line in enumerate(code.split("\n"), 1):
            if re.match(r"\s*(?:@_\w+\s+)?(?:(?:internal|public|package)\s+)?import\s+Synchronization\b", line) and "Mutex" in names:
                found.append(f"{path.relative_to(REPO)}:{number}: import Synchronization (newer than the floor as a whole)")
            for word in set(re.findall(r"\b[A-Z][A-Za-z0-9_]*\b|\bwith[A-Za-z]+\b", line)):
                if word in names:
                    module, version = names[word]
                    found.append(f"{path.relative_to(REPO)}:{number}: {word} ({module}, macOS {version[0]}.{version[1]})")
    assert not found, f"{target} uses API newer than its floor, macOS {limit[0]}.{limit[1]}:\n" + "\n".join(found)
