# Shared by the lint scripts: sourced, not run. Makes the repository's virtualenv (.venv, the
# one scripts/contract-test.sh uses) when it is missing or has no pip, and leaves the caller at
# the repository root with VENV set.
#   venv_install PACKAGE==VERSION...   pip-installs pinned packages into it (quick when present)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VENV=$PWD/.venv

if ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
    rm -rf "$VENV"
    # Debian's python3 cannot make a venv until python3-venv is installed.
    if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
        rm -rf "$VENV"
        sudo=$([ "$(id -u)" = 0 ] || echo sudo)
        echo "Installing python3-venv with apt-get"
        $sudo apt-get update -qq
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv
        python3 -m venv "$VENV"
    fi
fi

venv_install() {
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check "$@"
}
