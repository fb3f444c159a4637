#!/usr/bin/env python3
"""Checks that a peer computes what the service computes, so the benchmark compares equal
work: compare.py SERVICE_URL PEER_URL WORKLOAD.json...
Every member the peer writes, the service writes too, in the same order among them, with the
same value: strings and booleans equal, numbers equal within 1e-12 relative (the two print
doubles differently). The service writes more (the options echoed, ids, modes, labels,
colours, badges, transfers, the accessibility sentence): extra work for the service, outside
the comparison. Exit 1 on the first difference."""
import json
import math
import sys
import urllib.request


def fetch(url, body):
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        # Pairs, not dicts, so that member order is compared too.
        return json.loads(response.read(), object_pairs_hook=lambda pairs: pairs)


def is_object(value):
    return isinstance(value, list) and (not value or isinstance(value[0], tuple))


def diff(service, peer, path, stats):
    if is_object(peer) and peer and is_object(service):
        keys = [k for k, _ in service]
        order = []
        for key, value in peer:
            if key not in keys:
                return f"{path}: the service has no member {key!r}"
            order.append(keys.index(key))
            found = diff(dict(service)[key], value, f"{path}/{key}", stats)
            if found:
                return found
        return None if order == sorted(order) else f"{path}: members in another order"
    if isinstance(service, list) and isinstance(peer, list):
        if len(service) != len(peer):
            return f"{path}: {len(service)} against {len(peer)} entries"
        for i, (x, y) in enumerate(zip(service, peer)):
            found = diff(x, y, f"{path}/{i}", stats)
            if found:
                return found
        return None
    if isinstance(service, bool) or isinstance(peer, bool) or not isinstance(service, (int, float)) or not isinstance(peer, (int, float)):
        return None if service == peer and type(service) is type(peer) else f"{path}: {service!r} against {peer!r}"
    stats["numbers"] += 1
    if float(service) == float(peer):
        return None
    stats["inexact"] += 1
    return None if math.isclose(service, peer, rel_tol=1e-12, abs_tol=1e-300) else f"{path}: {service!r} against {peer!r}"


def main(service, peer, files):
    for name in files:
        body = open(name, "rb").read()
        stats = {"numbers": 0, "inexact": 0}
        found = diff(fetch(service, body), fetch(peer, body), "", stats)
        if found:
            sys.exit(f"{name}: the peer differs from the service at {found}")
        print(f"{name}: same answer ({stats['numbers']} numbers, {stats['inexact']} not bit-identical)")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
