#!/usr/bin/env python3
"""Lockout: idle sockets cannot take the server from others.

With --connection-limit 64, 200 sockets connect and send nothing. Promises:
  - a new /healthz request is answered (200, or a 503 problem) within 1 s, every time;
  - sockets past the limit are told 503 (application/problem+json) and closed at once;
  - the idle ones within the limit are closed at the header timeout (--header-timeout 2),
    after which /healthz gets 200 again.
"""
import resource
import socket
import time

from loadlib import Server, fail_if, wait_until

IDLE = 200
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
if soft < IDLE + 256:
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(IDLE + 256, hard), hard))

server = Server("--connection-limit", "64", "--header-timeout", "2", "--threads", "2")
problems = []


def get_healthz():
    """(status, seconds, content type) of one GET /healthz on a new connection."""
    began = time.monotonic()
    s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
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
    ctype = next((line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.lower().startswith("content-type:")), "")
    return status, took, ctype


idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(IDLE)]
time.sleep(0.3)
answers = [get_healthz() for _ in range(10)]
slowest = max(took for _, took, _ in answers)
print(f"{IDLE} idle sockets, limit 64: /healthz statuses {sorted(set(s for s, _, _ in answers))}, slowest {slowest * 1000:.1f} ms")
for status, took, ctype in answers:
    if status not in (200, 503) or took >= 1:
        problems.append(f"/healthz got {status} after {took:.2f} s")
    if status == 503 and ctype != "application/problem+json":
        problems.append(f"503 with Content-Type {ctype!r}")

refused = 0
for s in idle:
    s.settimeout(0.01)
    try:
        data = s.recv(4096)
        # Told 503, or closed to make room for a newer one (the idle longest goes first).
        refused += (data.startswith(b"HTTP/1.1 503") and b"application/problem+json" in data) or data == b""
    except ConnectionResetError:
        refused += 1
    except socket.timeout:
        pass
print(f"sockets told 503 or closed for a newer one: {refused} of {IDLE}")
if refused < IDLE - 64 - 10:
    problems.append(f"only {refused} sockets past the limit were told 503 or closed")

healthy = wait_until(lambda: get_healthz()[0] == 200, 5)
print(f"after the header timeout: /healthz {'200' if healthy else 'still refused'}")
if not healthy:
    problems.append("/healthz not 200 after the idle sockets' header timeout")
for s in idle:
    s.close()
server.stop()
fail_if(problems)
