"""The playground (GET /) driven in headless Chromium, for test_browser.py:

    results = playground.run(BASE, PROFILE_DIR, SCREENSHOT_DIR=None, timeout=240)

One Chromium, spoken to over the DevTools protocol on a pipe (--remote-debugging-pipe: NUL-
terminated JSON on file descriptors 3 and 4, so nothing but the standard library is needed).
It loads BASE/ and, control by control, sets a value and fires `input` as a person would. After
each step it reads what the page sent (the Network domain's requests) and what it shows, and
checks that:

  - the page sent two POSTs to its own origin's /v1/route-bars, with the same query string and
    the text box's body, one with `Accept: application/json` and one with `image/svg+xml`, and
    asked nothing of any other origin;
  - the query string holds the step's values, and is the one the page shows;
  - the JSON shown is the service's answer to that body and query (posted again from here), the
    SVG source shown is the service's SVG byte for byte, and the drawn <svg>'s DOM equals it;
  - the answer changed where the step says it must (gap, theme, timeScale, ...).

Then every example of the picker (and that each one taken from examples/ equals its file), the
page theme (light, dark, and prefers-color-scheme), and with SCREENSHOT_DIR the two pictures
playground.png (light) and playground-dark.png. Returns (and prints) one (ok, name, detail) per
check; test_browser.py asserts that every one holds. Chromium is killed after `timeout` seconds.
"""
import base64, json, os, signal, subprocess, threading, urllib.error, urllib.parse, urllib.request

BASE = PROFILE = SHOTS = None  # set by run()
RESULTS = []
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


class Chromium:
    """A headless Chromium with one page, and the protocol's calls and events."""

    def __init__(self):
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()

        def pipes():  # in the child: Chromium reads commands on fd 3, writes answers on fd 4
            a, b = os.dup(to_r), os.dup(from_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        # Its own throwaway profile; the XDG variables keep its crash-report and cache directories
        # out of $HOME too. Its own session, so that its helper processes can be killed with it.
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(PROFILE, "config"),
                   XDG_CACHE_HOME=os.path.join(PROFILE, "cache"))
        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
             "--remote-debugging-pipe", "--user-data-dir=" + os.path.join(PROFILE, "data"), "about:blank"],
            pass_fds=(3, 4), preexec_fn=pipes, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
            start_new_session=True)
        os.close(to_r)
        os.close(from_w)
        self.out, self.inp = os.fdopen(to_w, "wb"), os.fdopen(from_r, "rb")
        self.buffer, self.next_id, self.events, self.session = b"", 0, [], None
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Network.enable")
        self.call("Page.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=1280, height=900, deviceScaleFactor=1, mobile=False)

    def call(self, method, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        self.out.write(json.dumps(message).encode() + b"\0")
        self.out.flush()
        while True:
            answer = self.read()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]

    def read(self):
        """The next message; events are kept in self.events."""
        while b"\0" not in self.buffer:
            chunk = self.inp.read1(1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(raw)
        if "method" in message:
            self.events.append(message)
        return message

    def load(self, url, scheme):
        """Navigates with prefers-color-scheme `scheme`, and waits for the page's first answer."""
        self.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": scheme}])
        self.events = []
        self.call("Page.navigate", url=url)
        while not any(e["method"] == "Page.loadEventFired" for e in self.events):
            self.read()
        self.js(IDLE)

    def js(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:60]}...: {result['exceptionDetails']}")
        return result["result"].get("value")

    def requests(self):
        """The requests the page made since the last call, and forgets them."""
        sent = [e["params"]["request"] for e in self.events if e["method"] == "Network.requestWillBeSent"]
        self.events = []
        return sent

    def close(self):
        try:
            self.session = None
            self.call("Browser.close")
        except RuntimeError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except OSError:
            pass
        self.process.wait()


# Waits (in page time, at most 10 s) until the page has drawn its latest answer.
IDLE = """new Promise((resolve) => { const end = Date.now() + 10000;
  (function poll() { if (document.body && document.body.dataset.state === "idle" || Date.now() > end) resolve(document.body && document.body.dataset.state);
                     else setTimeout(poll, 20); })(); })"""

# What the page shows, and whether the drawn <svg> is the SVG source it shows, node for node.
SNAPSHOT = """(() => {
  const $ = (id) => document.getElementById(id);
  const source = $("svg").textContent, drawn = $("drawing").firstElementChild;
  const parsed = source ? new DOMParser().parseFromString(source, "image/svg+xml").documentElement : null;
  return { request: $("request").textContent, answer: $("answer").textContent, svg: source, error: $("error").textContent,
           body: $("body").value, drawnIsSource: !!parsed && !!drawn && drawn.isEqualNode(parsed),
           rects: drawn ? drawn.querySelectorAll("rect.segment").length : 0,
           theme: document.documentElement.dataset.theme, themeControl: $("options").elements.theme.value,
           fields: $("options").elements.fields.value.trim(),
           background: getComputedStyle(document.body).backgroundColor };
})()"""


def post(query, body, accept, fields=""):
    headers = {"Content-Type": "application/json", "Accept": accept, **({"X-Fields": fields} if fields else {})}
    request = urllib.request.Request(f"{BASE}/v1/route-bars?{query}", data=body.encode("utf-8"), method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


NAMES = {"answer": "JSON", "svg": "SVG"}


def report(ok, name, detail):
    RESULTS.append((bool(ok), name, detail))
    print(f"{'ok  ' if ok else 'FAIL'} playground {name}: {detail}", flush=True)


def check(page, name, snap, want=None):
    """The checks every step shares; returns the problems found (empty when all hold)."""
    problems = []
    sent = page.requests()
    foreign = [r["url"] for r in sent if not r["url"].startswith(BASE + "/")]
    if foreign:
        problems.append(f"requests to other origins: {foreign}")
    posts = [r for r in sent if r["method"] == "POST"]
    accepts = sorted(r["headers"].get("Accept", "") for r in posts)
    if accepts != ["application/json", "image/svg+xml"]:
        problems.append(f"sent {len(posts)} POSTs accepting {accepts}, not one JSON and one SVG")
    queries = {urllib.parse.urlsplit(r["url"]).query for r in posts}
    paths = {urllib.parse.urlsplit(r["url"]).path for r in posts}
    if len(queries) != 1 or paths != {"/v1/route-bars"}:
        return "", problems + [f"POSTs to {paths} with queries {queries}"]
    query = queries.pop() if len(queries) == 1 else ""
    if any(r.get("postData") != snap["body"] for r in posts):
        problems.append("a POST's body is not the text box's")
    if snap["request"] != "POST /v1/route-bars?" + query:
        problems.append(f"shows \"{snap['request']}\", sent ?{query}")
    sent_params = urllib.parse.parse_qs(query, keep_blank_values=True)
    for key, value in (want or {}).items():
        if sent_params.get(key) != [value]:
            problems.append(f"sent {key}={sent_params.get(key)}, not {value}")
    # Without `locale`, the browser's Accept-Language chose the language: the service is asked
    # again in the one the page's answer says it used.
    replay = query
    try:
        shown_locale = json.loads(snap["answer"]).get("locale") if snap["answer"] else None
    except ValueError:
        shown_locale = None
    if shown_locale and "locale" not in sent_params:
        replay = (query + "&" if query else "") + "locale=" + urllib.parse.quote(shown_locale)
    # A field mask goes to the JSON request alone, as X-Fields (the SVG is drawn whole).
    json_posts = [r for r in posts if r["headers"].get("Accept") == "application/json"]
    svg_posts = [r for r in posts if r["headers"].get("Accept") == "image/svg+xml"]
    if any(r["headers"].get("X-Fields", "") != snap["fields"] for r in json_posts) or any("X-Fields" in r["headers"] for r in svg_posts):
        problems.append(f"X-Fields {[r['headers'].get('X-Fields') for r in posts]}, not {snap['fields']!r} on the JSON request alone")
    status, answer = post(replay, snap["body"], "application/json", snap["fields"])
    svg_status, svg = post(replay, snap["body"], "image/svg+xml")
    if status == 200:
        if not snap["answer"] or json.loads(snap["answer"]) != json.loads(answer):
            problems.append("the JSON shown is not the service's answer")
        if snap["svg"].encode("utf-8") != svg or svg_status != 200:
            problems.append(f"the SVG shown ({len(snap['svg'].encode())} bytes) is not the service's ({len(svg)} bytes)")
        if not snap["drawnIsSource"]:
            problems.append("the drawn <svg> is not the SVG source's DOM")
    else:
        title = json.loads(answer).get("title", "")
        if not snap["error"].startswith(f"{status} {title}") or snap["answer"] or snap["rects"]:
            problems.append(f"the service says {status} {title}; the page shows \"{snap['error']}\"")
    return query, problems


def step(page, name, values, before=None, changes=(), against=None, sends=None):
    """Sets controls (name: value), fires input, checks that the request carries `sends` (by
    default the values set) and that `changes` ("answer", "svg") differ from `against` or
    `before`; returns the snapshot."""
    for control, value in values.items():
        found = page.js(f"""(() => {{ const c = document.getElementById("options").elements[{json.dumps(control)}];
            if (!c) return "missing";
            if (c.type === "checkbox") c.checked = {json.dumps(value)} === "true"; else c.value = {json.dumps(value)};
            if ((c.type === "checkbox" ? String(c.checked) : c.value) !== {json.dumps(value)}) return "refused";
            c.dispatchEvent(new Event("input", {{ bubbles: true }})); return "set"; }})()""")
        if found != "set":
            report(False, name, f"control {control} {found} the value {value}")
            return None
    page.js(IDLE)
    snap = page.js(SNAPSHOT)
    query, problems = check(page, name, snap, values if sends is None else sends)
    base = against or before
    for part in changes:
        if base and snap[part] == base[part]:
            problems.append(f"the {NAMES[part]} did not change")
    same = [NAMES[p] for p in ("answer", "svg") if base and snap[p] == base[p]]
    report(not problems, name, "; ".join(problems) if problems else
           f"sent ?{query}; " + (f"shows the service's problem \"{snap['error'][:60]}...\"" if snap["error"] else
           "JSON, SVG bytes and drawn DOM are the service's" + (f"; same {' and '.join(same)}" if same and values else "")))
    return snap


def run(base, profile, shots=None, timeout=240.0):
    """Every check, in order; Chromium is killed after `timeout` seconds (its pipe then closes, and
    the check under way fails)."""
    global BASE, PROFILE, SHOTS
    BASE, PROFILE, SHOTS = base, profile, shots
    RESULTS.clear()
    page = Chromium()
    watchdog = threading.Timer(timeout, page.kill)
    watchdog.start()
    try:
        checks(page)
    except RuntimeError as error:
        report(False, "driver", f"stopped: {error}")
    finally:
        watchdog.cancel()
        page.close()
    return list(RESULTS)


def checks(page):
    # Every query parameter of POST /v1/route-bars in openapi.yaml has a control.
    spec = open(os.path.join(ROOT, "openapi.yaml"), encoding="utf-8").read()
    operation = spec.split("\n  /v1/route-bars:\n", 1)[1].split("\n  /v1/", 1)[0]
    params = [line.split("/parameters/")[1].strip("'\" ") for line in operation.split("\n") if "#/components/parameters/" in line]
    page.load(BASE + "/", "light")
    controls = page.js("""[...document.getElementById("options").elements].map((c) => c.name)""")
    missing, extra = [p for p in params if p not in controls], [c for c in controls if c not in params]
    report(not missing and not extra and params, "controls",
           f"missing {missing}, not in openapi.yaml {extra}" if missing or extra or not params
           else f"one for each of the {len(params)} query parameters of POST /v1/route-bars")

    # The first answer (the default example, light), then each control on its own.
    base = step(page, "default", {})
    if not base:
        return
    light = base["background"]
    steps = [
        ("width", {"width": "300"}, ("answer", "svg")),
        ("scale", {"scale": "2"}, ("answer",)),
        ("algorithm", {"algorithm": "classic"}, ("answer",)),
        ("locale", {"locale": "ja"}, ("answer", "svg")),
        ("theme", {"theme": "dark"}, ("answer", "svg")),
        ("timeScale", {"timeScale": "shared"}, ("answer", "svg")),
        ("gap", {"gap": "2"}, ("answer", "svg")),
        ("height", {"height": "20"}, ("answer", "svg")),
        ("labelMinimums", {"labelMinimums": "true"}, ("answer", "svg")),
        ("labelFontSize", {"labelFontSize": "16"}, ("svg",)),
        ("cornerRadius", {"cornerRadius": "4"}, ("svg",)),
        ("walkStyle", {"walkStyle": "line"}, ("svg",)),
        ("icons", {"icons": "false"}, ("svg",)),
        ("labelFont", {"labelFont": "roboto"}, ("svg",)),
        ("display", {"display": "true"}, ("answer",)),
        ("textColors", {"textColors": "planner"}, ()),
        ("minSegmentRatio", {"minSegmentRatio": "0.3"}, ("answer", "svg")),
        ("colors", {"colors": "false"}, ("answer", "svg")),
        ("minWalkingLength", {"minWalkingLength": "60"}, ("answer", "svg")),
        ("minTransitLength", {"minTransitLength": "90"}, ("answer", "svg")),
        ("source", {"source": "odsay"}, ()),
        ("waits", {"waits": "omit"}, ()),
        ("timeZone", {"timeZone": "Europe/Paris"}, ()),
        ("shortLegSeconds", {"shortLegSeconds": "0"}, ()),
        ("plannerStatus", {"plannerStatus": "429"}, ()),
    ]
    defaults = page.js("""Object.fromEntries([...document.getElementById("options").elements].map((c) =>
        [c.name, c.type === "checkbox" ? String(c.checked) : c.value]))""")
    snaps = {}
    for name, values, changes in steps:
        snaps[name] = step(page, name, values, base, changes)
        if name == "theme" and snaps[name]:
            dark = snaps[name]["background"]
            report(snaps[name]["theme"] == "dark" and dark != light, "theme page",
                   f"theme=dark turns the page {dark} (light: {light})")
        page.js(f"""(() => {{ const values = {json.dumps({k: defaults[k] for k in values})};
            for (const [name, value] of Object.entries(values)) {{ const c = document.getElementById("options").elements[name];
              if (c.type === "checkbox") c.checked = value === "true"; else c.value = value; }}
            document.getElementById("options").dispatchEvent(new Event("input")); }})()""")
        page.js(IDLE)
        page.requests()
    # The field mask: X-Fields on the JSON request alone (check() holds it to that); the JSON
    # shrinks, the SVG is drawn whole. `locale` is asked for too: check() replays the request in
    # the language the answer names (the browser's Accept-Language chose it).
    masked = step(page, "fields", {"fields": "locale,routes.transitCount,routes.segments.width"}, base, ("answer",), sends={})
    if masked:
        report(masked["svg"] == base["svg"] and json.loads(masked["answer"]).keys() == {"locale", "routes"}, "fields page",
               "the JSON holds locale and routes alone, the SVG is the whole picture")
    page.js("""(() => { const c = document.getElementById("options").elements.fields; c.value = "";
        c.dispatchEvent(new Event("input", { bubbles: true })); })()""")
    page.js(IDLE)
    page.requests()
    # Options that act together: labelPadding with labelMinimums; gap and timeScale in dark.
    step(page, "labelMinimums", {"labelMinimums": "true"}, base, ("answer", "svg"))
    step(page, "labelPadding", {"labelPadding": "12"}, base, ("answer", "svg"), against=snaps.get("labelMinimums"))
    step(page, "gap+timeScale+theme", {"gap": "3", "timeScale": "shared", "theme": "dark"}, base, ("answer", "svg"))
    step(page, "out of range", {"width": "100001"}, base)
    page.load(BASE + "/", "light")
    page.requests()

    # Every example of the picker; those from examples/ equal their files.
    examples = page.js("""[...document.querySelectorAll("script[data-example]")].map((s) =>
        ({ name: s.dataset.example, file: s.dataset.file || null, body: JSON.parse(s.textContent) }))""")
    for index, example in enumerate(examples):
        if example["file"]:
            with open(os.path.join(ROOT, example["file"]), encoding="utf-8") as f:
                same = json.load(f) == example["body"]
            report(same, f"example {index}", f"{example['file']} {'is' if same else 'is NOT'} the page's \"{example['name']}\"")
        page.js(f"""(() => {{ const e = document.getElementById("example"); e.value = "{index}";
            e.dispatchEvent(new Event("input")); }})()""")
        page.js(IDLE)
        snap = page.js(SNAPSHOT)
        _, problems = check(page, example["name"], snap)
        if snap["body"] == "" or json.loads(snap["body"]) != example["body"]:
            problems.append("the text box does not hold the example")
        if not snap["rects"]:
            problems.append("nothing drawn")
        report(not problems, f"example {index}", "; ".join(problems) if problems else
               f"\"{example['name']}\": {snap['rects']} segments drawn, the service's JSON and SVG")
        if index == 2:  # Helsinki: waits between legs, which waits=omit leaves out
            step(page, "waits (Helsinki)", {"waits": "omit"}, snap, ("answer", "svg"))
            step(page, "waits (Helsinki)", {"waits": "show"}, snap, sends={})

    # prefers-color-scheme: a dark browser gets a dark page asking for theme=dark.
    page.load(BASE + "/", "dark")
    snap = page.js(SNAPSHOT)
    _, problems = check(page, "prefers dark", snap, {"theme": "dark"})
    if snap["theme"] != "dark" or snap["themeControl"] != "dark" or snap["background"] == light:
        problems.append(f"theme {snap['theme']}, control {snap['themeControl']}, background {snap['background']}")
    report(not problems, "prefers-color-scheme dark", "; ".join(problems) or
           f"the page starts dark ({snap['background']}) and sends theme=dark")

    if SHOTS:
        for scheme, file in (("light", "playground.png"), ("dark", "playground-dark.png")):
            page.load(BASE + "/?timeScale=shared&gap=2&labelMinimums=true", scheme)
            png = base64.b64decode(page.call("Page.captureScreenshot", format="png")["data"])
            with open(os.path.join(SHOTS, file), "wb") as f:
                f.write(png)
            report(len(png) > 1000, "screenshot", f"docs/{file} ({len(png)} bytes)")
