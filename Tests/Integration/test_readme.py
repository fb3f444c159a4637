"""README and docs test: every command README.md and docs/*.md show runs as written.

  1. the service is started on a free loopback port (conftest.py's `service`);
  2. every command in the ```sh blocks of README.md, then of docs/*.md by name, that runs `curl`, `routebar` or `make install`
     (alone or in a pipeline, such as `gzip -c FILE | curl ...`; backslash continuations and
     quoted strings over several lines are one command) is run, in the README's order, from the
     repository's root with bash, `set -o pipefail` and a timeout (INSTALL_TIMEOUT for
     `make install`, which may have to build the release binary), after rewrites that leave the
     command otherwise as the README has it:
       - `localhost:8080` and `127.0.0.1:8080` become the test server's address;
       - `make install` gets `PREFIX=<a temporary directory>` (any PREFIX or DESTDIR the README
         gives is dropped), so it installs .build/release/routebar there and never in /usr/local;
       - output files (curl's `-o FILE`, `> FILE`) go to a scratch directory, never the repository;
     curl also gets `-sS -D FILE` (and `-o FILE` when it has none) to capture its status.
     `routebar` is not rewritten: every command runs with that PREFIX's bin first on PATH, so
     `routebar ...` is what the README's `make install` put there, as for a reader who ran it;
     a `routebar` command before the README's `make install` fails;
  3. each must succeed: curl's HTTP status 2xx and other commands' exit status 0, or what the
     command's comment says (`# 422` or `# status 422` for curl, `# exit status N` for routebar),
     and the whole pipeline's exit status 0;
  4. where a ```json block follows a ```sh block (nothing but blank lines between), it is the
     whole answer to that block's last command: the real answer must equal it as JSON;
  5. no command writes into the checkout: `git status --porcelain --untracked-files=all` (which
     leaves out ignored paths such as .build/ and .venv/) must be the same after the commands as
     before them (outside a git checkout, no new file may appear in the root or examples/);
     then `make uninstall` with the same PREFIX must remove the installed binary.

Lines starting with other commands (`make run`, `make test`, `docker`, `swift`...) and
`routebar serve` are not run. A command that cannot run as written is a README bug: fix the
README, not this test. One test per README command (its id is README.md:LINE), in the README's
order; the commands run once, in the module's fixture, so that they run in order even when
only some tests are selected.

ROUTEBAR_BINARY picks the server binary (default .build/debug/routebar); the README's `routebar`
commands run the release binary its `make install` installs.
"""
import json
import os
import re
import shlex
import subprocess

import pytest

from conftest import REPO

root = str(REPO)
# Seconds one README command may take; `make install` may first build the release binary.
COMMAND_TIMEOUT = 30
INSTALL_TIMEOUT = float(os.environ.get("INSTALL_TIMEOUT", 3600))
RUN = ("curl", "routebar", "make install")
NOT_RUN = ("routebar serve",)

# --- README.md's fenced blocks ---------------------------------------------------------------

# The README first (its `make install` comes before any page's `routebar`), then docs/ by name.
DOCUMENTS = ["README.md"] + sorted("docs/" + name for name in os.listdir(os.path.join(root, "docs")) if name.endswith(".md"))


def fenced_blocks(document):
    """{lang, first (1-based line of the first content line), body [lines], open, close} of each
    fenced block, and the document's lines."""
    lines = open(os.path.join(root, document), encoding="utf-8").read().split("\n")
    found = []
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\S*)\s*$", lines[i])
        if fence:
            start = i
            i += 1
            while i < len(lines) and not re.match(r"^```\s*$", lines[i]):
                i += 1
            found.append({"lang": fence.group(1), "open": start, "close": i,
                          "first": start + 2, "body": lines[start + 1:i], "document": document})
        i += 1
    return found, lines


# --- a small shell lexer: words and operators with their places in the text -----------------

def lex(text):
    """Tokens of one command up to its comment: (kind, start, end, value), kind "word" or "op";
    and the comment's text ("" when none). Quotes and backslashes as bash reads them."""
    tokens, n, i = [], len(text), 0
    while i < n:
        c = text[i]
        if text.startswith("\\\n", i):
            i += 2
            continue
        if c in " \t\n":
            i += 1
            continue
        if c == "#":
            return tokens, text[i:].strip()
        m = re.match(r"\d*(>>|>&|>|<)|\|\||\||&&|;|&", text[i:])
        if m:
            tokens.append(("op", i, i + m.end(), m.group(0)))
            i += m.end()
            continue
        start, value = i, ""
        while i < n and text[i] not in " \t\n|&;<>":
            c = text[i]
            if c == "\\" and i + 1 < n:
                if text[i + 1] != "\n":
                    value += text[i + 1]
                i += 2
            elif c == "'":
                j = text.index("'", i + 1)
                value += text[i + 1:j]
                i = j + 1
            elif c == '"':
                j = i + 1
                while text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                value += re.sub(r'\\([\\"$`])', r"\1", text[i + 1:j])
                i = j + 1
            else:
                value += c
                i += 1
        tokens.append(("word", start, i, value))
    return tokens, ""

def complete(text):
    """Whether text is a whole command: no quote left open, no trailing backslash."""
    quote, i = None, 0
    while i < len(text):
        c = text[i]
        if quote == "'":
            quote = None if c == "'" else quote
        elif quote == '"':
            if c == "\\":
                i += 1
            elif c == '"':
                quote = None
        elif c == "\\":
            if i + 1 == len(text):
                return False
            i += 1
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or text[i - 1] in " \t\n"):
            break  # a comment runs to the end of the line
        i += 1
    return quote is None

def stages(tokens):
    """Split into pipeline/list stages at |, ||, &&, ; and &."""
    out, cur = [], []
    for t in tokens:
        if t[0] == "op" and t[3] in ("|", "||", "&&", ";", "&"):
            out.append(cur)
            cur = []
        else:
            cur.append(t)
    out.append(cur)
    return [s for s in out if s]

# --- the commands ----------------------------------------------------------------------------

def document_commands(document):
    blocks, lines = fenced_blocks(document)
    found = []
    for b, block in enumerate(blocks):
        if block["lang"] not in ("sh", "bash", "shell", "console"):
            continue
        pending, first = [], None
        for k, line in enumerate(block["body"]):
            if not pending and (not line.strip() or line.lstrip().startswith("#")):
                continue
            if not pending:
                first = block["first"] + k
            pending.append(line)
            text = "\n".join(pending)
            if complete(text):
                found.append({"block": b, "line": first, "text": text, "document": document})
                pending = []
        if pending:
            found.append({"block": b, "line": first, "text": "\n".join(pending), "broken": True, "document": document})

    # A ```json block right after a ```sh block is the whole answer to its last command.
    for b, block in enumerate(blocks):
        if block["lang"] != "json" or b == 0 or blocks[b - 1]["lang"] not in ("sh", "bash", "shell"):
            continue
        between = lines[blocks[b - 1]["close"] + 1:block["open"]]
        if any(l.strip() for l in between):
            continue
        mine = [c for c in found if c["block"] == b - 1]
        if mine:
            mine[-1]["answer"] = ("\n".join(block["body"]), block["first"])
    return found


commands = [command for document in DOCUMENTS for command in document_commands(document)]


def one_line(text, limit=150):
    text = re.sub(r"\s*\\\n\s*|\s*\n\s*", " ", text)
    return text if len(text) <= limit else text[:limit - 3] + "..."

def rewrite(cmd, scratch, port, prefix):
    """The command as it runs here, which stage's output is the answer, and how to read status."""
    text = cmd["text"]
    tokens, comment = lex(text)
    code_end = len(text) if not comment else text.rindex(comment)
    edits = []  # (start, end, replacement)
    plan = {"curl": None, "routebar": False, "install": False, "answer_file": None}
    all_stages = stages(tokens)
    for s, stage in enumerate(all_stages):
        words = [t for t in stage if t[0] == "word"]
        name = words[0][3] if words else ""
        last = s == len(all_stages) - 1
        for j, t in enumerate(stage):
            # Output files go to the scratch directory.
            if t[0] == "op" and t[3] in (">", ">>") and j + 1 < len(stage) and stage[j + 1][0] == "word":
                target = stage[j + 1]
                if not target[3].startswith("/dev/"):
                    path = os.path.join(scratch, os.path.basename(target[3]))
                    edits.append((target[1], target[2], shlex.quote(path)))
                    if last:
                        plan["answer_file"] = path
        if name == "curl":
            header_file = os.path.join(scratch, "headers")
            output = None
            for j, t in enumerate(stage):
                if t[0] == "word" and t[3] in ("-o", "--output") and j + 1 < len(stage):
                    target = stage[j + 1]
                    output = os.path.join(scratch, os.path.basename(target[3]))
                    edits.append((target[1], target[2], shlex.quote(output)))
            extra = " -sS -D " + shlex.quote(header_file)
            if output is None and last and plan["answer_file"] is None:
                output = os.path.join(scratch, "body")
                extra += " -o " + shlex.quote(output)
            edits.append((words[0][2], words[0][2], extra))
            plan["curl"] = header_file
            if output:
                plan["answer_file"] = output
        elif name == "routebar":
            plan["routebar"] = True
        elif [w[3] for w in words[:2]] == ["make", "install"]:
            for w in words[2:]:
                if re.match(r"(PREFIX|DESTDIR)=", w[3]):
                    edits.append((w[1], w[2], ""))
            edits.append((words[-1][2], words[-1][2], " PREFIX=" + shlex.quote(prefix)))
            plan["install"] = True
    run = text[:code_end]
    for start, end, new in sorted(edits, reverse=True):
        run = run[:start] + new + run[end:]
    run = re.sub(r"\b(localhost|127\.0\.0\.1):8080\b", "127.0.0.1:" + port, run)
    return run, comment, plan

def expected(comment, plan):
    if plan["curl"]:
        m = re.match(r"#\s*(?:status\s+)?([1-5]\d\d)\b", comment)
        return ("status", int(m.group(1)) if m else None)
    m = re.match(r"#\s*exit status\s+(\d+)\b", comment)
    return ("exit", int(m.group(1)) if m else 0)

def http_status(header_file):
    try:
        heads = open(header_file, encoding="latin-1").read()
    except OSError:
        return None
    codes = [int(c) for c in re.findall(r"^HTTP/\S+ (\d{3})", heads, re.M)]
    codes = [c for c in codes if c >= 200] or codes
    return codes[-1] if codes else None

def git_status():
    """The checkout's status (ignored paths left out), or None outside a git checkout."""
    try:
        proc = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=all"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return set(proc.stdout.decode("utf-8", "replace").splitlines()) if proc.returncode == 0 else None

def watched():
    """What is in the places a stray output file would land."""
    seen = set()
    for d in (root, os.path.join(root, "examples")):
        if os.path.isdir(d):
            seen.update(os.path.join(d, name) for name in os.listdir(d))
    return seen



def command_id(cmd):
    return "%s:%d" % (cmd["document"], cmd["line"])


def plan_of(cmd):
    """"run", "skip" or "broken": what happens to this command."""
    if cmd.get("broken"):
        return "broken"
    tokens, _ = lex(cmd["text"])
    stage_words = [[t[3] for t in s if t[0] == "word"] for s in stages(tokens)]
    heads = [" ".join(w)[:len("routebar serve")] for w in stage_words]
    names = ["make install" if w[:2] == ["make", "install"] else w[0] for w in stage_words if w]
    if not any(name in RUN for name in names) or any(h in NOT_RUN for h in heads):
        return "skip"
    return "run"


@pytest.fixture(scope="module")
def readme(need, service, module_tmp):
    """Runs every command in order; returns {"results": {index: (problems, line)}, "changed": ...,
    "uninstall": ..., "passed": n}."""
    # The README's commands use curl (--json needs 7.82) and gzip.
    need("curl")
    need("gzip")
    work = str(module_tmp)
    port = str(service.port)
    # Where the README's `make install` installs, first on every command's PATH.
    prefix = os.path.join(work, "prefix")
    installed = os.path.join(prefix, "bin", "routebar")
    env = dict(os.environ, PATH=os.path.join(prefix, "bin") + os.pathsep + os.environ.get("PATH", ""))
    results = {}
    status_before = git_status()
    before = watched()
    install_ran = False
    passed = 0
    for n, cmd in enumerate(commands, 1):
        where = command_id(cmd)
        shown = one_line(cmd["text"])
        plan_kind = plan_of(cmd)
        if plan_kind == "broken":
            results[n] = (["an unterminated quote or continuation"], "FAIL %s  %s" % (where, shown))
            continue
        if plan_kind == "skip":
            results[n] = (None, "skip %s  %s" % (where, shown))
            continue
        scratch = os.path.join(work, "readme-%d" % n)
        os.makedirs(scratch)
        run, comment, plan = rewrite(cmd, scratch, port, prefix)
        kind, want = expected(comment, plan)
        problems = []
        if plan["routebar"] and not install_ran:
            problems.append("runs routebar before the README's `make install` has put it on PATH")
        limit = INSTALL_TIMEOUT if plan["install"] else COMMAND_TIMEOUT
        try:
            proc = subprocess.run(["bash", "-o", "pipefail", "-c", run], cwd=root, stdin=subprocess.DEVNULL, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=limit)
            exit_status, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
        except subprocess.TimeoutExpired:
            exit_status, stdout, stderr = None, b"", b""
            problems.append("no exit within %g s" % limit)
        if plan["install"]:
            if os.access(installed, os.X_OK):
                install_ran = True
            else:
                problems.append("installed no executable %s" % installed)
        if kind == "status":
            got = http_status(plan["curl"])
            result = "HTTP %s" % got
            ok = got is not None and (200 <= got < 300 if want is None else got == want)
            if not ok:
                problems.append("HTTP status %s, expected %s" % (got, "2xx" if want is None else want))
            if exit_status not in (0, None):
                problems.append("exit status %s" % exit_status)
        else:
            result = "exit %s" % exit_status
            if exit_status is not None and exit_status != want:
                problems.append("exit status %s, expected %s" % (exit_status, want))
        if "answer" in cmd:
            shown_answer, answer_line = cmd["answer"]
            real = open(plan["answer_file"], "rb").read() if plan["answer_file"] else stdout
            try:
                if json.loads(real) != json.loads(shown_answer):
                    problems.append("the answer differs from %s:%d's; the real one:\n     %s"
                                    % (cmd["document"], answer_line, real.decode("utf-8", "replace")[:4000]))
                else:
                    result += ", answer equals %s:%d" % (cmd["document"], answer_line)
            except ValueError as error:
                problems.append("answer or %s:%d not JSON: %s" % (cmd["document"], answer_line, error))
        if problems:
            details = ["ran: " + one_line(run, 400)]
            if stderr.strip():
                details.append("stderr: " + stderr.decode("utf-8", "replace").strip()[-1000:])
            if plan["curl"] and "answer" not in cmd and plan["answer_file"] and os.path.exists(plan["answer_file"]):
                details.append("answer: " + open(plan["answer_file"], "rb").read(600).decode("utf-8", "replace"))
            results[n] = (problems + details, "FAIL %s  %s" % (where, shown))
        else:
            passed += 1
            results[n] = ([], "ok   %s  %s  (%s)" % (where, shown, result))
        print(results[n][1])

    status_after = git_status()
    changed = None
    if status_before is not None and status_after is not None:
        changed = sorted(status_after ^ status_before)
        changed = ("the commands changed the checkout (git status --porcelain, before ^ after): "
                   + "; ".join(changed)) if changed else None
    else:
        stray = sorted(watched() - before)
        changed = ("the commands left files in the repository: " + ", ".join(stray)) if stray else None
    uninstall = None
    if install_ran:
        proc = subprocess.run(["make", "uninstall", "PREFIX=" + prefix], cwd=root, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT)
        if proc.returncode != 0 or os.path.lexists(installed):
            uninstall = ("make uninstall PREFIX=%s left %s (exit %d): %s"
                         % (prefix, installed, proc.returncode, proc.stdout.decode("utf-8", "replace")[-600:]))
    assert service.alive(), "routebar exited during the README commands:\n" + service.stderr
    return {"results": results, "changed": changed, "uninstall": uninstall, "passed": passed,
            "install_ran": install_ran}


@pytest.mark.parametrize("index", range(1, len(commands) + 1), ids=[command_id(c) for c in commands])
def test_readme_command(index, readme):
    problems, line = readme["results"][index]
    if problems is None:
        pytest.skip(line)
    assert not problems, line + "\n     " + "\n     ".join(problems)


def test_some_command_ran(readme):
    assert readme["passed"] > 0, "no README command ran"
    print(f"readme: {readme['passed']} commands passed")


def test_checkout_unchanged(readme):
    assert readme["changed"] is None, readme["changed"]


def test_uninstall_removes_binary(readme):
    assert readme["uninstall"] is None, readme["uninstall"]
