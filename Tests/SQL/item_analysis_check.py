#!/usr/bin/env python3
"""The item analysis as SQL equals the CLI's: a generated class, exported, run through sql/item-analysis.sql.

    item_analysis_check.py PRACTICE_BINARY [--learners 120] [--engine duckdb|spark|both] [--keep DIR]

Generates a class (Tests/SQL/item_class.py: abilities, a negatively discriminating question, skips, `!!`
overrides, second attempts, sessions on a chapter and on a part, mistakes rounds and sessions left early),
exports it, and compares every per-question and test figure of `report --class --items --format json` with the
SQL's, for a chapter and for the whole course, first and all attempts, to 1e-9 relative. Exits 1 on the first
difference, naming it; prints the times of the CLI and the engines.
"""
import argparse, json, math, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SQL = os.path.join(ROOT, "sql", "item-analysis.sql")
COURSE = os.path.join(ROOT, "Data", "courses", "physics-grade8")
sys.path.insert(0, HERE)
from engines import duckdb_connection, spark_session  # noqa: E402

CASES = [("#ch1", "first"), ("#ch1", "all"), (None, "first"), (None, "all"), ("#ch1.1", "first")]
SMALL_CASES = [("#ch1.1", "first"), (None, "first"), ("#ch1.2", "first")]
ITEM_FIGURES = {"attempts": "attempts", "overruled": "overruled", "partlyRight": "partly_right", "facility": "facility",
                "standardDeviation": "standard_deviation", "discriminationIndex": "discrimination_index",
                "discriminativeEfficiency": "discriminative_efficiency", "effectiveWeight": "effective_weight"}
TEST_FIGURES = {"attempts": "attempts", "mean": "mean", "median": "median", "standardDeviation": "standard_deviation",
                "skewness": "skewness", "kurtosis": "kurtosis", "coefficientAlpha": "coefficient_alpha",
                "errorRatio": "error_ratio", "standardError": "standard_error"}


def scope_sql(root, rule):
    root_text = "CAST(NULL AS STRING)" if root is None else "'%s'" % root.replace("'", "''")
    return "SELECT %s AS root, '%s' AS rule" % (root_text, rule)


def duckdb_runner(events, outline):
    con = duckdb_connection(events, outline, load=True)

    def run(root, rule):
        con.execute("CREATE OR REPLACE VIEW item_scope AS " + scope_sql(root, rule).replace("STRING", "VARCHAR"))
        cursor = con.execute(open(SQL).read())
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]
    return run


def spark_runner(events, outline):
    spark = spark_session("practice-item-analysis", events, outline, cache=True)

    def run(root, rule):
        spark.sql(scope_sql(root, rule)).createOrReplaceTempView("item_scope")
        return [r.asDict() for r in spark.sql(open(SQL).read()).collect()]
    return run


def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b)) + 1e-9


def compare(name, report, rows):
    problems = []
    sql_items = {r["question"]: r for r in rows if r["kind"] == "item"}
    for item in report["items"]:
        row = sql_items.pop(item["id"], None)
        if row is None:
            if item["attempts"] != 0:
                problems.append("%s: %s missing from the SQL" % (name, item["id"]))
            continue
        for key, column in ITEM_FIGURES.items():
            if not close(item[key], row[column]):
                problems.append("%s: %s %s: CLI %r, SQL %r" % (name, item["id"], key, item[key], row[column]))
    problems += ["%s: %s only in the SQL" % (name, q) for q in sql_items]
    test = [r for r in rows if r["kind"] == "test"][0]
    for key, column in TEST_FIGURES.items():
        if not close(report["test"][key], test[column]):
            problems.append("%s: test %s: CLI %r, SQL %r" % (name, key, report["test"][key], test[column]))
    return problems


def check_class(folder, binary, learners, seed, cases, makers, minimum):
    """Generates a class of `learners` in `folder`, exports it and compares the CLI with each engine over `cases`
    (each with at least `minimum` attempts); returns (problems, figures compared)."""
    data = os.path.join(folder, "data")
    shutil.rmtree(data, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(HERE, "item_class.py"), data, "--learners", str(learners),
                    "--seed", str(seed), "--nodes", "#ch1,#ch2,#ch1.1", "--flagged", "ch1.1-q03"], check=True)
    events = os.path.join(folder, "events.jsonl")
    outline = os.path.join(folder, "outline.jsonl")
    base = [binary, "--course", COURSE, "--data-dir", data]
    subprocess.run(base + ["export", "--events", "--output", events], check=True)
    subprocess.run(base + ["export", "--outline", "--output", outline], check=True)
    runners = []
    for make in makers:
        started = time.monotonic()
        runners.append((make.__name__.split("_")[0], make(events, outline)))
        print("item analysis, %d learners: %s set up in %.2f s" % (learners, runners[-1][0], time.monotonic() - started))
    problems = []
    compared = 0
    for root, rule in cases:
        name = "%d learners, %s %s" % (learners, root or "whole course", rule)
        command = base + ["--now", "2026-12-06T00:00:00Z", "report", "--class", "--items", "--attempts", rule,
                          "--format", "json"] + ([root] if root else [])
        started = time.monotonic()
        report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        timings = ["CLI %.2f s" % (time.monotonic() - started)]
        if report["test"]["attempts"] < minimum:
            problems.append("%s: only %d attempts; the class is too small to compare" % (name, report["test"]["attempts"]))
        for engine, run in runners:
            started = time.monotonic()
            rows = run(root, rule)
            timings.append("%s %.2f s" % (engine, time.monotonic() - started))
            problems += compare("%s (%s)" % (name, engine), report, rows)
            compared += len(ITEM_FIGURES) * len(report["items"]) + len(TEST_FIGURES)
        print("item analysis, %s: %d attempts; %s" % (name, report["test"]["attempts"], ", ".join(timings)), flush=True)
    return problems, compared


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--learners", type=int, default=120)
    p.add_argument("--engine", default="duckdb", choices=["duckdb", "spark", "both"])
    p.add_argument("--keep")
    args = p.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="item-analysis-")
    makers = {"duckdb": [duckdb_runner], "spark": [spark_runner], "both": [duckdb_runner, spark_runner]}[args.engine]
    problems, compared = check_class(folder, args.binary, args.learners, 1, CASES, makers, minimum=10)
    # The undefined and degenerate figures: three learners (a question or the test with 1 to 3 attempts: no
    # standard deviation, skewness or kurtosis, and no division by zero, which Spark refuses) and a part nobody
    # took (no attempts: the test's row alone).
    small = os.path.join(folder, "small")
    os.makedirs(small, exist_ok=True)
    more, count = check_class(small, args.binary, 3, 2, SMALL_CASES, makers, minimum=0)
    problems += more
    compared += count
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    if problems:
        for problem in problems[:20]:
            print("DIFFERENT " + problem)
        sys.exit(1)
    print("item analysis: %d figures equal in the CLI and the SQL" % compared)


if __name__ == "__main__":
    main()
