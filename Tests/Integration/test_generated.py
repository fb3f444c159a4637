"""Generated sources match their generators: the mode icons (scripts/mode-icons.py, `make icons`)
are the installed Material Icons font's glyphs and Lucide's cable car, path for path, and the label
fonts' advances (scripts/label-fonts.py, `make label-fonts`) are the installed Roboto's and Noto's,
code point for code point, so nobody hand-edits them. (The sentence words are held to their files
by SentenceWordsTests.)"""
import os
import subprocess

from conftest import REPO, apt_install

FONT = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
# The script runs on Debian's python3 (python3-fonttools); pip fetches the Lucide wheel.
PYTHON = "/usr/bin/python3"


def has_module(name):
    return subprocess.run([PYTHON, "-c", f"import {name}"], capture_output=True).returncode == 0


def test_mode_icons_are_the_generators():
    if not os.path.exists(FONT) or not has_module("fontTools") or not has_module("pip"):
        apt_install("fonts-material-design-icons-iconfont", "python3-fonttools", "python3-pip", network_timeout=600)
    check = subprocess.run([PYTHON, "scripts/mode-icons.py", "--check"], cwd=REPO, capture_output=True, text=True,
                           timeout=300)
    assert check.returncode == 0, f"ModeIcon+Paths.swift differs from scripts/mode-icons.py's output:\n{check.stdout}{check.stderr}"
    print("ok   Sources/RouteBarDrawing/ModeIcon+Paths.swift is scripts/mode-icons.py's output")


LABEL_FONTS = ["/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
               "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"]


def test_label_font_advances_are_the_generators():
    if not all(os.path.exists(font) for font in LABEL_FONTS) or not has_module("fontTools"):
        apt_install("fonts-roboto-unhinted", "fonts-noto-core", "fonts-noto-cjk", "python3-fonttools", network_timeout=600)
    check = subprocess.run([PYTHON, "scripts/label-fonts.py", "--check"], cwd=REPO, capture_output=True, text=True,
                           timeout=300)
    assert check.returncode == 0, f"LabelFont+Advances.swift differs from scripts/label-fonts.py's output:\n{check.stdout}{check.stderr}"
    print("ok   Sources/RouteBar/LabelFont+Advances.swift is scripts/label-fonts.py's output")
