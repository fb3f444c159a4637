"""HTTP semantics of every GET resource, checked by REDbot (an HTTP linter, pinned from PyPI):
caching (no-store where answers must not be kept, validators where they should be reused), gzip
negotiation, Content-Length, conditional requests. Fails on any note of level WARN or BAD; prints
every note."""
import json
import subprocess

import pytest

RESOURCES = ["/healthz", "/metrics", "/openapi.yaml", "/"]


@pytest.fixture(scope="module")
def redbot(venv):
    venv.install("redbot")
    return venv.bin("redbot")


@pytest.mark.parametrize("resource", RESOURCES)
def test_no_warnings(resource, redbot, service):
    run = subprocess.run([redbot, "-o", "har", service.base + resource], capture_output=True, text=True,
                         timeout=60, check=True)
    entry = json.loads(run.stdout)["log"]["entries"][0]
    bad = []
    for note in entry["_red_messages"]:
        level = note["level"]
        print(f"  {resource}: {level:4} {note['note_id']}: {note['summary']}")
        if level in ("WARN", "BAD"):
            bad.append(f"{level} {note['note_id']}: {note['summary']}")
    assert not bad, f"{resource} has warnings: {bad}"
