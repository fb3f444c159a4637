"""What a client's choice of names can make the server hold: locale tags and zone names.

One fresh release server per scenario (`make load`):

  - 20,000 distinct valid tags (every language ICU has data for, with regions, digits, hour
    cycles and private parts, drawn with a fixed seed), each in one request with clocks,
    durations and a list: the server's peak memory (VmHWM) grows by less than 16 MB, and each
    new tag costs less than 1 ms of CPU. The peak holds ICU's read-only data pages too (RssFile:
    every language's data touched, about 8 MiB of the 30 MB file, shared with every process and
    reclaimable); what ICU and the service allocate (RssAnon) stays within what the memory
    account counts for the locale cache (`LocaleText.keptBytes`, 8 MiB). Then every zone of
    the tz database, once each: the growth of both stays within what the memory account counts
    for the caches from the start (`memory_bytes_held{kind="cache"}` on /metrics).
  - 5,000 made-up zone names in refused requests: a request with a real zone afterwards costs
    no more than 1.5x what it costs on a twin server that never saw them. The two are measured in
    turn (7 rounds of 1,000 requests each, the median of the rounds' ratios), so a machine that gets
    busier half-way slows both alike; CPU is read from the scheduler in nanoseconds, not in the
    10 ms ticks of /proc/PID/stat.
"""

import http.client
import itertools
import os
import random
import re
import string
import urllib.parse

import pytest

pytestmark = pytest.mark.load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLANNER = os.path.join(ROOT, "examples", "planners", "google-directions-gmp-openapi-brooklyn-queens.json")
UNZONED = os.path.join(ROOT, "examples", "planners", "otp-rest-otpui-trimet-itinerary.json")
TAGS = 20_000
LOCALE_CACHE_MIB = 8  # LocaleText.keptBytes
MADE_UP_ZONES = 5_000

# Languages with CLDR data in ICU 72 (two-letter codes; three-letter ones are drawn too).
LANGUAGES = (
    "af am ar as az be bg bn bo br bs ca cs cy da de dz ee el en eo es et eu fa ff fi fo fr fy ga gd gl gu "
    "gv ha he hi hr hu hy ia id ig ii is it ja jv ka ki kk kl km kn ko ks ku kw ky lb lg ln lo lt lu lv mg "
    "mi mk ml mn mr ms mt my nb nd ne nl nn no om or os pa pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk "
    "sl sn so sq sr su sv sw ta te tg th ti tk to tr tt ug uk ur uz vi wo xh yi yo zh zu "
    "agq ast bas bem bez brx ceb chr ckb dav dje dsb dua dyo ebu ewo fil fur gsw guz haw hsb jgo jmc kab "
    "kam kde kea khq kkj kln kok ksb ksf ksh lag lkt lrc luo luy mas mer mfe mgh mgo mni mua mzn naq nds "
    "nmg nnh nus nyn pcm rof rwk sah saq sat sbp seh ses shi smn teo twq tzm vai vun wae xog yav yrl yue zgh"
).split()
REGIONS = ["".join(pair) for pair in itertools.product(string.ascii_uppercase, repeat=2)] + ["001", "419", "150"]


def distinct_tags(count):
    draw = random.Random(20261206)
    tags = set()
    while len(tags) < count:
        tag = f"{draw.choice(LANGUAGES)}-{draw.choice(REGIONS)}"
        roll = draw.random()
        if roll < 0.1:
            tag += f"-u-nu-{draw.choice(['latn', 'arab', 'deva', 'thai', 'beng', 'fullwide'])}"
        elif roll < 0.2:
            tag += f"-u-hc-{draw.choice(['h11', 'h12', 'h23', 'h24'])}"
        elif roll < 0.3:
            tag += f"-x-{draw.randrange(36**6):06x}"
        tags.add(tag)
    return sorted(tags)


def cpu_seconds(pid):
    """CPU time of every thread of `pid`, from the scheduler's nanosecond account."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except FileNotFoundError:
            pass
    return total / 1e9


def figures(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            name, _, value = line.partition(":")
            if name in ("VmHWM", "RssAnon", "RssFile"):
                fields[name] = int(value.split()[0]) / 1024
    fields["cpu"] = cpu_seconds(pid)
    return fields


class Client:
    def __init__(self, service):
        self.connection = http.client.HTTPConnection("127.0.0.1", service.port, timeout=30)

    def post(self, query, body):
        self.connection.request("POST", "/v1/route-bars?" + query, body, {"Content-Type": "application/json"})
        response = self.connection.getresponse()
        return response.status, response.read()


@pytest.fixture(scope="module")
def binary(release_binary):
    return release_binary


def database_zones():
    """The zone and link names of the tz database's compiled source, as the service reads it."""
    names = []
    with open(os.path.join(os.environ.get("TZDIR", "/usr/share/zoneinfo"), "tzdata.zi")) as f:
        for line in f:
            fields = line.split()
            if fields[:1] == ["Z"]:
                names.append(fields[1])
            elif fields[:1] == ["L"]:
                names.append(fields[2])
    return [name for name in names if name != "Factory"]


def cache_bytes(service):
    connection = http.client.HTTPConnection("127.0.0.1", service.port, timeout=30)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    return int(re.search(r'memory_bytes_held\{kind="cache"\} (\d+)', text).group(1))


def test_distinct_tags_bounded(start_service):
    service = start_service()
    client = Client(service)
    with open(PLANNER, "rb") as f:
        body = f.read()
    started = figures(service.pid)
    for tag in ("de", "ko", "en", "ar", "ja"):
        assert client.post(f"width=343&locale={tag}", body)[0] == 200
    before = figures(service.pid)
    statuses = {}
    for tag in distinct_tags(TAGS):
        status, answer = client.post(f"width=343&locale={tag}", body)
        statuses[status] = statuses.get(status, 0) + 1
        assert b'"departureClock"' in answer, tag
    after = figures(service.pid)
    anon = after["RssAnon"] - before["RssAnon"]
    peak_mb = (after["VmHWM"] - before["VmHWM"]) * (1 << 20) / 1e6
    cpu_ms = (after["cpu"] - before["cpu"]) * 1000 / TAGS
    print(
        f"\n{TAGS} tags {statuses}: RssAnon {before['RssAnon']:.1f} -> {after['RssAnon']:.1f} MiB (+{anon:.1f}), "
        f"RssFile {before['RssFile']:.1f} -> {after['RssFile']:.1f}, VmHWM {before['VmHWM']:.1f} -> {after['VmHWM']:.1f} MiB (+{peak_mb:.1f} MB); "
        f"CPU {cpu_ms:.3f} ms a tag"
    )
    assert statuses == {200: TAGS}
    assert peak_mb < 16, f"{TAGS} tags grew peak memory by {peak_mb:.1f} MB"
    assert anon < LOCALE_CACHE_MIB, f"{TAGS} tags grew anonymous memory by {anon:.1f} MiB"
    assert cpu_ms < 1.0, f"a new tag cost {cpu_ms:.3f} ms of CPU"

    with open(UNZONED, "rb") as f:
        unzoned = f.read()
    zones = database_zones()
    for zone in zones:
        status, answer = client.post(f"width=343&timeZone={urllib.parse.quote(zone, safe='')}", unzoned)
        assert status == 200, f"{zone}: {answer[:200]}"
    zoned = figures(service.pid)
    counted = cache_bytes(service) / (1 << 20)
    # From the server's start: ICU's first use counts too.
    grown = zoned["RssAnon"] - started["RssAnon"]
    print(
        f"then {len(zones)} zones: RssAnon +{zoned['RssAnon'] - after['RssAnon']:.2f} MiB; "
        f"tags and zones +{grown:.1f} MiB, counted for the caches from the start {counted:.1f} MiB"
    )
    assert 0 < grown < counted
    assert service.alive()


def cpu_per_request(service, client, body, count=300):
    start = cpu_seconds(service.pid)
    for _ in range(count):
        status, _ = client.post("width=343&locale=en&timeZone=America/Los_Angeles", body)
        assert status == 200
    return (cpu_seconds(service.pid) - start) / count


def test_made_up_zones_leave_real_ones_fast(start_service):
    with open(UNZONED, "rb") as f:
        body = f.read()
    flooded, twin = start_service(), start_service()
    flooded_client, twin_client = Client(flooded), Client(twin)
    cpu_per_request(flooded, flooded_client, body, 100)
    cpu_per_request(twin, twin_client, body, 100)
    for index in range(MADE_UP_ZONES):
        status, answer = flooded_client.post(f"width=343&timeZone=Made/Up_{index}", body)
        assert status == 422, answer[:200]
    rounds = []
    for _ in range(7):
        after = cpu_per_request(flooded, flooded_client, body, 1000)
        fresh = cpu_per_request(twin, twin_client, body, 1000)
        rounds.append((after / fresh, after, fresh))
    ratio, after, fresh = sorted(rounds)[len(rounds) // 2]
    print(
        f"\nreal zone after {MADE_UP_ZONES} made-up zones: {after * 1e6:.0f} us a request, "
        f"twin that saw none {fresh * 1e6:.0f} us; ratios {', '.join(f'{r[0]:.2f}' for r in rounds)}"
    )
    assert ratio <= 1.5, f"{after * 1e6:.0f} us against {fresh * 1e6:.0f} us"
    assert flooded.alive() and twin.alive()
