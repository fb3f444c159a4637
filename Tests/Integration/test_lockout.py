"""Lockout: idle sockets cannot take the server from others.

With --connection-limit 64, 200 sockets connect and send nothing. Promises:
  - a new /healthz request is answered (200, or a 503 problem) within 1 s, every time;
  - sockets past the limit are told 503 (application/problem+json) and closed within their
    second on trial (a head sent in it would make room by closing an idle or slow connection);
  - the idle ones within the limit are closed at the header timeout (--header-timeout 2), after
    which /healthz gets 200 again.
"""
import socket
import time

import pytest

from conftest import raise_open_files, wait_until

pytestmark = pytest.mark.load

IDLE = 200


@pytest.fixture(scope="module")
def binary(release_binary):
    return release_binary


def get_healthz(port):
    """(status, seconds, content type) of one GET /healthz on a new connection."""
    began = time.monotonic()
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    data = b""
    try:
        while chunk := s.recv(65536):
            data += chunk
    except (ConnectionResetError, socket.timeout):
        pass
    s.close()
    took = time.monotonic() - began
    head = data.split(b"\r\n\r\n", 1)[0].decode(errors="replace")
    status = int(head.split(" ")[1]) if head.startswith("HTTP/1.1 ") else 0
    ctype = next((line.split(":", 1)[1].strip() for line in head.split("\r\n")
                  if line.lower().startswith("content-type:")), "")
    return status, took, ctype


@pytest.fixture(scope="module")
def lockout(start_service):
    raise_open_files(IDLE + 256)
    server = start_service("--connection-limit", "64", "--header-timeout", "2", "--threads", "2")
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(IDLE)]
    try:
        time.sleep(0.3)
        answers = [get_healthz(server.port) for _ in range(10)]
        slowest = max(took for _, took, _ in answers)
        print(f"\n{IDLE} idle sockets, limit 64: /healthz statuses {sorted(set(s for s, _, _ in answers))}, "
              f"slowest {slowest * 1000:.1f} ms")
        refused = 0
        # Sockets past the limit are on trial for a second (to send a head, which would then make
        # room): told 503 at its end, or closed to make room for a newer one.
        deadline = time.monotonic() + 1.5
        for s in idle:
            s.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = s.recv(4096)
                refused += (data.startswith(b"HTTP/1.1 503") and b"application/problem+json" in data) or data == b""
            except ConnectionResetError:
                refused += 1
            except socket.timeout:
                pass
        print(f"sockets told 503 or closed for a newer one: {refused} of {IDLE}")
        healthy = wait_until(lambda: get_healthz(server.port)[0] == 200, 5)
        print(f"after the header timeout: /healthz {'200' if healthy else 'still refused'}")
    finally:
        for s in idle:
            s.close()
        server.stop()
    return {"answers": answers, "refused": refused, "healthy": healthy}


def test_healthz_answered_within_1_s(lockout):
    slow = [(status, took) for status, took, _ in lockout["answers"] if status not in (200, 503) or took >= 1]
    assert not slow, "/healthz got " + ", ".join(f"{s} after {t:.2f} s" for s, t in slow)


def test_503_is_a_problem(lockout):
    wrong = [ctype for status, _, ctype in lockout["answers"] if status == 503 and ctype != "application/problem+json"]
    assert not wrong, f"503 with Content-Type {wrong}"


def test_sockets_past_the_limit_refused(lockout):
    assert lockout["refused"] >= IDLE - 64 - 10, f"only {lockout['refused']} sockets past the limit were told 503 or closed"


def test_healthz_200_after_the_header_timeout(lockout):
    assert lockout["healthy"], "/healthz not 200 after the idle sockets' header timeout"
