#!/usr/bin/env bash
# The Dockerfile's runtime stage, reproduced and run without a Docker daemon.
#
# Everything comes from the Dockerfile's text, so the two cannot drift; an instruction, RUN step,
# flag or form this script does not understand stops it (exit 1) rather than being skipped.
#   1. the binary, built as the build stage builds it: its `swift build` flags (with
#      --static-swift-stdlib) into .build/container, then its `install` and `strip`;
#   2. the runtime stage's root filesystem: `debootstrap --variant=minbase bookworm` (how the
#      official debian images are made) with debian:bookworm-slim's apt sources, then the stage's
#      RUN exactly as written, its ARGs at their defaults, under chroot: the pinned
#      libmicrohttpd12, curl, useradd. Kept in .build/container-rootfs and reused while the RUN,
#      its ARGs and this recipe are unchanged and it is younger than
#      CONTAINER_ROOTFS_MAX_AGE_HOURS (default 24; 0 makes a new one);
#   3. the stage's COPY lines: the stripped binary, LICENSE and NOTICE;
#   4. ENTRYPOINT + CMD as the stage's USER (its group from the root filesystem's /etc/passwd, as
#      Docker resolves it), with only the image's environment (PATH, HOME, the ENV lines), in new
#      PID, mount and network namespaces: PID 1 as under `docker run`, /proc mounted inside (and
#      gone with the namespace), and port 8080 free whatever listens on the host's;
#   5. checks the process's uid, gid and capabilities, runs the HEALTHCHECK command as written,
#      inside the container as its user, within its --timeout; POSTs bench/workloads/single.json
#      (host curl, container network) and expects 200 and JSON; sends the STOPSIGNAL and expects
#      exit 0 within docker stop's default 10 s.
# Ends with `container: N passed, M failed`. Needs root (sudo otherwise) for debootstrap, chroot
# and namespaces; installs debootstrap and the other tools it uses with apt-get when missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
command -v swift >/dev/null 2>&1 || export PATH=/opt/swift/usr/bin:$PATH

DOCKERFILE=${CONTAINER_TEST_DOCKERFILE:-Dockerfile}
SCRATCH=.build/container
ROOTFS=$ROOT/.build/container-rootfs
LOG=$ROOT/.build/container-rootfs.log
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
MAX_AGE_HOURS=${CONTAINER_ROOTFS_MAX_AGE_HOURS:-24}
# debian:bookworm-slim's apt sources (/etc/apt/sources.list.d/debian.sources), so that the RUN
# resolves its packages, curl's security updates included, where `docker build` would.
SOURCES='Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg'
# The PATH in debian:bookworm-slim's image config; the Dockerfile does not change it.
IMAGE_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# docker stop's default grace before SIGKILL.
STOP_TIMEOUT=10
WORKLOAD=bench/workloads/single.json
# Bump when the way the root filesystem is made changes: cached ones are then made again.
RECIPE=2

SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
WORK=$(mktemp -d)
passed=0 failed=0 SUMMARY_PRINTED=0 LAUNCH_PID= SERVER_PID=
STARTED=$EPOCHREALTIME

pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
# Mount points at or under DIR in this mount namespace, deepest first.
mounts_under() { awk -v d="$1" '$5 == d || index($5, d "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r; }
descendants() { local c; for c in $(ps -o pid= --ppid "$1"); do echo "$c"; descendants "$c"; done; }

cleanup() {
    local status=$? dir m
    if [ -n "$SERVER_PID" ]; then $SUDO kill -KILL "$SERVER_PID" 2>/dev/null || true; fi
    if [ -n "$LAUNCH_PID" ]; then wait "$LAUNCH_PID" 2>/dev/null || true; fi
    # Every mount is made in a namespace of its own and goes with it; this catches the rest.
    for dir in "$ROOTFS" "$ROOTFS.new"; do
        for m in $(mounts_under "$dir"); do $SUDO umount "$m" 2>/dev/null || $SUDO umount -l "$m" || true; done
    done
    rm -rf "$WORK"
    if [ "$SUMMARY_PRINTED" = 0 ]; then
        [ "$status" = 0 ] && status=1
        echo "container: $passed passed, $((failed + 1)) failed"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# install_tool COMMAND PACKAGE: apt-get install PACKAGE when COMMAND is missing.
install_tool() {
    command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/sbin/$1" ] || [ -e "$1" ] && return
    echo "Installing $2 with apt-get"
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$2"
}
install_tool debootstrap debootstrap
install_tool /usr/share/keyrings/debian-archive-keyring.gpg debian-archive-keyring
install_tool python3 python3
install_tool unshare util-linux
install_tool ip iproute2
install_tool curl curl
install_tool strip binutils
install_tool ps procps

# --- 0. the Dockerfile ----------------------------------------------------------------------

# Prints shell assignments for what the rest needs; exits 3 with the line it does not understand.
python3 - "$DOCKERFILE" >"$WORK/dockerfile.sh" <<'PY' || { echo "$DOCKERFILE: not understood (above)"; exit 1; }
import json, os, re, shlex, sys

path = sys.argv[1]
text = open(path).read()

def die(message):
    print(f"{path}: {message}: scripts/container-test.sh does not know how to reproduce this", file=sys.stderr)
    sys.exit(3)

for line in text.splitlines():
    if not line.strip().startswith("#"):
        break
    if re.match(r"\s*#\s*escape\s*=", line, re.I):
        die("the escape parser directive")

# Logical lines: comments dropped, continuations joined as Docker joins them.
instructions, buffer, start = [], None, 0
for number, raw in enumerate(text.splitlines(), 1):
    stripped = raw.strip()
    if stripped.startswith("#") or (not stripped and buffer is None):
        continue
    if buffer is None:
        buffer, start = "", number
    if raw.rstrip().endswith("\\"):
        buffer += raw.rstrip()[:-1]
        continue
    buffer += raw
    keyword, _, rest = buffer.strip().partition(" ")
    instructions.append((start, keyword.upper(), rest.strip()))
    buffer = None
if buffer is not None:
    die("the file ends inside a continued line")

def expand(word, env, line):
    if re.search(r"\$\{[^}]*[^A-Za-z0-9_}]", word):
        die(f"line {line}: a ${{...}} with a modifier in {word!r}")
    def value(match):
        name = match.group(1) or match.group(2)
        if env.get(name) is None:
            die(f"line {line}: ${name} has no value")
        return env[name]
    return re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)", value, word)

def arg(rest, line, scope, defaults):
    words = shlex.split(rest)
    if len(words) != 1:
        die(f"line {line}: ARG {rest}")
    name, equals, default = words[0].partition("=")
    scope[name] = default if equals else defaults.get(name)

global_args, stages = {}, []
for line, keyword, rest in instructions:
    if keyword == "FROM":
        words = rest.split()
        if len(words) == 3 and words[1].upper() == "AS":
            name = words[2]
        elif len(words) == 1:
            name = None
        else:
            die(f"line {line}: FROM {rest}")
        if "$" in words[0]:
            die(f"line {line}: a variable in FROM")
        stages.append({"name": name, "base": words[0], "line": line, "instructions": []})
    elif not stages:
        if keyword != "ARG":
            die(f"line {line}: {keyword} before the first FROM")
        arg(rest, line, global_args, {})
    else:
        stages[-1]["instructions"].append((line, keyword, rest))
if len(stages) < 2:
    die("fewer than two stages (build, runtime)")

PACKAGE = re.compile(r"^[a-z0-9][a-z0-9+.-]*(=[A-Za-z0-9.+:~-]+)?$")

def run_steps(rest, line, args, allowed):
    """The `&&` steps of a RUN, each checked against the forms this script knows."""
    if rest.startswith("[") or rest.startswith("--"):
        die(f"line {line}: RUN in exec form or with flags")
    steps = []
    for step in rest.split("&&"):
        words = [expand(w, args, line) for w in shlex.split(step)]
        if words == ["apt-get", "update"] or words == ["rm", "-rf", "/var/lib/apt/lists/*"]:
            steps.append(("apt", words))
        elif words[:4] == ["apt-get", "install", "-y", "--no-install-recommends"] and len(words) > 4:
            for package in words[4:]:
                if not PACKAGE.match(package):
                    die(f"line {line}: the package {package!r}")
            steps.append(("apt-get install", words[4:]))
        elif words and words[0] in allowed:
            steps.append((words[0], words))
        else:
            die(f"line {line}: the RUN step `{step.strip()}`")
    return steps

# --- the build stage: only what makes /out/routebar ---
final = stages[-1]
copy_from = {re.match(r"--from=(\S+)", r).group(1) for _, k, r in final["instructions"]
             if k == "COPY" and r.startswith("--from=")}
if len(copy_from) != 1:
    die("the runtime stage copies from other than one build stage")
build = next((s for s in stages[:-1] if s["name"] in copy_from), None)
if build is None:
    die(f"no stage named {copy_from}")
build_args, swift_flags, install, strip, build_packages = {}, None, None, None, []
for line, keyword, rest in build["instructions"]:
    if keyword == "ARG":
        arg(rest, line, build_args, global_args)
    elif keyword in ("WORKDIR", "COPY"):
        pass  # the sources: here the working tree is built in place
    elif keyword == "RUN":
        for kind, words in run_steps(rest, line, build_args, ("swift", "install", "strip")):
            if kind == "apt-get install":
                build_packages += words
            elif kind == "swift":
                if words[:2] != ["swift", "build"] or swift_flags is not None \
                        or any(w.startswith(("--scratch-path", "--build-path")) for w in words):
                    die(f"line {line}: `{' '.join(words)}`")
                swift_flags = words[2:]
            elif kind == "install":
                if len(words) != 6 or words[1:3] != ["-D", "-m"] or not words[4].startswith(".build/") or install:
                    die(f"line {line}: `{' '.join(words)}`")
                install = (words[3], words[4], words[5])
            elif kind == "strip":
                if len(words) != 2 or strip:
                    die(f"line {line}: `{' '.join(words)}`")
                strip = words[1]
    else:
        die(f"line {line}: {keyword} in the build stage")
if swift_flags is None or install is None or strip != install[2]:
    die("the build stage does not `swift build`, `install -D -m MODE .build/... DEST` and `strip DEST`")
if "--static-swift-stdlib" not in swift_flags:
    print("note: the build stage does not link the Swift runtime statically", file=sys.stderr)

# --- the runtime stage ---
if not re.fullmatch(r"debian:bookworm-slim(@sha256:[0-9a-f]{64})?", final["base"]):
    die(f"the runtime stage is FROM {final['base']}, not debian:bookworm-slim")
args, runs, packages, useradd, copies = {}, [], [], None, []
user, env, expose, healthcheck, stopsignal, entrypoint, cmd = None, [], [], None, "SIGTERM", None, []
phase = 0  # 0: ARG and RUN; 1: COPY; 2: the image's configuration
DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h)")

def seconds(value, line):
    if not re.fullmatch(r"(?:\d+(?:\.\d+)?(?:ms|s|m|h))+", value):
        die(f"line {line}: the duration {value!r}")
    scale = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
    return sum(float(n) * scale[u] for n, u in DURATION.findall(value))

def exec_form(rest, line, keyword):
    try:
        words = json.loads(rest)
    except ValueError:
        die(f"line {line}: {keyword} in shell form")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        die(f"line {line}: {keyword} {rest}")
    return words

for line, keyword, rest in final["instructions"]:
    if keyword in ("ARG", "RUN") and phase > 0:
        die(f"line {line}: {keyword} after COPY, USER or ENV")
    if keyword == "COPY" and phase > 1:
        die(f"line {line}: COPY after USER or ENV")
    if keyword == "ARG":
        arg(rest, line, args, global_args)
    elif keyword == "RUN":
        for kind, words in run_steps(rest, line, args, ("useradd",)):
            if kind == "apt-get install":
                packages += words
            elif kind == "useradd":
                options = {"--uid": 1, "-u": 1, "--shell": 1, "-s": 1, "--gid": 1, "-g": 1, "--home-dir": 1,
                           "-d": 1, "--comment": 1, "-c": 1, "--system": 0, "-r": 0, "--no-create-home": 0,
                           "-M": 0, "--create-home": 0, "-m": 0, "--user-group": 0, "-U": 0}
                i, uid = 1, None
                while i < len(words) - 1:
                    if words[i] not in options:
                        die(f"line {line}: the useradd option {words[i]}")
                    if words[i] in ("--uid", "-u"):
                        uid = words[i + 1]
                    i += 1 + options[words[i]]
                if i != len(words) - 1 or uid is None:
                    die(f"line {line}: `{' '.join(words)}` (name last, --uid given)")
                useradd = (uid, words[-1])
        runs.append(rest)
    elif keyword == "COPY":
        phase = 1
        words = shlex.split(rest)
        sources, destination = words[:-1], words[-1]
        if sources and sources[0].startswith("--from="):
            sources = sources[1:]
            if sources != [install[2]]:
                die(f"line {line}: COPY --from of other than {install[2]}")
            sources = ["@build"]
        elif any(w.startswith("--") for w in sources) or "[" in rest:
            die(f"line {line}: COPY {rest}")
        else:
            for source in sources:
                if not os.path.isfile(source):
                    die(f"line {line}: COPY of {source!r}, not a file of the repository")
        if len(sources) > 1 and not destination.endswith("/"):
            die(f"line {line}: several sources and a destination that is not a directory")
        for source in sources:
            name = os.path.basename(install[2]) if source == "@build" else os.path.basename(source)
            copies.append((source, destination + name if destination.endswith("/") else destination))
    elif keyword in ("USER", "ENV", "EXPOSE", "HEALTHCHECK", "STOPSIGNAL", "ENTRYPOINT", "CMD", "LABEL"):
        phase = 2
        if keyword == "USER":
            if not re.fullmatch(r"[A-Za-z0-9_.-]+(:[A-Za-z0-9_.-]+)?", rest):
                die(f"line {line}: USER {rest}")
            user = rest
        elif keyword == "ENV":
            for word in shlex.split(rest):
                name, equals, value = word.partition("=")
                if not equals or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or "$" in value:
                    die(f"line {line}: ENV {rest} (only NAME=VALUE pairs without variables)")
                env.append(f"{name}={value}")
        elif keyword == "EXPOSE":
            for word in rest.split():
                if not re.fullmatch(r"\d+(/tcp)?", word):
                    die(f"line {line}: EXPOSE {word}")
                expose.append(word.split("/")[0])
        elif keyword == "HEALTHCHECK":
            match = re.fullmatch(r"((?:--[a-z-]+=\S+\s+)*)CMD\s+(.*)", rest, re.S)
            if not match:
                die(f"line {line}: HEALTHCHECK {rest}")
            options = dict(o[2:].split("=", 1) for o in match.group(1).split())
            if set(options) - {"interval", "timeout", "start-period", "start-interval", "retries"}:
                die(f"line {line}: HEALTHCHECK options {sorted(options)}")
            command = match.group(2).strip()
            argv = exec_form(command, line, "HEALTHCHECK CMD") if command.startswith("[") else ["/bin/sh", "-c", command]
            healthcheck = (seconds(options.get("timeout", "30s"), line), argv)
        elif keyword == "STOPSIGNAL":
            if not re.fullmatch(r"SIG[A-Z0-9]+|\d+", rest):
                die(f"line {line}: STOPSIGNAL {rest}")
            stopsignal = rest
        elif keyword == "ENTRYPOINT":
            entrypoint = exec_form(rest, line, "ENTRYPOINT")
        elif keyword == "CMD":
            cmd = exec_form(rest, line, "CMD")
    else:
        die(f"line {line}: {keyword} in the runtime stage")
if user is None or healthcheck is None or entrypoint is None or useradd is None or not packages:
    die("the runtime stage lacks one of RUN apt-get install, useradd, USER, HEALTHCHECK, ENTRYPOINT")

def scalar(name, value):
    print(f"{name}={shlex.quote(str(value))}")

def array(name, values):
    print(f"{name}=(" + " ".join(shlex.quote(str(v)) for v in values) + ")")

scalar("BUILD_FROM", build["base"])
array("SWIFT_BUILD_FLAGS", swift_flags)
scalar("INSTALL_MODE", install[0]); scalar("INSTALL_SRC", install[1]); scalar("INSTALL_DST", install[2])
array("BUILD_PACKAGES", build_packages)
scalar("FINAL_FROM", final["base"])
array("RUN_ENV", [f"{k}={v}" for k, v in args.items() if v is not None])
array("RUN_TEXTS", runs)
array("PACKAGES", packages)
scalar("USERADD_UID", useradd[0]); scalar("USERADD_NAME", useradd[1])
array("COPY_SOURCES", [s for s, _ in copies]); array("COPY_TARGETS", [t for _, t in copies])
scalar("USER_SPEC", user)
array("ENV_VARS", env)
array("EXPOSE_PORTS", expose)
scalar("HC_TIMEOUT", f"{healthcheck[0]:g}")
array("HC_CMD", healthcheck[1])
scalar("STOPSIGNAL", stopsignal)
array("ARGV", entrypoint + cmd)
PY
source "$WORK/dockerfile.sh"
image_env() { local kv; for kv in "${ENV_VARS[@]}"; do [ "${kv%%=*}" = "$1" ] && echo "${kv#*=}"; done; return 0; }
echo "$DOCKERFILE: build FROM $BUILD_FROM, runtime FROM $FINAL_FROM; packages ${PACKAGES[*]}; USER $USER_SPEC;" \
    "ENV ${ENV_VARS[*]}; ${ARGV[*]}"

# --- 1. the binary, as the build stage makes it ---------------------------------------------

started=$EPOCHREALTIME
echo "== build: swift build ${SWIFT_BUILD_FLAGS[*]} --scratch-path $SCRATCH"
swift build "${SWIFT_BUILD_FLAGS[@]}" --scratch-path "$SCRATCH"
BINARY=$SCRATCH/${INSTALL_DST#/}
install -D -m "$INSTALL_MODE" "$SCRATCH/${INSTALL_SRC#.build/}" "$BINARY"
strip "$BINARY"
echo "build: $(seconds_since "$started") s; $BINARY, $(stat -c %s "$BINARY") bytes stripped"
echo "note: built with $(swift --version 2>&1 | grep -o 'Swift version [^ ]*') on $(. /etc/os-release && echo "$PRETTY_NAME"),"\
     "the build stage with $BUILD_FROM"
for package in "${BUILD_PACKAGES[@]}"; do
    [[ $package == *=* ]] || continue
    echo "note: ${package%%=*} $(dpkg-query -W -f='${Version}' "${package%%=*}" 2>/dev/null || echo "not installed") here," \
         "${package#*=} in the build stage"
done

# --- 2. the runtime stage's root filesystem -------------------------------------------------

started=$EPOCHREALTIME
key=$(printf '%s\n' "$RECIPE" "$FINAL_FROM" "$SUITE" "$MIRROR" "$SOURCES" "${RUN_ENV[@]}" "${RUN_TEXTS[@]}" | sha256sum | cut -c1-16)
# remove_tree DIR: refuses when anything is mounted there.
remove_tree() {
    if [ -n "$(mounts_under "$1")" ]; then echo "refusing to remove $1: mounted: $(mounts_under "$1")"; exit 1; fi
    $SUDO rm -rf --one-file-system "$1"
}
if [ -d "$ROOTFS" ] && [ "$(cat "$ROOTFS.key" 2>/dev/null)" = "$key" ] \
        && [ -n "$(find "$ROOTFS.key" -mmin "-$((MAX_AGE_HOURS * 60))")" ]; then
    echo "== rootfs: reusing $ROOTFS (key $key, made $(( ($(date +%s) - $(stat -c %Y "$ROOTFS.key")) / 60 )) min ago)"
else
    new=$ROOTFS.new
    remove_tree "$new"
    : >"$LOG"
    echo "== rootfs: debootstrap --variant=minbase $SUITE $new $MIRROR (log: $LOG)"
    # Its own mount namespace: the /proc and /sys it mounts in the target go with it.
    if ! $SUDO unshare --mount debootstrap --variant=minbase "$SUITE" "$new" "$MIRROR" >>"$LOG" 2>&1; then
        tail -n 20 "$LOG"; echo "debootstrap failed"; exit 1
    fi
    $SUDO rm -f "$new/etc/apt/sources.list"
    printf '%s\n' "$SOURCES" | $SUDO tee "$new/etc/apt/sources.list.d/debian.sources" >/dev/null
    # `docker build` gives RUN the host's resolver, and keeps it out of the image.
    $SUDO cp -L /etc/resolv.conf "$new/etc/resolv.conf"
    for run in "${RUN_TEXTS[@]}"; do
        echo "== rootfs: RUN $run"
        if ! $SUDO unshare --mount --pid --fork --mount-proc="$new/proc" \
                chroot "$new" /usr/bin/env -i PATH="$IMAGE_PATH" HOME=/root "${RUN_ENV[@]}" /bin/sh -c "$run" \
                </dev/null >>"$LOG" 2>&1; then
            tail -n 20 "$LOG"; echo "the runtime stage's RUN failed in the chroot"; exit 1
        fi
    done
    $SUDO rm -f "$new/etc/resolv.conf"
    # The downloaded .debs and apt's caches (77 MB), which the debian images' docker-clean apt
    # setting drops after every install.
    $SUDO chroot "$new" /usr/bin/apt-get clean
    remove_tree "$ROOTFS"
    $SUDO mv "$new" "$ROOTFS"
    echo "$key" >"$ROOTFS.key"
fi
echo "rootfs: $(seconds_since "$started") s; $($SUDO du -sh --one-file-system "$ROOTFS" | cut -f1)"

versions=() wrong=()
for package in "${PACKAGES[@]}"; do
    have=$(dpkg-query --admindir="$ROOTFS/var/lib/dpkg" -W -f='${db:Status-Abbrev}${Version}' "${package%%=*}" 2>/dev/null || true)
    versions+=("${package%%=*} ${have#ii }")
    if [[ $have != ii* ]] || { [[ $package == *=* ]] && [ "${have#ii }" != "${package#*=}" ]; }; then wrong+=("$package"); fi
done
if [ ${#wrong[@]} = 0 ]; then pass "packages installed as the RUN asks: $(IFS=,; echo "${versions[*]}" | sed 's/,/, /g')"
else fail "packages not installed as the RUN asks: ${wrong[*]} (installed: ${versions[*]})"; fi

# --- 3. the COPY lines ----------------------------------------------------------------------

for i in "${!COPY_SOURCES[@]}"; do
    source=${COPY_SOURCES[$i]}; [ "$source" = @build ] && source=$BINARY
    $SUDO install -D -o 0 -g 0 -m "$(stat -c %a "$source")" "$source" "$ROOTFS${COPY_TARGETS[$i]}"
done
echo "copied: ${COPY_TARGETS[*]}"

# --- 4. the container -----------------------------------------------------------------------

# USER as Docker resolves it: a missing group is the user's primary group in the image's
# /etc/passwd (0 when the user is not there); HOME from the same entry, "/" without one.
user=${USER_SPEC%%:*} group=; [[ $USER_SPEC == *:* ]] && group=${USER_SPEC#*:}
entry=$(awk -F: -v u="$user" '$3 == u || $1 == u' "$ROOTFS/etc/passwd" | head -n 1)
if [[ $user =~ ^[0-9]+$ ]]; then uid=$user; else uid=$(cut -d: -f3 <<<"$entry"); fi
[ -n "$group" ] || group=$(cut -d: -f4 <<<"$entry")
if [[ ${group:-0} =~ ^[0-9]+$ ]]; then gid=${group:-0}; else gid=$(awk -F: -v g="$group" '$1 == g { print $3 }' "$ROOTFS/etc/group"); fi
home=$(cut -d: -f6 <<<"$entry")
CONTAINER_ENV=(PATH="$IMAGE_PATH" HOME="${home:-/}" "${ENV_VARS[@]}")
port=$(image_env ROUTEBAR_PORT) host=$(image_env ROUTEBAR_HOST)
if [ -n "$uid" ] && [ "$uid" = "$USERADD_UID" ] && [ "$uid" != 0 ] && [ -n "$entry" ]; then
    pass "USER $USER_SPEC is the RUN's useradd --uid $USERADD_UID ($USERADD_NAME), uid $uid gid $gid HOME ${home:-/}"
else fail "USER $USER_SPEC (uid ${uid:-?}) is not the non-root user the RUN adds (--uid $USERADD_UID)"; fi
if [ -n "$port" ] && [[ " ${EXPOSE_PORTS[*]} " == *" $port "* ]] && [[ "${HC_CMD[*]}" == *":$port/"* ]]; then
    pass "ENV ROUTEBAR_PORT, EXPOSE and the HEALTHCHECK URL name the same port, $port"
else fail "ENV ROUTEBAR_PORT=${port:-unset}, EXPOSE ${EXPOSE_PORTS[*]} and HEALTHCHECK ${HC_CMD[*]} disagree"; fi

echo "== run: ${ARGV[*]} as $uid:$gid with ${CONTAINER_ENV[*]}"
started=$EPOCHREALTIME
$SUDO unshare --pid --fork --mount --mount-proc="$ROOTFS/proc" --net -- \
    /bin/sh -c 'ip link set lo up && exec "$@"' sh \
    chroot --userspec="$uid:$gid" --groups="$gid" "$ROOTFS" /usr/bin/env -i "${CONTAINER_ENV[@]}" "${ARGV[@]}" \
    >"$WORK/server.out" 2>"$WORK/server.err" </dev/null &
LAUNCH_PID=$!
listening=
for _ in $(seq 100); do
    if [ -z "$SERVER_PID" ]; then
        for pid in $(descendants "$LAUNCH_PID"); do
            [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "${ARGV[0]##*/}" ] && SERVER_PID=$pid
        done
    fi
    listening=$(sed -n 's|.*listening on http://\([^ ]*\) .*|\1|p' "$WORK/server.err" | head -n 1)
    [ -n "$listening" ] && [ -n "$SERVER_PID" ] && break
    kill -0 "$LAUNCH_PID" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$listening" ] || [ -z "$SERVER_PID" ]; then
    if kill -0 "$LAUNCH_PID" 2>/dev/null; then fail "the container did not start listening within 10 s:"
    else exit_status=0; wait "$LAUNCH_PID" || exit_status=$?; LAUNCH_PID=; fail "the container exited ($exit_status) before listening:"; fi
    cat "$WORK/server.err"
    exit 1
fi
if [ "$listening" = "$host:$port" ]; then pass "listening on $listening, as the image's ENV says, $(seconds_since "$started") s after start"
else fail "listening on $listening, the image's ENV says $host:$port"; fi

status=$(cat "/proc/$SERVER_PID/status")
ids=$(awk '/^Uid:/ { u = $2 " " $3 " " $4 " " $5 } /^Gid:/ { g = $2 " " $3 " " $4 " " $5 }
           /^CapEff:/ { c = $2 } /^NSpid:/ { p = $NF } END { print u "|" g "|" c "|" p }' <<<"$status")
if [ "$ids" = "$uid $uid $uid $uid|$gid $gid $gid $gid|0000000000000000|1" ]; then
    pass "the process runs as uid $uid gid $gid (real, effective, saved, fs), no capabilities, PID 1 of its namespace"
else fail "the process's uid|gid|CapEff|PID in its namespace: $ids"; fi

# The health check as Docker runs it: inside the container (its root, mounts, network, PIDs),
# as its user, with its environment, killed after --timeout.
started=$EPOCHREALTIME hc_status=0
$SUDO timeout --kill-after=1 "$HC_TIMEOUT" nsenter --target "$SERVER_PID" --mount --net --pid --root --wd \
    --setuid "$uid" --setgid "$gid" -- /usr/bin/env -i "${CONTAINER_ENV[@]}" "${HC_CMD[@]}" \
    >"$WORK/hc.out" 2>&1 || hc_status=$?
if [ "$hc_status" = 0 ]; then pass "HEALTHCHECK ${HC_CMD[*]}: exit 0 in $(seconds_since "$started") s (timeout ${HC_TIMEOUT} s): $(head -c 200 "$WORK/hc.out")"
else fail "HEALTHCHECK ${HC_CMD[*]}: exit $hc_status: $(head -c 500 "$WORK/hc.out")"; fi

answer=$($SUDO nsenter --target "$SERVER_PID" --net -- curl -sS --max-time 10 -o - -w '\n%{http_code} %{content_type}' \
    -H 'Content-Type: application/json' --data-binary "@$WORKLOAD" "http://127.0.0.1:$port/v1/route-bars" 2>&1 || true)
head=$(tail -n 1 <<<"$answer")
if [[ $head == "200 application/json"* ]] && sed '$d' <<<"$answer" | python3 -c \
        'import json, sys; assert len(json.load(sys.stdin)["routes"]) == 1' 2>/dev/null; then
    pass "POST /v1/route-bars ($WORKLOAD): $head, a JSON answer with one route"
else fail "POST /v1/route-bars ($WORKLOAD): $(head -c 500 <<<"$answer")"; fi

started=$EPOCHREALTIME
if [[ $STOPSIGNAL =~ ^[0-9]+$ ]]; then $SUDO kill "-$STOPSIGNAL" "$SERVER_PID"; else $SUDO kill -s "${STOPSIGNAL#SIG}" "$SERVER_PID"; fi
for _ in $(seq $((STOP_TIMEOUT * 20))); do kill -0 "$LAUNCH_PID" 2>/dev/null || break; sleep 0.05; done
if kill -0 "$LAUNCH_PID" 2>/dev/null; then
    fail "$STOPSIGNAL: still running after $STOP_TIMEOUT s (docker stop would SIGKILL it now)"
else
    exit_status=0; wait "$LAUNCH_PID" || exit_status=$?
    if [ "$exit_status" = 0 ]; then pass "$STOPSIGNAL: exit 0 in $(seconds_since "$started") s: $(tail -n 1 "$WORK/server.err" | head -c 200)"
    else fail "$STOPSIGNAL: exit $exit_status; stderr:"; cat "$WORK/server.err"; fi
    SERVER_PID= LAUNCH_PID=
fi

echo "container-test: $(seconds_since "$STARTED") s in all"
echo "container: $passed passed, $failed failed"
SUMMARY_PRINTED=1
[ "$failed" = 0 ]
