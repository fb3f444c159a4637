#!/usr/bin/env bash
# Validates every manifest in deploy/kubernetes against the Kubernetes OpenAPI schemas that
# kubernetes-validate ships (offline), in the repository's .venv:
#   --strict   unknown fields are errors (a misspelt or misplaced field is otherwise ignored);
#   -k V       each of KUBERNETES_VERSIONS: 1.30, the oldest release we claim to run on, and
#              1.37, the newest this kubernetes-validate knows, so an API removed since fails too.
# kubernetes-validate only warns (exit 0) for a kind or apiVersion it has no schema for, such
# as a removed beta API; every manifest here is a built-in kind, so a warning fails this script.
source "$(dirname "$0")/venv.sh"
KUBERNETES_VALIDATE_VERSION=1.37.0   # bump deliberately
KUBERNETES_VERSIONS=(1.30.0 1.37.0)

venv_install "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"
shopt -s nullglob
manifests=(deploy/kubernetes/*.yaml deploy/kubernetes/*.yml)
((${#manifests[@]})) || { echo "lint-kubernetes: no manifests in deploy/kubernetes" >&2; exit 1; }

fail=0
for version in "${KUBERNETES_VERSIONS[@]}"; do
    out=$("$VENV/bin/kubernetes-validate" --strict -k "$version" "${manifests[@]}" 2>&1) || fail=1
    echo "$out"
    ! grep -q -e '^WARN' -e '^ERROR' <<<"$out" || fail=1
done
echo "kubernetes-validate $("$VENV/bin/kubernetes-validate" --version): ${#manifests[@]} manifests," \
    "Kubernetes ${KUBERNETES_VERSIONS[*]}, --strict: $( ((fail)) && echo FAILED || echo clean)"
exit $fail
