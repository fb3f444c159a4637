"""Schemathesis hooks for Tests/Integration/test_contract.py (loaded through SCHEMATHESIS_HOOKS).

positive_data_acceptance expects every request that matches openapi.yaml to be accepted.
Three of POST /v1/route-bars's documented 422 problems depend on more than one value at a
time, some of which may come from the query string, and OpenAPI cannot express that: a
parameter is required or not on its own, and a body schema can neither see the query string
nor do arithmetic across members:

* missing-field for `width`: `width` is required in the body or in the query string, either
  one, so neither place can mark it required;
* bar-too-narrow: `fit` refuses a bar whose floor(width x scale) device pixels are fewer than
  a route's visible legs plus the gaps between them, round(gap x scale) each (width, scale and
  gap from the body or the query);
* classic-undefined: `classic` (from the body or the query) divides by the route's total
  minutes, so a total of 0 is refused, and so is a leg whose width comes out negative or
  non-finite from least + (width - 0.5 - least x visible legs) / total x sectionTime; and
  `classic` takes no gap, no shared or clock time scale and no label minimums, wherever they
  come from.

missing-field pointing at a route with `timeScale` `clock`: the clock axis needs every route's
departure and arrival, which the schema leaves optional (recomputed here: ODsay's paths never
have them; ours must give both, the arrival after the departure).

unknown-value with parameter `timeZone` (or a route's `timeZone`) depends on the server's tz
database, which a pattern cannot list: it is dropped only when /usr/share/zoneinfo (or $TZDIR)
holds no TZif file of that name. inconsistent-leg pointing at our shape's `arrival` compares two
members (the arrival before the departure), which a schema cannot: recomputed here.

Two more a schema cannot state: too-long (a string the answer echoes over its limit in UTF-8
bytes; JSON Schema's maxLength counts characters) and no-visible-segment (every leg of a route
of 0 minutes, wherever its minutes come from); both are recomputed from the body. And two
depend on the body's shape, which a schema cannot relate to the query string:

* unknown-shape with parameter `source`: `?source=` names a shape the body does not have
  (recomputed here from the body's structure);
* a journey planner's answer (TMAP, OpenTripPlanner, Google, Navitia, MOTIS, hafas-client, TfL,
  HERE, transport.opendata.ch, HAFAS REST, OpenTripPlanner Transmodel, EFA, bahn.de) is
  laid out from legs routebar rebuilds first (minutes from times, waits between legs), so its
  layout problems (no-visible-segment, bar-too-narrow, classic-undefined, out-of-range minutes),
  a leg with neither times nor a duration (missing-field), or an answer without itineraries
  (planner-error) cannot be recomputed from the schema's view of the body; for those shapes
  these problems are dropped (the planners' own tests, PlannerDecodingTests, check their numbers).
  So are unknown-shape and ambiguous-shape for them: a planner's answer is recognised by its
  whole signature (docs/planners.md, `PlannerAdapter.signatures`: every leg's mode and minutes,
  under the planner's own envelope), of which each schema states a part, so a body a schema
  takes may be no planner's answer (`{"metaData": {}}`), or equally two planners'
  (PlannerRecognitionTests and PlannerAdapterTests check recognition itself). Two more
  refusals of a planner's answer are about its text, which a schema types as any string: a
  time that reads as no time (invalid-type, recomputed from the text the problem quotes), and
  a leg whose local times, in no named zone, are an hour off its own duration (inconsistent-leg
  asking for `?timeZone=`; PlannerEdgeTests checks it).

Field masks (`fields`, `X-Fields`) are taken out of the schema before it is loaded: a masked
answer leaves out members the response schemas mark required, by design, so no masked answer
can pass response_schema_conformance. They are tested on their own (FieldMaskTests: every path
of the table on every recorded answer is the full answer projected; FieldMaskHTTPTests).

A positive_data_acceptance failure (ST202) is dropped only when its response is one of these
problems AND the request really breaks that rule, recomputed here from the request as
openapi.yaml describes it (body values win over query values). Every other ST202 (including one
of these problems for a request that does not break the rule, which would be a service bug) and
every failure of every other check still fails the run. Dropped failures are counted in
schemathesis's summary ("Filtered: N (dropped by `filter_failure`)").
"""

import datetime
import json
import math
import os

import schemathesis

PROBLEM = "urn:routebar:problem:"


def _round(x):
    """Swift's `rounded()`: halves away from zero (Python's round() goes to even)."""
    r = math.floor(abs(x))
    if abs(x) - r >= 0.5:
        r += 1
    return math.copysign(r, x)


def _options(case):
    body = case.body if isinstance(case.body, dict) else {}
    query = case.query or {}

    def option(name, default=None, number=True):
        value = body.get(name)
        if value is None:
            value = query.get(name)
        if value is None:
            return default
        return float(value) if number else value

    return body, {
        "width": option("width"),
        "scale": option("scale", 1.0),
        "algorithm": option("algorithm", "fit", number=False),
        "minSegmentRatio": option("minSegmentRatio", 0.05),
        "minWalkingLength": option("minWalkingLength"),
        "minTransitLength": option("minTransitLength"),
        "gap": option("gap", 0.0),
        "timeScale": option("timeScale", "route", number=False),
        "labelMinimums": option("labelMinimums", False, number=False) in (True, "true"),
    }


WALKING_MINIMUM_MODES = ("walk", "wait", "bicycle", "car")


def _leg(leg):
    """(3 for a leg that takes the walking minimum, else its trafficType or 1; minutes).

    A named leg's `mode` and `seconds` win over `trafficType` and `sectionTime`."""
    if "mode" in leg:
        kind = 3 if leg["mode"] in WALKING_MINIMUM_MODES else 1
    else:
        kind = leg["trafficType"]
    minutes = float(leg["seconds"]) / 60 if "seconds" in leg else float(leg["sectionTime"])
    return kind, minutes


def _routes(body):
    """(totalTime or None, [(trafficType, sectionTime)]) per route, in either body shape."""
    if "routes" in body:
        return [(r.get("totalTime"), [_leg(l) for l in r["subPaths"]]) for r in body["routes"]]
    return [((r.get("info") or {}).get("totalTime"), [_leg(l) for l in r["subPath"]]) for r in body["result"]["path"]]


def _at(body, pointer):
    """The value at a JSON pointer (RFC 6901) in the body."""
    value = body
    for token in pointer.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


def _device_pixels(width, scale):
    product = width * scale
    nearest = _round(product)
    return int(nearest) if abs(product - nearest) <= 1e-9 * max(1, product) else math.floor(product)


def _classic_breaks(o, total, legs):
    if total is None:
        total = sum(t for _, t in legs)
    if total == 0:
        return True
    length = o["width"] - 0.5
    least_walk = o["minWalkingLength"] if o["minWalkingLength"] is not None else _round(length * o["minSegmentRatio"])
    least_transit = o["minTransitLength"] if o["minTransitLength"] is not None else _round(length * o["minSegmentRatio"])
    walking = sum(1 for kind, t in legs if t > 0 and kind == 3)
    transit = sum(1 for kind, t in legs if t > 0 and kind != 3)
    minute = (length - (least_walk * walking + least_transit * transit)) / total
    x = 0.0
    for kind, t in legs:
        if t > 0:
            w = (least_walk if kind == 3 else least_transit) + minute * t
            if not math.isfinite(w) or w < 0 or not math.isfinite(x + w):
                return True
            x += w
    return False


def _shape(body):
    """The shape routebar reads the body as (`?source=`'s names), as the operation describes it."""
    routes = body.get("routes")
    if isinstance(routes, list) and any(isinstance(r, dict) and "legs" in r for r in routes):
        return "google"
    if isinstance(routes, list) and any(isinstance(r, dict) and "sections" in r for r in routes):
        return "here"
    if "notices" in body:
        return "here"
    if "$type" in body:
        return "tfl"
    if "connections" in body or "stations" in body:
        return "opendatach"
    if "Trip" in body or "errorCode" in body:
        return "hafas-rest"
    if "trip" in body or (isinstance(body.get("data"), dict)
                          and any(isinstance(v, dict) and "tripPatterns" in v for v in body["data"].values())):
        return "transmodel"
    if "routes" in body:
        return "routebar"
    if isinstance(body.get("result"), dict) and "path" in body["result"]:
        return "odsay"
    if "plan" in body or "data" in body:
        return "otp"
    if "metaData" in body:
        return "tmap"
    if "systemMessages" in body:
        return "efa"
    if "verbindungen" in body:
        return "dbweb"
    journeys = body.get("journeys")
    if isinstance(journeys, list) and journeys:
        if any(isinstance(j, dict) and "sections" in j for j in journeys):
            return "navitia"
        legs = [leg for j in journeys if isinstance(j, dict) and isinstance(j.get("legs"), list) for leg in j["legs"]]
        return "tfl" if legs and isinstance(legs[0], dict) and isinstance(legs[0].get("mode"), dict) else "hafas"
    if "itineraries" in body or "direct" in body:
        return "motis"
    if "legs" in body:
        return "hafas" if body.get("type") == "journey" else "otp"
    return None


PLANNER_LAYOUT_PROBLEMS = {PROBLEM + name for name in (
    "no-visible-segment", "bar-too-narrow", "classic-undefined", "out-of-range", "missing-field", "planner-error")}
PLANNER_SHAPE_PROBLEMS = {PROBLEM + "unknown-shape", PROBLEM + "ambiguous-shape"}


def _instant(text):
    """An RFC 3339 date-time as an aware datetime, or None."""
    if not isinstance(text, str):
        return None
    try:
        return datetime.datetime.fromisoformat(text.upper().replace("Z", "+00:00"))
    except ValueError:
        return None


def _known_zone(name):
    """Whether the server's tz database (as ZoneDatabase.system reads it) has `name`."""
    if not isinstance(name, str) or "." in name or name.startswith("/") or "//" in name:
        return False
    path = os.path.join(os.environ.get("TZDIR", "/usr/share/zoneinfo"), name)
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"TZif"
    except OSError:
        return False


def _rule_applies(case, problem):
    body, o = _options(case)
    kind = problem.get("type")
    if kind == PROBLEM + "too-long" and problem.get("pointer"):
        # A string the answer echoes, over its limit in UTF-8 bytes, which JSON Schema's
        # maxLength (in characters) cannot state.
        value = _at(body, problem["pointer"])
        return isinstance(value, str) and len(value.encode("utf-8", "surrogatepass")) > problem.get("limit", 0)
    if kind == PROBLEM + "no-visible-segment" and _shape(body) in ("routebar", "odsay"):
        return any(all(minutes <= 0 for _, minutes in legs) for _, legs in _routes(body))
    if kind == PROBLEM + "unknown-value" and problem.get("parameter") == "timeZone":
        return not _known_zone((case.query or {}).get("timeZone"))
    if kind == PROBLEM + "unknown-value" and str(problem.get("pointer", "")).endswith("/timeZone"):
        return not _known_zone(_at(body, problem["pointer"]))
    if kind == PROBLEM + "inconsistent-leg" and str(problem.get("pointer", "")).endswith("/arrival"):
        holder = _at(body, problem["pointer"].rsplit("/", 1)[0])
        if isinstance(holder, dict):
            departure, arrival = _instant(holder.get("departure")), _instant(holder.get("arrival"))
            return departure is not None and arrival is not None and arrival < departure
        return False
    if _shape(body) not in (None, "routebar", "odsay") and kind in PLANNER_SHAPE_PROBLEMS:
        return True
    if kind == PROBLEM + "unknown-shape" and problem.get("parameter") == "source":
        return _shape(body) != (case.query or {}).get("source")
    if _shape(body) not in (None, "routebar", "odsay") and kind in PLANNER_LAYOUT_PROBLEMS:
        return True
    if _shape(body) not in (None, "routebar", "odsay") and kind == PROBLEM + "invalid-type" \
            and "a time that is not one" in problem.get("detail", ""):
        # A planner's time text that reads as no time, which a schema types as any string:
        # recomputed from the text the problem quotes (cut with "…" where long).
        quoted = problem["detail"].split(': "', 1)[-1].rsplit('"', 1)[0]
        return _instant(quoted) is None
    if kind == PROBLEM + "inconsistent-leg" and "?timeZone=" in problem.get("detail", ""):
        # Local times an hour off the leg's own duration, without a zone to say which is right.
        return True
    if kind == PROBLEM + "missing-field" and problem.get("detail", "").startswith("width is required"):
        return o["width"] is None
    if kind == PROBLEM + "missing-field" and o["timeScale"] == "clock" and o["algorithm"] == "fit":
        # timeScale=clock needs every route's departure and arrival: ours may give them, ODsay's never.
        pointer = str(problem.get("pointer", ""))
        if _shape(body) == "odsay":
            return pointer.startswith("/result/path/")
        if _shape(body) == "routebar" and pointer.startswith("/routes/") and pointer.count("/") == 2:
            route = _at(body, pointer)
            departure, arrival = _instant(route.get("departure")), _instant(route.get("arrival"))
            return departure is None or arrival is None or arrival <= departure
    # With `widths`, each width is laid out in turn: the rule may break at any of them.
    widths = [float(w) for w in body["widths"]] if isinstance(body.get("widths"), list) and body["widths"] else [o["width"]]
    if kind == PROBLEM + "bar-too-narrow":
        gap = int(_round(o["gap"] * o["scale"]))

        def needed(legs):
            visible = sum(1 for _, t in legs if t > 0)
            return visible + gap * (visible - 1)
        return o["algorithm"] == "fit" and any(
            needed(legs) > _device_pixels(w, o["scale"]) for w in widths for _, legs in _routes(body))
    if kind == PROBLEM + "classic-undefined":
        if o["algorithm"] == "classic" and (o["gap"] != 0 or o["timeScale"] != "route" or o["labelMinimums"]):
            return True
        return o["algorithm"] == "classic" and any(
            _classic_breaks({**o, "width": w}, total, legs) for w in widths for total, legs in _routes(body))
    return False


@schemathesis.hook
def before_load_schema(context, raw_schema):
    for path in raw_schema.get("paths", {}).values():
        for operation in path.values():
            if isinstance(operation, dict) and "parameters" in operation:
                operation["parameters"] = [p for p in operation["parameters"]
                                           if p not in ({"$ref": "#/components/parameters/fields"},)
                                           and not (isinstance(p, dict) and p.get("name") == "X-Fields")]


@schemathesis.hook
def filter_failure(context, failure, case, response):
    if failure.code != "ST202" or response.status_code != 422:
        return True
    try:
        problem = json.loads(response.content)
        return not (isinstance(problem, dict) and _rule_applies(case, problem))
    except (ValueError, KeyError, TypeError, AttributeError):
        return True
