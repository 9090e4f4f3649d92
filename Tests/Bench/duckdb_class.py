#!/usr/bin/env python3
"""The class report's figures computed by DuckDB straight from the learners' journals: the bench's peer
for `practice report --class`.

    duckdb_class.py DATA_DIR COURSE_ID OUTLINE [--json OUT]

Runs sql/class-report.sql (the same SQL `make test` checks against the CLI on DuckDB) with its
`events` view defined over `DATA_DIR/*/COURSE_ID/journal.jsonl` read by DuckDB's `read_json`, so
DuckDB parses the very bytes `report --class` parses; OUTLINE is `practice export --outline` of the
course (the course's structure: practice reads the course too). With --json, writes the result rows
there (for the bench's check that both compute the same figures); else only counts them.

What the view leaves out, because the bench's journals do not need it (gen.py writes them with one
writer, no replayed, damaged or torn lines and no snapshot): the journal's reading rule (duplicates by
writer and seq, damaged lines, torn tails) and snapshot records; `line` is the writer's `seq`, which is
the file order for one writer. `practice export --events` applies that rule for real data.
"""
import json, os, sys

import duckdb

JOURNAL_COLUMNS = {
    "writer": "VARCHAR", "seq": "BIGINT", "type": "VARCHAR", "time": "BIGINT", "node": "VARCHAR",
    "session": "VARCHAR", "question": "VARCHAR", "correct": "BOOLEAN", "score": "DOUBLE", "kind": "VARCHAR",
    "questions": "VARCHAR[]", "fraction": "DOUBLE", "hint": "BOOLEAN",
}
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "SQL"))
from class_report_check import SQL  # noqa: E402  the same SQL as the check
from engines import OUTLINE_COLUMNS  # noqa: E402  and the same outline columns


def spec(columns):
    return "{" + ", ".join("'%s': '%s'" % kv for kv in columns.items()) + "}"


def connect(data, course, outline):
    """DuckDB with the `events` view over the journals and the `outline` view, as the SQL files read them."""
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    con.execute("CREATE MACRO unix_millis(t) AS epoch_ms(t)")  # the SQL files' dialect switch
    journals = os.path.join(data, "*", course, "journal.jsonl")
    con.execute(f"""
        CREATE VIEW events AS
        SELECT regexp_extract(filename, '([^/]+)/[^/]+/journal[.]jsonl$', 1) AS user, '{course}' AS course,
          seq AS line, 'journal' AS source, type, epoch_ms(time) AS time, node, session, question, correct,
          fraction, hint, score, CAST(NULL AS BIGINT) AS count, CAST(NULL AS BOOLEAN) AS hadRead,
          CAST(NULL AS BOOLEAN) AS overruled, kind,
          CASE WHEN type = 'start' THEN len(questions) END AS asked
        FROM read_json('{journals}', format = 'newline_delimited', filename = true,
          columns = {spec(JOURNAL_COLUMNS)})""")
    con.execute(f"""CREATE VIEW outline AS SELECT * FROM read_json('{outline}', format = 'newline_delimited',
          columns = {spec(OUTLINE_COLUMNS)})""")
    return con


def main():
    data, course, outline = sys.argv[1:4]
    out = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--json" else None
    con = connect(data, course, outline)
    cursor = con.execute(open(SQL).read())
    names = [d[0] for d in cursor.description]
    rows = cursor.fetchall()
    if out:
        with open(out, "w") as f:
            json.dump([dict(zip(names, r)) for r in rows], f, default=float)  # DECIMAL figures
    print(len(rows))


if __name__ == "__main__":
    main()
