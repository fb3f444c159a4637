#!/usr/bin/python3
"""Writes Sources/RouteBarDrawing/ModeIcon+Paths.swift: every TransitMode's icon as SVG path data in a 24×24 box.

The icons come from maintained, openly licensed sets, never drawn by hand (NOTICE names them and their licences):
- Material Icons (Google, Apache-2.0), the glyphs of the font in Debian's fonts-material-design-icons-iconfont,
  found by name in the package's CSS, drawn filled;
- Lucide (ISC), the SVGs in PyPI's lucide wheel, drawn stroked (stroke 2, round caps and joins).

Usage: make icons, or /usr/bin/python3 scripts/mode-icons.py [--check] [--lucide-wheel PATH].
--check writes nothing: exit 0 when the Swift file is what this script would write, 1 when it is not.
Without --lucide-wheel the wheel is downloaded with pip into a temporary directory (and checked against its sha256).
Exit 2 when something it needs is missing.
"""

import argparse
import difflib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "Sources", "RouteBarDrawing", "ModeIcon+Paths.swift")
TRANSIT_MODE = os.path.join(ROOT, "Sources", "RouteBar", "TransitMode.swift")

FONT = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
CSS = "/usr/share/fonts-material-design-icons-iconfont/css/material-design-icons.css"
FONT_PACKAGE = "fonts-material-design-icons-iconfont"
FONT_PACKAGE_VERSION = "6.7.0"  # the version NOTICE names
LUCIDE_VERSION = "1.1.4"
LUCIDE_WHEEL = f"lucide-{LUCIDE_VERSION}-py3-none-any.whl"
LUCIDE_WHEEL_SHA256 = "c2aa88a2bd7d99fcb56a9cdd4959cdf0c5ecd75f05d7ebbeb41010341639f449"

# Each mode's icon, in TransitMode's order: (set, name). Modes sharing an icon share one switch case.
ICONS = {
    "subway": ("material", "subway"),
    "bus": ("material", "directions_bus"),
    "walk": ("material", "directions_walk"),
    "train": ("material", "train"),
    "expressBus": ("material", "directions_bus"),
    "intercityBus": ("material", "directions_bus"),
    "airplane": ("material", "flight"),
    "other": ("material", "more_horiz"),
    "tram": ("material", "tram"),
    "ferry": ("material", "directions_ferry"),
    "cableCar": ("lucide", "cable-car"),  # Material Icons has no cable car or gondola
    "bicycle": ("material", "directions_bike"),
    "car": ("material", "directions_car"),
    "wait": ("material", "hourglass_empty"),
}

SIZE = 24  # the icons' design grid, and the box the paths are drawn in


def missing(what, fix):
    print(f"mode-icons.py: {what} is missing; install it with: {fix} (or run `make icons`)", file=sys.stderr)
    sys.exit(2)


def number(value):
    """At most two decimals, no trailing zeros, no minus zero."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def transit_modes():
    """The cases of TransitMode, in order, read from its source."""
    with open(TRANSIT_MODE, encoding="utf-8") as f:
        source = f.read()
    body = source[source.index("public enum TransitMode"):]
    body = body[:body.index("@inlinable")]
    return re.findall(r"^\s*case (\w+)\s*$", body, re.M)


def material_codepoints():
    """Icon name → code point, from the package's CSS (`.material-icons.NAME:before { content: "\\eXXX"; }`)."""
    with open(CSS, encoding="utf-8") as f:
        css = f.read()
    pattern = r'\.material-icons\.([a-z0-9_]+):before\s*\{\s*content:\s*"\\([0-9a-fA-F]+)";\s*\}'
    return {name: int(code, 16) for name, code in re.findall(pattern, css)}


def material_paths(names):
    """Icon name → path data: the font's glyph, y flipped (TrueType's y goes up, SVG's down), scaled to 24×24."""
    try:
        from fontTools.ttLib import TTFont
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen
    except ImportError:
        missing("fontTools (Debian package python3-fonttools)", "sudo apt-get install python3-fonttools")
    if not os.path.exists(FONT) or not os.path.exists(CSS):
        missing(f"Material Icons' font or CSS (Debian package {FONT_PACKAGE})",
                f"sudo apt-get install {FONT_PACKAGE}")
    codepoints = material_codepoints()
    font = TTFont(FONT)
    em = font["head"].unitsPerEm
    ascent = font["hhea"].ascent
    cmap = font.getBestCmap()
    glyphs = font.getGlyphSet()
    scale = SIZE / em
    paths = {}
    for name in names:
        if name not in codepoints:
            sys.exit(f"mode-icons.py: Material Icons has no icon named {name} ({CSS})")
        glyph = cmap.get(codepoints[name])
        if glyph is None:
            sys.exit(f"mode-icons.py: {FONT} has no glyph for {name} (U+{codepoints[name]:04X})")
        advance = font["hmtx"][glyph][0]
        if advance != em:
            sys.exit(f"mode-icons.py: {name}'s glyph is {advance} units wide, not one em ({em}): not a square icon")
        pen = SVGPathPen(glyphs, ntos=number)
        glyphs[glyph].draw(TransformPen(pen, (scale, 0, 0, -scale, 0, ascent * scale)))
        paths[name] = pen.getCommands()
    return paths


NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def absolute_start(d):
    """A <path>'s data made safe to follow another subpath: a leading `m` is absolute in its own path (its
    further coordinate pairs relative line-tos), but would be relative to the previous subpath's end."""
    d = d.strip()
    if not d.startswith("m"):
        return d
    match = re.match(rf"m\s*({NUMBER})\s*,?\s*({NUMBER})\s*,?\s*", d)
    x, y = match.group(1), match.group(2)
    rest = d[match.end():]
    if rest and not rest[0].isalpha():
        rest = "l" + rest
    return f"M{x} {y}{rest}"


def element_path(element):
    """One SVG shape element as path data."""
    tag = element.tag.rsplit("}", 1)[-1]
    a = element.attrib
    get = lambda key, default=0.0: float(a.get(key, default))
    n = number
    if tag == "path":
        return absolute_start(a["d"])
    if tag == "rect":
        x, y, w, h = get("x"), get("y"), get("width"), get("height")
        rx = a.get("rx", a.get("ry"))
        ry = a.get("ry", a.get("rx"))
        rx = min(float(rx or 0), w / 2)
        ry = min(float(ry or 0), h / 2)
        if rx <= 0 or ry <= 0:
            return f"M{n(x)} {n(y)}h{n(w)}v{n(h)}h{n(-w)}z"
        arc = f"a{n(rx)} {n(ry)} 0 0 1"
        return (f"M{n(x + rx)} {n(y)}h{n(w - 2 * rx)}{arc} {n(rx)} {n(ry)}v{n(h - 2 * ry)}{arc} {n(-rx)} {n(ry)}"
                f"h{n(2 * rx - w)}{arc} {n(-rx)} {n(-ry)}v{n(2 * ry - h)}{arc} {n(rx)} {n(-ry)}z")
    if tag in ("circle", "ellipse"):
        cx, cy = get("cx"), get("cy")
        rx = get("r") if tag == "circle" else get("rx")
        ry = get("r") if tag == "circle" else get("ry")
        arc = f"a{n(rx)} {n(ry)} 0 1 0"
        return f"M{n(cx - rx)} {n(cy)}{arc} {n(2 * rx)} 0{arc} {n(-2 * rx)} 0z"
    if tag == "line":
        return f"M{n(get('x1'))} {n(get('y1'))}L{n(get('x2'))} {n(get('y2'))}"
    if tag in ("polyline", "polygon"):
        points = [n(float(value)) for value in re.findall(NUMBER, a["points"])]
        pairs = [f"{points[i]} {points[i + 1]}" for i in range(0, len(points) - 1, 2)]
        return "M" + pairs[0] + "".join("L" + pair for pair in pairs[1:]) + ("z" if tag == "polygon" else "")
    sys.exit(f"mode-icons.py: cannot turn a Lucide <{tag}> into path data")


def lucide_wheel(path, workdir):
    """The Lucide wheel: the one given, or pip's download of lucide==LUCIDE_VERSION; checked against its sha256."""
    if path is None:
        if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode != 0:
            missing("pip (Debian package python3-pip), to download the Lucide wheel",
                    "sudo apt-get install python3-pip")
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
                   "--only-binary=:all:", "--dest", workdir, f"lucide=={LUCIDE_VERSION}"]
        if subprocess.run(command).returncode != 0:
            sys.exit(f"mode-icons.py: `{' '.join(command)}` failed; or pass a downloaded wheel: --lucide-wheel PATH")
        path = os.path.join(workdir, LUCIDE_WHEEL)
    if not os.path.exists(path):
        print(f"mode-icons.py: the Lucide wheel {path} is missing; download it with: "
              f"{sys.executable} -m pip download --no-deps lucide=={LUCIDE_VERSION} (or leave out --lucide-wheel)",
              file=sys.stderr)
        sys.exit(2)
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    if digest != LUCIDE_WHEEL_SHA256:
        sys.exit(f"mode-icons.py: {path} has sha256 {digest}, not lucide {LUCIDE_VERSION}'s {LUCIDE_WHEEL_SHA256}")
    return path


def lucide_paths(names, wheel):
    """Icon name → path data: every shape of the icon's SVG (24×24, stroked), joined into one `d`."""
    import io
    with zipfile.ZipFile(wheel) as outer:
        icons = zipfile.ZipFile(io.BytesIO(outer.read("lucide/lucide.zip")))
    paths = {}
    for name in names:
        svg = ElementTree.fromstring(icons.read(f"{name}.svg"))
        a = svg.attrib
        expected = {"viewBox": "0 0 24 24", "fill": "none", "stroke-width": "2", "stroke-linecap": "round",
                    "stroke-linejoin": "round"}
        for key, value in expected.items():
            if a.get(key) != value:
                sys.exit(f"mode-icons.py: Lucide's {name}.svg has {key}={a.get(key)!r}, not {value!r}; "
                         f"ModeIcon.svg draws {expected}")
        shapes = [element for element in svg.iter() if element is not svg]
        paths[name] = "".join(element_path(element) for element in shapes)
    return paths


def debian_version(package):
    try:
        result = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    except OSError:
        return None
    return result.stdout.strip() if result.returncode == 0 else None


def swift(paths):
    modes = transit_modes()
    if set(modes) != set(ICONS):
        sys.exit(f"mode-icons.py: TransitMode's cases {sorted(modes)} are not ICONS' modes {sorted(ICONS)}: "
                 "update ICONS")
    lines = [
        "// swift-format-ignore-file",
        "// Generated by scripts/mode-icons.py (make icons); do not edit.",
        f"// Material Icons (Apache-2.0), from Debian's {FONT_PACKAGE} {FONT_PACKAGE_VERSION}: the font's glyphs,",
        f"// y flipped and scaled to 24×24; Lucide (ISC), from PyPI's lucide {LUCIDE_VERSION}: the SVG's shapes as one path.",
        "// See NOTICE.",
        "",
        "import RouteBar",
        "",
        "extension ModeIcon {",
        "    /// Each mode's icon:",
    ]
    for mode in modes:
        icon_set, name = ICONS[mode]
        style = "filled" if icon_set == "material" else "stroked"
        set_name = "Material Icons" if icon_set == "material" else "Lucide"
        lines.append(f"    /// - {mode}: {set_name} `{name}` ({style})")
    lines += [
        "    static func drawing(for mode: TransitMode) -> ModeIcon {",
        "        switch mode {",
    ]
    done = set()
    for mode in modes:
        if mode in done:
            continue
        icon = ICONS[mode]
        sharing = [other for other in modes if ICONS[other] == icon]
        done.update(sharing)
        cases = ", ".join("." + other for other in sharing)
        lines.append(f'        case {cases}: ModeIcon(set: .{icon[0]}, name: "{icon[1]}", path: "{paths[icon]}")')
    lines += ["        }", "    }", "}", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when the Swift file differs")
    parser.add_argument("--lucide-wheel", metavar="PATH",
                        help=f"a downloaded {LUCIDE_WHEEL} (default: pip downloads it)")
    args = parser.parse_args()

    material = sorted({name for icon_set, name in ICONS.values() if icon_set == "material"})
    lucide = sorted({name for icon_set, name in ICONS.values() if icon_set == "lucide"})
    paths = {("material", name): d for name, d in material_paths(material).items()}
    version = debian_version(FONT_PACKAGE)
    if version and not version.startswith(FONT_PACKAGE_VERSION + "+") and version != FONT_PACKAGE_VERSION:
        print(f"mode-icons.py: warning: {FONT_PACKAGE} is {version}, NOTICE and this script name {FONT_PACKAGE_VERSION}",
              file=sys.stderr)
    workdir = tempfile.mkdtemp(prefix="mode-icons-")
    try:
        wheel = lucide_wheel(args.lucide_wheel, workdir)
        paths.update({("lucide", name): d for name, d in lucide_paths(lucide, wheel).items()})
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    text = swift(paths)
    with open(os.path.join(ROOT, "NOTICE"), encoding="utf-8") as f:
        notice = f.read()
    named = sorted({name for _, name in ICONS.values()})
    named += [f"lucide {LUCIDE_VERSION}", f"{FONT_PACKAGE} {FONT_PACKAGE_VERSION}"]
    unnamed = [name for name in named if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", notice)]
    if unnamed:
        sys.exit(f"mode-icons.py: NOTICE does not name {', '.join(unnamed)}: "
                 "update its section on the transit-mode icons")

    relative = os.path.relpath(OUTPUT, ROOT)
    if args.check:
        try:
            with open(OUTPUT, encoding="utf-8") as f:
                current = f.read()
        except FileNotFoundError:
            print(f"{relative} is missing: run `make icons`")
            sys.exit(1)
        if current == text:
            print(f"{relative} is what scripts/mode-icons.py writes")
            sys.exit(0)
        diff = list(difflib.unified_diff(current.splitlines(), text.splitlines(), relative, "scripts/mode-icons.py",
                                         n=0, lineterm=""))
        changed = [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]
        print(f"{relative} differs from what scripts/mode-icons.py writes ({len(changed)} lines); run `make icons`:")
        for line in changed[:20]:
            print(line if len(line) <= 160 else line[:157] + "...")
        sys.exit(1)
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {relative} ({len(text.encode())} bytes)")


if __name__ == "__main__":
    main()
