"""The package as an app and `swift build` meet it (issue 34):

  - its platform floor is at most macOS 13 and iOS 16 (`swift package dump-package`);
  - the developer tools (routebar-microbench, routebar-fuzz and its driver) are in the manifest
    only with ROUTEBAR_DEV_TOOLS=1, as `make bench` and `make fuzz` set it, so `swift build` of
    the package, and of every app that depends on it, never builds them.
"""
import json
import os
import subprocess

from conftest import REPO

TOOLS = {"routebar-microbench", "routebar-fuzz", "CFuzzerDriver"}


def manifest(**env):
    run = subprocess.run(["swift", "package", "dump-package"], cwd=REPO, capture_output=True, text=True, timeout=300,
                         env={**{k: v for k, v in os.environ.items() if k != "ROUTEBAR_DEV_TOOLS"}, **env})
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)


def test_platform_floor():
    floors = {p["platformName"]: tuple(int(x) for x in p["version"].split(".")) for p in manifest()["platforms"]}
    print(f"\nplatforms: {floors}")
    assert floors["macos"] <= (13, 0) and floors["ios"] <= (16, 0), floors


def test_dev_tools_only_when_asked_for():
    plain = {t["name"] for t in manifest()["targets"]}
    tools = {t["name"] for t in manifest(ROUTEBAR_DEV_TOOLS="1")["targets"]}
    print(f"\ntargets: {len(plain)} by default, {len(tools)} with ROUTEBAR_DEV_TOOLS=1: + {sorted(tools - plain)}")
    assert not plain & TOOLS, f"swift build builds {sorted(plain & TOOLS)}"
    assert TOOLS <= tools, f"ROUTEBAR_DEV_TOOLS=1 misses {sorted(TOOLS - tools)}"


def test_the_fuzz_tool_builds_and_replays():
    """`make fuzz`'s tool, built as its replayer (no libFuzzer): the corpus and the examples pass."""
    env = {**os.environ, "ROUTEBAR_DEV_TOOLS": "1"}
    build = subprocess.run(["swift", "build", "--product", "routebar-fuzz"], cwd=REPO, env=env, capture_output=True, text=True,
                           timeout=1800)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    binary = subprocess.run(["swift", "build", "--product", "routebar-fuzz", "--show-bin-path"], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=300).stdout.strip()
    replay = subprocess.run([os.path.join(binary, "routebar-fuzz"), "Tests/FuzzCorpus", "examples", "examples/planners"],
                            cwd=REPO, capture_output=True, text=True, timeout=300)
    print(f"\n{replay.stdout.strip()}")
    assert replay.returncode == 0 and replay.stdout.strip().startswith("checked "), replay.stdout[-2000:] + replay.stderr[-2000:]
