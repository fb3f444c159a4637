"""The Dockerfile's runtime stage, reproduced and run without a Docker daemon (`make container-test`).

Everything comes from the Dockerfile's text, so the two cannot drift; an instruction, RUN step,
flag or form this test does not understand fails it rather than being skipped.
  1. the binary, built as the build stage builds it: its `swift build` flags (with
     --static-swift-stdlib) into .build/container, then its `install` and `strip`;
  2. the runtime stage's root filesystem: `debootstrap --variant=minbase bookworm` (how the official
     debian images are made) with debian:bookworm-slim's apt sources, then the stage's RUN exactly
     as written, its ARGs at their defaults, under chroot: the pinned libmicrohttpd12, curl,
     useradd. Kept in .build/container-rootfs and reused while the RUN, its ARGs and this recipe are
     unchanged and it is younger than CONTAINER_ROOTFS_MAX_AGE_HOURS (default 24; 0 makes a new one);
  3. the stage's COPY lines: the stripped binary, LICENSE and NOTICE;
  4. ENTRYPOINT + CMD as the stage's USER (its group from the root filesystem's /etc/passwd, as
     Docker resolves it), with only the image's environment (PATH, HOME, the ENV lines), in new PID,
     mount and network namespaces: PID 1 as under `docker run`, /proc mounted inside (and gone with
     the namespace), and port 8080 free whatever listens on the host's;
  5. checks the process's uid, gid and capabilities, runs the HEALTHCHECK command as written, inside
     the container as its user, within its --timeout; POSTs bench/workloads/single.json (host curl,
     container network) and expects 200 and JSON; sends the STOPSIGNAL and expects exit 0 within
     docker stop's default 10 s.
Needs root (sudo otherwise) for debootstrap, chroot and namespaces; installs debootstrap and the
other tools it uses with apt-get when missing. The tests run in this file's order (the stop last).
"""
import hashlib
import json
import os
import re
import shlex
import subprocess
import time

import pytest

from conftest import REPO, sudo_prefix

DOCKERFILE = os.environ.get("CONTAINER_TEST_DOCKERFILE", "Dockerfile")
SCRATCH = ".build/container"
ROOTFS = str(REPO / ".build" / "container-rootfs")
LOG = str(REPO / ".build" / "container-rootfs.log")
SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
MAX_AGE_HOURS = float(os.environ.get("CONTAINER_ROOTFS_MAX_AGE_HOURS", 24))
# debian:bookworm-slim's apt sources (/etc/apt/sources.list.d/debian.sources), so that the RUN
# resolves its packages, curl's security updates included, where `docker build` would.
SOURCES = """Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"""
# The PATH in debian:bookworm-slim's image config; the Dockerfile does not change it.
IMAGE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# docker stop's default grace before SIGKILL.
STOP_TIMEOUT = 10
WORKLOAD = "bench/workloads/single.json"
# Bump when the way the root filesystem is made changes: cached ones are then made again.
RECIPE = "2"
SUDO = sudo_prefix()


class NotUnderstood(Exception):
    pass


def parse_dockerfile(path):
    """What the test needs from the Dockerfile; raises NotUnderstood with the line it does not know."""

    text = open(path).read()

    def die(message):
        raise NotUnderstood(f"{path}: {message}: test_container.py does not know how to reproduce this")

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

    return {
        "BUILD_FROM": build["base"], "SWIFT_BUILD_FLAGS": swift_flags,
        "INSTALL_MODE": install[0], "INSTALL_SRC": install[1], "INSTALL_DST": install[2],
        "BUILD_PACKAGES": build_packages, "FINAL_FROM": final["base"],
        "RUN_ENV": [f"{k}={v}" for k, v in args.items() if v is not None], "RUN_TEXTS": runs, "PACKAGES": packages,
        "USERADD_UID": useradd[0], "USERADD_NAME": useradd[1],
        "COPY_SOURCES": [s for s, _ in copies], "COPY_TARGETS": [t for _, t in copies],
        "USER_SPEC": user, "ENV_VARS": env, "EXPOSE_PORTS": expose,
        "HC_TIMEOUT": healthcheck[0], "HC_CMD": healthcheck[1], "STOPSIGNAL": stopsignal, "ARGV": entrypoint + cmd,
    }


def sudo(*args, **kwargs):
    return subprocess.run([*SUDO, *args], **kwargs)


def mounts_under(directory):
    """Mount points at or under `directory` in this mount namespace, deepest first."""
    found = []
    with open("/proc/self/mountinfo") as f:
        for line in f:
            point = line.split()[4]
            if point == directory or point.startswith(directory + "/"):
                found.append(point)
    return sorted(found, reverse=True)


def unmount_all():
    """Every mount is made in a namespace of its own and goes with it; this catches the rest."""
    for directory in (ROOTFS, ROOTFS + ".new"):
        for point in mounts_under(directory):
            if sudo("umount", point, stderr=subprocess.DEVNULL).returncode != 0:
                sudo("umount", "-l", point)


def remove_tree(directory):
    mounted = mounts_under(directory)
    assert not mounted, f"refusing to remove {directory}: mounted: {mounted}"
    sudo("rm", "-rf", "--one-file-system", directory, check=True)


def descendants(pid):
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout.split()
    found = []
    for child in children:
        found += [int(child), *descendants(int(child))]
    return found


def tail(path, lines=20):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:])
    except OSError:
        return ""


@pytest.fixture(scope="module")
def tools(need):
    for tool, package in (("debootstrap", "debootstrap"),
                          ("/usr/share/keyrings/debian-archive-keyring.gpg", "debian-archive-keyring"),
                          ("unshare", "util-linux"), ("ip", "iproute2"), ("curl", "curl"),
                          ("strip", "binutils"), ("ps", "procps"), ("nsenter", "util-linux")):
        need(tool, package)


@pytest.fixture(scope="module")
def spec(tools):
    try:
        parsed = parse_dockerfile(DOCKERFILE)
    except NotUnderstood as error:
        pytest.fail(str(error))
    print(f"{DOCKERFILE}: build FROM {parsed['BUILD_FROM']}, runtime FROM {parsed['FINAL_FROM']}; packages "
          f"{' '.join(parsed['PACKAGES'])}; USER {parsed['USER_SPEC']}; ENV {' '.join(parsed['ENV_VARS'])}; "
          f"{' '.join(parsed['ARGV'])}")
    return parsed


def image_env(spec, name):
    values = [kv.split("=", 1)[1] for kv in spec["ENV_VARS"] if kv.split("=", 1)[0] == name]
    return values[-1] if values else ""


@pytest.fixture(scope="module")
def built(spec):
    """1. the binary, as the build stage makes it."""
    started = time.monotonic()
    flags = spec["SWIFT_BUILD_FLAGS"]
    print(f"== build: swift build {' '.join(flags)} --scratch-path {SCRATCH}")
    subprocess.run(["swift", "build", *flags, "--scratch-path", SCRATCH], check=True)
    binary = os.path.join(SCRATCH, spec["INSTALL_DST"].lstrip("/"))
    source = os.path.join(SCRATCH, spec["INSTALL_SRC"][len(".build/"):])
    subprocess.run(["install", "-D", "-m", spec["INSTALL_MODE"], source, binary], check=True)
    subprocess.run(["strip", binary], check=True)
    print(f"build: {time.monotonic() - started:.1f} s; {binary}, {os.stat(binary).st_size} bytes stripped")
    swift = re.search(r"Swift version \S+", subprocess.run(["swift", "--version"], capture_output=True,
                                                            text=True).stdout + " ")
    os_name = re.search(r'^PRETTY_NAME="?([^"\n]*)', open("/etc/os-release").read(), re.M)
    print(f"note: built with {swift.group(0) if swift else 'Swift'} on {os_name.group(1) if os_name else '?'}, "
          f"the build stage with {spec['BUILD_FROM']}")
    for package in spec["BUILD_PACKAGES"]:
        if "=" not in package:
            continue
        name, version = package.split("=", 1)
        here = subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True)
        print(f"note: {name} {here.stdout if here.returncode == 0 else 'not installed'} here, {version} in the build stage")
    return binary


@pytest.fixture(scope="module")
def rootfs(spec):
    """2. the runtime stage's root filesystem (made, or reused while its key matches and it is young)."""
    started = time.monotonic()
    key_text = "".join(f"{part}\n" for part in (RECIPE, spec["FINAL_FROM"], SUITE, MIRROR, SOURCES,
                                                  *spec["RUN_ENV"], *spec["RUN_TEXTS"]))
    key = hashlib.sha256(key_text.encode()).hexdigest()[:16]
    key_file = ROOTFS + ".key"
    try:
        old_key = open(key_file).read().strip()
        age = time.time() - os.stat(key_file).st_mtime
    except OSError:
        old_key, age = None, None
    try:
        if os.path.isdir(ROOTFS) and old_key == key and age < MAX_AGE_HOURS * 3600:
            print(f"== rootfs: reusing {ROOTFS} (key {key}, made {int(age // 60)} min ago)")
        else:
            new = ROOTFS + ".new"
            remove_tree(new)
            open(LOG, "w").close()
            print(f"== rootfs: debootstrap --variant=minbase {SUITE} {new} {MIRROR} (log: {LOG})")
            with open(LOG, "a") as log:
                # Its own mount namespace: the /proc and /sys it mounts in the target go with it.
                made = sudo("unshare", "--mount", "debootstrap", "--variant=minbase", SUITE, new, MIRROR,
                            stdout=log, stderr=subprocess.STDOUT)
            assert made.returncode == 0, f"debootstrap failed:\n{tail(LOG)}"
            sudo("rm", "-f", f"{new}/etc/apt/sources.list", check=True)
            sudo("tee", f"{new}/etc/apt/sources.list.d/debian.sources", input=SOURCES + "\n", text=True,
                 stdout=subprocess.DEVNULL, check=True)
            # `docker build` gives RUN the host's resolver, and keeps it out of the image.
            sudo("cp", "-L", "/etc/resolv.conf", f"{new}/etc/resolv.conf", check=True)
            for run in spec["RUN_TEXTS"]:
                print(f"== rootfs: RUN {run}")
                with open(LOG, "a") as log:
                    ran = sudo("unshare", "--mount", "--pid", "--fork", f"--mount-proc={new}/proc",
                               "chroot", new, "/usr/bin/env", "-i", f"PATH={IMAGE_PATH}", "HOME=/root",
                               *spec["RUN_ENV"], "/bin/sh", "-c", run,
                               stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
                assert ran.returncode == 0, f"the runtime stage's RUN failed in the chroot:\n{tail(LOG)}"
            sudo("rm", "-f", f"{new}/etc/resolv.conf", check=True)
            # The downloaded .debs and apt's caches (77 MB), which the debian images' docker-clean apt
            # setting drops after every install.
            sudo("chroot", new, "/usr/bin/apt-get", "clean", check=True)
            remove_tree(ROOTFS)
            sudo("mv", new, ROOTFS, check=True)
            with open(key_file, "w") as f:
                f.write(key + "\n")
    finally:
        unmount_all()
    size = sudo("du", "-sh", "--one-file-system", ROOTFS, capture_output=True, text=True).stdout.split("\t")[0]
    print(f"rootfs: {time.monotonic() - started:.1f} s; {size}")
    return ROOTFS


def test_build_stage_builds_as_make_release(spec):
    """The Dockerfile's `swift build` flags are the Makefile's RELEASE_FLAGS (and a product)."""
    make = subprocess.run(["make", "-s", "--no-print-directory", "release-flags"], capture_output=True, text=True,
                          check=True, cwd=REPO).stdout.split()
    flags, product = list(spec["SWIFT_BUILD_FLAGS"]), []
    if "--product" in flags:
        at = flags.index("--product")
        flags, product = flags[:at] + flags[at + 2:], flags[at:at + 2]
    assert flags == ["-c", "release", *make], f"the build stage's flags {flags} against make release's {make}"
    print(f"ok: the build stage builds {' '.join(product) or 'every product'} with make release's flags")


def test_packages_installed_as_the_run_asks(spec, rootfs):
    versions, wrong = [], []
    for package in spec["PACKAGES"]:
        name = package.split("=", 1)[0]
        query = subprocess.run(["dpkg-query", f"--admindir={rootfs}/var/lib/dpkg", "-W",
                                "-f=${db:Status-Abbrev}${Version}", name], capture_output=True, text=True)
        have = query.stdout if query.returncode == 0 else ""
        version = have[3:] if have.startswith("ii ") else have
        versions.append(f"{name} {version}")
        if not have.startswith("ii") or ("=" in package and version != package.split("=", 1)[1]):
            wrong.append(package)
    assert not wrong, f"packages not installed as the RUN asks: {wrong} (installed: {versions})"
    print(f"ok: packages installed as the RUN asks: {', '.join(versions)}")


@pytest.fixture(scope="module")
def image(spec, built, rootfs):
    """3. the COPY lines, and USER as Docker resolves it: a missing group is the user's primary group
    in the image's /etc/passwd (0 when the user is not there); HOME from the same entry, "/" without one."""
    for source, target in zip(spec["COPY_SOURCES"], spec["COPY_TARGETS"]):
        source = built if source == "@build" else source
        mode = oct(os.stat(source).st_mode & 0o7777)[2:]
        sudo("install", "-D", "-o", "0", "-g", "0", "-m", mode, source, rootfs + target, check=True)
    print(f"copied: {' '.join(spec['COPY_TARGETS'])}")
    user, _, group = spec["USER_SPEC"].partition(":")
    passwd = [line.split(":") for line in open(f"{rootfs}/etc/passwd").read().splitlines() if line]
    entry = next((e for e in passwd if e[2] == user or e[0] == user), None)
    uid = user if user.isdigit() else (entry[2] if entry else "")
    group = group or (entry[3] if entry else "")
    if (group or "0").isdigit():
        gid = group or "0"
    else:
        groups = [line.split(":") for line in open(f"{rootfs}/etc/group").read().splitlines() if line]
        gid = next((g[2] for g in groups if g[0] == group), "")
    home = entry[5] if entry else ""
    return {"uid": uid, "gid": gid, "home": home or "/", "entry": entry,
            "env": [f"PATH={IMAGE_PATH}", f"HOME={home or '/'}", *spec["ENV_VARS"]],
            "port": image_env(spec, "ROUTEBAR_PORT"), "host": image_env(spec, "ROUTEBAR_HOST")}


def test_user_is_the_added_non_root_user(spec, image):
    uid = image["uid"]
    assert uid and uid == spec["USERADD_UID"] and uid != "0" and image["entry"], \
        f"USER {spec['USER_SPEC']} (uid {uid or '?'}) is not the non-root user the RUN adds (--uid {spec['USERADD_UID']})"
    print(f"ok: USER {spec['USER_SPEC']} is the RUN's useradd --uid {spec['USERADD_UID']} ({spec['USERADD_NAME']}), "
          f"uid {uid} gid {image['gid']} HOME {image['home']}")


def test_env_expose_and_healthcheck_agree_on_the_port(spec, image):
    port = image["port"]
    assert port and port in spec["EXPOSE_PORTS"] and f":{port}/" in " ".join(spec["HC_CMD"]), \
        (f"ENV ROUTEBAR_PORT={port or 'unset'}, EXPOSE {' '.join(spec['EXPOSE_PORTS'])} and HEALTHCHECK "
         f"{' '.join(spec['HC_CMD'])} disagree")
    print(f"ok: ENV ROUTEBAR_PORT, EXPOSE and the HEALTHCHECK URL name the same port, {port}")


@pytest.fixture(scope="module")
def container(spec, image, rootfs, module_tmp):
    """4. the container: ENTRYPOINT + CMD in new PID, mount and network namespaces, as USER."""
    uid, gid = image["uid"], image["gid"]
    argv = spec["ARGV"]
    print(f"== run: {' '.join(argv)} as {uid}:{gid} with {' '.join(image['env'])}")
    err_path = module_tmp / "server.err"
    started = time.monotonic()
    with open(module_tmp / "server.out", "wb") as out, open(err_path, "wb") as err:
        launch = subprocess.Popen([*SUDO, "unshare", "--pid", "--fork", "--mount", f"--mount-proc={rootfs}/proc",
                                   "--net", "--", "/bin/sh", "-c", 'ip link set lo up && exec "$@"', "sh",
                                   "chroot", f"--userspec={uid}:{gid}", f"--groups={gid}", rootfs,
                                   "/usr/bin/env", "-i", *image["env"], *argv],
                                  stdin=subprocess.DEVNULL, stdout=out, stderr=err)
    state = {"launch": launch, "pid": None, "err": err_path, "listening": None, "uid": uid, "gid": gid}
    try:
        name = os.path.basename(argv[0])
        for _ in range(100):
            if state["pid"] is None:
                for pid in descendants(launch.pid):
                    try:
                        if open(f"/proc/{pid}/comm").read().strip() == name:
                            state["pid"] = pid
                    except OSError:
                        pass
            found = re.search(r"listening on http://(\S*) ", err_path.read_text(errors="replace"))
            state["listening"] = found.group(1) if found else None
            if state["listening"] and state["pid"]:
                break
            if launch.poll() is not None:
                break
            time.sleep(0.1)
        if not state["listening"] or not state["pid"]:
            if launch.poll() is None:
                pytest.fail(f"the container did not start listening within 10 s:\n{err_path.read_text()}")
            pytest.fail(f"the container exited ({launch.returncode}) before listening:\n{err_path.read_text()}")
        state["started_after"] = time.monotonic() - started
        yield state
    finally:
        if state["pid"] and launch.poll() is None:
            sudo("kill", "-KILL", str(state["pid"]), stderr=subprocess.DEVNULL)
        if launch.poll() is None:
            launch.kill()
        launch.wait()
        unmount_all()


def test_listening_where_the_image_env_says(image, container):
    want = f"{image['host']}:{image['port']}"
    assert container["listening"] == want, f"listening on {container['listening']}, the image's ENV says {want}"
    print(f"ok: listening on {want}, as the image's ENV says, {container['started_after']:.1f} s after start")


def test_process_ids_and_capabilities(container):
    fields = {}
    for line in open(f"/proc/{container['pid']}/status").read().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value.split()
    uid, gid = container["uid"], container["gid"]
    ids = (fields["Uid"], fields["Gid"], fields["CapEff"][0], fields["NSpid"][-1])
    assert ids == ([uid] * 4, [gid] * 4, "0000000000000000", "1"), f"the process's uid|gid|CapEff|PID in its namespace: {ids}"
    print(f"ok: the process runs as uid {uid} gid {gid} (real, effective, saved, fs), no capabilities, "
          "PID 1 of its namespace")


def test_healthcheck(spec, image, container):
    """The health check as Docker runs it: inside the container (its root, mounts, network, PIDs), as
    its user, with its environment, killed after --timeout."""
    started = time.monotonic()
    timeout = f"{spec['HC_TIMEOUT']:g}"
    run = sudo("timeout", "--kill-after=1", timeout, "nsenter", "--target", str(container["pid"]), "--mount", "--net",
               "--pid", "--root", "--wd", "--setuid", container["uid"], "--setgid", container["gid"], "--",
               "/usr/bin/env", "-i", *image["env"], *spec["HC_CMD"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = run.stdout.decode(errors="replace")
    assert run.returncode == 0, f"HEALTHCHECK {' '.join(spec['HC_CMD'])}: exit {run.returncode}: {output[:500]}"
    print(f"ok: HEALTHCHECK {' '.join(spec['HC_CMD'])}: exit 0 in {time.monotonic() - started:.1f} s "
          f"(timeout {timeout} s): {output[:200]}")


def test_post_workload(image, container):
    run = sudo("nsenter", "--target", str(container["pid"]), "--net", "--", "curl", "-sS", "--max-time", "10",
               "-o", "-", "-w", "\n%{http_code} %{content_type}", "-H", "Content-Type: application/json",
               "--data-binary", f"@{WORKLOAD}", f"http://127.0.0.1:{image['port']}/v1/route-bars",
               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    answer = run.stdout.decode(errors="replace")
    body, _, head = answer.rpartition("\n")
    try:
        routes = len(json.loads(body)["routes"])
    except (ValueError, KeyError, TypeError):
        routes = None
    assert head.startswith("200 application/json") and routes == 1, f"POST /v1/route-bars ({WORKLOAD}): {answer[:500]}"
    print(f"ok: POST /v1/route-bars ({WORKLOAD}): {head}, a JSON answer with one route")


def test_stop_signal(spec, container):
    stop = spec["STOPSIGNAL"]
    started = time.monotonic()
    signal_arg = f"-{stop}" if stop.isdigit() else f"-{stop[3:] if stop.startswith('SIG') else stop}"
    sudo("kill", signal_arg, str(container["pid"]), check=True)
    launch = container["launch"]
    try:
        status = launch.wait(STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{stop}: still running after {STOP_TIMEOUT} s (docker stop would SIGKILL it now)")
    err = container["err"].read_text(errors="replace")
    assert status == 0, f"{stop}: exit {status}; stderr:\n{err}"
    last = (err.strip().splitlines() or [""])[-1]
    print(f"ok: {stop}: exit 0 in {time.monotonic() - started:.1f} s: {last[:200]}")
