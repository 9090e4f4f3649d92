#!/usr/bin/env python3
"""The item analysis computed by DuckDB straight from the learners' journals: the bench's peer for
`practice report --class --items` (the whole course, first attempts).

    duckdb_items.py DATA_DIR COURSE_ID OUTLINE [--json OUT]

Runs sql/item-analysis.sql (the SQL `make test` checks against the CLI on DuckDB) over the same `events` view as
duckdb_class.py (the journals read by DuckDB's `read_json`), with `item_scope` the whole course and first attempts.
With --json, writes the result rows there (for the bench's check that both compute the same figures).
"""
import json, os, sys

from duckdb_class import ROOT, connect

SQL = os.path.join(ROOT, "sql", "item-analysis.sql")


def main():
    data, course, outline = sys.argv[1:4]
    out = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--json" else None
    con = connect(data, course, outline)
    con.execute("CREATE VIEW item_scope AS SELECT CAST(NULL AS VARCHAR) AS root, 'first' AS rule")
    cursor = con.execute(open(SQL).read())
    names = [d[0] for d in cursor.description]
    rows = cursor.fetchall()
    if out:
        with open(out, "w") as f:
            json.dump([dict(zip(names, r)) for r in rows], f, default=float)
    print(len(rows))


if __name__ == "__main__":
    main()
