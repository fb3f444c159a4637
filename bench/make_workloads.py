#!/usr/bin/env python3
"""Writes the benchmark bodies: single (1 route, 5 legs), batch20 (20 routes of 3-9 legs),
batch1000 (1,000 routes), all classic as the peers compute it; and single and batch20 again with
`fit` (-fit) and with `fit` and every drawing option (-drawing: gap, shared time scale, label
minimums, dark theme), for the in-process table to show what those cost; and three recorded
planner answers from examples/ (odsay, otp, google), with `width` added at the top, for the
table to compare their decoding per byte. Deterministic: the same bytes every run."""
import json
import random
import sys
from pathlib import Path

def route(rng, legs, index):
    sub = []
    for i in range(legs):
        walking = i % 2 == 0
        sub.append({"trafficType": 3 if walking else rng.choice([1, 2, 1, 2, 4, 5]),
                    "sectionTime": rng.choice([0, 2, 3, 4, 6]) if walking else rng.randint(3, 40)})
    if all(s["sectionTime"] == 0 for s in sub):
        sub[0]["sectionTime"] = 5
    total = sum(s["sectionTime"] for s in sub) + rng.randint(0, 3)
    return {"id": f"r{index}", "totalTime": total, "subPaths": sub}

def body(routes, **options):
    return json.dumps({"width": 343, "scale": 3, "algorithm": "classic", **options, "routes": routes},
                      separators=(",", ":"), ensure_ascii=False)

DRAWING = {"algorithm": "fit", "gap": 2, "timeScale": "shared", "labelMinimums": True, "theme": "dark"}

def main(out):
    rng = random.Random(20261129)
    seed = {"id": "seed", "totalTime": 47, "subPaths": [
        {"trafficType": 3, "sectionTime": 6}, {"trafficType": 2, "sectionTime": 14},
        {"trafficType": 3, "sectionTime": 3}, {"trafficType": 1, "sectionTime": 21},
        {"trafficType": 3, "sectionTime": 3}]}
    batch20 = [route(rng, rng.randint(3, 9), i) for i in range(20)]
    bodies = {
        "single": body([seed]),
        "batch20": body(batch20),
        "batch1000": body([route(rng, rng.randint(3, 9), i) for i in range(1000)]),
        "single-fit": body([seed], algorithm="fit"),
        "single-drawing": body([seed], **DRAWING),
        "batch20-fit": body(batch20, algorithm="fit"),
        "batch20-drawing": body(batch20, **DRAWING),
    }
    examples = Path(__file__).resolve().parent.parent / "examples"
    for name, path in [("odsay", "odsay-suseo-itaewon.json"), ("otp", "planners/otp-rest-headway-seattle-transit.json"),
                       ("google", "planners/google-directions-gmp-openapi-brooklyn-queens.json")]:
        answer = json.loads((examples / path).read_text())
        bodies[name] = json.dumps({"width": 343, **answer}, separators=(",", ":"), ensure_ascii=False)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in bodies.items():
        (out / f"{name}.json").write_text(text)
        print(f"{name}.json: {len(text.encode())} bytes")

if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent / "workloads"))
