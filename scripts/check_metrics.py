#!/usr/bin/env python3
"""The metrics page parses with prometheus_client's own parser, and its counters move by
exactly the requests this script makes. Usage: check_metrics.py http://127.0.0.1:PORT"""
import json
import os
import re
import sys
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

BASE = sys.argv[1]
SEED = json.dumps({"width": 343, "routes": [{"totalTime": 47, "subPaths": [
    {"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14}, {"trafficType": 3, "sectionTime": 3},
    {"trafficType": 1, "sectionTime": 21}, {"trafficType": 3, "sectionTime": 3}]}]}).encode()
INVALID = b'{"width": 0, "routes": []}'
# The version's one source: info.version in the repository's openapi.yaml (README, "Releases").
with open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "openapi.yaml")) as spec:
    VERSION = re.search(r"^info:\n(?:(?: .*)?\n)*?  version: (\S+)$", spec.read(), re.M).group(1)


def request(method, path, body=None):
    req = urllib.request.Request(BASE + path, data=body, method=method,
                                 headers={"Content-Type": "application/json"} if body else {})
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def scrape():
    status, headers, body = request("GET", "/metrics")
    assert status == 200, status
    assert headers["Content-Type"].startswith("text/plain; version=0.0.4"), headers["Content-Type"]
    samples = {}
    for family in text_string_to_metric_families(body.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


before = scrape()
for _ in range(3):
    assert request("POST", "/v1/route-bars", SEED)[0] == 200
for _ in range(2):
    assert request("POST", "/v1/route-bars", INVALID)[0] == 422
assert request("GET", "/no/such/path")[0] == 404
after = scrape()


def delta(name, **labels):
    key = (name, tuple(sorted(labels.items())))
    return after.get(key, 0) - before.get(key, 0)


route = "/v1/route-bars"
checks = {
    "200s counted": delta("routebar_http_requests_total", route=route, status="200") == 3,
    "422s counted": delta("routebar_http_requests_total", route=route, status="422") == 2,
    "404 counted as unmatched": delta("routebar_http_requests_total", route="unmatched", status="404") == 1,
    "histogram count": delta("routebar_http_request_duration_seconds_count", route=route) == 5,
    "histogram +Inf bucket": delta("routebar_http_request_duration_seconds_bucket", route=route, le="+Inf") == 5,
    "request bytes": delta("routebar_http_request_body_bytes_total", route=route) == 3 * len(SEED) + 2 * len(INVALID),
    "routes laid out": delta("routebar_routes_laid_out_total") == 3,
    "segments laid out": delta("routebar_segments_laid_out_total") == 15,
    "build info": after.get(("routebar_build_info", (("version", VERSION),))) == 1,
    "gauges present": ("routebar_http_open_connections", ()) in after and ("routebar_http_requests_in_flight", ()) in after,
}
for name, ok in checks.items():
    print(f"{'ok  ' if ok else 'FAIL'} {name}")
failed = sum(not ok for ok in checks.values())
print(f"metrics: {len(checks) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
