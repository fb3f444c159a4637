"""The library products as another app meets them: a clone of this repository is the dependency of
a throwaway package that asks for it by version (`.package(url: "file://...", from: VERSION)`,
VERSION being openapi.yaml's info.version; SwiftPM refuses that when a product's targets carry
unsafe flags). SwiftPM resolves the repository's own release tag, the commit a user pinning VERSION
gets; this test makes no tag of its own. When the checkout has no such tag (a clone that did not
bring tags: docs/contributing.md, "Releases"), it says so and depends on the clone's HEAD by revision instead.

The consumer uses all four products: it lays out the seed route with RouteBar, encodes it with
RouteBarJSON and draws it with RouteBarDrawing, and asks the running server for the same layout
through RouteBarClient. The encoded bytes must equal the server's JSON answer, the drawing its SVG
answer, and the client's routes the library's. It sits at the products' platform floor (macOS 13,
iOS 16) and gives `Route` a `Codable` of its own, which must compile beside RouteBarClient and be
the one `JSONEncoder` uses.

Every ```swift block of README.md and docs/*.md is built against the same clone, as an app would
copy it: a manifest (one that imports PackageDescription) as a package of its own, with its
`.package(path: "../routebar")` pointed at the clone; any other block as the main.swift of an
executable target of the consumer package, with all four products."""
import re
import subprocess
import urllib.request

from conftest import REPO

import pytest

PACKAGE = """// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(url: "file://%(clone)s", %(requirement)s)],
    targets: [
%(targets)s
    ]
)
"""
TARGET = """        .executableTarget(name: "%s", dependencies: [
            .product(name: "RouteBar", package: "routebar"),
            .product(name: "RouteBarJSON", package: "routebar"),
            .product(name: "RouteBarDrawing", package: "routebar"),
            .product(name: "RouteBarClient", package: "routebar"),
        ]),"""
# The app's own Codable for a RouteBar type: it must compile beside RouteBarClient, and be the one used.
APP_CODABLE = """import RouteBar

extension Route: Codable {
    enum AppKeys: String, CodingKey { case name, minutes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AppKeys.self)
        self.init(id: try container.decode(String.self, forKey: .name), totalTime: try container.decode(Double.self, forKey: .minutes), subPaths: [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AppKeys.self)
        try container.encode(id, forKey: .name)
        try container.encode(totalTime, forKey: .minutes)
    }
}
"""
MAIN = """// The seed route from the original app, laid out, encoded and drawn by the libraries alone (no
// import Glibc, no server), then asked of the server through the client.
import Foundation
import RouteBar
import RouteBarClient
import RouteBarDrawing
import RouteBarJSON

let seed = Route(id: "seed", totalTime: 47, subPaths: [
    SubPath(trafficType: 3, sectionTime: 6), SubPath(trafficType: 2, sectionTime: 14), SubPath(trafficType: 3, sectionTime: 3),
    SubPath(trafficType: 1, sectionTime: 21), SubPath(trafficType: 3, sectionTime: 3),
])
let options = LayoutOptions(width: 343, scale: 3)
let routes = try RouteBarLayout(options).layOut([seed])
let output = URL(fileURLWithPath: CommandLine.arguments[1])
try Data(RouteBarResponse.encode(routes, options: options).bytes).write(to: output.appendingPathComponent("library.json"))
try Data(RouteBarSVG.render(routes, options: options)).write(to: output.appendingPathComponent("library.svg"))

var client = RouteBarClient(baseURL: URL(string: CommandLine.arguments[2])!)
// The options leave the locale at the library's default: the client then asks in the rider's
// languages, which this app says are Korean, as its library layout speaks.
client.languages = ["ko"]
let answer = try await client.layOut(LayoutRequest(options: options, routes: [seed]))
// The client's answer goes straight into code written for the library.
let drawn = RouteBarSVG.render(answer.routes, options: answer.options)
print(answer.routes == routes && drawn == RouteBarSVG.render(routes, options: options)
    ? "the client's routes equal the library's" : "DIFFERENT: the client's routes are not the library's")
// The app's own Codable, not a wire shape of the client's.
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
print(String(decoding: try encoder.encode(seed), as: UTF8.self))
"""
SEED = (b'{"width": 343, "scale": 3, "routes": [{"id": "seed", "totalTime": 47, "subPaths": [{"trafficType": 3, '
        b'"sectionTime": 6}, {"trafficType": 2, "sectionTime": 14}, {"trafficType": 3, "sectionTime": 3}, '
        b'{"trafficType": 1, "sectionTime": 21}, {"trafficType": 3, "sectionTime": 3}]}]}')


def git(*args, cwd):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture(scope="module")
def consumer(repo, module_tmp):
    """Builds the consumer package against a clone of what is committed (what a consumer gets)."""
    spec = (repo / "openapi.yaml").read_text()
    found = re.search(r"^info:\n(?:(?: .*)?\n)*?  version: *([0-9][0-9.]*[0-9A-Za-z.+-]*) *$", spec, re.M)
    assert found, "no info.version in openapi.yaml"
    version = found.group(1)
    clone = module_tmp / "routebar"
    subprocess.run(["git", "clone", "-q", str(repo), str(clone)], check=True)
    if subprocess.run(["git", "rev-parse", "-q", "--verify", f"refs/tags/{version}"], cwd=clone,
                      stdout=subprocess.DEVNULL).returncode == 0:
        requirement = f'from: "{version}"'
        print(f"consumer: the repository's tag {version} is {git('rev-parse', '--short', version + '^{commit}', cwd=clone)}")
    else:
        requirement = f'revision: "{git("rev-parse", "HEAD", cwd=clone)}"'
        print(f"consumer: NOTE this checkout has no tag {version} (its clone brought no tags); depending on HEAD by revision")
    package = module_tmp / "consumer"
    names = ["consumer"]
    (package / "Sources" / "consumer").mkdir(parents=True)
    (package / "Sources" / "consumer" / "main.swift").write_text(MAIN)
    (package / "Sources" / "consumer" / "AppCodable.swift").write_text(APP_CODABLE)
    for index, (document, line, body) in enumerate(SNIPPETS, 1):
        name = f"snippet{index}"
        names.append(name)
        (package / "Sources" / name).mkdir(parents=True)
        (package / "Sources" / name / "main.swift").write_text(f"// {document}:{line}\n{body}\n")
    (package / "Package.swift").write_text(PACKAGE % {
        "clone": clone, "requirement": requirement, "targets": "\n".join(TARGET % name for name in names)})
    print(f"consumer: building a package that depends on routebar {requirement} (file:// clone), with "
          f"{len(SNIPPETS)} snippets: " + ", ".join(f"{d}:{l}" for d, l, _ in SNIPPETS))
    build = subprocess.run(["swift", "build"], cwd=package, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert build.returncode == 0, "the consumer does not build:\n" + "\n".join(build.stdout.splitlines()[-30:])
    return package, clone


def swift_snippets():
    """(document, line, body) of every ```swift block of README.md and docs/*.md."""
    found = []
    for document in ["README.md"] + sorted(f"docs/{p.name}" for p in (REPO / "docs").glob("*.md")):
        lines = (REPO / document).read_text(encoding="utf-8").split("\n")
        i = 0
        while i < len(lines):
            if lines[i].strip() == "```swift":
                start = i + 1
                i = start
                while lines[i].strip() != "```":
                    i += 1
                found.append((document, start + 1, "\n".join(lines[start:i])))
            i += 1
    return found


ALL_SNIPPETS = swift_snippets()
MANIFESTS = [s for s in ALL_SNIPPETS if "import PackageDescription" in s[2]]
SNIPPETS = [s for s in ALL_SNIPPETS if "import PackageDescription" not in s[2]]


def test_every_manifest_snippet_resolves(consumer, module_tmp):
    """Each manifest shown loads with routebar as its dependency: its products exist, its floor
    is one the products allow."""
    _, clone = consumer
    assert MANIFESTS, "README.md and docs/ show no Package.swift"
    for number, (document, line, body) in enumerate(MANIFESTS, 1):
        assert ".package(path: \"../routebar\")" in body, f"{document}:{line}: no .package(path: \"../routebar\")"
        body = body.replace('.package(path: "../routebar")', f'.package(path: "{clone}")')
        # `// Package.swift` above the tools version is a caption: the manifest starts at the tools version.
        body = body[body.index("// swift-tools-version"):]
        package = module_tmp / f"manifest{number}"
        for target in re.findall(r'\.(?:executableTarget|target)\(name: "([^"]+)"', body):
            (package / "Sources" / target).mkdir(parents=True)
            (package / "Sources" / target / "main.swift").write_text("import RouteBar\nprint(LayoutOptions(width: 1).width)\n")
        (package / "Package.swift").write_text(body)
        described = subprocess.run(["swift", "package", "describe"], cwd=package, capture_output=True, text=True, timeout=600)
        assert described.returncode == 0, f"{document}:{line}: the manifest does not load:\n{described.stdout[-1500:]}{described.stderr[-1500:]}"
        print(f"ok    {document}:{line}: the manifest loads with routebar")


def test_snippets_were_built(consumer):
    assert SNIPPETS, "README.md and docs/ show no Swift code"
    print(f"ok    {len(SNIPPETS)} Swift snippets built: " + ", ".join(f"{d}:{l}" for d, l, _ in SNIPPETS))


def server_answer(service, accept=None):
    headers = {"Content-Type": "application/json", **({"Accept": accept} if accept else {})}
    request = urllib.request.Request(service.base + "/v1/route-bars", data=SEED, headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read()


@pytest.fixture(scope="module")
def client_run(consumer, module_tmp, service):
    run = subprocess.run(["swift", "run", "--skip-build", "consumer", str(module_tmp), service.base], cwd=consumer[0],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"the consumer failed: {run.stdout}{run.stderr}"
    return run.stdout


def test_route_bar_json_equals_server(client_run, module_tmp, service):
    library = (module_tmp / "library.json").read_bytes()
    assert library == server_answer(service), "RouteBarJSON's answer differs from the server's"
    print(f"ok    RouteBarJSON: {len(library)} bytes, identical to the server's answer")


def test_route_bar_drawing_equals_server(client_run, module_tmp, service):
    library = (module_tmp / "library.svg").read_bytes()
    assert library == server_answer(service, "image/svg+xml"), "RouteBarDrawing's SVG differs from the server's"
    print(f"ok    RouteBarDrawing: {len(library)} bytes, identical to the server's SVG")


def test_the_apps_own_codable_is_the_one_used(client_run):
    assert '{"minutes":47,"name":"seed"}' in client_run.splitlines(), f"JSONEncoder did not use the app's Codable: {client_run}"
    print("ok    extension Route: Codable in the app compiles beside RouteBarClient, and JSONEncoder uses it")


def test_route_bar_client_equals_library(client_run):
    assert "the client's routes equal the library's" in client_run.splitlines(), f"RouteBarClient: {client_run}"
    print("ok    RouteBarClient: the server's routes equal RouteBarLayout's own, and draw the same SVG")
