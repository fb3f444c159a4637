# Sourced by the test scripts that need a running service (contract-test.sh, browser-test.sh).
# Expects BINARY, and a function failure_summary that prints the script's closing line
# ("NAME: N passed, M failed") for a run that stops before printing it; the script sets
# SUMMARY_PRINTED=1 once it has. Makes WORK (removed on exit); start_service sets SERVER_PID,
# PORT and BASE, and the service is stopped on exit.

WORK=$(mktemp -d)
SERVER_PID=
SUMMARY_PRINTED=0

cleanup() {
    local status=$?
    stop_service
    rm -rf "$WORK"
    # A run that stops early still ends with the line CI reads.
    if [ "$SUMMARY_PRINTED" = 0 ] && [ "$status" != 0 ]; then failure_summary; fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# sudo_if_needed COMMAND...: as root here, through sudo otherwise (apt installs).
sudo_if_needed() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# start_service [FLAGS...]: `routebar serve` on 127.0.0.1, port 0, stderr in $WORK/server.err;
# the port comes from its line "listening on http://127.0.0.1:PORT". Exits 1 if it does not start.
start_service() {
    if [ ! -x "$BINARY" ]; then
        echo "no routebar binary at $BINARY: build it (swift build) or set ROUTEBAR_BINARY" >&2
        exit 1
    fi
    # Made here: the shell creates a redirection's file in the child, which may not have run yet
    # when the loop below first reads it.
    : >"$WORK/server.err"
    "$BINARY" serve --host 127.0.0.1 --port 0 "$@" >/dev/null 2>"$WORK/server.err" &
    SERVER_PID=$!
    PORT=
    for _ in $(seq 100); do
        PORT=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9][0-9]*\).*|\1|p' "$WORK/server.err" | head -n 1)
        [ -n "$PORT" ] && break
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$PORT" ]; then
        echo "routebar did not start within 10 s:" >&2
        cat "$WORK/server.err" >&2
        exit 1
    fi
    BASE=http://127.0.0.1:$PORT
}

stop_service() {
    if [ -n "${SERVER_PID:-}" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=
}
