"""Every manifest in deploy/kubernetes against the Kubernetes OpenAPI schemas kubernetes-validate
ships (offline): --strict (an unknown field is an error: a misspelt or misplaced field is otherwise
ignored), for 1.30, the oldest release we claim to run on, and 1.37, the newest this
kubernetes-validate knows, so an API removed since fails too. kubernetes-validate only warns
(exit 0) for a kind or apiVersion it has no schema for, such as a removed beta API; every manifest
here is a built-in kind, so a warning fails too."""
import subprocess

import pytest

from conftest import REPO

KUBERNETES_VERSIONS = ["1.30.0", "1.37.0"]


def manifests():
    directory = REPO / "deploy" / "kubernetes"
    return sorted(str(p.relative_to(REPO)) for p in [*directory.glob("*.yaml"), *directory.glob("*.yml")])


def test_there_are_manifests():
    assert manifests(), "no manifests in deploy/kubernetes"


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_manifests_valid(version, venv):
    venv.install("kubernetes-validate")
    run = subprocess.run([venv.bin("kubernetes-validate"), "--strict", "-k", version, *manifests()],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(run.stdout, end="")
    flagged = [line for line in run.stdout.splitlines() if line.startswith(("WARN", "ERROR"))]
    assert run.returncode == 0 and not flagged, f"Kubernetes {version}: exit {run.returncode}; {flagged}"
    tool = subprocess.run([venv.bin("kubernetes-validate"), "--version"], capture_output=True, text=True).stdout.strip()
    print(f"kubernetes-validate {tool}: {len(manifests())} manifests, Kubernetes {version}, --strict: clean")
