-- The item analysis of `practice report --class --items [ADDR] [--attempts first|all] --format json`, computed
-- from exported data with Moodle's definitions (the CLI's Sources/Reports/ItemStatistics.swift; README "Which
-- questions work").
--
-- Inputs (views the runner defines):
--   events      `practice export --events`     (schemas/events-v1.json)
--   outline     `practice export --outline`    one line per node, per question and per (node, ancestor)
--   item_scope  one row: `root` the analysed node's key (NULL: the whole course), `rule` 'first' or 'all'
-- Output: `kind` = 'item' (one row per question some attempt reached: its id and figures) or 'test' (one
-- row: the test's figures); NULL where a figure is undefined. Random guess scores and the response analysis
-- depend on the questions' text and options, not on the data, and are left to the CLI.
--
-- An attempt is a finished full session (`start ADDR`, kind 'full', or no kind in old records) on the root
-- itself: every question of its subtree answered or skipped. Marks are 1 (the session's latest answer right,
-- or overruled by a later `override`) or 0 (wrong or skipped). 'first' takes each learner's first attempt
-- (by start time, then session id); over the whole course each question's mark comes from the learner's first
-- finished session that asked it, one attempt per learner. 'all' takes every attempt (over the whole course,
-- each finished session on any node, at its own questions).
--
-- Written in the common subset of Spark SQL and DuckDB, like sql/class-report.sql (DOUBLE arithmetic; DuckDB
-- needs `CREATE MACRO unix_millis(t) AS epoch_ms(t)`, and both engines read times in UTC).
WITH
ev AS (
  SELECT e.user AS learner, e.line, e.type, e.node, e.session, e.question, e.correct, e.overruled,
    e.kind AS session_kind, unix_millis(CAST(e.time AS TIMESTAMP)) AS ms
  FROM events e
),
scope AS (SELECT root, rule FROM item_scope),
within AS (SELECT key AS node, ancestor FROM outline WHERE kind = 'within'),
node_questions AS (SELECT key AS node, question FROM outline WHERE kind = 'question'),
-- Every question of a node's subtree, the node included.
subtree AS (
  SELECT DISTINCT w.ancestor AS node, q.question FROM within w JOIN node_questions q ON q.node = w.node
),
-- The analysed questions: the root's subtree, or the whole course.
analysed AS (
  SELECT DISTINCT q.question
  FROM node_questions q JOIN within w ON w.node = q.node CROSS JOIN scope s
  WHERE (s.root IS NULL AND w.ancestor = w.node) OR w.ancestor = s.root
),
question_count AS (SELECT CAST(COUNT(*) AS DOUBLE) AS k FROM analysed),
starts AS (
  SELECT learner, session, node, ms AS start_ms FROM ev
  WHERE type = 'start' AND (session_kind IS NULL OR session_kind = 'full')
),
latest_answers AS (
  SELECT learner, session, question, line, correct, overruled,
    ROW_NUMBER() OVER (PARTITION BY learner, session, question ORDER BY line DESC) AS rn
  FROM ev WHERE type = 'answer'
),
overrides AS (
  SELECT learner, session, question, MAX(line) AS line FROM ev WHERE type = 'override'
  GROUP BY learner, session, question
),
-- A session's mark on each question it answered: an override after the latest answer makes it right.
answered AS (
  SELECT a.learner, a.session, a.question,
    CASE WHEN a.correct OR o.line IS NOT NULL THEN 1.0 ELSE 0.0 END AS x,
    CASE WHEN (a.overruled AND a.correct) OR (o.line IS NOT NULL AND NOT a.correct) THEN 1 ELSE 0 END AS overruled
  FROM latest_answers a
  LEFT JOIN overrides o
    ON o.learner = a.learner AND o.session = a.session AND o.question = a.question AND o.line > a.line
  WHERE a.rn = 1
),
skips AS (SELECT DISTINCT learner, session, question FROM ev WHERE type = 'skip'),
cells AS (
  SELECT s.learner, s.session, s.node, s.start_ms, sq.question,
    COALESCE(m.x, 0.0) AS x, COALESCE(m.overruled, 0) AS overruled,
    CASE WHEN m.x IS NOT NULL OR k.question IS NOT NULL THEN 1 ELSE 0 END AS done
  FROM starts s
  JOIN subtree sq ON sq.node = s.node
  LEFT JOIN answered m ON m.learner = s.learner AND m.session = s.session AND m.question = sq.question
  LEFT JOIN skips k ON k.learner = s.learner AND k.session = s.session AND k.question = sq.question
),
finished AS (SELECT learner, session FROM cells GROUP BY learner, session HAVING MIN(done) = 1),
candidates AS (
  SELECT c.learner, c.session, c.start_ms, c.question, c.x, c.overruled
  FROM cells c
  JOIN finished f ON f.learner = c.learner AND f.session = c.session
  JOIN analysed a ON a.question = c.question
  CROSS JOIN scope s
  WHERE s.root IS NULL OR c.node = s.root
),
session_order AS (
  SELECT learner, session, ROW_NUMBER() OVER (PARTITION BY learner ORDER BY start_ms, session) AS nth
  FROM (SELECT DISTINCT learner, session, start_ms FROM candidates) d
),
ranked AS (
  SELECT c.learner, c.session, c.question, c.x, c.overruled, o.nth,
    ROW_NUMBER() OVER (PARTITION BY c.learner, c.question ORDER BY o.nth) AS qnth
  FROM candidates c JOIN session_order o ON o.learner = c.learner AND o.session = c.session
),
-- One row per (attempt, question): an attempt is (learner, session), or the learner alone for 'first'.
chosen AS (
  SELECT r.learner, CASE WHEN s.rule = 'all' THEN r.session ELSE '' END AS attempt, r.question, r.x, r.overruled
  FROM ranked r CROSS JOIN scope s
  WHERE s.rule = 'all' OR (s.root IS NOT NULL AND r.nth = 1) OR (s.root IS NULL AND r.qnth = 1)
),
totals AS (SELECT learner, attempt, SUM(x) AS t FROM chosen GROUP BY learner, attempt),
cell_totals AS (
  SELECT c.question, c.x, t.t - c.x AS o, t.t, c.overruled
  FROM chosen c JOIN totals t ON t.learner = c.learner AND t.attempt = c.attempt
),
means AS (
  SELECT question, COUNT(*) AS s, CAST(COUNT(*) AS DOUBLE) AS n, AVG(x) AS mx, AVG(o) AS mo, AVG(t) AS mt,
    MIN(x) < MAX(x) AS x_varies, MIN(o) < MAX(o) AS o_varies, SUM(overruled) AS overruled
  FROM cell_totals GROUP BY question
),
sums AS (
  SELECT c.question, SUM((c.x - m.mx) * (c.x - m.mx)) AS vx, SUM((c.o - m.mo) * (c.o - m.mo)) AS vo,
    SUM((c.x - m.mx) * (c.o - m.mo)) AS cxo, SUM((c.x - m.mx) * (c.t - m.mt)) AS cxt
  FROM cell_totals c JOIN means m ON m.question = c.question GROUP BY c.question
),
-- cov_max pairs x and O each sorted ascending.
sorted_x AS (SELECT question, x, ROW_NUMBER() OVER (PARTITION BY question ORDER BY x) AS r FROM cell_totals),
sorted_o AS (SELECT question, o, ROW_NUMBER() OVER (PARTITION BY question ORDER BY o) AS r FROM cell_totals),
covmax AS (
  SELECT sx.question, SUM((sx.x - m.mx) * (so.o - m.mo)) AS cm
  FROM sorted_x sx JOIN sorted_o so ON so.question = sx.question AND so.r = sx.r
  JOIN means m ON m.question = sx.question
  GROUP BY sx.question
),
items AS (
  SELECT m.question, m.s, m.overruled,
    100 * m.mx AS facility,
    CASE WHEN m.s > 1 THEN (CASE WHEN m.x_varies THEN 100 * SQRT(u.vx / (m.n - 1)) ELSE 0.0 END) END
      AS standard_deviation,
    CASE WHEN m.s > 1 THEN (CASE WHEN m.x_varies THEN u.vx / (m.n - 1) ELSE 0.0 END) END AS mark_variance,
    CASE WHEN m.s > 1 AND m.x_varies AND m.o_varies
      THEN 100 * (u.cxo / (m.n - 1)) / SQRT((u.vx / (m.n - 1)) * (u.vo / (m.n - 1))) END AS discrimination_index,
    CASE WHEN m.s > 1 AND m.x_varies AND m.o_varies AND cm.cm <> 0 THEN 100 * u.cxo / cm.cm END
      AS discriminative_efficiency,
    CASE WHEN m.s > 1 THEN (CASE WHEN m.x_varies THEN u.cxt / (m.n - 1) ELSE 0.0 END) END AS covariance_with_total
  FROM means m JOIN sums u ON u.question = m.question JOIN covmax cm ON cm.question = m.question
),
weights AS (
  SELECT SUM(CASE WHEN covariance_with_total >= 0 THEN SQRT(covariance_with_total) ELSE 0.0 END) AS roots,
    SUM(COALESCE(mark_variance, 0.0)) AS sum_of_mark_variance
  FROM items
),
test_means AS (
  SELECT COUNT(*) AS s, CAST(COUNT(*) AS DOUBLE) AS n, AVG(t) AS mean, MEDIAN(t) AS median,
    MIN(t) < MAX(t) AS varies
  FROM totals
),
powers AS (
  SELECT SUM((t.t - m.mean) * (t.t - m.mean)) AS p2, SUM((t.t - m.mean) * (t.t - m.mean) * (t.t - m.mean)) AS p3,
    SUM((t.t - m.mean) * (t.t - m.mean) * (t.t - m.mean) * (t.t - m.mean)) AS p4
  FROM totals t CROSS JOIN test_means m
),
k_stats AS (
  SELECT m.s, m.n, m.mean, m.median, m.varies, p.p2,
    p.p2 / m.n AS m2, p.p3 / m.n AS m3, p.p4 / m.n AS m4
  FROM test_means m CROSS JOIN powers p
),
k2s AS (
  SELECT s, n, mean, median, varies, p2, m2, m3, m4,
    n * m2 / (n - 1) AS k2,
    n * n * m3 / ((n - 1) * (n - 2)) AS k3,
    n * n * ((n + 1) * m4 - 3 * (n - 1) * m2 * m2) / ((n - 1) * (n - 2) * (n - 3)) AS k4
  FROM k_stats
),
alpha AS (
  SELECT k2s.*, q.k, w.sum_of_mark_variance,
    CASE WHEN s > 2 AND varies AND q.k > 1 THEN 100 * q.k / (q.k - 1) * (1 - w.sum_of_mark_variance / k2) END
      AS coefficient_alpha
  FROM k2s CROSS JOIN question_count q CROSS JOIN weights w
)
SELECT 'item' AS kind, i.question, i.s AS attempts, i.overruled, i.facility, i.standard_deviation,
  i.discrimination_index, i.discriminative_efficiency,
  CASE WHEN w.roots > 0 AND i.covariance_with_total >= 0 THEN 100 * SQRT(i.covariance_with_total) / w.roots END
    AS effective_weight,
  CAST(NULL AS DOUBLE) AS mean, CAST(NULL AS DOUBLE) AS median, CAST(NULL AS DOUBLE) AS skewness,
  CAST(NULL AS DOUBLE) AS kurtosis, CAST(NULL AS DOUBLE) AS coefficient_alpha, CAST(NULL AS DOUBLE) AS error_ratio,
  CAST(NULL AS DOUBLE) AS standard_error
FROM items i CROSS JOIN weights w
UNION ALL
SELECT 'test', CAST(NULL AS STRING), s, CAST(NULL AS BIGINT), CAST(NULL AS DOUBLE),
  CASE WHEN s > 1 THEN SQRT(CASE WHEN varies THEN p2 ELSE 0.0 END / (n - 1)) END,
  CAST(NULL AS DOUBLE), CAST(NULL AS DOUBLE), CAST(NULL AS DOUBLE),
  mean, median,
  CASE WHEN s > 2 AND varies THEN k3 / (k2 * SQRT(k2)) END,
  CASE WHEN s > 3 AND varies THEN k4 / (k2 * k2) END,
  coefficient_alpha,
  CASE WHEN coefficient_alpha <= 100 THEN 100 * SQRT(1 - coefficient_alpha / 100) END,
  CASE WHEN coefficient_alpha <= 100 THEN 100 * SQRT(1 - coefficient_alpha / 100) * SQRT(p2 / (n - 1)) / 100 END
FROM alpha
