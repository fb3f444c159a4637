"""Shared pieces of the Python load scripts: start routebar on a free loopback port, read
its /proc figures, percentiles. Standard library only."""
import atexit
import os
import re
import signal
import subprocess
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("ROUTEBAR_BINARY", ".build/release/routebar")


class Server:
    """routebar serve on 127.0.0.1, port 0; the port comes from its stderr line
    'listening on http://127.0.0.1:PORT'. stderr is drained by a thread so the server never
    blocks on a full pipe, and kept for the failure report."""

    def __init__(self, *flags, start_timeout=10.0):
        binary = BINARY if os.path.isabs(BINARY) else os.path.join(REPO, BINARY)
        self.proc = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", *flags],
                                     stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.pid = self.proc.pid
        atexit.register(self.kill)  # a script that fails half-way leaves no server behind
        self.log = []
        self.port = None
        ready = threading.Event()

        def drain():
            for line in self.proc.stderr:
                self.log.append(line.rstrip())
                found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
                if found:
                    self.port = int(found.group(1))
                    ready.set()
            ready.set()  # stderr closed: the process ended

        threading.Thread(target=drain, daemon=True).start()
        if not ready.wait(start_timeout) or self.port is None:
            self.kill()
            raise SystemExit("routebar did not start:\n" + "\n".join(self.log))

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
        """SIGTERM, then the exit status (None if it had to be killed)."""
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def kill(self):
        if self.alive():
            self.proc.kill()
            self.proc.wait()


def percentile(values, p):
    """Nearest-rank percentile of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def fail_if(problems):
    """Print each broken promise and exit 1, or say PASS."""
    for problem in problems:
        print("FAIL:", problem)
    print("PASS" if not problems else f"{len(problems)} promise(s) broken")
    raise SystemExit(1 if problems else 0)


def wait_until(predicate, seconds, step=0.05):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()
