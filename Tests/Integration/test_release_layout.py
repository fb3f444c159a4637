"""The release binary is laid out as RELEASE_FLAGS ask (bench/results.md, history, "Peak RSS: a megabyte
less at start"): what it keeps resident depends on it, and a build that drops a flag still works.

Promises, on the binary `make release` builds:
  - it exports no symbol (`--no-export-dynamic`): the static runtime's link arguments export every
    symbol of our modules, 0.2 MiB of tables read at each start;
  - the first half of Sources/routebar/link-order.txt lies in the first quarter of its code: lld
    moves sections, so each function needs its own (-function-sections). Without, most of the
    list stayed where its source file was, spread over the whole text (measured: the first half
    reached 64% in, against 7% with).
"""
import importlib.util
import subprocess

import pytest

from conftest import REPO

pytestmark = pytest.mark.load


def link_order_script():
    """scripts/link-order.py, whose reading of the binary's functions this test shares."""
    spec = importlib.util.spec_from_file_location("link_order", REPO / "scripts/link-order.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def binutils(need):
    need("nm", "binutils")
    need("readelf", "binutils")


def test_no_symbol_exported(release_binary):
    exported = subprocess.run(["nm", "-D", "--defined-only", release_binary], capture_output=True, text=True,
                              check=True).stdout.split("\n")
    exported = [line for line in exported if line.strip()]
    assert not exported, f"{len(exported)} symbols exported, the first: {exported[:5]}"
    print(f"ok: {release_binary.name} exports no symbol")


def test_the_listed_functions_lead_the_code(release_binary):
    sections = subprocess.run(["readelf", "-SW", release_binary], capture_output=True, text=True, check=True).stdout
    text = next(line.split("]", 1)[1].split() for line in sections.splitlines() if "] .text " in line)
    start, size = int(text[2], 16), int(text[4], 16)
    addresses = {name: [address - start for address in where]
                 for name, where in link_order_script().function_addresses(release_binary).items()}
    listed = [name for name in (REPO / "Sources/routebar/link-order.txt").read_text().split() if name in addresses]
    first_half = listed[:len(listed) // 2]
    assert len(first_half) > 100, f"only {len(listed)} of the list's functions are in the binary"
    # A local name can be in several objects: the list places each copy, so take the nearest.
    offsets = sorted(min(addresses[name]) for name in first_half)
    farthest = offsets[-1] / size
    assert farthest <= 0.25, (f"the first half of link-order.txt ({len(first_half)} functions) reaches "
                              f"{farthest:.0%} into the code ({offsets[-1] // 1024} KiB of {size // 1024})")
    print(f"ok: the first {len(first_half)} listed functions lie in the first {offsets[-1] // 1024} KiB of "
          f"{size // 1024} KiB of code ({farthest:.0%})")
