#!/usr/bin/env python3
"""The measuring half of run-bench.sh: runs every figure beside its peer and prints one table.

Every figure is the median of several runs, interleaved with its peer's (practice, peer, practice,
peer, ...), printed with its spread (p10-p90, or min-max under 10 runs, as a % of the median); a figure
that spreads over 50% is measured again (at most twice) and the table says so. Whole-process times
come from posix_spawn + wait4 here, peak memory from wait4's ru_maxrss (what `/usr/bin/time -f %M`
reports); in-process figures come from practice-bench.

Adding a figure: `r = measure([("practice", argv), ("peer", argv)], runs)` gives {name: (seconds,
peak KB)}; `row(label, ms(r["practice"][0]), "peer's name", ms(r["peer"][0]), ratio, target, verdict)`
prints it with both spreads.
"""
import json, os, re, shutil, statistics, subprocess, sys, tempfile, time

BIN, PBENCH, WORK, HERE = sys.argv[1], sys.argv[2], sys.argv[3], os.path.dirname(os.path.abspath(__file__))
QUICK = os.environ.get("BENCH_QUICK") == "1"
# BENCH_ONLY=REGEX: measure only the parts whose name it matches (see PARTS); inputs are made only for them.
ONLY = re.compile(os.environ.get("BENCH_ONLY") or ".", re.IGNORECASE)
# BENCH_NODES=100000,1000: the course sizes `course load` measures (all three when unset), for a quick
# look at one row without the million-node course's minutes.
NODES = {int(n) for n in re.split(r"[ ,]+", os.environ.get("BENCH_NODES", "").strip()) if n}
PARTS = ("first prompt", "course load", "toggle", "expand all", "answer ack", "startup with history", "class report",
         "item analysis", "optimize")
JQ = shutil.which("jq")
SQLITE = shutil.which("sqlite3")
# Tests/Bench/simdjson_load.cpp, compiled by run-bench.sh against Debian's libsimdjson-dev.
SIMDJSON = os.environ.get("SIMDJSON_LOAD") if os.access(os.environ.get("SIMDJSON_LOAD", ""), os.X_OK) else None
TODAY_100K_LOAD = 0.706  # issue 17's "today": a 100,000-node course loaded in 706 ms
ENV = dict(os.environ, PRACTICE_MAX_COURSE_MB="4096", NO_COLOR="1")
NOISY = 0.5    # a figure whose spread is over this fraction of its median is measured again
RERUNS = 2     # at most this many times
rows = []      # (measure, practice, spread, peer name, peer value, spread, ratio, target, verdict)
notes = []
verdicts = []


def log(msg):
    print("run-bench: " + msg, file=sys.stderr, flush=True)


class Figure(float):
    """A median that remembers how its runs spread: ms(), mb() and us() keep it and row() prints it.

    Arithmetic on it gives a plain float, so ratios are written as before: `p / s`.
    """

    def __new__(cls, samples, reruns=0):
        ordered = sorted(samples)
        self = super().__new__(cls, statistics.median(ordered) if ordered else float("nan"))
        self.runs, self.reruns = len(ordered), reruns
        self.samples = list(samples)  # in run order, so interleaved runs can be paired
        if len(ordered) >= 10:  # p10-p90: one stray run out of ten does not count
            low, high = ordered[len(ordered) // 10], ordered[-1 - len(ordered) // 10]
        else:
            low, high = (ordered[0], ordered[-1]) if ordered else (0, 0)
        self.spread = (high - low) / float(self) if float(self) > 0 else 0.0
        return self

    @classmethod
    def of(cls, median, p10, p90, runs, reruns=0):
        """A figure measured elsewhere (in-process, by practice-bench) from its median, p10 and p90."""
        self = super().__new__(cls, median)
        self.runs, self.reruns = runs, reruns
        self.samples = []
        self.spread = (p90 - p10) / median if median > 0 else 0.0
        return self

    def noisy(self):
        return self.spread > NOISY


class Text(str):
    """A formatted figure (ms(), mb(), us()) that still carries its Figure's spread."""

    figure = None


def shown(value, text):
    out = Text(text)
    out.figure = value if isinstance(value, Figure) else None
    return out


def spread_text(value):
    f = getattr(value, "figure", None)
    if f is None:
        return ""
    out = f"{f.spread * 100:.0f}%"
    if f.reruns:
        out += f" rerun {f.reruns}×"
    if f.noisy():
        out += " NOISY"
    return out


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


def measure(commands, runs, warmup=1, **_ignored):
    """Whole-process figures: commands is a list of (name, argv); returns {name: (seconds, peak KB)},
    each a Figure (the median with its spread).

    The commands run interleaved (a, b, c, a, b, c, ...) so that a busy moment of the machine falls on
    all of them alike; when any time spreads over NOISY of its median, all are measured again (up to
    RERUNS times) and the figures say how often. Peak memory is wait4's ru_maxrss (`/usr/bin/time -f %M`).
    """
    for attempt in range(RERUNS + 1):
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
        result = {n: (Figure(times[n], attempt), Figure(peaks[n], attempt)) for n, _ in commands}
        noisy = [n for n, (t, _) in result.items() if t.noisy()]
        if not noisy:
            break
        if attempt < RERUNS:
            log(f"spread over {NOISY:.0%} for {', '.join(map(str, noisy))}: measuring again")
    return result


def pbench_figures(*args):
    """practice-bench ARGS with its `NAME_us` figures made Figures when it prints `NAME_p10_us` and
    `NAME_p90_us` too (and `runs`); rerun like measure() when one spreads over NOISY."""
    for attempt in range(RERUNS + 1):
        values = pbench(*args)
        out = dict(values)
        noisy = False
        for key, v in values.items():
            base = key[: -len("_us")] if key.endswith("_us") else None
            if base and f"{base}_p10_us" in values and f"{base}_p90_us" in values:
                f = Figure.of(v, values[f"{base}_p10_us"], values[f"{base}_p90_us"], int(values.get("runs", 0)), attempt)
                out[key] = f
                noisy = noisy or f.noisy()
        if not noisy:
            break
        if attempt < RERUNS:
            log(f"practice-bench {' '.join(args)}: spread over {NOISY:.0%}, measuring again")
    return out


def ms(s):
    return shown(s, f"{s * 1000:.1f} ms" if s < 10 else f"{s:.2f} s")


def mb(kb):
    return shown(kb, f"{kb / 1024:.0f} MB")


def us(v):
    return shown(v, f"{v:.1f} µs" if v < 1000 else f"{v / 1000:.2f} ms")


def row(measure_, ours, peer, peer_value, ratio, target="", verdict=""):
    """One line of the table. `ours` and `peer_value` are text; made by ms(), mb() or us() from a
    Figure, their spread is printed beside them."""
    rows.append((measure_, ours, spread_text(ours), peer, peer_value, spread_text(peer_value), ratio, target, verdict))
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


def wanted(part):
    """Whether BENCH_ONLY (a regular expression, searched in the part's name) asks for this part."""
    assert part in PARTS, part
    return ONLY.search(part) is not None


def gen(kind, n, path):
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), kind, str(n), path], check=True)
    return path


def main():
    small, mid, large = 1_000, 100_000, 1_000_000
    hist_small, hist_large, hist_huge = 1_000, 100_000, 1_000_000
    if QUICK:
        mid, large, hist_large, hist_huge = 10_000, 10_000, 10_000, 20_000
        notes.append(f"BENCH_QUICK=1: small sizes only ({mid:,} nodes and {hist_large:,} answers stand in for the large ones); figures are a smoke run, not the targets' sizes")
    if not any(wanted(p) for p in PARTS):
        raise SystemExit(f"run-bench: BENCH_ONLY={ONLY.pattern!r} matches none of: {', '.join(PARTS)}")
    if ONLY.pattern != ".":
        notes.append(f"BENCH_ONLY={ONLY.pattern}: only {', '.join(p for p in PARTS if wanted(p))} measured")
    log("generating inputs in " + WORK)
    loads = {small, mid, large} & NODES if NODES else {small, mid, large}
    if wanted("course load") and not loads:
        raise SystemExit(f"run-bench: BENCH_NODES={os.environ['BENCH_NODES']!r} names none of {small:,}, {mid:,}, {large:,}")
    if NODES:
        notes.append(f"BENCH_NODES: course load measured at {', '.join(f'{n:,}' for n in sorted(loads))} nodes only")
    sizes = (loads if wanted("course load") else set()) | ({small, large} if wanted("toggle") else set())
    sizes |= {large} if wanted("expand all") else set()
    courses = {n: gen("course", n, os.path.join(WORK, f"course-{n}.json")) for n in sorted(sizes)}
    hist = {}
    hist_sizes = {hist_small, hist_large, hist_huge} if wanted("answer ack") else set()
    hist_sizes |= {hist_large, hist_huge} if wanted("startup with history") else set()
    for n in sorted(hist_sizes):
        d = os.path.join(WORK, f"data-{n}")
        gen("history", n, os.path.join(d, "bench", "physics-grade8"))
        hist[n] = d
    empty = tempfile.mkdtemp(dir=WORK)
    for part, measure_part in ((PARTS[0], first_prompt), (PARTS[1], course_load), (PARTS[2], toggle),
                               (PARTS[3], expand_all), (PARTS[4], acknowledgement), (PARTS[5], startup_history),
                               (PARTS[6], class_report), (PARTS[7], item_analysis), (PARTS[8], optimize)):
        if wanted(part):
            measure_part(empty=empty, courses=courses, loads=loads, hist=hist, small=small, mid=mid, large=large,
                         hist_small=hist_small, hist_large=hist_large, hist_huge=hist_huge)
    sys.stderr.flush()
    print_table()
    return 0


def first_prompt(empty, **_):
    """1. Time to first prompt."""
    log("time to first prompt")
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
        row("first prompt, shipped course (-c quit)", ms(p), "sqlite3 :memory: .quit", ms(s), f"{p / s:.2f}×",
            "≤ 1.5× sqlite3", verdict(p <= 1.5 * s))
    else:
        row("first prompt, shipped course (-c quit)", ms(p), "sqlite3", "not installed", "", "≤ 1.5× sqlite3", "SKIP")
    row("", "", "python3 cmd.Cmd reading quit", ms(r["py"][0]), f"{p / r['py'][0]:.2f}×")


def course_load(empty, courses, loads, mid, **_):
    """2. Course load at each size (of BENCH_NODES), with peak memory."""
    for n, path in sorted(courses.items()):
        if n not in loads:
            continue
        log(f"course load, {n:,} nodes")
        size_kb = os.path.getsize(path) / 1024
        runs = 3 if n >= 1_000_000 else (5 if n >= 100_000 else 15)
        if QUICK:
            runs = 3
        cmds = [("practice", [BIN, "--data-dir", empty, "--user", "bench", "--course", path, "-c", "quit"]),
                ("python", ["python3", "-c", "import json,sys; json.load(open(sys.argv[1]))", path])]
        if JQ:
            cmds.append(("jq", [JQ, "length", path]))
        if SIMDJSON:
            cmds.append(("simdjson", [SIMDJSON, path]))
        r = measure(cmds, runs, warmup=0 if n >= 1_000_000 else 1)
        p, pk = r["practice"]
        py, pyk = r["python"]
        is_mid = n == mid
        label = f"course load, {n:,} nodes ({size_kb / 1024:.1f} MB file)"
        row(label, ms(p), "python3 json.load", ms(py), f"{p / py:.2f}×",
            "< json.load" if is_mid else "", verdict(p < py) if is_mid else "")
        if JQ:
            row("", "", "jq length", ms(r["jq"][0]), f"{p / r['jq'][0]:.2f}×")
        if SIMDJSON:
            sj = r["simdjson"][0]
            row("", "", "simdjson 3 (C++ DOM, walks every chapter)", ms(sj), f"{p / sj:.2f}×",
                "≤ 3× simdjson" if is_mid else "", verdict(p <= 3 * sj) if is_mid else "")
        elif is_mid:
            row("", "", "simdjson", "not installed", "", "≤ 3× simdjson", "SKIP")
        if is_mid and not QUICK:
            row("", "", "issue 17's 'today'", ms(TODAY_100K_LOAD), f"{TODAY_100K_LOAD / p:.2f}× faster",
                "≥ 2× faster", verdict(2 * p <= TODAY_100K_LOAD))
        row(f"  peak memory, {n:,} nodes", mb(pk), "python3 json.load", mb(pyk), f"{pk / pyk:.2f}×",
            "≤ 2× file size" if is_mid else "", verdict(pk <= 2 * size_kb) if is_mid else "")
        row("", f"= {pk / size_kb:.1f}× the file", "jq length" if JQ else "", mb(r["jq"][1]) if JQ else "", "")
        if SIMDJSON:
            row("", "", "simdjson", mb(r["simdjson"][1]), f"{pk / r['simdjson'][1]:.2f}×")
    if mid in loads:
        native_load(empty, mid)


def native_load(empty, n):
    """2b. The native format with questions (n nodes, n/5 questions): question decoding's share of a load."""
    log(f"course load, native format, {n:,} nodes")
    path = gen("native", n, os.path.join(WORK, f"native-{n}.json"))
    size_kb = os.path.getsize(path) / 1024
    cmds = [("practice", [BIN, "--data-dir", empty, "--user", "bench", "--course", path, "-c", "quit"]),
            ("python", ["python3", "-c", "import json,sys; json.load(open(sys.argv[1]))", path])]
    if SIMDJSON:
        cmds.append(("simdjson", [SIMDJSON, path]))
    r = measure(cmds, 3 if QUICK else 7)
    p, pk = r["practice"]
    label = f"course load, native, {n:,} nodes + {n // 5:,} questions ({size_kb / 1024:.1f} MB)"
    row(label, ms(p), "python3 json.load", ms(r["python"][0]), f"{p / r['python'][0]:.2f}×")
    if SIMDJSON:
        sj = r["simdjson"][0]
        row("", f"peak {mb(pk)}", "simdjson 3 (C++ DOM, walks every node and question value)", ms(sj), f"{p / sj:.2f}×",
            "≤ 3× simdjson", verdict(p <= 3 * sj))
    else:
        row("", f"peak {mb(pk)}", "simdjson", "not installed", "", "≤ 3× simdjson", "SKIP")


def toggle(courses, small, large, **_):
    """3. Toggle near the top of a fully expanded outline, in-process."""
    log("toggle")
    t_small = pbench_figures("toggle", courses[small], "20000")
    t_large = pbench_figures("toggle", courses[large], "200" if large >= 1_000_000 else "2000")
    a, b = t_small["toggle_us"], t_large["toggle_us"]
    row(f"toggle(0) expanded outline, {large:,} nodes", us(b), f"same at {small:,} nodes", us(a), f"{b / a:.0f}×",
        "< 1 ms", verdict(b < 1000))
    row("", f"collapse {us(t_large['collapse_us'])}", "", f"collapse {us(t_small['collapse_us'])}", "",
        "≤ 1,000-node figure (1.5× + 1 µs)", verdict(b <= 1.5 * a + 1))


def expand_all(empty, courses, large, **_):
    """4. expand all; ls > /dev/null at the large size."""
    log("expand all; ls")
    # One warm-up pair, so that every timed run of both commands finds the open nodes the previous
    # `expand all` saved; the extra is the median of each pair's difference, which a busy moment
    # shared by the pair cancels out, rather than a difference of two noisy medians.
    runs = 5
    cmds = [("els", [BIN, "--data-dir", empty, "--user", "bench", "--course", courses[large], "-c", "expand all; ls"]),
            ("load", [BIN, "--data-dir", empty, "--user", "bench", "--course", courses[large], "-c", "quit"])]
    r = measure(cmds, runs, warmup=1)
    extra = statistics.median(e - l for e, l in zip(r["els"][0].samples, r["load"][0].samples))
    row(f"expand all; ls > /dev/null, {large:,} nodes", ms(r["els"][0]), "its load alone (-c quit)", ms(r["load"][0]),
        f"{'+' if extra >= 0 else '−'}{ms(abs(extra))}", "≤ +0.5 s", verdict(extra <= 0.5))
    row("", f"peak {mb(r['els'][1])}", "", f"peak {mb(r['load'][1])}", "")


def acknowledgement(hist, hist_small, hist_huge, **_):
    """5. An answer's acknowledgement, in-process, by practice-bench built with practice (-c release)."""
    log("answer acknowledgement")
    acks = {}
    for n, d in hist.items():
        work = os.path.join(WORK, f"ack-{n}")
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(os.path.join(d, "bench", "physics-grade8"), work)
        acks[n] = pbench_figures("answer", work, "300" if QUICK else "2000")
    for n in sorted(acks):
        v = acks[n]
        row(f"answer ack incl. fsync, {n:,} answers of history", us(v["record_us"]),
            f"bare append+fsync {int(v['line_bytes'])} B", us(v["bare_us"]), f"{v['record_us'] / v['bare_us']:.2f}×",
            "≤ 2× the floor", verdict(v["record_us"] <= 2 * v["bare_us"]))
        row("", f"p90 {us(v['record_p90_us'])}", "bare p90",
            us(v["bare_p90_us"]), f"{v['record_p90_us'] / v['bare_p90_us']:.2f}×", "≤ 2× the floor",
            verdict(v["record_p90_us"] <= 2 * v["bare_p90_us"]))
    a, b = acks[hist_small]["record_us"], acks[hist_huge]["record_us"]
    row("", f"{hist_huge:,} vs {hist_small:,}", "", "", f"{b / a:.2f}×", "same (≤ 1.5×)", verdict(b <= 1.5 * a))


def startup_history(empty, hist, hist_large, hist_huge, **_):
    """6. Startup with a long history."""
    log("startup with history")
    first_start(hist_huge)
    runs = 5 if QUICK else 20
    # The first start folds a generated journal into the snapshot (its compaction); the warm-up run pays it.
    cmds = [("empty", [BIN, "--data-dir", empty, "--user", "bench", "-c", "quit"])]
    cmds += [(n, [BIN, "--data-dir", hist[n], "--user", "bench", "-c", "quit"]) for n in (hist_large, hist_huge)]
    r = measure(cmds, runs, warmup=2)
    for n in (hist_large, hist_huge):
        t, e = r[n][0] / r["empty"][0], r[n][1] / r["empty"][1]
        row(f"startup, {n:,}-answer history", ms(r[n][0]), "startup with no history", ms(r["empty"][0]),
            f"{t:.2f}×", "≤ 1.5×", verdict(t <= 1.5))
        row("", f"peak {mb(r[n][1])}", "", f"peak {mb(r['empty'][1])}", f"{e:.2f}×", "≤ 1.5×", verdict(e <= 1.5))


def first_start(n):
    """The first start of a history whose journal was never compacted (an older version's, a crash
    loop's): each run on a fresh copy, beside python3 reading the same journal's lines once."""
    source = gen("history", n, os.path.join(WORK, f"first-{n}", "bench", "physics-grade8"))
    journal = os.path.join(source, "journal.jsonl")
    copy = os.path.join(WORK, "first-start")
    practice, py = [], []
    for _ in range(3):
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(os.path.dirname(os.path.dirname(source)), copy)
        practice.append(spawn([BIN, "--data-dir", copy, "--user", "bench", "-c", "quit"])[0])
        py.append(spawn(["python3", "-c", "import json,sys\nfor l in open(sys.argv[1],'rb'): json.loads(l)", journal])[0])
    shutil.rmtree(copy, ignore_errors=True)
    p, q = Figure(practice), Figure(py)
    row(f"first start, {n:,}-answer journal never compacted", ms(p), "python3 json.loads of its lines", ms(q),
        f"{p / q:.2f}×", "< python3", verdict(p < q))


def class_report(**_):
    """7. The class report over many learners' histories against DuckDB."""
    # The class report over many learners' histories, against DuckDB computing the same figures from
    # the same journals (Tests/Bench/duckdb_class.py), and its peak memory at a tenth of the class.
    users, few = (50, 5) if QUICK else (1_000, 100)
    log(f"class report, {users:,} and {few:,} learners")
    one = os.path.join(WORK, "class-one")
    gen("history", 1_000, os.path.join(one, "u", "physics-grade8"))
    classes = {}
    for n in (few, users):
        classes[n] = os.path.join(WORK, f"class-{n}")
        if not os.path.exists(classes[n]):
            for i in range(n):
                shutil.copytree(os.path.join(one, "u"), os.path.join(classes[n], f"user{i:04d}"))
    outline = os.path.join(WORK, "outline.jsonl")
    subprocess.run([BIN, "export", "--outline", "--output", outline], env=ENV, check=True)
    duck = duckdb_python()
    def report(n):
        return [BIN, "report", "--class", "--format", "json", "--data-dir", classes[n]]
    def duckdb(n, *more):
        return [duck, os.path.join(HERE, "duckdb_class.py"), classes[n], "physics-grade8", outline, *more]
    label = f"report --class, {users:,} learners × 1,000 answers"
    if duck:
        same_figures(report(users), duckdb(users, "--json", os.path.join(WORK, "duckdb-class.json")))
        r = measure([("class", report(users)), ("duckdb", duckdb(users))], 3 if QUICK else 5, warmup=0)
        low = measure([("class", report(few)), ("duckdb", duckdb(few))], 3, warmup=0)
        p, d = r["class"][0], r["duckdb"][0]
        row(label, ms(p), "DuckDB read_json of the journals", ms(d), f"{p / d:.2f}×", "< DuckDB", verdict(p < d))
    else:
        r = measure([("class", report(users))], 3, warmup=0)
        low = measure([("class", report(few))], 3, warmup=0)
        row(label, ms(r["class"][0]), "DuckDB", "not installed", "", "< DuckDB", "SKIP")
    hi_kb, lo_kb = r["class"][1], low["class"][1]
    row(f"  peak memory, {users:,} vs {few:,} learners", mb(hi_kb), f"same report, {few:,} learners", mb(lo_kb),
        f"{hi_kb / lo_kb:.2f}×", "flat (≤ 1.2×)", verdict(hi_kb <= 1.2 * lo_kb))
    if duck:
        row("", "", f"DuckDB, {users:,} vs {few:,} learners", f"{mb(r['duckdb'][1])} vs {mb(low['duckdb'][1])}", "")


def item_analysis(**_):
    """8. The item analysis of a class against the class report on the same data and against DuckDB."""
    # 1,000 learners each with finished sessions on both chapters of the physics course (131 questions), written
    # by Tests/SQL/item_class.py; the item analysis (whole course, first attempts) against report --class on
    # the same folder (within 2×) and against sql/item-analysis.sql on DuckDB over the same journals (faster).
    users = 50 if QUICK else 1_000
    log(f"item analysis, {users:,} learners")
    data = os.path.join(WORK, f"items-{users}")
    if not os.path.exists(data):
        subprocess.run([sys.executable, os.path.join(HERE, "..", "SQL", "item_class.py"), data, "--learners",
                        str(users), "--flagged", "ch1.1-q03"], check=True)
    outline = os.path.join(WORK, "outline.jsonl")
    subprocess.run([BIN, "export", "--outline", "--output", outline], env=ENV, check=True)
    items = [BIN, "report", "--class", "--items", "--format", "json", "--data-dir", data]
    whole = [BIN, "report", "--class", "--format", "json", "--data-dir", data]
    duck = duckdb_python()
    commands = [("items", items), ("class", whole)]
    if duck:
        commands.append(("duckdb", [duck, os.path.join(HERE, "duckdb_items.py"), data, "physics-grade8", outline]))
    r = measure(commands, 3 if QUICK else 5, warmup=0)
    p, c = r["items"][0], r["class"][0]
    label = f"report --class --items, {users:,} learners × 131 questions"
    row(label, ms(p), "report --class, same data", ms(c), f"{p / c:.2f}×", "≤ 2× report --class", verdict(p <= 2 * c))
    if duck:
        d = r["duckdb"][0]
        row("", "", "sql/item-analysis.sql on DuckDB", ms(d), f"{p / d:.2f}×", "< DuckDB", verdict(p < d))


def optimize(**_):
    """9. FSRS parameter fitting against py-fsrs's Optimizer on the same reviews, both as whole processes."""
    # The generated 50,000-review history of the optimiser's vectors, as one learner's journal for
    # `practice optimize` (which also fits a second time for its time split and measures both fits), and
    # as the CSV py-fsrs reads (Tests/Bench/pyfsrs_fit.py). py-fsrs takes minutes: one run each.
    reviews = 5_000 if QUICK else 50_000
    log(f"optimize, {reviews:,} reviews")
    history = os.path.join(HERE, "..", "SchedulingTests", "Vectors", "Optimizer", f"generated-{reviews}.csv")
    data = os.path.join(WORK, f"optimize-{reviews}")
    if not os.path.exists(data):
        subprocess.run([sys.executable, os.path.join(HERE, "history_journal.py"), history, data], check=True)
    ours = [BIN, "optimize", "--user", "bench", "--data-dir", data, "--format", "json"]
    py = os.environ.get("BENCH_PYTHON") or os.path.join(HERE, "..", "..", ".build", "sql-venv", "bin", "python")
    has_fsrs = subprocess.run([py, "-c", "import fsrs.optimizer, torch"], capture_output=True).returncode == 0
    label = f"practice optimize, {reviews:,} reviews"
    if not has_fsrs:
        r = measure([("ours", ours)], 1, warmup=0)
        row(label, ms(r["ours"][0]), "py-fsrs Optimizer", "not installed", "", "< py-fsrs", "SKIP")
        notes.append("py-fsrs with torch not available (make bench installs fsrs[optimizer] with the CPU torch wheel): the optimiser has no peer")
        return
    r = measure([("ours", ours), ("py-fsrs", [py, os.path.join(HERE, "pyfsrs_fit.py"), history])], 1, warmup=0)
    o, p = r["ours"][0], r["py-fsrs"][0]
    row(label, ms(o), "py-fsrs 6.3.2 Optimizer, same reviews", ms(p), f"{o / p:.3f}×", "< py-fsrs", verdict(o < p))


def duckdb_python():
    """The Python with DuckDB that `make bench` made (.build/sql-venv, BENCH_PYTHON), or None."""
    py = os.environ.get("BENCH_PYTHON") or os.path.join(HERE, "..", "..", ".build", "sql-venv", "bin", "python")
    ok = os.access(py, os.X_OK) and subprocess.run([py, "-c", "import duckdb"], capture_output=True).returncode == 0
    if not ok:
        notes.append("DuckDB not available (make bench installs it in .build/sql-venv): the class report has no peer")
    return py if ok else None


def same_figures(practice_argv, duckdb_argv):
    """Checks once, outside the timing, that DuckDB's SQL computes the figures report --class prints;
    a difference is a note under the table (the figures are then not comparable)."""
    sys.path.insert(0, os.path.join(HERE, "..", "SQL"))
    from class_report_check import cli_figures, compare, sql_figures

    out = subprocess.run(practice_argv, env=ENV, capture_output=True, text=True, check=True)
    expected = cli_figures(json.loads(out.stdout))
    subprocess.run(duckdb_argv, env=ENV, capture_output=True, check=True)
    with open(duckdb_argv[-1]) as f:
        got = sql_figures(json.load(f), expected)
    problems = compare("duckdb", got, expected)
    count = sum(len(v) for v in expected.values())
    if problems:
        notes.append(f"class report: DuckDB's figures differ from report --class ({len(problems)} of {count}), e.g. {problems[0]}")
        verdicts.append("MISS")
    else:
        notes.append(f"class report: DuckDB runs sql/class-report.sql over the journals themselves (read_json, see "
                     f"Tests/Bench/duckdb_class.py); its {count:,} figures equal report --class's (checked once, untimed)")


def width(s):
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def machine():
    """What the figures were measured on: host, CPU model, cores, memory, kernel, load at the end."""
    cpu = mem = ""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "")
        with open("/proc/meminfo") as f:
            mem = f"{int(f.readline().split()[1]) / 1048576:.0f} GB"
    except (OSError, ValueError, IndexError):
        pass
    u = os.uname()
    load = os.getloadavg()[0]
    return f"{u.nodename}, {cpu or u.machine}, {os.cpu_count()} cores, {mem} RAM, Linux {u.release}, load {load:.1f}"


def print_table():
    head = ("measure", "practice", "±", "peer", "peer figure", "±", "ratio", "target", "")
    table = [head] + rows
    widths = [max(width(r[i]) for r in table) for i in range(len(head))]
    def fmt(r):
        return "  ".join(c + " " * (widths[i] - width(c)) for i, c in enumerate(r)).rstrip()
    print()
    print(f"practice bench — {machine()}; medians of interleaved runs; binary {BIN}")
    print(fmt(head))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(fmt(r))
    notes.append(f"±: the figure's spread over its runs, p10–p90 (min–max under 10 runs) as a % of the median; runs interleaved with the peer's; "
                 f"over {NOISY:.0%} the figure was measured again ('rerun N×'), NOISY if still over after {RERUNS} reruns")
    if not JQ:
        notes.append("jq not available: its column is left out")
    for n in notes:
        print("note: " + n)
    print(f"targets: {verdicts.count('PASS')} PASS, {verdicts.count('MISS')} MISS"
          + (f", {verdicts.count('SKIP')} SKIP" if "SKIP" in verdicts else ""))


if __name__ == "__main__":
    sys.exit(main())
