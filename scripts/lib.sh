# Shared by scripts/scale-out.sh (make scale-out): sourced, not run. Leaves the caller at the repository root.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BINARY=${ROUTEBAR_BINARY:-.build/release/routebar}
TMP=$(mktemp -d)
SERVER_PID=
# Whatever happens, the server we started does not outlive us.
trap '[ -n "$SERVER_PID" ] && kill -KILL "$SERVER_PID" 2>/dev/null; rm -rf "$TMP"' EXIT

# need TOOL [PACKAGE]: install with apt when missing (sudo only when not root).
need() {
    command -v "$1" >/dev/null && return
    local sudo; sudo=$([ "$(id -u)" = 0 ] || echo sudo)
    echo "Installing ${2:-$1} with apt-get"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${2:-$1}"
}

# start_server [WRAPPER...] -- [FLAGS...]: routebar serve on 127.0.0.1 port 0, optionally under a
# wrapper (valgrind); sets SERVER_PID and PORT from its stderr line "listening on http://127.0.0.1:PORT".
# START_TIMEOUT (seconds, default 10) bounds the wait.
start_server() {
    local wrapper=()
    while [ "$1" != -- ]; do wrapper+=("$1"); shift; done; shift
    "${wrapper[@]}" "$BINARY" serve --host 127.0.0.1 --port 0 "$@" 2>"$TMP/server.log" &
    SERVER_PID=$!
    for _ in $(seq $((${START_TIMEOUT:-10} * 10))); do
        PORT=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$TMP/server.log")
        [ -n "$PORT" ] && return
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "routebar did not start:" >&2; cat "$TMP/server.log" >&2; exit 1
}

# stop_server SECONDS: SIGTERM, wait at most SECONDS; sets EXIT_STATUS (killed: "none") and
# STOP_SECONDS (how long the exit took).
stop_server() {
    local started=$EPOCHREALTIME
    kill -TERM "$SERVER_PID"
    for _ in $(seq $(($1 * 20))); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.05; done
    if kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -KILL "$SERVER_PID"; wait "$SERVER_PID" || true; EXIT_STATUS=none
    else
        EXIT_STATUS=0; wait "$SERVER_PID" || EXIT_STATUS=$?
    fi
    STOP_SECONDS=$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
    SERVER_PID=
}

# rss_kib: the server's VmRSS now.
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$SERVER_PID/status"; }

# wrk_errors FILE: wrk's "Socket errors" as "connect read write timeout" (zeros when it printed none).
wrk_errors() {
    sed -n 's/.*Socket errors: connect \([0-9]*\), read \([0-9]*\), write \([0-9]*\), timeout \([0-9]*\).*/\1 \2 \3 \4/p' "$1" |
        grep . || echo "0 0 0 0"
}
