#!/usr/bin/env python3
"""The measuring half of run-bench.sh: runs every figure beside its peer and prints one table.

Whole-process times come from hyperfine (-S none, medians) when it is installed, else from
posix_spawn + wait4 here; peak memory always from wait4's ru_maxrss (what `/usr/bin/time -f %M`
reports). In-process figures come from practice-bench.
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

BIN, PBENCH, WORK, HERE = sys.argv[1], sys.argv[2], sys.argv[3], os.path.dirname(os.path.abspath(__file__))
QUICK = os.environ.get("BENCH_QUICK") == "1"
HYPERFINE = shutil.which("hyperfine")
JQ = shutil.which("jq")
SQLITE = shutil.which("sqlite3")
ENV = dict(os.environ, PRACTICE_MAX_COURSE_MB="4096", NO_COLOR="1")
rows = []      # (measure, practice, peer name, peer value, ratio, target, verdict)
notes = []
verdicts = []


def log(msg):
    print("run-bench: " + msg, file=sys.stderr, flush=True)


def spawn(argv, stdin=None, stdout=None):
    """Runs argv once; returns (seconds, peak KB, exit status)."""
    fin = os.open(stdin or "/dev/null", os.O_RDONLY)
    fout = os.open(stdout or "/dev/null", os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, fin, 0), (os.POSIX_SPAWN_DUP2, fout, 1)]
    err = os.open("/dev/null", os.O_WRONLY)
    actions.append((os.POSIX_SPAWN_DUP2, err, 2))
    t0 = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, ENV, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    t1 = time.perf_counter()
    for fd in (fin, fout, err):
        os.close(fd)
    return t1 - t0, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def measure(commands, runs, warmup=1, use_hyperfine=True):
    """commands: list of (name, argv). Returns {name: (median seconds, median peak KB)} measured in one go,
    runs interleaved so that machine noise falls on every command alike."""
    times = {n: [] for n, _ in commands}
    peaks = {n: [] for n, _ in commands}
    for _ in range(warmup):
        for n, argv in commands:
            spawn(argv)
    for _ in range(runs):
        for n, argv in commands:
            s, kb, code = spawn(argv)
            if code != 0:
                log(f"warning: {' '.join(argv)} exited {code}")
            times[n].append(s)
            peaks[n].append(kb)
    result = {n: [statistics.median(times[n]), statistics.median(peaks[n])] for n, _ in commands}
    if use_hyperfine and HYPERFINE:
        out = os.path.join(WORK, "hf.json")
        argv = [HYPERFINE, "-S", "none", "--style", "none", "--warmup", str(warmup), "--runs", str(max(runs, 3)),
                "--export-json", out] + [" ".join(shq(a) for a in cmd) for _, cmd in commands]
        subprocess.run(argv, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        try:
            with open(out) as f:
                data = json.load(f)["results"]
            for (n, _), r in zip(commands, data):
                result[n][0] = r["median"]
        except (OSError, ValueError, KeyError):
            notes.append("hyperfine failed; times below are from posix_spawn + wait4")
    return result


def shq(a):
    # hyperfine -S none splits on whitespace with shell-like quoting.
    return "'" + a.replace("'", "'\\''") + "'" if any(c in a for c in " ;'\"") else a


def ms(s):
    return f"{s * 1000:.1f} ms" if s < 10 else f"{s:.2f} s"


def mb(kb):
    return f"{kb / 1024:.0f} MB"


def us(v):
    return f"{v:.1f} µs" if v < 1000 else f"{v / 1000:.2f} ms"


def row(measure_, ours, peer, peer_value, ratio, target="", verdict=""):
    rows.append((measure_, ours, peer, peer_value, ratio, target, verdict))
    if verdict:
        verdicts.append(verdict)


def verdict(ok):
    return "PASS" if ok else "MISS"


def pbench(*args):
    out = subprocess.run([PBENCH] + list(args), env=ENV, capture_output=True, text=True)
    if out.returncode != 0:
        log(out.stderr)
        raise SystemExit(f"practice-bench {' '.join(args)} failed")
    return {k: float(v) for k, v in (line.split("=", 1) for line in out.stdout.split() if "=" in line)}


def gen(kind, n, path):
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), kind, str(n), path], check=True)
    return path


def main():
    small, mid, large = 1_000, 100_000, 1_000_000
    hist_small, hist_large = 1_000, 100_000
    if QUICK:
        mid, large, hist_large = 10_000, 10_000, 10_000
        notes.append(f"BENCH_QUICK=1: small sizes only ({mid:,} nodes and {hist_large:,} answers stand in for the large ones); figures are a smoke run, not the targets' sizes")
    log("generating inputs in " + WORK)
    courses = {n: gen("course", n, os.path.join(WORK, f"course-{n}.json")) for n in sorted({small, mid, large})}
    hist = {}
    for n in sorted({hist_small, hist_large}):
        d = os.path.join(WORK, f"data-{n}")
        gen("history", n, os.path.join(d, "bench", "physics-grade8"))
        hist[n] = d

    # 1. Time to first prompt.
    log("time to first prompt")
    empty = tempfile.mkdtemp(dir=WORK)
    quit_file = os.path.join(WORK, "quit.txt")
    with open(quit_file, "w") as f:
        f.write("quit\n")
    repl = ("import cmd,sys\nclass R(cmd.Cmd):\n prompt='> '\n def do_quit(self,a): return True\n"
            "R(stdin=open(sys.argv[1]),stdout=open('/dev/null','w')).cmdloop()" )
    runs = 10 if QUICK else 40
    # cmd.Cmd with use_rawinput off reads its lines from the file given.
    repl = repl.replace("R(stdin", "r=R(stdin").replace(".cmdloop()", "\nr.use_rawinput=False\nr.cmdloop()")
    cmds = [("practice", [BIN, "--data-dir", empty, "--user", "bench", "-c", "quit"]),
            ("py", ["python3", "-c", repl, quit_file])]
    if SQLITE:
        cmds.insert(1, ("sqlite3", [SQLITE, ":memory:", ".quit"]))
    r = measure(cmds, runs, warmup=3)
    p = r["practice"][0]
    if SQLITE:
        s = r["sqlite3"][0]
        row("first prompt, shipped course (-c quit)", ms(p), "sqlite3 :memory: .quit", ms(s), f"{p / s:.1f}×",
            "≤ 3× sqlite3", verdict(p <= 3 * s))
    else:
        row("first prompt, shipped course (-c quit)", ms(p), "sqlite3", "not installed", "", "≤ 3× sqlite3", "SKIP")
    row("", "", "python3 cmd.Cmd reading quit", ms(r["py"][0]), f"{p / r['py'][0]:.2f}×")

    # 2. Course load at each size, with peak memory.
    for n, path in courses.items():
        log(f"course load, {n:,} nodes")
        size_kb = os.path.getsize(path) / 1024
        runs = 3 if n >= 1_000_000 else (5 if n >= 100_000 else 15)
        if QUICK:
            runs = 3
        cmds = [("practice", [BIN, "--data-dir", empty, "--user", "bench", "--course", path, "-c", "quit"]),
                ("python", ["python3", "-c", "import json,sys; json.load(open(sys.argv[1]))", path])]
        if JQ:
            cmds.append(("jq", [JQ, "length", path]))
        r = measure(cmds, runs, warmup=0 if n >= 1_000_000 else 1, use_hyperfine=n < 1_000_000)
        p, pk = r["practice"]
        py, pyk = r["python"]
        is_mid = n == mid
        label = f"course load, {n:,} nodes ({size_kb / 1024:.1f} MB file)"
        row(label, ms(p), "python3 json.load", ms(py), f"{p / py:.2f}×",
            "< json.load" if is_mid else "", verdict(p < py) if is_mid else "")
        if JQ:
            row("", "", "jq length", ms(r["jq"][0]), f"{p / r['jq'][0]:.2f}×")
        row(f"  peak memory, {n:,} nodes", mb(pk), "python3 json.load", mb(pyk), f"{pk / pyk:.2f}×",
            "< 3× file size" if is_mid else "", verdict(pk < 3 * size_kb) if is_mid else "")
        row("", f"= {pk / size_kb:.1f}× the file", "jq length" if JQ else "", mb(r["jq"][1]) if JQ else "", "")

    # 3. Toggle near the top of a fully expanded outline, in-process.
    log("toggle")
    t_small = pbench("toggle", courses[small], "20000")
    t_large = pbench("toggle", courses[large], "200" if large >= 1_000_000 else "2000")
    a, b = t_small["toggle_us"], t_large["toggle_us"]
    row(f"toggle(0) expanded outline, {large:,} nodes", us(b), f"same at {small:,} nodes", us(a), f"{b / a:.0f}×",
        "< 1 ms", verdict(b < 1000))
    row("", f"collapse {us(t_large['collapse_us'])}", "", f"collapse {us(t_small['collapse_us'])}", "",
        "≤ 1,000-node figure (1.5× + 1 µs)", verdict(b <= 1.5 * a + 1))

    # 4. expand all; ls > /dev/null at the large size.
    log("expand all; ls")
    runs = 3
    cmds = [("els", [BIN, "--data-dir", empty, "--user", "bench", "--course", courses[large], "-c", "expand all; ls"]),
            ("load", [BIN, "--data-dir", empty, "--user", "bench", "--course", courses[large], "-c", "quit"])]
    r = measure(cmds, runs, warmup=0, use_hyperfine=False)
    row(f"expand all; ls > /dev/null, {large:,} nodes", ms(r["els"][0]), "its load alone (-c quit)", ms(r["load"][0]),
        f"+{ms(r['els'][0] - r['load'][0])}")
    row("", f"peak {mb(r['els'][1])}", "", f"peak {mb(r['load'][1])}", "")

    # 5. An answer's acknowledgement, in-process.
    log("answer acknowledgement")
    acks = {}
    for n, d in hist.items():
        work = os.path.join(WORK, f"ack-{n}")
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(os.path.join(d, "bench", "physics-grade8"), work)
        acks[n] = pbench("answer", work, "300" if QUICK else "2000")
    for n in sorted(acks):
        v = acks[n]
        big = n == hist_large
        row(f"answer ack incl. fsync, {n:,} answers of history", us(v["record_us"]),
            f"bare append+fsync {int(v['line_bytes'])} B", us(v["bare_us"]), f"{v['record_us'] / v['bare_us']:.2f}×",
            "< 1 ms" if big else "", verdict(v["record_us"] < 1000) if big else "")
    a, b = acks[hist_small]["record_us"], acks[hist_large]["record_us"]
    row("", f"{hist_large:,} vs {hist_small:,}", "", "", f"{b / a:.2f}×", "same (≤ 1.5×)", verdict(b <= 1.5 * a))

    # 6. Startup with a long history.
    log("startup with history")
    runs = 5 if QUICK else 20
    cmds = [("hist", [BIN, "--data-dir", hist[hist_large], "--user", "bench", "-c", "quit"]),
            ("empty", [BIN, "--data-dir", empty, "--user", "bench", "-c", "quit"])]
    r = measure(cmds, runs, warmup=2)
    row(f"startup, {hist_large:,}-answer history", ms(r["hist"][0]), "startup with no history", ms(r["empty"][0]),
        f"{r['hist'][0] / r['empty'][0]:.1f}×")
    row("", f"peak {mb(r['hist'][1])}", "", f"peak {mb(r['empty'][1])}", "")

    # 7. The class report over many learners' histories (streamed: memory must not grow with the class).
    users = 50 if QUICK else 1_000
    log(f"class report, {users:,} users")
    one = os.path.join(WORK, "class-one")
    gen("history", 1_000, os.path.join(one, "u", "physics-grade8"))
    klass = os.path.join(WORK, f"class-{users}")
    if not os.path.exists(klass):
        for i in range(users):
            shutil.copytree(os.path.join(one, "u"), os.path.join(klass, f"user{i:04d}"))
    reader = ("import json,os,sys\nn=0\nfor u in os.listdir(sys.argv[1]):\n"
              " for l in open(os.path.join(sys.argv[1],u,'physics-grade8','journal.jsonl')):\n  json.loads(l); n+=1\n")
    cmds = [("class", [BIN, "report", "--class", "--format", "json", "--data-dir", klass]),
            ("py", ["python3", "-c", reader, klass])]
    r = measure(cmds, 3, warmup=0, use_hyperfine=False)
    row(f"report --class, {users:,} users × 1,000 answers", ms(r["class"][0]), "python3 json.loads of every line",
        ms(r["py"][0]), f"{r['class'][0] / r['py'][0]:.2f}×")
    row("", f"peak {mb(r['class'][1])}", "", f"peak {mb(r['py'][1])}", "")

    sys.stderr.flush()
    print_table()
    return 0


def width(s):
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def print_table():
    head = ("measure", "practice", "peer", "peer figure", "ratio", "target", "")
    table = [head] + rows
    widths = [max(width(r[i]) for r in table) for i in range(len(head))]
    def fmt(r):
        return "  ".join(c + " " * (widths[i] - width(c)) for i, c in enumerate(r)).rstrip()
    print()
    print(f"practice bench — {os.uname().nodename}, {os.cpu_count()} cores, medians; binary {BIN}")
    print(fmt(head))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))
    if not HYPERFINE:
        notes.append("hyperfine not available: whole-process times from posix_spawn + wait4 (adds ~1 ms of spawn cost to every command alike)")
    if not JQ:
        notes.append("jq not available: its column is left out")
    for n in notes:
        print("note: " + n)
    print(f"targets: {verdicts.count('PASS')} PASS, {verdicts.count('MISS')} MISS"
          + (f", {verdicts.count('SKIP')} SKIP" if "SKIP" in verdicts else ""))


if __name__ == "__main__":
    sys.exit(main())
