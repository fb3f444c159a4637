"""One copy of each sample: examples/ holds the recorded bodies; nothing else keeps its own.

  - every example the playground page embeds with `data-file="examples/..."` (it has no server
    to fetch them from when opened, and embeds them so) is that file's JSON, value for value;
  - no file of Tests/FuzzCorpus repeats a file of examples/ (the fuzzer and its regression test
    read examples/ as seeds too: `make fuzz`, FuzzRegressionTests).
"""
import json
import re

import pytest

from conftest import REPO

PLAYGROUND = (REPO / "Sources" / "CEmbeddedFiles" / "playground.html").read_text(encoding="utf-8")
EMBEDDED = re.findall(r'<script type="application/json" data-example="[^"]*" data-file="([^"]+)">(.*?)</script>', PLAYGROUND, re.S)


def test_the_playground_names_its_files():
    print(f"\nthe playground embeds {len(EMBEDDED)} examples of examples/: " + ", ".join(path for path, _ in EMBEDDED))
    assert len(EMBEDDED) >= 3, "the playground names fewer than 3 files of examples/ (data-file)"


@pytest.mark.parametrize("path,embedded", EMBEDDED, ids=[path for path, _ in EMBEDDED])
def test_playground_example_is_its_file(path, embedded):
    assert path.startswith("examples/") and (REPO / path).is_file(), f"{path} is not a file of examples/"
    assert json.loads(embedded) == \
        json.loads((REPO / path).read_text(encoding="utf-8")), f"the playground's copy of {path} differs from the file"


def test_the_fuzz_corpus_repeats_no_example():
    examples = {p.read_bytes(): p for p in (REPO / "examples").rglob("*.json")}
    repeated = [f"{p.relative_to(REPO)} = {examples[p.read_bytes()].relative_to(REPO)}"
                for p in sorted((REPO / "Tests" / "FuzzCorpus").iterdir()) if p.read_bytes() in examples]
    assert not repeated, "Tests/FuzzCorpus repeats examples/:\n" + "\n".join(repeated)
