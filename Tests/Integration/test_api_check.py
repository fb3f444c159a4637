"""The public API of each library product against swift-api/<product>.json, the API of the last
release: a removed or changed declaration fails (so a break cannot land unnoticed); additions
pass. A break decided on before the next release is listed, line for line as the digester
reports it, in swift-api/<product>.breaks (CHANGELOG.md says why, under "Breaking"); a listed line the
digester no longer reports fails too, so the list cannot outlive its break. A release rewrites
the baselines with `make api-baselines` (ROUTEBAR_API_UPDATE=1) and empties the lists.
swift-api-digester ships with the toolchain."""
import os
import platform
import subprocess

import pytest

PRODUCTS = ["RouteBar", "RouteBarJSON", "RouteBarDrawing", "RouteBarClient"]
# Modules a product re-exports (`@_exported import`): their declarations are the product's API,
# which the digester, reading one module, does not follow. RouteBarJSON's planners, input errors
# and zones moved to RouteBarPlanners (issue 47); `RouteBarJSON.Planner` still names them.
REEXPORTED = {"RouteBarJSON": ["RouteBarPlanners"]}


def diagnose(product, module, digester_args):
    """The digester's report of `module` against the product's baseline, one line a break."""
    run = subprocess.run(["swift-api-digester", "-diagnose-sdk", "-baseline-path", f"swift-api/{product}.json",
                          "-module", module, *digester_args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True)
    # The report lists each break under a /* section */ heading; the headings alone mean none.
    return [line.strip() for line in run.stdout.splitlines() if line.strip() and not line.startswith("/*")]
UPDATE = os.environ.get("ROUTEBAR_API_UPDATE") == "1"


@pytest.fixture(scope="module")
def digester_args(repo):
    for product in PRODUCTS:
        for module in [product, *REEXPORTED.get(product, [])]:
            subprocess.run(["swift", "build", "--target", module], cwd=repo, check=True, stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=repo, check=True, capture_output=True,
                              text=True).stdout.strip()
    return ["-I", os.path.join(bin_path, "Modules"), "-target", f"{platform.machine()}-unknown-linux-gnu"]


@pytest.mark.parametrize("product", PRODUCTS)
def test_public_api_as_released(product, digester_args):
    if UPDATE:
        subprocess.run(["swift-api-digester", "-dump-sdk", "-module", product, *digester_args, "-avoid-location",
                        "-o", f"swift-api/{product}.json"], check=True)
        print(f"swift-api/{product}.json: rewritten")
        return
    # The product's API is its module's and those it re-exports: a declaration is removed only
    # when every one of them reports it removed; any other change counts wherever it is reported.
    reports = [diagnose(product, module, digester_args) for module in [product, *REEXPORTED.get(product, [])]]
    removed = set.intersection(*[{line for line in report if line.endswith(" has been removed")} for report in reports])
    report = sorted(removed) + [line for one in reports for line in one if not line.endswith(" has been removed")]
    listed = []
    if os.path.exists(f"swift-api/{product}.breaks"):
        with open(f"swift-api/{product}.breaks", encoding="utf-8") as file:
            listed = [line.strip() for line in file if line.strip() and not line.startswith("#")]
    unlisted = [line for line in report if line not in listed]
    assert not unlisted, (f"{product}: the public API breaks against swift-api/{product}.json (the last release):\n    "
                          + "\n    ".join(unlisted))
    stale = [line for line in listed if line not in report]
    assert not stale, f"{product}: swift-api/{product}.breaks lists breaks the digester no longer reports:\n    " + "\n    ".join(stale)
    print(f"{product}: public API as released, or extended" + (f", with the {len(listed)} listed breaks" if listed else ""))
