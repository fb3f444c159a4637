#!/usr/bin/env python3
"""Writes openapi.yaml's answer examples from what the service answers, so they cannot go stale.

Usage: python3 scripts/openapi-examples.py [BINARY]   (default .build/release/routebar)

Starts BINARY on a free loopback port, posts each example's request (the contract's own request
examples under components/examples, with the query its summary names) and replaces the value of
each answer example below with the answer: the 200 JSON examples of POST /v1/route-bars (as
JSON, which YAML reads as it is), its NDJSON and SVG `lanes`, and the SVG `english` of
POST /v1/route-bars.svg (as block text). Other lines of the file are left as they are.
"""
import json
import socket
import subprocess
import sys
import time
import urllib.request

import yaml

SPEC = "openapi.yaml"

# Answer example -> (the request example it answers, query string, Accept, path).
COMPRESSED = {"width": 20, "scale": 2.625, "minSegmentRatio": 0.5, "routes": [{"id": "c", "totalTime": 45, "subPaths": [
    {"trafficType": 3, "sectionTime": 5}, {"trafficType": 2, "sectionTime": 10}, {"trafficType": 3, "sectionTime": 0},
    {"trafficType": 1, "sectionTime": 30}]}]}
JSON_ANSWERS = {
    "seedFit": ("seedFit", ""), "seedClassic": ("seedClassic", ""), "odsayScale3": ("odsay", "?width=343&scale=3"),
    "compressed": (COMPRESSED, ""), "english": ("english", ""), "lanes": ("lanes", ""), "widths": ("widths", ""),
}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def post(port, path, body, accept):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Accept": accept})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.read().decode()


def block_range(lines, start, indent):
    """The lines after `start` that are indented deeper than `indent`: a key's value."""
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
        end += 1
    return start + 1, end


def replace_value(lines, after, name, text, block):
    """Replaces the `value:` of example `name`, the first at or after line `after`."""
    key = next(i for i in range(after, len(lines)) if lines[i].strip() == f"{name}:")
    assert not lines[key + 1].strip().startswith("$ref"), f"{name} at line {key + 1} is a reference, not an answer"
    indent = len(lines[key]) - len(lines[key].lstrip())
    value = next(i for i in range(key + 1, len(lines)) if lines[i].strip().startswith("value:"))
    value_indent = len(lines[value]) - len(lines[value].lstrip())
    first, end = block_range(lines, value, value_indent)
    pad = " " * (value_indent + 2)
    if block:
        new = [" " * value_indent + "value: |"] + [pad + line if line else "" for line in text.rstrip("\n").split("\n")]
    else:
        new = [" " * value_indent + "value:"] + [pad + line for line in json.dumps(text, ensure_ascii=False, indent=2).split("\n")]
    lines[value:end] = new
    assert indent < value_indent
    return key


def live_answers(port, spec):
    """Each answer example's place, (path, media type, name), with what the service answers."""
    requests = {name: example["value"] for name, example in spec["components"]["examples"].items()}
    answers = {}
    for name, (request, query) in JSON_ANSWERS.items():
        body = requests[request] if isinstance(request, str) else request
        answers[("/v1/route-bars", "application/json", name)] = json.loads(post(port, "/v1/route-bars" + query, body, "application/json"))
    for media in ("application/x-ndjson", "image/svg+xml"):
        answers[("/v1/route-bars", media, "lanes")] = post(port, "/v1/route-bars", requests["lanes"], media)
    answers[("/v1/route-bars.svg", "image/svg+xml", "english")] = post(port, "/v1/route-bars.svg", requests["english"], "image/svg+xml")
    return answers


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/routebar"
    spec = yaml.safe_load(open(SPEC, encoding="utf-8"))
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port)], stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        answers = live_answers(port, spec)
    finally:
        server.terminate()
        server.wait()
    lines = open(SPEC, encoding="utf-8").read().split("\n")
    for path in ("/v1/route-bars", "/v1/route-bars.svg"):
        operation = lines.index(f"  {path}:")
        ok = next(i for i in range(operation, len(lines)) if lines[i].strip() == "'200':")
        for (answer_path, media, name), value in answers.items():
            if answer_path != path:
                continue
            content = next(i for i in range(ok, len(lines)) if lines[i].strip() == f"{media}:")
            replace_value(lines, content, name, value, isinstance(value, str))
    open(SPEC, "w", encoding="utf-8").write("\n".join(lines))
    yaml.safe_load(open(SPEC, encoding="utf-8"))


if __name__ == "__main__":
    main()
