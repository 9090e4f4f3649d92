#!/usr/bin/env python3
"""Fault injection for practice: the driver behind run-stress.sh.

    stress.py BIN [TEST...]     run every test (or the named ones); STRESS_QUICK=1 for the short slice

Prints one line per test (PASS/FAIL/SKIP name: detail) and `N passed, N failed` at the end;
exits 1 on any failure. Run from the repository root (run-stress.sh does that).

How answers are attributed under kill -9: the shell names every session `s<time>-<pid>-<n>`, so the
journal (and snapshot, after compaction) tells which process wrote each answer. For every process
the driver counts the feedback lines (`✓ Correct.` / `✗ Wrong.`) it read from the process's stdout,
draining the pipe after the kill: whatever the process wrote before dying is still in the pipe. A
process may have saved at most one answer more than it acknowledged (written and fsynced, killed
before printing), never fewer, and a process that exited cleanly exactly as many.
"""
import faulthandler, glob, json, os, pty, random, re, select, shutil, signal, subprocess, sys, tempfile, threading, time
import stat

BIN = os.path.abspath(sys.argv[1])
ONLY = sys.argv[2:]
QUICK = os.environ.get("STRESS_QUICK") == "1"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the repository
HERE = os.path.dirname(os.path.abspath(__file__))
COURSE = os.path.join(ROOT, "Data/courses/physics-grade8")
COURSE_ID = "physics-grade8"
SUITE = os.path.join(ROOT, "Tests/PracticeJSONTests/JSONTestSuite/test_parsing")  # vendored, MIT
# LANGUAGE=en: the driver reads English feedback lines, whatever the course's language (the shipped
# course speaks Chinese in the C locale).
ENV = dict(os.environ, NO_COLOR="1", LANG="C.UTF-8", LC_ALL="C.UTF-8", LANGUAGE="en", SWIFT_BACKTRACE="enable=no")
RNG = random.Random(int(os.environ.get("STRESS_SEED", "0")) or None)
FEEDBACK = re.compile(rb"^(\xe2\x9c\x93|\+) Correct\.|^(\xe2\x9c\x97|x) Wrong\.")
HEADER = re.compile(rb"^Question \d+ of \d+ \xc2\xb7 (.+)$")

faulthandler.register(signal.SIGUSR1)
results = []  # (status, name, detail)
WORK = tempfile.mkdtemp(prefix="practice-stress.")


def report(status, name, detail):
    results.append((status, name, detail))
    print(f"{status} {name}: {detail}", flush=True)


def progress(msg):
    print(f"  .. {msg}", file=sys.stderr, flush=True)


def fresh(name):
    d = os.path.join(WORK, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def progress_dir(data, user="u"):
    return os.path.join(data, user, COURSE_ID)


def run(args, stdin=b"", timeout=120, env=None):
    """Runs practice to the end; returns (status, stdout, stderr). Status < 0 is a signal."""
    p = subprocess.run([BIN] + args, input=stdin, capture_output=True, timeout=timeout, env=env or ENV)
    return p.returncode, p.stdout, p.stderr


# ---------------------------------------------------------------- reading progress back


def read_progress(directory):
    """Answer counts per writing pid, problems found (unparsable lines, duplicate records), and the temp files.

    Reads the whole history as docs/progress-and-data.md's reading rule says: the base (history-base.json, or a
    snapshot.json of format 1, which kept every session), the kept segments journal-NNNNNN.jsonl in
    number order, then journal.jsonl; a record whose seq is at or below its writer's highest so far
    was already counted. A format-2 snapshot.json must parse, but sums old sessions up: not counted."""
    problems = []
    per_pid = {}
    applied = {}
    snap = os.path.join(directory, "snapshot.json")
    base = os.path.join(directory, "history-base.json")
    snapshot = None
    if os.path.exists(snap):
        try:
            with open(snap, "rb") as f:
                snapshot = json.loads(f.read())
        except ValueError as e:
            problems.append(f"snapshot.json does not parse: {e}")
    if os.path.exists(base) or (snapshot is not None and snapshot.get("version", 0) <= 1):
        try:
            if os.path.exists(base):
                with open(base, "rb") as f:
                    data = json.loads(f.read())
            else:
                data = snapshot
            applied = {w["id"]: w["seq"] for w in data.get("writers", [])}
            for s in data.get("sessions", []):
                pid = session_pid(s["id"])
                per_pid[pid] = per_pid.get(pid, 0) + len(s.get("answers", []))
        except (ValueError, KeyError, TypeError) as e:
            problems.append(f"history base does not parse: {e}")
    segments = sorted((n for n in os.listdir(directory) if re.fullmatch(r"journal-\d{6,}\.jsonl", n)),
                      key=lambda n: int(n[8:-6])) if os.path.isdir(directory) else []
    for name in segments + ["journal.jsonl"]:
        seen = set()
        journal = os.path.join(directory, name)
        if not os.path.exists(journal):
            continue
        with open(journal, "rb") as f:
            raw = f.read()
        if raw and not raw.endswith(b"\n"):
            problems.append(f"{name} ends in a partial line")
        for n, line in enumerate(raw.split(b"\n")[:-1] if raw.endswith(b"\n") else raw.split(b"\n"), 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
            except ValueError as e:
                problems.append(f"{name} line {n} does not parse: {e}")
                continue
            key = (r.get("writer"), r.get("seq"))
            if key in seen:
                problems.append(f"{name} line {n}: record {key} appears twice")
            seen.add(key)
            if r["seq"] <= applied.get(r["writer"], 0):
                continue
            applied[r["writer"]] = r["seq"]
            if r.get("type") == "answer":
                pid = session_pid(r["session"])
                per_pid[pid] = per_pid.get(pid, 0) + 1
    temps = [n for n in os.listdir(directory) if ".tmp-" in n] if os.path.isdir(directory) else []
    return per_pid, problems, temps


def session_pid(session):
    m = re.match(r"s-?\d+-(\d+)-\d+$", session)
    return int(m.group(1)) if m else -1


# ---------------------------------------------------------------- an answering process


class Learner:
    """One practice process answering chapter 1 over pipes: A for choices, t for true/false, x for fill-ins,
    skip for numeric and calculated questions (skips are not answers). Starts the chapter again when a session ends."""

    def __init__(self, data, user="u", extra_env=None):
        env = dict(ENV, **(extra_env or {}))
        self.p = subprocess.Popen([BIN, "--course", COURSE, "--data-dir", data, "--user", user],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.pid = self.p.pid
        self.buf = b""
        self.pending = []
        self.acked = 0
        self.sent = 0  # answers sent, skips not counted
        self.ended = False
        self.killed = False
        self.err = b""
        self.started = False

    def send(self, text):
        try:
            self.p.stdin.write(text)
            self.p.stdin.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):
            return False

    def lines(self, timeout):
        """Yields complete lines, reading more (waiting up to timeout) only when none is pending.
        Lines not consumed by the caller stay pending for the next call: none is ever dropped."""
        while not self.pending:
            poller = select.poll()
            poller.register(self.p.stdout.fileno(), select.POLLIN | select.POLLHUP)
            if not poller.poll(timeout * 1000):
                return
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                self.ended = True
                return
            self.buf += chunk
            *done, self.buf = self.buf.split(b"\n")
            self.pending.extend(done)
        while self.pending:
            yield self.pending.pop(0)

    def handle(self, line):
        """Reacts to one output line; returns True when an answer was just sent."""
        if FEEDBACK.match(line):
            self.acked += 1
            return False
        m = HEADER.match(line)
        if m:
            kind = m.group(1)
            # Numbers are typed for numeric and calculated questions (the latter's drawn anew): skipped here.
            if b"numeric" in kind or b"calculated" in kind:
                self.send(b"skip\n")
                return False
            answer = b"t\n" if b"true" in kind else b"x\n" if b"fill" in kind else b"A\n"
            if self.send(answer):
                self.sent += 1
                return True
            return False
        if line.startswith(b"Score:") or line.startswith(b"No questions answered"):
            self.send(b"start 1\n")
        return False

    def begin(self):
        self.send(b"start 1\n")

    def answer_until(self, acks, deadline=30.0):
        """Answers until `acks` answers were acknowledged; returns False if the process ended first."""
        end = time.time() + deadline
        while self.acked < acks and time.time() < end and not self.ended:
            for line in self.lines(0.5):
                self.handle(line)
                if self.acked >= acks:
                    break
        return self.acked >= acks

    def send_next_answer(self, deadline=10.0):
        """Reads until the next answer has been sent (not yet acknowledged)."""
        end = time.time() + deadline
        sent = self.sent
        while self.sent == sent and time.time() < end and not self.ended:
            for line in self.lines(0.5):
                self.handle(line)
                if self.sent > sent:
                    return True
        return self.sent > sent

    def kill(self):
        self.killed = True
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.finish()

    def close(self):
        """Ends input: the shell ends the session as `quit` would and exits."""
        try:
            self.p.stdin.close()
        except OSError:
            pass
        self.finish()

    def finish(self):
        # Everything written before death is still in the pipe: count it.
        while not self.ended:
            for line in self.lines(5):
                self.handle(line)
        if self.buf:
            self.handle(self.buf)
            self.buf = b""
        try:
            self.p.stdin.close()
        except OSError:
            pass
        self.p.wait()
        self.err = self.p.stderr.read()
        # A thousand runs must not run out of descriptors.
        self.p.stdout.close()
        self.p.stderr.close()


def check_counts(runs, per_pid):
    """Every acknowledged answer saved, at most one more per killed run, exactly as many for clean runs."""
    lost = doubled = 0
    bad = []
    for r in runs:
        saved = per_pid.get(r.pid, 0)
        extra = 1 if r.killed else 0
        if saved < r.acked:
            lost += r.acked - saved
            bad.append(f"pid {r.pid}: {r.acked} acknowledged, {saved} saved")
        elif saved > r.acked + extra:
            doubled += saved - r.acked - extra
            bad.append(f"pid {r.pid}: {r.acked} acknowledged, {saved} saved (killed={r.killed})")
    return lost, doubled, bad


# ---------------------------------------------------------------- tests


def test_kill9():
    kills = 300 if QUICK else 1000
    target = 3000 if QUICK else 10000
    data = fresh("kill9")
    pdir = progress_dir(data)
    runs = []
    total = 0
    stray = []
    pids = set()
    t0 = time.time()
    for i in range(kills):
        left_runs = kills - i
        per_run = max(0, (target - total) // left_runs)
        acks = RNG.randint(0, 2 * per_run) if per_run else 0
        before = set(os.listdir(pdir)) if os.path.isdir(pdir) else set()
        lr = Learner(data)
        if lr.pid in pids:
            report("FAIL", "kill9", f"pid {lr.pid} reused within the run; attribution impossible")
            lr.kill()
            return
        pids.add(lr.pid)
        runs.append(lr)
        if RNG.random() < 0.05:
            # A kill while starting: opening, repairing or compacting the progress.
            time.sleep(RNG.uniform(0, 0.02))
            lr.kill()
        else:
            lr.begin()
            lr.answer_until(acks)
            # Temp files from earlier (dead) writers must be gone once this one has opened the store.
            old = [n for n in before if ".tmp-" in n and os.path.exists(os.path.join(pdir, n))]
            stray += old
            if lr.send_next_answer():
                time.sleep(RNG.uniform(0, 0.0015))
            lr.kill()
        total += lr.acked
        if i % 100 == 99:
            progress(f"kill9: {i + 1} kills, {total} answers acknowledged, {time.time() - t0:.0f}s")
    # One clean run at the end: it must start, and leave no temp file behind.
    code, out, err = run(["--course", COURSE, "--data-dir", data, "--user", "u", "-c", "quit"])
    per_pid, problems, temps = read_progress(pdir)
    lost, doubled, bad = check_counts(runs, per_pid)
    saved = sum(per_pid.get(r.pid, 0) for r in runs)
    unacked = saved - total
    detail = (f"{kills} kills, {total} answers acknowledged, {saved} saved ({unacked} saved but not yet acknowledged "
              f"at the kill), {lost} lost, {doubled} doubled, {len(problems)} unparsable/duplicate records, "
              f"{len(temps) + len(stray)} stray temp files, restart status {code}")
    ok = lost == 0 and doubled == 0 and not problems and not temps and not stray and code == 0 and total >= target * 0.9
    report("PASS" if ok else "FAIL", "kill9", detail + ("" if ok else "; " + "; ".join((bad + problems + temps + stray)[:5])))


def test_concurrent(procs):
    rounds = 8 if QUICK else 40
    data = fresh(f"concurrent{procs}")
    pdir = progress_dir(data)
    runs = []
    total = 0

    def one(lr, acks, kill):
        lr.begin()
        lr.answer_until(acks, deadline=60)
        if kill:
            if lr.send_next_answer():
                time.sleep(RNG.uniform(0, 0.002))
            lr.kill()
        else:
            lr.close()

    for _ in range(rounds):
        group = [Learner(data) for _ in range(procs)]
        threads = [threading.Thread(target=one, args=(lr, RNG.randint(1, 30), RNG.random() < 0.6)) for lr in group]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        runs += group
        total += sum(lr.acked for lr in group)
    per_pid, problems, temps = read_progress(pdir)
    lost, doubled, bad = check_counts(runs, per_pid)
    clean_fail = [lr for lr in runs if not lr.killed and lr.p.returncode != 0]
    killed = sum(lr.killed for lr in runs)
    ok = lost == 0 and doubled == 0 and not problems and not clean_fail
    detail = (f"{rounds} rounds of {procs} processes at once ({killed} killed), {total} answers acknowledged, "
              f"{lost} lost, {doubled} doubled, {len(problems)} bad records, {len(clean_fail)} clean runs failed")
    if clean_fail:
        bad.append(f"clean run exited {clean_fail[0].p.returncode}: {clean_fail[0].err[:300]!r}")
    report("PASS" if ok else "FAIL", f"concurrent-{procs}", detail + ("" if ok else "; " + "; ".join((bad + problems)[:5])))


def seeded_progress(name, answers=6):
    """A data folder with a journal of a few answers, written by the real binary."""
    data = fresh(name)
    script = b"start --in-order 1.1\n" + b"skip\n" * 0 + b"".join(b"A\n" for _ in range(answers)) + b"quit\n"
    code, out, err = run(["--course", COURSE, "--data-dir", data, "--user", "u", "--seed", "3"], stdin=script)
    return data, progress_dir(data)


def test_journal_cuts():
    data, pdir = seeded_progress("cut-base", answers=8)
    journal = os.path.join(pdir, "journal.jsonl")
    with open(journal, "rb") as f:
        raw = f.read()
    lines = raw.split(b"\n")[:-1]
    last_start = len(raw) - len(lines[-1]) - 1
    failures = []
    offsets = range(last_start, len(raw))
    if QUICK:
        offsets = sorted(set(list(range(last_start, len(raw), 7)) + [last_start, len(raw) - 1]))
    for cut in offsets:
        d = fresh("cut")
        shutil.copytree(data, d, dirs_exist_ok=True)
        j = os.path.join(progress_dir(d), "journal.jsonl")
        with open(j, "r+b") as f:
            f.truncate(cut)
        code, out, err = run(["--course", COURSE, "--data-dir", d, "--user", "u", "-c", "quit"])
        with open(j, "rb") as f:
            after = f.read()
        if code != 0:
            failures.append(f"cut at {cut}: status {code}: {err[:200]!r}")
        elif after != raw[:last_start]:
            failures.append(f"cut at {cut}: journal not cut back to the {len(lines) - 1} good records")
        elif cut > last_start and b"warning" not in err.lower():
            failures.append(f"cut at {cut}: no warning on stderr")
    report("FAIL" if failures else "PASS", "journal-cut",
           f"last record ({len(raw) - last_start} bytes) cut at {len(offsets)} offsets: "
           + (f"{len(failures)} wrong; " + "; ".join(failures[:3]) if failures else "every cut loads the good records and warns"))

    # A corrupt record in the middle.
    d = fresh("corrupt-middle")
    shutil.copytree(data, d, dirs_exist_ok=True)
    j = os.path.join(progress_dir(d), "journal.jsonl")
    mid = len(lines) // 2
    bad = lines[:mid] + [b'{"writer":"x","seq":1,"type":"answer","ti\x00me":garbage'] + lines[mid + 1:]
    with open(j, "wb") as f:
        f.write(b"\n".join(bad) + b"\n")
    code, out, err = run(["--course", COURSE, "--data-dir", d, "--user", "u", "-c", "quit"])
    copies = glob.glob(os.path.join(progress_dir(d), "journal.jsonl.corrupt-*"))
    with open(j, "rb") as f:
        kept = f.read().split(b"\n")[:-1]
    ok = code == 0 and copies and kept == lines[:mid] + lines[mid + 1:] and b"warning" in err.lower()
    report("PASS" if ok else "FAIL", "journal-corrupt-middle",
           f"status {code}, {len(kept)} of {len(lines) - 1} good records kept, corrupt copy "
           f"{'kept as ' + os.path.basename(copies[0]) if copies else 'MISSING'}, stderr: "
           f"{err.decode(errors='replace').strip().splitlines()[0][:160] if err.strip() else '(nothing)'}")


def mount_tmpfs(path, size="64k"):
    os.makedirs(path, exist_ok=True)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", path], capture_output=True)
    return r.returncode == 0, r.stderr.decode(errors="replace").strip()


def umount(path):
    subprocess.run(["umount", "-l", path], capture_output=True)


def one_line_error(err):
    text = err.decode(errors="replace").strip()
    return text and len(text.splitlines()) <= 2, text.splitlines()[-1][:200] if text else "(nothing on stderr)"


def test_disk_full():
    mnt = os.path.join(WORK, "full")
    ok, why = mount_tmpfs(mnt)
    if not ok:
        report("SKIP", "disk-full", f"cannot mount a tmpfs ({why}); run as root where mount is permitted")
        return
    try:
        data = os.path.join(mnt, "data")
        # Some answers with room to spare: the last good state.
        code, out, err = run(["--course", COURSE, "--data-dir", data, "--user", "u", "--seed", "1"],
                             stdin=b"start --in-order 1.1\n" + b"A\n" * 5 + b"quit\n")
        pdir = progress_dir(data)
        # Fill the disk.
        fd = os.open(os.path.join(mnt, "filler"), os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while True:
                os.write(fd, b"\0" * 512)
        except OSError:
            pass
        os.close(fd)
        before, _, _ = read_progress(pdir)
        with open(os.path.join(pdir, "journal.jsonl"), "rb") as f:
            good = f.read()
        # Answer (interactively) until an append needs a page the disk no longer has.
        lr = Learner(data)
        lr.begin()
        lr.answer_until(400, deadline=6)
        lr.close()
        p = lr.p
        p.stderr = lr.err
        acked = lr.acked
        with open(os.path.join(pdir, "journal.jsonl"), "rb") as f:
            now = f.read()
        per_pid, problems, temps = read_progress(pdir)
        saved = sum(per_pid.values()) - sum(before.values())
        single, msg = one_line_error(p.stderr)
        intact = now.startswith(good) and not problems
        ok = p.returncode == 1 and single and intact and saved == acked and (b"space" in p.stderr.lower())
        report("PASS" if ok else "FAIL", "disk-full",
               f"64 KB tmpfs filled: status {p.returncode}, {acked} answers acknowledged before the disk ran out, "
               f"{saved} saved, earlier records intact: {intact}, error: {msg}")
    finally:
        umount(mnt)

    # Read-only: the same folder remounted read-only.
    ok, why = mount_tmpfs(mnt)
    if not ok:
        report("SKIP", "read-only", f"cannot mount a tmpfs ({why})")
        return
    try:
        data = os.path.join(mnt, "data")
        run(["--course", COURSE, "--data-dir", data, "--user", "u", "--seed", "1"], stdin=b"start --in-order 1.1\nA\nA\nquit\n")
        pdir = progress_dir(data)
        with open(os.path.join(pdir, "journal.jsonl"), "rb") as f:
            good = f.read()
        r = subprocess.run(["mount", "-o", "remount,ro", mnt], capture_output=True)
        if r.returncode != 0:
            report("SKIP", "read-only", f"cannot remount read-only: {r.stderr.decode(errors='replace').strip()}")
            return
        p = subprocess.run([BIN, "--course", COURSE, "--data-dir", data, "--user", "u"],
                           input=b"start --in-order 1.1\nA\nA\n", capture_output=True, env=ENV, timeout=60)
        with open(os.path.join(pdir, "journal.jsonl"), "rb") as f:
            now = f.read()
        single, msg = one_line_error(p.stderr)
        acked = sum(1 for l in p.stdout.split(b"\n") if FEEDBACK.match(l))
        ok = p.returncode == 1 and single and now == good and acked == 0
        report("PASS" if ok else "FAIL", "read-only",
               f"read-only tmpfs: status {p.returncode}, {acked} answers acknowledged, journal unchanged: {now == good}, error: {msg}")
    finally:
        umount(mnt)


def test_fsync_failure():
    # At the system call (a seccomp filter in fail_fsync.c), not LD_PRELOAD: the release build is
    # a static executable, which no preloaded library can reach.
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("clang") or shutil.which("gcc")
    if not cc:
        report("SKIP", "fsync-failure", "no C compiler to build fail_fsync.c")
        return
    wrapper = os.path.join(WORK, "fail_fsync")
    r = subprocess.run([cc, "-O2", "-o", wrapper, os.path.join(HERE, "fail_fsync.c")], capture_output=True)
    if r.returncode != 0:
        report("SKIP", "fsync-failure", f"cannot build fail_fsync.c: {r.stderr.decode(errors='replace')[:200]}")
        return
    probe = subprocess.run([wrapper, "true"], capture_output=True)
    if probe.returncode == 3:
        report("SKIP", "fsync-failure", f"seccomp is not permitted here: {probe.stderr.decode(errors='replace')[:200]}")
        return
    data, pdir = seeded_progress("fsync", answers=3)
    with open(os.path.join(pdir, "journal.jsonl"), "rb") as f:
        good = f.read()
    before, _, _ = read_progress(pdir)
    # The first fsync (the session started; a start is not an opening) succeeds; the first answer's fails.
    # In the course's order, so the first question is a fill-in that grades "A" (shuffled, it may be a
    # true/false question that asks again, and then no answer reaches fsync).
    env = dict(ENV, FAIL_FSYNC_AFTER="1")
    p = subprocess.run([wrapper, BIN, "--course", COURSE, "--data-dir", data, "--user", "u", "--bail", "--seed", "1"],
                       input=b"start --in-order 1.1\nA\nA\n", capture_output=True, env=env, timeout=60)
    with open(os.path.join(pdir, "journal.jsonl"), "rb") as f:
        now = f.read()
    after, problems, _ = read_progress(pdir)
    new_answers = sum(after.values()) - sum(before.values())
    acked = sum(1 for l in p.stdout.split(b"\n") if FEEDBACK.match(l))
    single, msg = one_line_error(p.stderr)
    intact = now.startswith(good) and not problems
    ok = p.returncode == 1 and single and intact and acked == 0 and new_answers == 0 and b"NOT saved" in p.stderr
    report("PASS" if ok else "FAIL", "fsync-failure",
           f"the first answer's fsync fails (seccomp): status {p.returncode}, {acked} answers acknowledged, "
           f"{new_answers} saved, earlier records intact: {intact}, error: {msg}")


def bad_status(code):
    return code < 0 or code > 2


def test_json_suite():
    if not os.path.isdir(SUITE):
        report("SKIP", "jsontestsuite", f"{SUITE} not found")
        return
    files = sorted(glob.glob(os.path.join(SUITE, "*.json")))
    if QUICK:
        files = files[::5]
    crashes = []
    statuses = {}
    for i, path in enumerate(files):
        # As a course.
        code, out, err = run(["--course", path, "--data-dir", os.path.join(WORK, "suite-data"), "-c", "quit"], timeout=60)
        statuses[code] = statuses.get(code, 0) + 1
        if bad_status(code):
            crashes.append(f"course {os.path.basename(path)}: status {code}")
        elif code != 0 and not err.strip():
            crashes.append(f"course {os.path.basename(path)}: status {code} and no message")
        # As a progress snapshot.
        d = fresh("suite-progress")
        os.makedirs(progress_dir(d))
        shutil.copyfile(path, os.path.join(progress_dir(d), "snapshot.json"))
        code, out, err = run(["--course", COURSE, "--data-dir", d, "--user", "u", "-c", "quit"], timeout=60)
        statuses[code] = statuses.get(code, 0) + 1
        if bad_status(code):
            crashes.append(f"snapshot {os.path.basename(path)}: status {code}")
        elif code != 0 and not err.strip():
            crashes.append(f"snapshot {os.path.basename(path)}: status {code} and no message")
    report("FAIL" if crashes else "PASS", "jsontestsuite",
           f"{len(files)} files as a course and as snapshot.json: statuses {dict(sorted(statuses.items()))}"
           + (f"; {len(crashes)} crashes: " + "; ".join(crashes[:5]) if crashes else ", no crash"))


def peak_run(argv, stdin_writer, env=None, timeout=120):
    """Runs argv with stdin fed by stdin_writer(fd); returns (status, stdout, stderr, peak KB)."""
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=out, stderr=err, env=env or ENV)
    def feed():
        try:
            stdin_writer(p.stdin)
        except (BrokenPipeError, OSError):
            pass
        try:
            p.stdin.close()
        except OSError:
            pass
    t = threading.Thread(target=feed)
    t.start()
    timer = threading.Timer(timeout, lambda: p.kill())
    timer.start()
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    t.join()
    out.seek(0)
    err.seek(0)
    return p.returncode, out.read(), err.read(), usage.ru_maxrss


def test_bad_input():
    failures = []
    details = []
    # JSON nested 1,000,000 deep, as a course and as a snapshot.
    deep = os.path.join(WORK, "deep.json")
    with open(deep, "w") as f:
        f.write("[" * 1_000_000 + "]" * 1_000_000)
    code, out, err = run(["--course", deep, "-c", "quit", "--data-dir", os.path.join(WORK, "deep-data")])
    details.append(f"1M-deep course → {code}")
    if bad_status(code) or code == 0:
        failures.append(f"1M-deep course: status {code} {err[:200]!r}")
    d = fresh("deep-progress")
    os.makedirs(progress_dir(d))
    shutil.copyfile(deep, os.path.join(progress_dir(d), "snapshot.json"))
    code, out, err = run(["--course", COURSE, "--data-dir", d, "--user", "u", "-c", "quit"])
    details.append(f"as snapshot → {code}")
    if bad_status(code) or code == 0:
        failures.append(f"1M-deep snapshot: status {code} {err[:200]!r}")
    with open(os.path.join(progress_dir(d), "journal.jsonl"), "wb") as f:
        f.write(b"[" * 1_000_000 + b"\n")
    os.unlink(os.path.join(progress_dir(d), "snapshot.json"))
    code, out, err = run(["--course", COURSE, "--data-dir", d, "--user", "u", "-c", "quit"])
    details.append(f"as a journal line → {code}")
    if bad_status(code):
        failures.append(f"1M-deep journal line: status {code} {err[:200]!r}")

    # Invalid UTF-8, NUL bytes and escape sequences in commands and in answers.
    junk = [b"\xff\xfe ls", b"l\x00s", b"\x1b[31mls\x1b[0m", b"\x1b]0;title\x07", b"expand \xc3", b"info \x00\x01\x02",
            b"find \x1b[2J", b"\x7f\x08\x08", b"ls \xed\xa0\x80"]
    answers = [b"\xff", b"A\x00", b"\x1b[A", b"\x1bOB", b"\xc0\xaf", b"1e999999 \x00m", b"-0x1p-1074 \x1b", b"\xef\xbf\xbf"]
    d = fresh("junk")
    stdin = b"\n".join(junk) + b"\nstart --in-order 1.1\n" + b"\n".join(answers * 3) + b"\nquit\n"
    code, out, err = run(["--course", COURSE, "--data-dir", d, "--user", "u"], stdin=stdin)
    details.append(f"junk commands/answers → {code}")
    if bad_status(code):
        failures.append(f"junk on stdin: status {code}")
    if b"\x1b" in err or b"\x00" in err:
        failures.append("junk echoed raw (ESC or NUL) into error messages")
    per_pid, problems, _ = read_progress(progress_dir(d))
    if problems:
        failures.append("after junk answers: " + problems[0])
    for arg in ["\x1b[2J\x1b[H", "ls; \udcff", "expand \x1b]52;c;aGk=\x07"]:
        try:
            code, out, err = run(["--course", COURSE, "--data-dir", d, "-c", arg])
        except ValueError:
            continue
        if bad_status(code):
            failures.append(f"-c {arg!r}: status {code}")

    # A 100 MB line on stdin: refused by the line cap, memory bounded.
    def hundred(w):
        block = b"x" * (1 << 20)
        for _ in range(100):
            w.write(block)
        w.write(b"\nls\nquit\n")
    code, out, err, peak = peak_run([BIN, "--course", COURSE, "--data-dir", d, "--user", "u"], hundred, timeout=300)
    details.append(f"100 MB line → {code}, peak {peak // 1024} MB")
    if bad_status(code) or b"longer than" not in err or peak > 96 * 1024 or not out.strip():
        failures.append(f"100 MB line: status {code}, peak {peak // 1024} MB, stderr {err[:200]!r}")

    # A course with 1,000,000 duplicate ids (10,000 in the quick slice), given 120 s.
    count = 10_000 if QUICK else 1_000_000
    dup = os.path.join(WORK, "dupids.json")
    subprocess.run([sys.executable, os.path.join(ROOT, "Tests/Bench/gen.py"), "dupids", str(count), dup], check=True)
    t0 = time.time()
    code, out, err, peak = peak_run([BIN, "--course", dup, "--data-dir", d, "-c", "quit"], lambda w: None,
                                    env=dict(ENV, PRACTICE_MAX_COURSE_MB="1024"), timeout=120)
    secs = time.time() - t0
    lines = err.decode(errors="replace").strip().splitlines()
    details.append(f"{count:,} duplicate ids → {code} in {secs:.1f}s, {len(lines)} stderr line(s), peak {peak // 1024} MB")
    if code == -signal.SIGKILL and secs >= 119:
        failures.append(f"{count:,} duplicate ids: still running after 120 s (killed)")
    elif bad_status(code) or code == 0 or len(lines) > 3:
        failures.append(f"{count:,} duplicate ids: status {code}, {len(lines)} lines: {lines[0][:160] if lines else ''}")

    report("FAIL" if failures else "PASS", "bad-input", "; ".join(details) + ("; " + "; ".join(failures) if failures else ""))


def child_running(pid, timeout=5):
    """The child of `pid` that runs the program: not the shell's `stty` before or after it (the
    program may be a script that execs another, so it is not matched by name). Waits for it to
    appear; None if none does."""
    end = time.time() + timeout
    while time.time() < end:
        try:
            with open(f"/proc/{pid}/task/{pid}/children") as f:
                children = [int(c) for c in f.read().split()]
        except OSError:
            children = []
        for child in children:
            try:
                with open(f"/proc/{child}/cmdline", "rb") as f:
                    name = f.read().split(b"\0")[0]
                if name and os.path.basename(name) != b"stty":
                    return child
            except OSError:
                pass
        time.sleep(0.01)
    return None


def pty_run(argv, actions, env=None, timeout=20):
    """Runs argv under a new pseudo-terminal; `actions` is a list of ('send', bytes) | ('wait', regex) | ('signal', SIG)
    | ('sleep', s). Returns (exit status, output, stty -g before, stty -g after).

    A shell in the terminal runs `stty -g` before and after the program, so the settings compared are
    the terminal's own as a user would read them; signals go to the program, not the shell. The
    status is the program's, negative for the signal that ended it."""
    settings = tempfile.mktemp(prefix="stty.", dir=WORK)
    script = 'stty -g > "$0.before"; "$@"; status=$?; stty -g > "$0.after"; exit $status'
    pid, fd = pty.fork()
    if pid == 0:
        try:
            # A signal ignored here (a run under nohup, or started with & from a script, ignores SIGHUP
            # or SIGINT) would stay ignored in the program, which rightly keeps it so: undo that.
            for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(sig, signal.SIG_DFL)
            os.execvpe("/bin/sh", ["/bin/sh", "-c", script, settings] + argv, env or ENV)
        finally:
            os._exit(127)
    program = None
    out = b""
    deadline = time.time() + timeout

    def pump(until=None, wait=0.05):
        nonlocal out
        # What already arrived counts: it may have come in the chunk an earlier wait read.
        if until is not None and re.search(until, out):
            return True
        end = time.time() + (wait if until is None else max(0, deadline - time.time()))
        while time.time() < end:
            r, _, _ = select.select([fd], [], [], 0.02)
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                out += chunk
                if until is not None and re.search(until, out):
                    return True
        return until is None

    for kind, value in actions:
        if kind == "send":
            os.write(fd, value)
        elif kind == "wait":
            if not pump(value):
                break
        elif kind == "signal":
            program = program or child_running(pid)
            if program:
                os.kill(program, value)
        elif kind == "sleep":
            pump(None, value)
    # Let it end (EOF on the terminal after the actions).
    end = time.time() + 5
    status = None
    while time.time() < end:
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(st)
            break
        pump(None, 0.05)
    if status is None:
        os.write(fd, b"\x04")
        time.sleep(0.5)
        done, st = os.waitpid(pid, os.WNOHANG)
        if not done:
            program = program or child_running(pid, timeout=0)
            if program:
                try:
                    os.kill(program, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            os.kill(pid, signal.SIGKILL)
            _, st = os.waitpid(pid, 0)
        status = os.waitstatus_to_exitcode(st)
    pump(None, 0.1)
    try:
        os.close(fd)
    except OSError:
        pass
    # The shell reports a program killed by signal N as 128 + N.
    if status is not None and 128 < status < 128 + 65:
        status = -(status - 128)

    def read(path):
        try:
            with open(path) as f:
                return f.read().strip()
        except OSError:
            return None

    return status, out, read(settings + ".before"), read(settings + ".after")


def test_signals():
    d = fresh("signals-probe")
    status, out, _, _ = pty_run([BIN, "--course", COURSE, "--data-dir", d, "--user", "u"],
                                [("wait", rb"Type 'help'|practice> "), ("send", b"quit\r")], timeout=5)
    if b"Type 'help'" not in out:
        report("FAIL", "signals", f"no interactive prompt under a pseudo-terminal (status {status}): {out[-300:]!r}")
        return
    failures = []
    cases = 0
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        for where in ("prompt", "session"):
            cases += 1
            d = fresh(f"sig-{sig.name}-{where}")
            acts = [("wait", rb"practice> ")]
            if where == "session":
                acts += [("send", b"start --in-order 1.1\r"), ("wait", rb"\[1/\d+\] > "), ("send", b"A\r"),
                         ("wait", rb"(Correct|Wrong)"), ("wait", rb"\[2/\d+\] > ")]
            acts += [("signal", sig), ("sleep", 0.5)]
            status, out, before, after = pty_run([BIN, "--course", COURSE, "--data-dir", d, "--user", "u"], acts)
            per_pid, problems, _ = read_progress(progress_dir(d))
            acked = len(re.findall(rb"(\xe2\x9c\x93|\+) Correct\.|(\xe2\x9c\x97|x) Wrong\.", out))
            saved = sum(per_pid.values())
            # The case must really have happened: a prompt, an answer when mid-session, and an end by the
            # signal (sent with kill, not typed: a typed Ctrl-C is a key to libedit, tested under tmux).
            if b"practice> " not in out or (where == "session" and acked == 0) or status != -sig:
                failures.append(f"{sig.name} at {where}: did not run as scripted (status {status}, expected "
                                f"{-sig}, {acked} answers): {out[-200:]!r}")
                continue
            if before is None or after is None:
                failures.append(f"{sig.name} at {where}: `stty -g` did not run before and after ({before!r}, {after!r})")
            elif before != after:
                failures.append(f"{sig.name} at {where}: terminal settings not restored: stty -g {before} → {after}")
            if saved < acked or problems:
                failures.append(f"{sig.name} at {where}: {acked} acknowledged, {saved} saved {problems[:1]}")
    report("FAIL" if failures else "PASS", "signals",
           f"{cases} cases (SIGINT/SIGTERM/SIGHUP at the prompt and mid-session, under a pty)"
           + ("; " + "; ".join(failures) if failures else ": answers saved, `stty -g` the same before and after"))


def test_head():
    failures = []
    d = fresh("head")
    course = os.path.join(WORK, "head-course.json")
    subprocess.run([sys.executable, os.path.join(ROOT, "Tests/Bench/gen.py"), "course", "20000", course], check=True)
    code, full, err = run(["--course", course, "--data-dir", d, "-c", "expand all; ls"])
    first = full.split(b"\n")[0]
    t0 = time.time()
    p = subprocess.run(["bash", "-c", f"set -o pipefail; '{BIN}' --course '{course}' --data-dir '{d}' -c 'expand all; ls' "
                        "| head -1; echo \"status=${PIPESTATUS[0]}\" >&2"], capture_output=True, env=ENV, timeout=60)
    secs = time.time() - t0
    m = re.search(rb"status=(\d+)", p.stderr)
    status = int(m.group(1)) if m else -1
    if status not in (0, 141):
        failures.append(f"ls | head -1: status {status}")
    if p.stdout.rstrip(b"\n") != first:
        failures.append(f"ls | head -1: first line {p.stdout[:80]!r}, expected {first[:80]!r}")
    # Answers piped to head: every acknowledged answer is saved, even when the output is gone.
    d2 = fresh("head-answers")
    stdin = b"start --in-order 1.1\n" + b"A\n" * 10 + b"quit\n"
    p2 = subprocess.run(["bash", "-c", f"'{BIN}' --course '{COURSE}' --data-dir '{d2}' --user u | head -1; "
                         "echo \"status=${PIPESTATUS[0]}\" >&2"], input=stdin, capture_output=True, env=ENV, timeout=60)
    m = re.search(rb"status=(\d+)", p2.stderr)
    status2 = int(m.group(1)) if m else -1
    per_pid, problems, _ = read_progress(progress_dir(d2))
    if status2 not in (0, 141) or problems:
        failures.append(f"answers | head -1: status {status2} {problems[:1]}")
    report("FAIL" if failures else "PASS", "head-1",
           f"ls of 20,000 rows | head -1 → status {status} in {secs:.2f}s, first line intact; answers | head -1 → "
           f"status {status2}, {sum(per_pid.values())} answers saved" + ("; " + "; ".join(failures) if failures else ""))


def test_fuzz():
    script = os.path.join(ROOT, "Tests/Fuzz/run-fuzz.sh")
    seconds = os.environ.get("FUZZ_SECONDS", "5" if QUICK else "120")
    env = dict(os.environ, FUZZ_SECONDS=seconds)
    p = subprocess.run([script], env=env, capture_output=True, text=True)
    lines = [l for l in p.stdout.splitlines() if re.match(r"^(PASS|FAIL|SKIP) ", l)]
    for l in lines:
        status, rest = l.split(" ", 1)
        name, detail = rest.split(": ", 1) if ": " in rest else (rest, "")
        report(status, name, detail)
    if not lines or p.returncode not in (0, 1):
        report("FAIL", "fuzz", f"run-fuzz.sh exited {p.returncode}: {(p.stderr or p.stdout)[-400:]}")
    elif p.returncode == 1 and not any(l.startswith("FAIL") for l in lines):
        report("FAIL", "fuzz", "run-fuzz.sh failed: " + p.stderr[-400:])



def case(name, ok, detail):
    report("PASS" if ok else "FAIL", name, detail)


def shell(script, timeout=30):
    """Runs a bash script with $P the binary and $D a fresh data folder; returns (stdout, stderr)."""
    d = fresh("sh-" + str(len(results)))
    p = subprocess.run(["bash", "-c", script], capture_output=True, timeout=timeout,
                       env=dict(ENV, P=BIN, D=d, C=COURSE))
    return p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def test_hostile_environment():
    """Symlinks, FIFOs and devices where files belong, closed descriptors, a full disk, a reader that goes."""
    sampler = os.path.join(ROOT, "Data/courses/sampler")
    # A symlinked journal or lock: the target outside the data folder is never touched.
    for name in ("journal.jsonl", "lock"):
        d = fresh("symlink-" + name)
        run(["--course", sampler, "--data-dir", d, "--user", "u", "-c", "ls"])
        folder = os.path.join(d, "u", "sampler")
        victim = os.path.join(WORK, "victim-" + name)
        with open(victim, "w") as f:
            f.write("precious\n")
        os.remove(os.path.join(folder, name))
        os.symlink(victim, os.path.join(folder, name))
        code, _, err = run(["--course", sampler, "--data-dir", d, "--user", "u", "-c", "start 1.1.1; 1"])
        kept = open(victim).read() == "precious\n"
        case(f"hostile-env symlink {name}", code == 1 and kept and b"symbolic link" in err,
             f"status {code}, target {'untouched' if kept else 'CHANGED'}: {err.decode(errors='replace').strip()[:120]}")
    # A FIFO as snapshot or journal: an error, not a hang.
    for name in ("snapshot.json", "journal.jsonl"):
        d = fresh("fifo-" + name)
        run(["--course", sampler, "--data-dir", d, "--user", "u", "-c", "ls"])
        path = os.path.join(d, "u", "sampler", name)
        if os.path.exists(path):
            os.remove(path)
        os.mkfifo(path)
        try:
            code, _, err = run(["--course", sampler, "--data-dir", d, "--user", "u", "-c", "ls"], timeout=20)
            code2, out2, _ = run(["--course", sampler, "--data-dir", d, "report", "--class"], timeout=20)
            case(f"hostile-env fifo {name}", code == 1 and b"FIFO" in err and b"FIFO" in out2,
                 f"session status {code}, class report status {code2}, both name the FIFO")
        except subprocess.TimeoutExpired:
            case(f"hostile-env fifo {name}", False, "hung")
    # --output onto a device, a link or a FIFO is refused; '-' is stdout.
    d = fresh("output")
    link = os.path.join(d, "link")
    os.symlink(os.path.join(d, "target"), link)
    refused = []
    # A device node of our own (as root), never the real /dev/null: a build without the fix would replace it.
    device = os.path.join(d, "null-device")
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        targets = (device, link)
    except OSError:
        targets = (link,)
    for target in targets:
        code, _, err = run(["--course", sampler, "--data-dir", d, "report", "--output", target])
        refused.append(code == 1 and b"only a regular file" in err)
    code, out, _ = run(["--course", sampler, "--data-dir", d, "report", "--output", "-"])
    case("hostile-env --output device/link/-", all(refused) and code == 0 and out and os.path.islink(link)
         and not os.path.exists("-"), f"device and link refused: {refused}; '-' to stdout: status {code}")
    # Closed stdout and stderr: nothing the program prints lands in a progress file.
    out, _ = shell('$P --course "$C" --data-dir "$D" -c "ls; bogus" >&- 2>&-; echo "status=$?"; cat "$D"/*/*/* 2>/dev/null')
    case("hostile-env closed fds", "status=1" in out and "bogus" not in out and "第一章" not in out,
         out.strip().splitlines()[0] if out.strip() else "no output")
    # Closed stdin: read as an empty script (fds 0-2 are made valid first), never a progress file's bytes.
    out, err = shell('$P --course "$C" --data-dir "$D" --user u <&-; echo "status=$?"; '
                     '$P --course "$C" --data-dir "$D" --user u -c ls <&- >/dev/null; echo "status=$?"')
    case("hostile-env closed stdin", out.split() == ["status=0", "status=0"] and "unknown command" not in err,
         f"{' '.join(out.split())}, stderr {err.strip()[:80]!r}")
    # A full disk under report --output: status 1, the target named (not the temp file), nothing left behind.
    mnt = os.path.join(WORK, "full-output")
    mounted, why = mount_tmpfs(mnt, size="16k")
    if not mounted:
        report("SKIP", "hostile-env full disk under report --output", f"cannot mount a tmpfs ({why})")
    else:
        try:
            big = os.path.join(WORK, "big-course.json")
            subprocess.run([sys.executable, os.path.join(ROOT, "Tests/Bench/gen.py"), "course", "2000", big], check=True)
            target = os.path.join(mnt, "report.txt")
            code, _, err = run(["--course", big, "--data-dir", fresh("full-output-data"), "report", "--output", target])
            text = err.decode(errors="replace").strip()
            left = os.listdir(mnt)
            case("hostile-env full disk under report --output",
                 code == 1 and len(text.splitlines()) == 1 and target + ":" in text and ".tmp-" not in text
                 and "space" in text.lower() and left == [],
                 f"status {code}, folder holds {left}: {text[:160]}")
        finally:
            umount(mnt)
    # A full disk under stdout is an error; a reader that goes is status 141, quietly.
    out, err = shell('$P --course "$C" --data-dir "$D" report > /dev/full; echo "status=$?"')
    case("hostile-env full disk under stdout", out.strip() == "status=1" and "No space left" in err,
         f"{out.strip()}, {err.strip()[:80]}")
    ls = "; ".join(["ls"] * 3000)
    out, err = shell(f'$P --course "$C" --data-dir "$D" -c "expand all; {ls}" | head -1; echo "status=${{PIPESTATUS[0]}}"')
    case("hostile-env | head -1", out.strip().endswith("status=141") and err == "", f"{out.strip().splitlines()[-1]}")


def test_hostile_content():
    """Escape codes in every course field, spreadsheet formulas, ids that are paths."""
    d = fresh("content")
    esc = "\\u001b]52;c;cHduZWQ=\\u0007\\u001b[2J\\u202e"
    course = os.path.join(d, "evil.json")
    # Every text field a course has: course title and description, node title and description, and
    # per question type its prompt, options, hint, answers, explanation, card back, pairs and distractors.
    # Each value starts with a marker (p, x, h…) so the run can tell the field was shown.
    fields = ["T", "cd", "=HYPERLINK(1)", "d", "p", "x", "h", "e", "fp", "fa", "fe", "np", "ne", "cp", "cb", "ce",
              "mp", "ml", "mr", "md", "me"]
    with open(course, "w") as f:
        f.write(('{"format": "practice-course", "version": 1, "id": "evil", "title": "%s", "description": "%s", "nodes": ['
                 '{"id": "a", "title": "%s", "description": "%s", "questions": ['
                 '{"id": "q", "type": "single", "prompt": "%s", "options": ["%s", "y"], "answer": 0, "hint": "%s", "explanation": "%s"},'
                 '{"id": "f", "type": "fill", "prompt": "%s", "answers": ["%s"], "explanation": "%s"},'
                 '{"id": "n", "type": "numeric", "prompt": "%s", "answer": 2, "unit": "m", "tolerance": 0.5, "explanation": "%s"},'
                 '{"id": "c", "type": "card", "prompt": "%s", "back": "%s", "explanation": "%s"},'
                 '{"id": "m", "type": "matching", "prompt": "%s", "pairs": [["%s", "%s"], ["k", "v"]], "distractors": ["%s"], '
                 '"explanation": "%s"}]}]}') % tuple(v + esc for v in fields))
    bad = [b"\x1b", b"\x07", "\u202e".encode()]
    outputs = []
    for args in (["-c", "ls; info 1; find HYPER"], ["report"], ["report", "--format", "md"],
                 ["report", "--format", "csv"], ["report", "--class"], ["validate", course]):
        code, out, err = run((["--course", course] if args[0] != "validate" else []) + args + ["--data-dir", d])
        outputs.append((args[0] + " " + (args[-1] if len(args) > 1 else ""), out + err))
    # A practice session through every question: hint, wrong answers (the right ones are shown), the
    # card's back, the matching question's items and letters, the summary.
    code, out, err = run(["--course", course, "--data-dir", d, "--user", "u"],
                         stdin=b"start --in-order 1\nhint\n2\nwrong\n7\n\nn\n1A 2B\nquit\n")
    outputs.append(("practice session", out + err))
    shown = [v for v in fields[4:] if (v + "\\u{1B}").encode() not in out]
    leaks = [name for name, text in outputs if any(b in text for b in bad)]
    case("hostile-content escape codes", not leaks and not shown,
         f"{len(outputs)} outputs checked; raw escapes in: {leaks or 'none'}; question fields not shown escaped: {shown or 'none'}")
    _, csv, _ = run(["--course", course, "--data-dir", d, "report", "--format", "csv"])
    case("hostile-content CSV formulas", b"'=HYPERLINK" in csv and b",=HYPERLINK" not in csv,
         "formula cells start with '")
    for bad_id in ("..", "."):
        dd = fresh("dotdot")
        c = os.path.join(dd, "c.json")
        with open(c, "w") as f:
            f.write(open(course).read().replace('"id": "evil"', '"id": "%s"' % bad_id))
        code, _, err = run(["--course", c, "--data-dir", os.path.join(dd, "data"), "-c", "start 1; 1"])
        leftovers = os.listdir(os.path.join(dd, "data")) if os.path.exists(os.path.join(dd, "data")) else []
        case(f"hostile-content course id {bad_id!r}", code == 1 and not leftovers,
             f"status {code}, data folder holds {leftovers}")
    # Ids taken from a path: a file named `...json` (id `..`) is refused; `--course .` and `--course sub/..`
    # are named after the folder they mean, never `.` or `..`.
    dd = fresh("derived-ids")
    seed = '[{"chapterName": "c", "parts": ["p"]}]'
    with open(os.path.join(dd, "...json"), "w") as f:
        f.write(seed)
    os.makedirs(os.path.join(dd, "physics", "sub"))
    with open(os.path.join(dd, "physics", "course.json"), "w") as f:
        f.write(seed)
    data = os.path.join(dd, "data")
    code, _, err = run(["--course", os.path.join(dd, "...json"), "--data-dir", data, "--user", "u", "-c", "1"])
    refused = code == 1 and not os.path.exists(data)
    named = []
    for where, arg in ((os.path.join(dd, "physics"), "."), (dd, "physics/sub/..")):
        p = subprocess.run([BIN, "--course", arg, "--data-dir", data, "--user", "u", "-c", "1"], cwd=where,
                           capture_output=True, env=ENV, timeout=60)
        named.append(p.returncode == 0 and os.listdir(os.path.join(data, "u")) == ["physics"])
    case("hostile-content ids from paths", refused and all(named),
         f"...json refused: {refused} ({err.decode(errors='replace').strip()[:80]}); '.' and 'sub/..' named physics: {named}")


def one_line(code, out, err, status=1):
    """Whether a run failed with `status` and one line (stderr, or stdout for validate); and that line."""
    text = (err or out).decode(errors="replace").strip()
    return code == status and len(text.splitlines()) == 1, text


def test_kept_files():
    """Issue 11 §6, what is kept and what is said: a damaged view-state set aside, a journal record from a
    newer version left in place, a damaged snapshot never overwritten and its message naming only files
    that exist, `--output` errors naming the target."""
    sampler = os.path.join(ROOT, "Data/courses/sampler")

    def seeded(name):
        d = fresh(name)
        code, _, err = run(["--course", sampler, "--data-dir", d, "--user", "u", "-c", "1.1; 1"])
        assert code == 0, err
        return d, os.path.join(d, "u", "sampler")

    # A view-state.json that does not parse: renamed .corrupt-<time>, one warning naming the copy, status 0.
    d, folder = seeded("kept-view-state")
    damaged = b'{"expanded": [\n'
    with open(os.path.join(folder, "view-state.json"), "wb") as f:
        f.write(damaged)
    code, _, err = run(["--course", sampler, "--data-dir", d, "--user", "u", "-c", "ls; 1; quit"])
    copies = [n for n in os.listdir(folder) if n.startswith("view-state.json.corrupt-")]
    kept = len(copies) == 1 and open(os.path.join(folder, copies[0]), "rb").read() == damaged
    ok, text = one_line(code, b"", err, status=0)
    case("kept damaged view-state", ok and kept and copies[0] in text,
         f"status {code}, copy kept: {kept}: {text[:160]}")

    # A journal record of a type from a newer version: kept in place, skipped, one warning; the report too.
    d, folder = seeded("kept-unknown-record")
    journal = os.path.join(folder, "journal.jsonl")
    newer = b'{"writer":"future","seq":1,"type":"teleport","time":1717752615000,"node":"n1"}\n'
    with open(journal, "ab") as f:
        f.write(newer)
    code, _, err = run(["--course", sampler, "--data-dir", d, "--user", "u", "-c", "1.1; info 1.1"])
    ok, text = one_line(code, b"", err, status=0)
    code2, _, err2 = run(["--course", sampler, "--data-dir", d, "--user", "u", "report"])
    still = newer in open(journal, "rb").read()
    case("kept unknown journal record", ok and still and "newer version" in text and "damaged" not in text
         and code2 == 0 and b"newer version" in err2,
         f"status {code}/{code2} (session/report), record still in the journal: {still}: {text[:120]}")

    # A snapshot.json that does not parse: never overwritten, one line with file:line:column, and a
    # backup is named only when one exists.
    d, folder = seeded("kept-snapshot")
    snapshot = os.path.join(folder, "snapshot.json")
    with open(snapshot, "wb") as f:
        f.write(b'{"version": 2, "nodes": [\n')
    results = []
    for has_backup in (False, True):
        if has_backup:
            with open(snapshot + ".bak", "wb") as f:
                f.write(b'{"version": 2}\n')
        code, _, err = run(["--course", sampler, "--data-dir", d, "--user", "u", "-c", "ls"])
        ok, text = one_line(code, b"", err)
        untouched = open(snapshot, "rb").read() == b'{"version": 2, "nodes": [\n'
        results.append((ok and untouched and snapshot + ":" in text and ((".bak" in text) == has_backup), text))
    case("kept damaged snapshot", all(r for r, _ in results),
         "without a backup: " + results[0][1][:120] + " | with one: " + results[1][1][:120])

    # --output errors name the target, never the temp file beside it.
    d = fresh("kept-output")
    target = os.path.join(d, "no-such-folder", "report.txt")
    texts = []
    for args in (["report", "--output", target], ["-c", "report --output " + target]):
        code, _, err = run(["--course", sampler, "--data-dir", d] + args)
        ok, text = one_line(code, b"", err)
        texts.append((ok and target + ":" in text and ".tmp-" not in text, text))
    case("kept --output errors name the target", all(r for r, _ in texts), texts[0][1][:160])


def test_path_messages():
    """Paths that cannot be followed and files that are not UTF-8, wherever a path is opened: one line
    saying what they are, status 1 (issue 11 §6)."""
    d = fresh("paths")
    loop = os.path.join(d, "loop")
    os.symlink(os.path.join(d, "loop2"), loop)
    os.symlink(loop, os.path.join(d, "loop2"))
    long = os.path.join(d, "a" * 300)
    bank = os.path.join(d, "bank.gift")
    with open(bank, "w") as f:
        f.write("::q1:: 1+1=2 {T}\n")
    sampler = os.path.join(ROOT, "Data/courses/sampler")
    data = os.path.join(d, "data")
    for what, path, words in (("symlink loop", loop, "symlink loop"), ("name too long", long, "name too long")):
        runs = {
            "--course": (["--course", path, "--data-dir", data, "-c", "ls"], path),
            "validate": (["validate", path], path),
            "import source": (["import", path if path == loop else path + ".gift"], path if path == loop else path + ".gift"),
            "import --output": (["import", bank, "--output", path + "/out.json" if path == loop else path + ".json"],
                                path + "/out.json" if path == loop else path + ".json"),
            "report --output": (["--course", sampler, "--data-dir", data, "report", "--output",
                                 path + "/r.txt" if path == loop else path + ".txt"],
                                path + "/r.txt" if path == loop else path + ".txt"),
        }
        bad = []
        for name, (args, named) in runs.items():
            code, out, err = run(args)
            ok, text = one_line(code, out, err)
            if not (ok and words in text and named in text and "no such file" not in text.lower()):
                bad.append(f"{name}: status {code}: {text[:100]}")
        case(f"paths {what}", not bad, f"{len(runs)} places say '{words}' with the path" + ("; " + "; ".join(bad) if bad else ""))

    # UTF-16 (with and without a byte-order mark) and Windows-1252, as a course and as a bank.
    course = '[{"chapterName": "Café", "parts": ["a"]}]'
    gift = "::q1:: Café is a word {T}\n"
    encodings = (("UTF-16LE", lambda t: t.encode("utf-16-le")), ("UTF-16LE", lambda t: b"\xff\xfe" + t.encode("utf-16-le")),
                 ("UTF-16BE", lambda t: t.encode("utf-16-be")), ("UTF-16BE", lambda t: b"\xfe\xff" + t.encode("utf-16-be")),
                 ("Windows-1252", lambda t: t.encode("cp1252")))
    bad = []
    for n, (name, encode) in enumerate(encodings):
        for text, suffix in ((course, ".json"), (gift, ".gift")):
            path = os.path.join(d, f"enc{n}{suffix}")
            with open(path, "wb") as f:
                f.write(encode(text))
            for args in (["--course", path, "--data-dir", data, "-c", "ls"], ["import", path, "--output", os.path.join(d, "o.json")]):
                code, out, err = run(args)
                said = err.decode(errors="replace")
                if not (code == 1 and f"not UTF-8 (looks like {name}); save it as UTF-8, e.g. iconv -f {name} -t UTF-8" in said
                        and path in said and not os.path.exists(os.path.join(d, "o.json"))):
                    bad.append(f"{args[0]} {os.path.basename(path)}: status {code}: {said.strip()[:100]}")
    case("paths not UTF-8", not bad, f"{len(encodings) * 4} runs (course and bank, --course and import) name the encoding"
         + ("; " + "; ".join(bad[:4]) if bad else ""))


def test_compaction_kill9():
    """kill -9 at random moments while the program compacts a long journal at start: nothing is lost.

    Each round appends a batch of records (more than the compaction threshold) as another program
    would, starts practice and kills it somewhere in its start-up (keeping the journal as a segment,
    writing the snapshot, emptying the journal). After every kill the whole history (base, segments,
    journal) must still hold every answer exactly once and parse; at the end a clean start must
    succeed, leave no temp file, and its snapshot's totals must count every answer."""
    rounds = 25 if QUICK else 150
    data = fresh("compaction-kill9")
    pdir = progress_dir(data)
    os.makedirs(pdir, exist_ok=True)
    writer = "stress-compaction-writer"
    seq = 0
    t = 1767225600000
    answers = 0
    bad = []
    kills_mid = 0
    for r in range(rounds):
        lines = []
        for s_ in range(80):  # 80 sessions of 15 answers: 1,360 records
            session = f"s{t // 1000}-777-{r * 100 + s_}"
            seq += 1
            qs = [f"ch1.1-q{i + 1:02d}" for i in range(15)]
            lines.append({"writer": writer, "seq": seq, "type": "start", "time": t, "session": session,
                          "node": "#ch1.1", "questions": qs, "kind": "full", "seed": None})
            for q in qs:
                seq += 1
                t += 5000
                lines.append({"writer": writer, "seq": seq, "type": "answer", "time": t, "session": session,
                              "question": q, "node": "#ch1.1", "given": "B", "correct": seq % 3 != 0})
                answers += 1
            seq += 1
            lines.append({"writer": writer, "seq": seq, "type": "end", "time": t, "session": session,
                          "score": 60, "early": False})
            t += 3600000
        with open(os.path.join(pdir, "journal.jsonl"), "a") as f:
            f.write("".join(json.dumps(l, separators=(",", ":")) + "\n" for l in lines))
        p = subprocess.Popen([BIN, "--course", COURSE, "--data-dir", data, "--user", "u", "-c", "quit"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        time.sleep(RNG.uniform(0, 0.25))
        try:
            os.kill(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if p.wait() == -signal.SIGKILL:
            kills_mid += 1
        per_pid, problems, _ = read_progress(pdir)
        if per_pid.get(777, 0) != answers or problems:
            bad.append(f"round {r + 1}: {answers} answers written, {per_pid.get(777, 0)} in the history; "
                       + "; ".join(problems[:3]))
    code, _, err = run(["--course", COURSE, "--data-dir", data, "--user", "u", "-c", "quit"])
    per_pid, problems, temps = read_progress(pdir)
    folded = None
    try:
        with open(os.path.join(pdir, "snapshot.json")) as f:
            snapshot = json.load(f)
        folded = sum(q["attempts"] for q in snapshot["questions"])
    except (OSError, ValueError, KeyError) as e:
        problems.append(f"snapshot.json: {e}")
    segments = [n for n in os.listdir(pdir) if re.fullmatch(r"journal-\d{6,}\.jsonl", n)]
    detail = (f"{rounds} starts killed at random ({kills_mid} died by the kill), {answers} answers written, "
              f"{per_pid.get(777, 0)} in the history, {folded} in the snapshot's totals, {len(segments)} segments, "
              f"{len(temps)} temp files left, restart status {code}")
    ok = (not bad and not problems and not temps and code == 0 and per_pid.get(777, 0) == answers
          and folded == answers)
    report("PASS" if ok else "FAIL", "compaction-kill9",
           detail + ("" if ok else "; " + "; ".join((bad + problems + temps + [err.decode(errors="replace")[:200]])[:5])))


def test_class_folder():
    """Issue 31 items 1-7 with real users and groups (as root; skipped otherwise): a drop-box class
    folder made by `practice class create`, learners, an attacker and a teacher; every user and group
    made here is removed again."""
    if os.geteuid() != 0 or not shutil.which("useradd") or not shutil.which("runuser"):
        report("SKIP", "class", "needs root, useradd and runuser to make real users and groups")
        return
    tag = "pst" + "".join(RNG.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5))
    group, teacher, ann, bob, att = tag + "g", tag + "t", tag + "a", tag + "b", tag + "x"
    base = fresh("class-" + tag)
    os.chmod(base, 0o755)
    os.chmod(WORK, 0o755)
    made_users, made_group = [], False
    course = os.path.join(base, "sampler")
    shutil.copytree(os.path.join(ROOT, "Data/courses/sampler"), course)
    binary = os.path.join(base, "practice")
    shutil.copy(BIN, binary)
    for path in [course, binary] + [os.path.join(course, f) for f in os.listdir(course)]:
        os.chmod(path, 0o755)
    cls = os.path.join(base, "srv", "class")

    def sh(command, user=None, stdin=b""):
        argv = (["runuser", "-u", user, "--"] if user else []) + ["/bin/sh", "-c", command]
        p = subprocess.run(argv, input=stdin, capture_output=True, timeout=60, cwd="/",
                           env=dict(ENV, HOME=os.path.join(base, "home", user or "root"), USER=user or "root",
                                    PRACTICE_LOCK_TIMEOUT="1"))
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")

    def practice(user, args, stdin=b""):
        return sh(f"exec {binary} --course {course} --data-dir {cls} --now 2026-12-01T08:00:00Z {args}", user, stdin)

    try:
        subprocess.run(["groupadd", group], check=True, capture_output=True)
        made_group = True
        for user, extra in [(ann, []), (bob, []), (att, []), (teacher, ["-G", group])]:
            subprocess.run(["useradd", "-M", "-N", "-g", "users", "-s", "/bin/sh"] + extra + [user], check=True,
                           capture_output=True)
            made_users.append(user)
            os.makedirs(os.path.join(base, "home", user))
            shutil.chown(os.path.join(base, "home", user), user)
        os.makedirs(os.path.join(base, "srv"))
        shutil.chown(os.path.join(base, "srv"), teacher)
        # class create takes no course or clock: only the folder and the teachers group.
        code, out, err = sh(f"exec {binary} class create {cls} --teachers {group}", teacher)
        mode = stat.S_IMODE(os.stat(cls).st_mode) if os.path.isdir(cls) else 0
        case("class create", code == 0 and mode == 0o3753, f"status {code}, mode {mode:o} {err.strip()[:120]}")
        code1, _, e1 = practice(ann, "--seed 3", b"start 1.1.1\nB\nquit\n")
        code2, _, e2 = sh(f"umask 077; exec {binary} --course {course} --data-dir {cls} --seed 3", bob,
                          b"start 1.1.1\nA\nquit\n")
        modes = {p: stat.S_IMODE(os.lstat(os.path.join(cls, p)).st_mode)
                 for p in [ann, f"{ann}/sampler", f"{ann}/sampler/journal.jsonl", f"{ann}/sampler/lock",
                           bob, f"{bob}/sampler/lock"]}
        case("class modes 2750/0640/0600", code1 == code2 == 0 and modes == {
            ann: 0o2750, f"{ann}/sampler": 0o2750, f"{ann}/sampler/journal.jsonl": 0o640,
            f"{ann}/sampler/lock": 0o600, bob: 0o2750, f"{bob}/sampler/lock": 0o600},
            f"{ {k: oct(v) for k, v in modes.items()} } {e1.strip()[:80]} {e2.strip()[:80]}")
        # Items 3 and 4: the attacker neither lists the class nor reads or locks another's files.
        tries = [sh(f"ls {cls}", att)[0], sh(f"cat {cls}/{ann}/sampler/journal.jsonl", att)[0],
                 sh(f"exec 3<{cls}/{ann}/sampler/lock", att)[0]]
        case("class classmates read nothing", all(t != 0 for t in tries), f"statuses {tries}")
        # Item 1: --user naming another, and a squatted name.
        code, _, err = practice(att, f"--user {ann}", b"quit\n")
        victim = tag + "v"
        subprocess.run(["useradd", "-M", "-N", "-g", "users", "-s", "/bin/sh", victim], check=True, capture_output=True)
        made_users.append(victim)
        os.makedirs(os.path.join(base, "home", victim))
        shutil.chown(os.path.join(base, "home", victim), victim)
        sh(f"mkdir -p -m 2750 {cls}/{victim}/sampler", att)
        code_v, _, err_v = practice(victim, "", b"quit\n")
        case("class squatting refused", code != 0 and "as your login" in err and code_v != 0
             and "not your folder" in err_v, f"{err.strip()[:100]} | {err_v.strip()[:100]}")
        # Item 2: a link to another's answers; item 6: a sparse snapshot; item 7: a look-alike name.
        practice(att, "--seed 3", b"start 1.1.1\nA\nquit\n")
        sh(f"rm -rf {cls}/{att}/sampler && ln -s ../{ann}/sampler {cls}/{att}/sampler", att)
        sh(f"truncate -s 200G {cls}/{bob}/sampler/snapshot.json", bob)
        t0 = time.time()
        code, out, err = practice(teacher, "report --class --format json")
        elapsed = time.time() - t0
        users = {u["name"]: u for u in json.loads(out)["users"]} if code == 0 else {}
        counted = sorted(n for n, u in users.items() if u.get("total"))
        case("class report: link, squatter and sparse file not counted",
             code == 0 and counted == [ann] and "symbolic link" in (users.get(att, {}).get("error") or "")
             and "not to the login" in (users.get(victim, {}).get("error") or "")
             and "over the limit" in (users.get(bob, {}).get("error") or "") and elapsed < 10,
             f"status {code}, counted {counted}, {elapsed:.1f}s {err.strip()[:100]}")
        code, out, _ = sh(f"exec {binary} class check {cls}", teacher)
        case("class check names what is wrong", code == 1 and f"{cls}/{victim}: it belongs to {att}" in out
             and f"{cls}/{att}/sampler is a link" in out, out.strip()[:200])
    finally:
        for user in made_users:
            subprocess.run(["userdel", user], capture_output=True)
        if made_group:
            subprocess.run(["groupdel", group], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


# ---------------------------------------------------------------- readers linear in their input

def linear_inputs():
    """(name, file name, generator of n) for each reader, in the shapes that were quadratic."""
    def moodle_q(i):
        return ('<question type="truefalse"><name><text>q%d</text></name><questiontext format="plain_text">'
                '<text>Is %d even?</text></questiontext><answer fraction="100"><text>true</text></answer>'
                '<answer fraction="0"><text>false</text></answer></question>' % (i, i))

    def xml_lines(n):
        return "<quiz>\n" + "\n".join(moodle_q(i) for i in range(n)) + "\n</quiz>\n"

    def xml_one_line(n):
        return "<quiz>" + "".join(moodle_q(i) for i in range(n)) + "</quiz>"

    def xml_options(n):
        answers = "".join('<answer fraction="%d"><text>option %d</text></answer>' % (100 if i == 0 else 0, i)
                          for i in range(n))
        return ('<quiz><question type="multichoice"><questiontext format="plain_text"><text>Pick</text>'
                '</questiontext><single>true</single>' + answers + '</question></quiz>')

    def xml_files(n):
        refs = "".join('<img src="@@PLUGINFILE@@/%d.png">' % i for i in range(n))
        files = "".join('<file name="%d.png">AA==</file>' % (i if i % 2 else -i) for i in range(n))
        return ('<quiz><question type="description"><questiontext format="html"><text><![CDATA[' + refs
                + ']]></text>' + files + '</questiontext></question></quiz>')

    def xml_categories(n):
        return "<quiz>" + "".join(
            '<question type="category"><category><text>$course$/top/u%d</text></category></question>' % i
            + moodle_q(i) for i in range(n)) + "</quiz>"

    def gift_categories(n):
        return "\n\n".join("$CATEGORY: unit %d\n\n::q%d:: Is %d even? {T}" % (i, i, i) for i in range(n)) + "\n"

    def gift_options(n):
        return "Pick one {\n=option 0\n" + "\n".join("~option %d" % i for i in range(1, n)) + "\n}\n"

    def gift_cloze(n):
        return "::Cloze:: " + " ".join("word%d {1:SHORTANSWER:=a%d}" % (i, i) for i in range(n)) + "\n"

    def aiken(n):
        return "".join("Question %d?\nA. yes\nB. no\nANSWER: A\n\n" % i for i in range(n))

    def anki_columns(n):
        names = ["front", "back"] + ["c%d" % i for i in range(n)]
        return ("#separator:tab\n#columns:" + "\t".join(names) + "\n#guid column:3\n"
                + "".join("f%d\tb%d\tg%d\n" % (i, i, i) for i in range(n)))

    def csv_rows(n):
        return "front,back\n" + "".join('"f%d, with ""quotes""",b%d\n' % (i, i) for i in range(n))

    def json_options(n):
        options = ",".join('"option %d"' % i for i in range(n))
        return ('{"format": "practice-course", "version": 1, "id": "c", "title": "C", "nodes": [{"id": "n", '
                '"title": "N", "questions": [{"id": "q", "type": "multiple", "prompt": "P", "explanation": "", '
                '"options": [' + options + '], "answers": [' + ",".join(str(i) for i in range(0, n, 2)) + ']}]}]}')

    return [
        ("moodle-xml lines", "b.xml", xml_lines, 20000),
        ("moodle-xml one line", "b.xml", xml_one_line, 20000),
        ("moodle-xml options", "b.xml", xml_options, 50000),
        ("moodle-xml files", "b.xml", xml_files, 50000),
        ("moodle-xml categories", "b.xml", xml_categories, 20000),
        ("gift categories", "b.gift", gift_categories, 20000),
        ("gift options", "b.gift", gift_options, 50000),
        ("gift cloze blanks", "b.gift", gift_cloze, 8000),
        ("aiken", "b.txt", aiken, 40000),
        ("anki columns", "b.txt", anki_columns, 20000),
        ("csv", "b.csv", csv_rows, 50000),
        ("json options", "c.json", json_options, 100000),
    ]


def best_time(args, runs=3, timeout=300):
    best = None
    for _ in range(runs):
        t0 = time.time()
        status, out, err = run(args, timeout=timeout)
        elapsed = time.time() - t0
        best = elapsed if best is None else min(best, elapsed)
    return best, status, out, err


def test_linear_readers():
    """Issue 31: each reader (validate, which reads a bank as --course and import do) takes time linear
    in its input: twice the input, at most ~2.5 times the time. `make test` checks small sizes in the
    unit tests (GrowthCheck), so the quick slice skips this."""
    if QUICK:
        report("SKIP", "linear-readers", "full sizes under make stress; the unit tests check small ones")
        return
    d = fresh("linear")
    scale = float(os.environ.get("STRESS_LINEAR_SCALE", "1"))  # smaller for a debug binary
    for name, file_name, make, n in linear_inputs():
        n = max(100, int(n * scale))
        times = []
        ok = True
        for size in (n, 2 * n):
            path = os.path.join(d, str(size) + "-" + file_name)
            with open(path, "w") as f:
                f.write(make(size))
            try:
                elapsed, status, out, err = best_time(["validate", path])
            except subprocess.TimeoutExpired:
                case("linear " + name, False, f"validate of {size} did not finish in 300 s")
                ok = False
                break
            if status not in (0, 1):
                case("linear " + name, False, f"validate exited {status}: {err[-300:]!r}")
                ok = False
                break
            times.append(elapsed)
        if not ok:
            continue
        ratio = times[1] / max(times[0], 1e-3)
        case("linear " + name, ratio <= 2.5,
             f"{n} → {2 * n}: {times[0]:.2f} s → {times[1]:.2f} s ({ratio:.1f}×, at most 2.5×)")
    # Overrides in a journal: each answer overruled, the first answered first, after the session ended.
    for n in (max(100, int(20000 * scale)),):
        times = []
        for size in (n, 2 * n):
            data = fresh(f"override-{size}")
            folder = progress_dir(data)
            os.makedirs(folder)
            t = 1_700_000_000_000
            lines = [{"writer": "w", "seq": 1, "type": "start", "time": t, "session": "s", "node": "ch1",
                      "questions": []}]
            for i in range(size):
                lines.append({"writer": "w", "seq": len(lines) + 1, "type": "answer", "time": t + 1,
                              "session": "s", "question": f"q{i}", "node": "ch1", "given": "x", "correct": False})
            lines.append({"writer": "w", "seq": len(lines) + 1, "type": "end", "time": t + 2, "session": "s",
                          "score": 0, "early": False})
            for i in range(size):
                lines.append({"writer": "w", "seq": len(lines) + 1, "type": "override", "time": t + 3,
                              "session": "s", "question": f"q{i}", "node": "ch1"})
            with open(os.path.join(folder, "journal.jsonl"), "w") as f:
                f.write("".join(json.dumps(l) + "\n" for l in lines))
            elapsed, status, out, err = best_time(
                ["--data-dir", data, "--user", "u", "--course", COURSE, "-c", "report"], runs=1)
            if status != 0:
                case("linear overrides", False, f"report exited {status}: {err[-300:]!r}")
                break
            times.append(elapsed)
        if len(times) == 2:
            ratio = times[1] / max(times[0], 1e-3)
            case("linear overrides", ratio <= 2.5,
                 f"{n} → {2 * n} answers and overrides: {times[0]:.2f} s → {times[1]:.2f} s ({ratio:.1f}×)")


def peak_rss(args, hold_input=0.0):
    """(status, peak resident bytes) of practice run with args: VmHWM read from /proc while it runs
    (ru_maxrss would count this Python process too, from which the child was forked)."""
    p = subprocess.Popen([BIN] + args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, env=ENV)
    start, highest = time.time(), 0
    while p.poll() is None:
        try:
            with open(f"/proc/{p.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        highest = max(highest, int(line.split()[1]) * 1024)
        except OSError:
            pass
        if p.stdin and time.time() - start >= hold_input:
            p.stdin.close()
            p.stdin = None
        time.sleep(0.005)
    return p.returncode, highest


def test_gift_memory():
    """Issue 31 item 15: 30 MB of GIFT read (validate, opened with --course, import) in at most 8x its
    size of memory, the static binary's own size included (it had peaked at 1.6 GB). `make test`
    checks 3 MB above a tiny bank's (GiftMemoryTests)."""
    if QUICK:
        report("SKIP", "gift-memory", "30 MB under make stress; GiftMemoryTests checks 3 MB")
        return
    d = fresh("gift-memory")
    kinds = [
        lambda i: "::q%d:: What is %d plus %d? {=%d ~%d ~%d}\n\n" % (i, i, i + 1, 2 * i + 1, 2 * i, 2 * i + 2),
        lambda i: "::q%d:: Water boils at 100 degrees in question %d. {T}\n\n" % (i, i),
        lambda i: "::q%d:: The capital of country number %d is {=city%d =town%d}.\n\n" % (i, i, i, i),
        lambda i: "::q%d:: How many legs does animal %d have? {#%d:0.5}\n\n" % (i, i, i % 8),
    ]
    parts, size, i = [], 0, 0
    while size < 30_000_000:
        part = kinds[i % 4](i)
        parts.append(part)
        size += len(part)
        i += 1
    path = os.path.join(d, "bank.gift")
    with open(path, "w") as f:
        f.write("".join(parts))
    for name, args in (("validate", ["validate", path]),
                       ("--course", ["--course", path, "--data-dir", os.path.join(d, "data"), "-c", "ls"]),
                       ("import", ["import", path, "--output", os.path.join(d, "bank.json")])):
        status, peak = peak_rss(args)
        case("gift memory " + name, status == 0 and peak <= 8 * size,
             f"{size / 1e6:.0f} MB of GIFT ({i} questions): exit {status}, peak {peak / 1e6:.0f} MB "
             f"({peak / size:.1f}x, at most 8x)")


TESTS = {
    "kill9": test_kill9,
    "compaction-kill9": test_compaction_kill9,
    "concurrent": lambda: (test_concurrent(2), test_concurrent(4)),
    "journal": test_journal_cuts,
    "disk": test_disk_full,
    "fsync": test_fsync_failure,
    "jsontestsuite": test_json_suite,
    "bad-input": test_bad_input,
    "signals": test_signals,
    "head": test_head,
    "hostile-env": test_hostile_environment,
    "hostile-content": test_hostile_content,
    "kept": test_kept_files,
    "paths": test_path_messages,
    "class": test_class_folder,
    "fuzz": test_fuzz,
    "linear-readers": test_linear_readers,
    "gift-memory": test_gift_memory,
}


def main():
    # The quick slice leaves the libFuzzer build (minutes of instrumented compiling) to `make stress`:
    # `make test` runs the fuzzers' harnesses on every kept input in FuzzInputReplayTests instead.
    names = ONLY or [name for name in TESTS if not (QUICK and name == "fuzz")]
    for name in names:
        t0 = time.time()
        try:
            TESTS[name]()
        except Exception as e:  # a broken test is a failure, never a silent pass
            import traceback
            traceback.print_exc()
            report("FAIL", name, f"the test itself broke: {e!r}")
        progress(f"{name} took {time.time() - t0:.0f}s")
    passed = sum(1 for s, _, _ in results if s == "PASS")
    failed = sum(1 for s, _, _ in results if s == "FAIL")
    skipped = sum(1 for s, _, _ in results if s == "SKIP")
    if skipped:
        print(f"({skipped} skipped, each with its reason above)")
    print(f"{passed} passed, {failed} failed")
    if os.environ.get("STRESS_KEEP") != "1":
        shutil.rmtree(WORK, ignore_errors=True)
    else:
        print(f"(work folder kept: {WORK})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
