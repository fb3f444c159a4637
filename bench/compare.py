#!/usr/bin/env python3
"""Checks that the baseline answers what the service answers, so the benchmark compares
equal work: compare.py SERVICE_URL BASELINE_URL WORKLOAD.json...
Same members in the same order, strings and booleans equal, numbers equal within 1e-12
relative (the two servers print doubles differently). Exit 1 on the first difference.
The service also writes presentation members the baseline does not compute (labels, colours,
text colours, badges, transfers, the accessibility sentence, the bar's length and the drawing
options): extra work for the service, left out of the comparison."""
import json
import math
import sys
import urllib.request

def fetch(url, body):
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        # Pairs, not dicts, so that member order is compared too.
        return json.loads(response.read(), object_pairs_hook=lambda pairs: pairs)

PRESENTATION = {"accessibilityLabel", "label", "labelFits", "color", "line", "lines", "textColor", "transferBefore",
                "index", "transferCount", "barWidth", "gap", "theme", "timeScale"}

def strip(value):
    """The service's answer without its presentation members."""
    if isinstance(value, list):
        if value and isinstance(value[0], tuple):
            return [(k, strip(v)) for k, v in value if k not in PRESENTATION]
        return [strip(v) for v in value]
    return value

def diff(a, b, path, stats):
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} against {len(b)} entries"
        pairs = a and isinstance(a[0], tuple)
        for i, (x, y) in enumerate(zip(a, b)):
            if pairs:
                if x[0] != y[0]:
                    return f"{path}: member {i} is {x[0]!r} against {y[0]!r}"
                found = diff(x[1], y[1], f"{path}/{x[0]}", stats)
            else:
                found = diff(x, y, f"{path}/{i}", stats)
            if found:
                return found
        return None
    if isinstance(a, bool) or isinstance(b, bool) or not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        return None if a == b and type(a) is type(b) else f"{path}: {a!r} against {b!r}"
    stats["numbers"] += 1
    if float(a) == float(b):
        return None
    stats["inexact"] += 1
    return None if math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-300) else f"{path}: {a!r} against {b!r}"

def main(service, baseline, files):
    for name in files:
        body = open(name, "rb").read()
        stats = {"numbers": 0, "inexact": 0}
        found = diff(strip(fetch(service, body)), fetch(baseline, body), "", stats)
        if found:
            sys.exit(f"{name}: the baseline differs from the service at {found}")
        print(f"{name}: same answer ({stats['numbers']} numbers, {stats['inexact']} not bit-identical)")

if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
