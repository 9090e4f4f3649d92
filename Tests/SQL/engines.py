"""The engines the SQL checks run sql/*.sql on, set up in one place: DuckDB, and Spark in local mode on this
machine's 2 cores, both over `practice export --events` and `--outline` with their columns given explicitly
(a batch without, say, any `override` still has the column) and both reading times in UTC.
"""
import os

EVENT_COLUMNS = {
    "user": "VARCHAR", "course": "VARCHAR", "line": "BIGINT", "source": "VARCHAR", "type": "VARCHAR",
    "time": "VARCHAR", "node": "VARCHAR", "session": "VARCHAR", "question": "VARCHAR", "correct": "BOOLEAN",
    "score": "DOUBLE", "count": "BIGINT", "hadRead": "BOOLEAN", "overruled": "BOOLEAN", "kind": "VARCHAR",
    "asked": "BIGINT", "hint": "BOOLEAN", "fraction": "DOUBLE", "given": "VARCHAR",
    # A calculated question's values: the JSON object's text (both engines give a nested object read as a string
    # its text), read by sql/calculated-mistakes.sql.
    "values": "VARCHAR",
}
OUTLINE_COLUMNS = {
    "course": "VARCHAR", "kind": "VARCHAR", "key": "VARCHAR", "position": "BIGINT", "depth": "BIGINT",
    "leaf": "BOOLEAN", "questions": "BIGINT", "hadRead": "BOOLEAN", "browseCount": "BIGINT",
    "question": "VARCHAR", "ancestor": "VARCHAR",
}


def duckdb_connection(events, outline, load=False):
    """A DuckDB connection with `events` and `outline` over the two exports: views read on each query, or with
    `load` tables read once (for several queries over the same export)."""
    import duckdb

    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    con.execute("CREATE MACRO unix_millis(t) AS epoch_ms(t)")  # the one-line dialect switch
    for name, path, columns in (("events", events, EVENT_COLUMNS), ("outline", outline, OUTLINE_COLUMNS)):
        spec = ", ".join("'%s': '%s'" % kv for kv in columns.items())
        con.execute("CREATE %s %s AS SELECT * FROM read_json('%s', format = 'newline_delimited', columns = {%s})"
                    % ("TABLE" if load else "VIEW", name, path, spec))
    return con


def spark_session(app, events, outline, cache=False):
    """A local Spark session (2 cores) with the temporary views `events` and `outline` over the two exports,
    cached in memory with `cache` (for several queries over the same export).

    Shuffles go to 4 partitions (Spark's default 200 is meant for a cluster: here each would be a task of a
    few rows); the web UI and the progress bar are off, and only errors are logged, so the checks' output
    stays their own.
    """
    from pyspark.sql import SparkSession

    # Local mode talks to itself only: no lookup of this machine's address (and no warning that it is a loopback).
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    spark = (SparkSession.builder.master("local[2]").appName(app)
             .config("spark.sql.session.timeZone", "UTC")
             .config("spark.sql.shuffle.partitions", "4")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    for name, path, columns in (("events", events, EVENT_COLUMNS), ("outline", outline, OUTLINE_COLUMNS)):
        frame = spark.read.schema(spark_schema(columns)).json(path)
        if cache:
            frame = frame.cache()
            frame.count()  # read now, so a query's time is the query's
        frame.createOrReplaceTempView(name)
    return spark


def spark_schema(columns):
    """The columns as a Spark DDL schema."""
    types = {"VARCHAR": "STRING", "BIGINT": "BIGINT", "BOOLEAN": "BOOLEAN", "DOUBLE": "DOUBLE"}
    return ", ".join("`%s` %s" % (k, types[v]) for k, v in columns.items())
