#!/usr/bin/env python3
"""The class report as SQL equals the CLI's: a generated class, exported, run through sql/class-report.sql.

    class_report_check.py PRACTICE_BINARY [--learners 200] [--answers N] [--engine duckdb|spark|both]
                          [--memory-from 100] [--keep DIR]

Generates a class of learners with ragged histories straight into journal files (several writers,
replayed duplicates, torn tails, damaged lines, `!!` overrides, unfinished and early-left sessions,
a few histories compacted into snapshots by the program itself), exports it with
`practice export --events` and `--outline`, runs the SQL, and compares every figure with
`practice report --class --format json`. Answers and skips of the course's calculated questions carry
`values` as the program records them; sql/calculated-mistakes.sql lists the wrong ones, compared with
`practice report --format json`'s `calculatedMistakes` for a sample of learners. Exits 1 on the first
difference, naming it.
"""
import argparse, calendar, decimal, json, os, random, shutil, subprocess, sys, tempfile, time, uuid

from engines import duckdb_connection, spark_session

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SQL = os.path.join(ROOT, "sql", "class-report.sql")
MISTAKES_SQL = os.path.join(ROOT, "sql", "calculated-mistakes.sql")
MISTAKE_SAMPLE = 25  # learners whose `report --format json` the calculated mistakes are compared with
COURSE = os.path.join(ROOT, "Data", "courses", "physics-grade8")

def calculated_variables():
    """The course's calculated questions: id -> variable names, in the question's order."""
    found = {}

    def walk(x):
        if isinstance(x, dict):
            if x.get("type") == "calculated" and isinstance(x.get("id"), str):
                found[x["id"]] = list(x.get("variables", {}))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for folder, _, files in os.walk(COURSE):
        for name in files:
            if name.endswith(".json"):
                with open(os.path.join(folder, name)) as f:
                    walk(json.load(f))
    return found


CALCULATED = calculated_variables()


def shown_values(rng, question):
    """The values a calculated question showed, as the journal records them; None for any other question."""
    names = CALCULATED.get(question)
    if not names:
        return None
    return {name: rng.choice(["54.0", "20", "-15", "2.50", "7", "0.8"]) for name in names}


def run(args, **kw):
    result = subprocess.run(args, capture_output=True, text=True, **kw)
    return result


def read_outline(path):
    nodes, questions = [], {}
    with open(path) as f:
        for line in f:
            row = json.loads(line)
            if row["kind"] == "node":
                nodes.append(row)
            elif row["kind"] == "question":
                questions.setdefault(row["key"], []).append(row["question"])
    return nodes, questions


class Journal:
    """One learner's journal lines, written as the program writes them (several writers possible)."""

    def __init__(self, rng, start_ms):
        self.rng = rng
        self.lines = []
        self.writers = [[uuid.UUID(int=rng.getrandbits(128)).hex, 0] for _ in range(rng.choice([1, 1, 2, 3]))]
        self.now = start_ms
        self.answers = 0

    def add(self, record):
        self.answers += record["type"] == "answer"
        writer = self.rng.choice(self.writers)
        writer[1] += self.rng.choice([1, 1, 1, 2])  # a gap now and then: a failed write's seq is never reused
        # Mostly seconds apart; now and then in the same millisecond (ties in every ordering by time), or
        # tenths of a second apart, whose sums in floating point are not exact (0.7 + 0.1 + 0.7 < 1.5).
        roll = self.rng.random()
        self.now += 0 if roll < 0.03 else self.rng.choice([100, 700]) if roll < 0.2 else self.rng.randint(200, 90_000)
        out = {"writer": writer[0], "seq": writer[1]}
        out.update(record)
        out["time"] = self.now
        self.lines.append(json.dumps(out, ensure_ascii=False, separators=(",", ":")))


def generate_learner(rng, journal, nodes, questions, size, answers=None):
    """`size` steps (an opening or a session), or with `answers`, sessions until that many answers."""
    practised = [n["key"] for n in nodes if questions.get(n["key"])]
    keys = [n["key"] for n in nodes]
    step = 0
    left = []  # sessions left early, which `resume` may take up later, after other sessions
    while (journal.answers < answers) if answers else (step < size):
        step += 1
        roll = rng.random()
        if roll < 0.3:
            journal.add({"type": "open", "node": rng.choice(keys)})
            continue
        if roll < 0.4 and left:
            play_session(rng, journal, *left.pop(rng.randrange(len(left))), left, resumed=True)
            continue
        node = rng.choice(practised)
        asked = rng.sample(questions[node], min(len(questions[node]), rng.randint(1, 6)))
        if rng.random() < 0.15:
            # An essay or two among them (ids the outline does not list: an essay counts in no figure
            # but whether the session is finished, and its time).
            for k in range(rng.choice([1, 1, 2])):
                asked.insert(rng.randint(0, len(asked)), "essay-%d-%d" % (step, k))
        session = "s%d-%d" % (journal.now, rng.randint(1, 1 << 30))
        start = {"type": "start", "session": session, "node": node, "questions": asked}
        roll = rng.random()
        if roll < 0.15:
            # A review, with no opening before it: its answers do not make the part read. Half of
            # them review the whole course (node ""): the learner's total counts them, no node does.
            start.update(kind="review", seed=rng.getrandbits(32))
            if rng.random() < 0.5:
                start["node"] = ""
                if rng.random() < 0.3:
                    start["kind"] = "mistakes"  # a mistakes round of the whole course reads nothing either
        else:
            journal.add({"type": "open", "node": node})
            if roll < 0.7:
                start.update(kind="full", seed=rng.getrandbits(32))  # as the program writes now; else an older start
        journal.add(start)
        play_session(rng, journal, session, node, asked, 0, left)


def hint_record(session, question, node):
    """A hint shown, as the program writes it before showing it: it counts nothing, the answer's `hint` does."""
    return {"type": "hint", "session": session, "question": question, "node": node}


def play_session(rng, journal, session, node, asked, done, left, resumed=False):
    """Answers `asked` from position `done` on (a resumed session goes on where it stopped)."""
    if resumed:
        journal.add({"type": "resume", "session": session})
    leave_at = rng.randint(done, len(asked)) if rng.random() < 0.25 else len(asked)
    right = answered = 0
    last_wrong = None
    for q in asked[done:leave_at]:
        if q.startswith("essay-"):
            # Written to, or passed over with `skip` (an empty response, as the program records it).
            journal.add({"type": "response", "session": session, "question": q, "node": node,
                         "text": rng.choice(["Because it is lighter.", "", "水的密度"])})
            continue
        if rng.random() < 0.08:
            skip = {"type": "skip", "session": session, "question": q, "node": node}
            values = shown_values(rng, q)
            if values:
                skip["values"] = values  # as the program writes it: after "node", before "rating"
            skip["rating"] = 1
            if rng.random() < 0.2:
                skip["hint"] = True  # skipped after reading the hint
                journal.add(hint_record(session, q, node))
            journal.add(skip)
            continue
        ok = rng.random() < 0.65
        hinted = rng.random() < 0.15
        # A wrong answer may have earned partial credit (Moodle's fractions): a multiple-answer
        # question half right, a weighted short answer. Dyadic fractions, so every sum is exact.
        partial = None if ok or rng.random() < 0.7 else rng.choice([0.5, 0.25, 0.75, 0.125])
        answer = {"type": "answer", "session": session, "question": q, "node": node,
                  "given": rng.choice(["42", "B", "3.0 m/s", "水", ""]), "correct": ok,
                  "rating": (2 if hinted else 3) if ok else (2 if partial else 1)}
        if partial:
            answer["fraction"] = partial  # as the program writes it: after "correct", before "rating"
            answer = {k: answer[k] for k in ["type", "session", "question", "node", "given", "correct", "fraction", "rating"]}
        values = shown_values(rng, q)
        if values:
            # As the program writes it: after "correct" (and "fraction"), before "rating".
            answer["values"] = values
            order = ["type", "session", "question", "node", "given", "correct", "fraction", "values", "rating"]
            answer = {k: answer[k] for k in order if k in answer}
        if hinted:
            answer["hint"] = True  # as the program writes it: only when the hint was shown
            journal.add(hint_record(session, q, node))
        journal.add(answer)
        answered += 1
        right += ok
        last_wrong = None if ok else q
        if not ok and rng.random() < 0.1:
            journal.add({"type": "override", "session": session, "question": q, "node": node})
            right += 1
            last_wrong = None
    open_hint = None
    if leave_at < len(asked) and not asked[leave_at].startswith("essay-") and rng.random() < 0.15:
        # Left (or killed) with the hint of the open question shown: its record counts no hint by itself.
        open_hint = asked[leave_at]
        journal.add(hint_record(session, open_hint, node))
    if leave_at < len(asked) and rng.random() < 0.7:
        left.append((session, node, asked, leave_at))  # `resume` may take it up later
    if rng.random() < 0.1:
        return  # never ended: the program died
    score = None if answered == 0 else (right * 200 + answered) // (answered * 2)
    end = {"type": "end", "session": session, "score": score, "early": leave_at < len(asked)}
    if open_hint:
        end["hinted"] = open_hint  # as the program writes it: only when a hint was left shown
    journal.add(end)
    if last_wrong and rng.random() < 0.3:
        # `!!` at the prompt after the session's last answer: the ended session is rescored.
        journal.add({"type": "override", "session": session, "question": last_wrong, "node": node})


def generate_class(data, course_id, nodes, questions, learners, seed, binary, compacted=2, answers=None):
    rng = random.Random(seed)
    start = 1_764_576_000_000  # 2025-12-01
    for i in range(learners):
        name = "learner%04d" % i
        folder = os.path.join(data, name, course_id)
        os.makedirs(folder)
        journal = Journal(rng, start + rng.randint(0, 30 * 86_400_000))
        size = rng.choice([0, 1, 3, 8, 15, 30, 60]) if i >= compacted else 1_100
        generate_learner(rng, journal, nodes, questions, size, answers if i >= compacted else None)
        lines = journal.lines
        if i < compacted:
            # The program itself folds a long journal into snapshot.json when it opens it.
            write_journal(folder, lines, "")
            result = run([binary, "--course", COURSE, "--data-dir", data, "--user", name, "-c", "quit"],
                         env=dict(os.environ, HOME=data, NO_COLOR="1"))
            if result.returncode != 0:
                sys.exit("compacting %s failed: %s" % (name, result.stderr))
            more = Journal(rng, journal.now)
            more.writers = journal.writers
            generate_learner(rng, more, nodes, questions, 10)
            with open(os.path.join(folder, "journal.jsonl"), "a") as f:
                f.write("".join(l + "\n" for l in more.lines))
            continue
        tail = ""
        if lines and rng.random() < 0.1:
            lines.insert(rng.randint(0, len(lines)), lines[rng.randrange(len(lines))])  # a replayed record
        if lines and rng.random() < 0.05:
            lines.insert(rng.randint(0, len(lines)), '{"writer":"x","seq":')  # a damaged line
        if rng.random() < 0.1:
            tail = lines.pop() if lines else ""
            tail = tail[: len(tail) // 2]  # a torn last record
        write_journal(folder, lines, tail)


def tricky_journals(nodes, questions):
    """Hand-written histories for the cases a random class rarely holds, so the check can fail on them.

    Each is (name, records), a record being (writer, seq, time in ms, fields).
    """
    node = next(n["key"] for n in nodes if len(questions.get(n["key"], [])) >= 2)
    q1, q2 = questions[node][:2]
    t0 = 1_764_576_000_000
    out = []

    # Time spent summed in floating point: 0.1 + 0.7 + 0.7 s of sessions an hour apart came to
    # 1.4999998 s (printed 1); in whole milliseconds it is 1500 ms, 2 s.
    records, seq, t = [], 0, t0
    for n, d in enumerate([100, 700, 700]):
        s = "float-%d" % n
        records += [("w", seq + 1, t, {"type": "start", "session": s, "node": node, "questions": [q1], "kind": "full", "seed": 1}),
                    ("w", seq + 2, t + d, {"type": "answer", "session": s, "question": q1, "node": node, "given": "x", "correct": True}),
                    ("w", seq + 3, t + d, {"type": "end", "session": s, "score": 100, "early": False})]
        seq += 3
        t += 3_600_137
    out.append(("tricky-float-seconds", records))

    # A session left, another taken meanwhile, then resumed an hour later and ended: the hour away
    # is not time spent (10 s + 20 s), and the first end no longer counts once resumed.
    s, o = "resumed", "meanwhile"
    out.append(("tricky-resume", [
        ("w", 1, t0, {"type": "start", "session": s, "node": node, "questions": [q1, q2], "kind": "full", "seed": 1}),
        ("w", 2, t0 + 10_000, {"type": "answer", "session": s, "question": q1, "node": node, "given": "x", "correct": False}),
        ("w", 3, t0 + 15_000, {"type": "end", "session": s, "score": 0, "early": True}),
        ("w", 4, t0 + 60_000, {"type": "start", "session": o, "node": node, "questions": [q1], "kind": "full", "seed": 2}),
        ("w", 5, t0 + 65_000, {"type": "answer", "session": o, "question": q1, "node": node, "given": "x", "correct": True}),
        ("w", 6, t0 + 3_600_000, {"type": "resume", "session": s}),
        ("w", 7, t0 + 3_620_000, {"type": "answer", "session": s, "question": q2, "node": node, "given": "x", "correct": True}),
        ("w", 8, t0 + 3_620_000, {"type": "end", "session": s, "score": 50, "early": False}),
        # Resumed again, then the program died: nothing after the resume, no end.
        ("w", 9, t0 + 7_200_000, {"type": "resume", "session": s}),
    ]))

    # Two devices, one clock ahead: a right answer stamped later is folded first, then a wrong one
    # stamped earlier is overruled. The latest answer (by time) is the right one either way: mastered.
    out.append(("tricky-clock-skew", [
        ("a", 1, t0 + 90_000, {"type": "start", "session": "ahead", "node": node, "questions": [q1], "kind": "full", "seed": 1}),
        ("a", 2, t0 + 95_000, {"type": "answer", "session": "ahead", "question": q1, "node": node, "given": "x", "correct": True}),
        ("b", 1, t0, {"type": "start", "session": "behind", "node": node, "questions": [q1, q2], "kind": "full", "seed": 2}),
        ("b", 2, t0 + 5_000, {"type": "answer", "session": "behind", "question": q1, "node": node, "given": "y", "correct": False}),
        ("b", 3, t0 + 6_000, {"type": "override", "session": "behind", "question": q1, "node": node}),
        # And the other way round for q2: the wrong answer is the latest, the overruled one is older.
        ("a", 3, t0 + 99_000, {"type": "answer", "session": "ahead", "question": q2, "node": node, "given": "x", "correct": False}),
        ("b", 4, t0 + 7_000, {"type": "answer", "session": "behind", "question": q2, "node": node, "given": "y", "correct": False}),
        ("b", 5, t0 + 8_000, {"type": "override", "session": "behind", "question": q2, "node": node}),
    ]))

    # Ties: two full sessions on one node started in the same millisecond (the last score is the
    # later id's), and one question answered in both in the same millisecond (the later line's counts).
    out.append(("tricky-ties", [
        ("w", 1, t0, {"type": "start", "session": "tie-b", "node": node, "questions": [q1], "kind": "full", "seed": 1}),
        ("w", 2, t0, {"type": "start", "session": "tie-a", "node": node, "questions": [q1], "kind": "full", "seed": 2}),
        ("w", 3, t0 + 1_000, {"type": "answer", "session": "tie-b", "question": q1, "node": node, "given": "x", "correct": True}),
        ("w", 4, t0 + 1_000, {"type": "answer", "session": "tie-a", "question": q1, "node": node, "given": "y", "correct": False}),
        ("w", 5, t0 + 2_000, {"type": "end", "session": "tie-b", "score": 100, "early": False}),
        ("w", 6, t0 + 2_000, {"type": "end", "session": "tie-a", "score": 0, "early": False}),
    ]))

    # `!!` on an answer that shares its millisecond with another session's later-recorded answer (two
    # devices): the override makes that answer right but does not move it, so the other session's
    # answer stays the latest. q1: the other answer is wrong, not mastered; q2: the overruled answer
    # is the later record, mastered.
    # The learner's folder is named `%2Etricky%2Foverride-tie`: a name a folder cannot hold as it is
    # (a leading dot, a slash), which the CLI and the export both give decoded, `.tricky/override-tie`.
    out.append(("%2Etricky%2Foverride-tie", [
        ("a", 1, t0, {"type": "start", "session": "phone", "node": node, "questions": [q1, q2], "kind": "full", "seed": 1}),
        ("b", 1, t0, {"type": "start", "session": "laptop", "node": node, "questions": [q1, q2], "kind": "full", "seed": 2}),
        ("a", 2, t0 + 1_000, {"type": "answer", "session": "phone", "question": q1, "node": node, "given": "x", "correct": False}),
        ("b", 2, t0 + 1_000, {"type": "answer", "session": "laptop", "question": q1, "node": node, "given": "y", "correct": False}),
        ("a", 3, t0 + 1_000, {"type": "override", "session": "phone", "question": q1, "node": node}),
        ("b", 3, t0 + 2_000, {"type": "answer", "session": "laptop", "question": q2, "node": node, "given": "y", "correct": False}),
        ("a", 4, t0 + 2_000, {"type": "answer", "session": "phone", "question": q2, "node": node, "given": "x", "correct": False}),
        ("a", 5, t0 + 2_000, {"type": "override", "session": "phone", "question": q2, "node": node}),
    ]))

    # Sessions started and left before any answer or skip (ended, never ended, and one resumed and
    # left again) are no sessions: not counted, their minutes not counted, no score. The one session
    # with an answer counts, with its 5 s.
    out.append(("tricky-empty-sessions", [
        ("w", 1, t0, {"type": "start", "session": "quit", "node": node, "questions": [q1, q2], "kind": "full", "seed": 1}),
        ("w", 2, t0 + 60_000, {"type": "end", "session": "quit", "score": None, "early": True}),
        ("w", 3, t0 + 120_000, {"type": "start", "session": "died", "node": node, "questions": [q1], "kind": "full", "seed": 2}),
        ("w", 4, t0 + 180_000, {"type": "start", "session": "again", "node": node, "questions": [q1], "kind": "mistakes", "seed": 3}),
        ("w", 5, t0 + 190_000, {"type": "end", "session": "again", "score": None, "early": True}),
        ("w", 6, t0 + 200_000, {"type": "resume", "session": "again"}),
        ("w", 7, t0 + 230_000, {"type": "end", "session": "again", "score": None, "early": True}),
        ("w", 8, t0 + 300_000, {"type": "start", "session": "real", "node": node, "questions": [q1], "kind": "full", "seed": 4}),
        ("w", 9, t0 + 305_000, {"type": "answer", "session": "real", "question": q1, "node": node, "given": "x", "correct": True}),
        ("w", 10, t0 + 305_000, {"type": "end", "session": "real", "score": 100, "early": False}),
    ]))

    # Essays (issue 29): a session is finished once every question it set was answered, skipped or
    # responded to (an essay skipped is an empty response), and scored over its graded questions
    # only: 1 of 2 (50 %), then 1 of 1 (100 %). A session of essays only is a session, with its
    # 20 s, and no score; one stopped before its essay has no score either.
    e1, e2, e3, e4 = "essay-a", "essay-b", "essay-c", "essay-d"
    out.append(("tricky-essays", [
        ("w", 1, t0, {"type": "start", "session": "with-essay", "node": node, "questions": [q1, e1, q2], "kind": "full", "seed": 1}),
        ("w", 2, t0 + 1_000, {"type": "answer", "session": "with-essay", "question": q1, "node": node, "given": "x", "correct": True}),
        ("w", 3, t0 + 9_000, {"type": "response", "session": "with-essay", "question": e1, "node": node, "text": "Ice is lighter."}),
        ("w", 4, t0 + 10_000, {"type": "answer", "session": "with-essay", "question": q2, "node": node, "given": "x", "correct": False}),
        ("w", 5, t0 + 11_000, {"type": "end", "session": "with-essay", "score": 50, "early": False}),
        ("w", 6, t0 + 60_000, {"type": "start", "session": "essay-skipped", "node": node, "questions": [e2, q1], "kind": "full", "seed": 2}),
        ("w", 7, t0 + 61_000, {"type": "response", "session": "essay-skipped", "question": e2, "node": node, "text": ""}),
        ("w", 8, t0 + 62_000, {"type": "answer", "session": "essay-skipped", "question": q1, "node": node, "given": "x", "correct": True}),
        ("w", 9, t0 + 63_000, {"type": "end", "session": "essay-skipped", "score": 100, "early": False}),
        ("w", 10, t0 + 120_000, {"type": "start", "session": "essays-only", "node": node, "questions": [e3], "kind": "full", "seed": 3}),
        ("w", 11, t0 + 140_000, {"type": "response", "session": "essays-only", "question": e3, "node": node, "text": "All of it."}),
        ("w", 12, t0 + 180_000, {"type": "start", "session": "before-essay", "node": node, "questions": [q2, e4], "kind": "full", "seed": 4}),
        ("w", 13, t0 + 185_000, {"type": "answer", "session": "before-essay", "question": q2, "node": node, "given": "x", "correct": True}),
    ]))
    return out


def write_tricky(data, course_id, nodes, questions):
    for name, records in tricky_journals(nodes, questions):
        folder = os.path.join(data, name, course_id)
        os.makedirs(folder)
        lines = []
        for writer, seq, ms, fields in records:
            record = {"writer": writer * 32 if len(writer) == 1 else writer, "seq": seq}
            record.update(fields)
            record["time"] = ms
            lines.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
        write_journal(folder, lines, "")
    write_format1_snapshot(data, course_id, nodes, questions)


def write_format1_snapshot(data, course_id, nodes, questions):
    """A learner whose history is a format-1 snapshot (from before segments were kept) holding an answer
    overruled with `!!`: exported as `source` "snapshot" with `"overruled": true`, already counted right."""
    node = next(n["key"] for n in nodes if len(questions.get(n["key"], [])) >= 2)
    q1, q2 = questions[node][:2]
    t0 = 1_764_576_000_000
    snapshot = {
        "format": "practice-progress", "version": 1, "writers": [{"id": "f" * 32, "seq": 4}],
        "nodes": [{"key": node, "hadRead": True, "browseCount": 1, "firstStudied": t0, "lastStudied": t0}],
        "questions": [
            {"id": q1, "attempts": 1, "correct": 1, "lastCorrect": True, "lastAnsweredAt": t0 + 10_000,
             "recent": [True], "overruled": 1},
            {"id": q2, "attempts": 1, "correct": 0, "lastCorrect": False, "lastAnsweredAt": t0 + 20_000,
             "recent": [False], "hints": 1}],
        "sessions": [{
            "id": "old", "node": node, "start": t0, "end": t0 + 30_000, "questions": [q1, q2],
            "answers": [
                {"question": q1, "given": "x", "correct": True, "time": t0 + 10_000, "overruled": True},
                {"question": q2, "given": "y", "correct": False, "time": t0 + 20_000, "rating": 1, "hint": True}],
            "score": 50, "endedEarly": False}],
    }
    folder = os.path.join(data, "tricky-format1-snapshot", course_id)
    os.makedirs(folder)
    with open(os.path.join(folder, "snapshot.json"), "w") as f:
        json.dump(snapshot, f)


def write_journal(folder, lines, tail):
    with open(os.path.join(folder, "journal.jsonl"), "w") as f:
        f.write("".join(l + "\n" for l in lines) + tail)


def peak_mib(args):
    """The program's own peak resident memory (MiB), as GNU time reports it.

    Not ru_maxrss of a child forked from this script: a forked child's peak includes the Python
    process (and DuckDB, once loaded) it was copied from before exec replaced it.
    """
    result = run(["/usr/bin/time", "-v"] + args)
    if result.returncode != 0:
        sys.exit("%s failed while measuring memory: %s" % (" ".join(args[1:3]), result.stderr[-500:]))
    for line in result.stderr.splitlines():
        if "Maximum resident set size (kbytes):" in line:
            return int(line.rsplit(":", 1)[1]) / 1024
    sys.exit("no peak memory in /usr/bin/time -v's output (is GNU time installed?)")


def export_peak_mib(binary, data, course_id, output):
    """export --events' own peak resident memory (MiB)."""
    return peak_mib([binary, "export", "--events", "--data-dir", data, "--course", course_id, "--output", output])


def duckdb_rows(events, outline, sql=SQL):
    cursor = duckdb_connection(events, outline).execute(open(sql).read())
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def spark_rows(events, outline, sql=SQL):
    spark = spark_session("practice-class-report", events, outline)
    return [r.asDict() for r in spark.sql(open(sql).read()).collect()]


def mistake(question, seconds, given, values_text):
    """One wrong answer as both sides are compared: times to the second (the report's JSON writes seconds),
    the values as ordered (name, text) pairs."""
    return (question, seconds, given, json.loads(values_text, object_pairs_hook=list))


def sql_mistakes(rows):
    """sql/calculated-mistakes.sql's rows per learner."""
    found = {}
    for r in rows:
        found.setdefault(r["learner"], []).append(
            mistake(r["question"], r["time_ms"] // 1000, r["given"], r["shown_values"]))
    return {k: sorted(v) for k, v in found.items()}


def cli_mistakes(binary, data, learners):
    """`practice report --format json`'s `calculatedMistakes` of each learner."""
    found = {}
    for name in learners:
        result = run([binary, "report", "--format", "json", "--course", COURSE, "--data-dir", data, "--user", name])
        if result.returncode != 0:
            sys.exit("report --user %s failed: %s" % (name, result.stderr))
        listed = json.loads(result.stdout).get("calculatedMistakes", [])
        seconds = lambda iso: int(calendar.timegm(time.strptime(iso, "%Y-%m-%dT%H:%M:%SZ")))
        found[name] = sorted(
            mistake(m["question"], seconds(m["time"]), m["given"], json.dumps(m["values"])) for m in listed)
    return found


def compare_mistakes(name, got, expected):
    problems = []
    for learner in sorted(expected):
        have, want = got.get(learner, []), expected[learner]
        if have != want:
            problems.append("%s: %s's wrong answers to calculated questions differ: %d listed, the CLI %d; first "
                            "difference %r" % (name, learner, len(have), len(want),
                                               next(((h, w) for h, w in zip(have, want) if h != w), None)))
    return problems


def pandas_problems(events, expected):
    """pandas reads the export as it is (`read_json(lines=True)`): each learner's answers as the CLI counts them."""
    import pandas

    frame = pandas.read_json(events, lines=True, dtype=False)
    answers = frame[frame["type"] == "answer"].groupby("user").size()
    problems = []
    for (kind, name), figures in expected.items():
        if kind == "learner" and int(answers.get(name, 0)) != figures["answers"]:
            problems.append("pandas: learner %s answers: %d, expected %d" % (name, answers.get(name, 0), figures["answers"]))
    if set(frame["user"]) != {name for kind, name in expected if kind == "learner"}:
        problems.append("pandas: the users read are not the class report's learners")
    return problems


def cli_figures(report):
    """The CLI's class JSON as rows keyed like the SQL's."""
    expected = {}
    def walk(nodes):
        for n in nodes:
            expected[("node", n["key"])] = {
                "users": n["users"], "users_read": n["usersRead"], "sessions": n["sessions"],
                "average_score": n["averageScore"], "best_score": n["bestScore"], "answers": n["answers"],
                "correct": n["correct"], "overruled": n["overruled"], "hints": n["hints"], "accuracy": n["accuracy"],
                "questions": n["questions"]}
            walk(n["children"])
    walk(report["nodes"])
    for u in report["users"]:
        t = u["total"]
        if t is None:
            continue
        expected[("learner", u["name"])] = {
            "had_read": t["hadRead"], "leaves": t["leaves"], "leaves_read": t["leavesRead"],
            "browse_count": t["browseCount"], "sessions": t["sessions"], "best_score": t["bestScore"],
            "last_score": t["lastScore"], "answers": t["answers"], "correct": t["correct"], "overruled": t["overruled"], "hints": t["hints"],
            "accuracy": t["accuracy"], "answered": t["answered"], "questions": t["questions"],
            # Not "mastered": a 21-day FSRS interval, which the SQL does not replay.
            "seconds_spent": t["secondsSpent"], "last_studied": t["lastStudied"]}
    return expected


def sql_figures(rows, expected):
    got = {}
    for r in rows:
        key = ("node", r["node"]) if r["kind"] == "node" else ("learner", r["learner"])
        fields = expected.get(key, {}).keys() if key in expected else [k for k in r if r[k] is not None]
        figures = {}
        for f in fields:
            if f == "last_studied":
                ms = r["last_studied_ms"]
                figures[f] = None if ms is None else time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ms // 1000))
            else:
                v = r.get(f)
                figures[f] = float(v) if isinstance(v, (float, decimal.Decimal)) else v
        got[key] = figures
    return got


def compare(name, got, expected):
    problems = []
    for key in sorted(set(got) | set(expected)):
        if key not in got:
            problems.append("%s: %s %s is in the CLI's report but not in the SQL's" % (name, *key))
            continue
        if key not in expected:
            problems.append("%s: %s %s is in the SQL's result but not in the CLI's report" % (name, *key))
            continue
        for field, want in expected[key].items():
            have = got[key].get(field)
            same = (have == want) or (isinstance(want, (int, float)) and isinstance(have, (int, float))
                                      and abs(have - want) < 1e-9)
            if not same:
                problems.append("%s: %s %s %s: %r, expected %r" % (name, key[0], key[1], field, have, want))
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--engine", default="duckdb", choices=["duckdb", "spark", "both"])
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--answers", type=int, help="answers per learner (default: ragged, 0 to a few hundred)")
    parser.add_argument("--memory-from", type=int, help="also compare export --events' peak memory at this many learners")
    parser.add_argument("--pandas", action="store_true", help="also read the export with pandas")
    parser.add_argument("--keep")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    work = args.keep or tempfile.mkdtemp(prefix="practice-sql-")
    os.makedirs(work, exist_ok=True)
    try:
        outline = os.path.join(work, "outline.jsonl")
        result = run([binary, "export", "--outline", "--course", COURSE, "--output", outline])
        if result.returncode != 0:
            sys.exit("export --outline failed: " + result.stderr)
        nodes, questions = read_outline(outline)
        course_id = json.loads(open(outline).readline())["course"]
        data = os.path.join(work, "class")
        t0 = time.monotonic()
        generate_class(data, course_id, nodes, questions, args.learners, args.seed, binary, answers=args.answers)
        write_tricky(data, course_id, nodes, questions)
        print("generated %d learners in %.1f s" % (args.learners, time.monotonic() - t0), flush=True)
        events = os.path.join(work, "events.jsonl")
        timings = {}
        t0 = time.monotonic()
        result = run([binary, "export", "--events", "--data-dir", data, "--course", course_id, "--output", events])
        timings["export"] = time.monotonic() - t0
        if result.returncode != 0:
            sys.exit("export --events failed: " + result.stderr)
        t0 = time.monotonic()
        report = run([binary, "report", "--class", "--format", "json", "--course", COURSE, "--data-dir", data])
        timings["cli"] = time.monotonic() - t0
        if report.returncode != 0:
            sys.exit("report --class failed: " + report.stderr)
        expected = cli_figures(json.loads(report.stdout))
        problems = []
        engines = ["duckdb", "spark"] if args.engine == "both" else [args.engine]
        results = {}
        for engine in engines:
            t0 = time.monotonic()
            rows = duckdb_rows(events, outline) if engine == "duckdb" else spark_rows(events, outline)
            timings[engine] = time.monotonic() - t0
            results[engine] = sql_figures(rows, expected)
            problems += compare(engine, results[engine], expected)
        # The calculated questions' wrong answers with their values: the SQL's list against the learner report's.
        mistakes = {}
        for engine in engines:
            rows = duckdb_rows(events, outline, MISTAKES_SQL) if engine == "duckdb" else spark_rows(
                events, outline, MISTAKES_SQL)
            mistakes[engine] = sql_mistakes(rows)
        some = sorted(mistakes[engines[0]])
        sample = sorted(set(some[:MISTAKE_SAMPLE - 5]) | set(u["name"] for u in json.loads(report.stdout)["users"][:5]))
        expected_mistakes = cli_mistakes(binary, data, sample)
        if not any(expected_mistakes.values()):
            problems.append("no learner of the sample has a wrong answer to a calculated question: nothing compared")
        for engine in engines:
            problems += compare_mistakes(engine, {k: mistakes[engine].get(k, []) for k in sample}, expected_mistakes)
        if args.pandas:
            problems += pandas_problems(events, expected)
        if len(results) == 2:
            problems += compare("spark vs duckdb", results["spark"], results["duckdb"])
        with open(events) as f:
            lines = sum(1 for _ in f)
        print("%d learners, %d exported events, %d figures compared per engine" % (
            args.learners, lines, sum(len(v) for v in expected.values())))
        print("%d wrong answers to calculated questions of %d learners compared with their reports" % (
            sum(len(v) for v in expected_mistakes.values()), len(sample)))
        names = {"export": "practice export --events", "cli": "practice report --class",
                 "duckdb": "DuckDB (sql/class-report.sql)", "spark": "Spark local[2] (same SQL)"}
        for key, seconds in timings.items():
            print("  %-32s %8.2f s" % (names[key], seconds))
        if args.memory_from:
            small = os.path.join(work, "small")
            generate_class(small, course_id, nodes, questions, args.memory_from, args.seed, binary,
                           answers=args.answers)
            low = export_peak_mib(binary, small, course_id, os.path.join(work, "small.jsonl"))
            high = export_peak_mib(binary, data, course_id, os.path.join(work, "big.jsonl"))
            print("export --events peak memory: %.1f MiB at %d learners, %.1f MiB at %d learners" % (
                low, args.memory_from, high, args.learners))
            if high > low * 1.25 + 8:
                problems.append("export memory grows with the class: %.1f MiB -> %.1f MiB" % (low, high))
        if problems:
            print("\n".join(problems[:30]), file=sys.stderr)
            print("%d differences" % len(problems), file=sys.stderr)
            sys.exit(1)
        print("every figure equal")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
