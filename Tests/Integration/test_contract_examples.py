"""The contract's answer examples are what the service answers.

openapi.yaml's 200 examples of POST /v1/route-bars (JSON, NDJSON, SVG) and of
POST /v1/route-bars.svg are written by `scripts/openapi-examples.py` from the service's own
answers to the contract's request examples. This test posts the same requests to the live server
and requires each example to equal its answer (JSON as JSON, the rest byte for byte), so an answer
that changes without its example fails here: run the script and commit what it writes.
"""
import importlib
import importlib.util

import pytest

from conftest import REPO


@pytest.fixture(scope="module")
def script(venv):
    """scripts/openapi-examples.py as a module, with the PyYAML it reads the contract with."""
    venv.install("pyyaml")
    importlib.invalidate_caches()
    loader = importlib.util.spec_from_file_location("openapi_examples", REPO / "scripts" / "openapi-examples.py")
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def contract(script):
    import yaml

    return yaml.safe_load((REPO / "openapi.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def answers(service, script, contract):
    return script.live_answers(service.port, contract)


def test_every_answer_example_is_checked(answers, contract):
    """Every 200 example of the two layout operations is among those the script writes."""
    listed = set()
    for path in ("/v1/route-bars", "/v1/route-bars.svg"):
        for media, content in contract["paths"][path]["post"]["responses"]["200"]["content"].items():
            listed |= {(path, media, name) for name in content.get("examples", {})}
    assert listed == set(answers), f"not written by scripts/openapi-examples.py: {listed ^ set(answers)}"


def test_each_example_is_the_answer(answers, contract):
    stale = []
    for (path, media, name), answer in sorted(answers.items()):
        example = contract["paths"][path]["post"]["responses"]["200"]["content"][media]["examples"][name]["value"]
        if example != answer:
            stale.append(f"{path} {media} {name}")
    assert not stale, "stale examples (run python3 scripts/openapi-examples.py): " + ", ".join(stale)
