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
-- An attempt is a finished full session (`start ADDR`, kind 'full', or no kind in old records) on the root itself:
-- every question of its subtree answered or skipped. Marks are 1 (the session's latest answer right, or overruled by
-- a later `override`), its partial credit (`fraction`) or 0 (wrong or skipped); `partly_right` counts a question's
-- marks between 0 and 1. 'first' takes each learner's first
-- attempt (by start time, then session id); over the whole course each question's mark comes from the learner's
-- first finished session that asked it, one attempt per learner. 'all' takes every attempt (over the whole course,
-- each finished session on any node, at its own questions).
--
-- Written in the common subset of Spark SQL and DuckDB, like sql/class-report.sql (DOUBLE arithmetic: marks are
-- cast, as Spark reads 1.0 as a DECIMAL; DuckDB needs `CREATE MACRO unix_millis(t) AS epoch_ms(t)`, and both
-- engines read times in UTC).
--
-- Shaped for Spark, whose planner copies a CTE into every place that reads it: each step from the events to the
-- figures is read by one later step only (the outline's small steps by two), with window functions rather than
-- self-joins or a second aggregate of the same rows (cov_max's pairing by rank and the test's figures come from the
-- one stream `observations`), so the chain is computed once, in about 18 shuffles. Written with self-joins, it took
-- Spark over 1,000 stages and more than 8 minutes per query for 60 learners.
WITH
-- The records the analysis reads, named once (DuckDB reads a CTE used twice once; Spark reads its cache).
ev AS (
  SELECT e.user AS learner, e.line, e.type, e.node, e.session, e.question, e.correct, e.fraction, e.overruled,
    e.kind AS session_kind, unix_millis(CAST(e.time AS TIMESTAMP)) AS ms
  FROM events e
  WHERE e.type IN ('start', 'answer', 'override', 'skip')
),
scope AS (SELECT root, rule FROM item_scope),
within AS (SELECT key AS node, ancestor FROM outline WHERE kind = 'within'),
node_questions AS (SELECT key AS node, question FROM outline WHERE kind = 'question'),
-- Every question of a node's subtree, the node included.
subtree AS (
  SELECT DISTINCT w.ancestor AS node, q.question FROM within w JOIN node_questions q ON q.node = w.node
),
-- k, the number of questions analysed: the root's subtree, or the whole course.
question_count AS (
  SELECT CAST(COUNT(DISTINCT q.question) AS DOUBLE) AS k
  FROM subtree q CROSS JOIN scope s
  WHERE s.root IS NULL OR q.node = s.root
),
-- The full sessions that may be attempts: on the root itself, or on any node for the whole course (their
-- subtree's questions are then the course's). The scope rides along, so nothing later joins it again.
starts AS (
  SELECT e.learner, e.session, e.node, e.ms AS start_ms, s.root, s.rule
  FROM ev e CROSS JOIN scope s
  WHERE e.type = 'start' AND (e.session_kind IS NULL OR e.session_kind = 'full')
    AND (s.root IS NULL OR e.node = s.root)
),
-- A session's mark on each question it answered: the latest answer (by line) right, or an override after it;
-- else the latest answer's partial credit (`fraction`, Moodle's mark), or 0. Lines are unique per learner, so
-- the latest answer is right when the latest right answer is the latest answer. (The latest answer is numbered
-- within the session's records of the question, answers first, so the grouping that follows needs no new shuffle
-- on Spark.)
marks AS (
  SELECT e.learner, e.session, e.question,
    MAX(CASE WHEN e.type = 'answer' AND e.latest = 1 THEN e.fraction END) AS latest_fraction,
    MAX(CASE WHEN e.type = 'answer' THEN e.line END) AS answer_line,
    MAX(CASE WHEN e.type = 'answer' AND e.correct THEN e.line END) AS right_line,
    MAX(CASE WHEN e.type = 'answer' AND NOT e.correct THEN e.line END) AS wrong_line,
    MAX(CASE WHEN e.type = 'answer' AND e.overruled THEN e.line END) AS overruled_line,
    MAX(CASE WHEN e.type = 'override' THEN e.line END) AS override_line,
    MAX(CASE WHEN e.type = 'skip' THEN 1 ELSE 0 END) AS skipped
  FROM (
    SELECT ev.*, ROW_NUMBER() OVER (PARTITION BY learner, session, question
      ORDER BY CASE WHEN type = 'answer' THEN 0 ELSE 1 END, line DESC) AS latest
    FROM ev WHERE type IN ('answer', 'override', 'skip')
  ) e
  GROUP BY e.learner, e.session, e.question
),
-- Each start's questions with their marks (a skip, or no answer, is 0), and whether the session answered or
-- skipped every one of them.
cells AS (
  SELECT s.learner, s.session, s.start_ms, s.root, s.rule, q.question,
    CASE WHEN m.right_line = m.answer_line OR m.override_line > m.answer_line THEN CAST(1 AS DOUBLE)
      ELSE COALESCE(CAST(m.latest_fraction AS DOUBLE), CAST(0 AS DOUBLE)) END AS x,
    CASE WHEN (m.overruled_line = m.answer_line AND m.right_line = m.answer_line)
      OR (m.override_line > m.answer_line AND m.wrong_line = m.answer_line) THEN 1 ELSE 0 END AS overruled,
    MIN(CASE WHEN m.answer_line IS NOT NULL OR m.skipped = 1 THEN 1 ELSE 0 END)
      OVER (PARTITION BY s.learner, s.session) AS finished
  FROM starts s
  JOIN subtree q ON q.node = s.node
  LEFT JOIN marks m ON m.learner = s.learner AND m.session = s.session AND m.question = q.question
),
-- The finished sessions in each learner's order (nth), and in each question's (qnth).
ranked AS (
  SELECT learner, session, root, rule, question, x, overruled,
    DENSE_RANK() OVER (PARTITION BY learner ORDER BY start_ms, session) AS nth,
    ROW_NUMBER() OVER (PARTITION BY learner, question ORDER BY start_ms, session) AS qnth
  FROM cells WHERE finished = 1
),
-- One row per (attempt, question): an attempt is (learner, session), or the learner alone for 'first'.
chosen AS (
  SELECT learner, CASE WHEN rule = 'all' THEN session ELSE '' END AS attempt, question, x, overruled
  FROM ranked
  WHERE rule = 'all' OR (root IS NOT NULL AND nth = 1) OR (root IS NULL AND qnth = 1)
),
-- With the attempt's total T; one cell of each attempt leads (it stands for the attempt in the test's figures).
cell_totals AS (
  SELECT question, x, overruled, SUM(x) OVER (PARTITION BY learner, attempt) AS t,
    ROW_NUMBER() OVER (PARTITION BY learner, attempt ORDER BY question) = 1 AS lead
  FROM chosen
),
-- Every value the figures sum over, in one stream: `part` 'x' is each cell with its mark x; 'o' each cell with
-- O = T - x (cov_max pairs x and O each sorted ascending); 'test' each attempt with its total T, under question
-- NULL: the test's mean, median and moments are those of a question whose marks are the totals.
observations AS (
  SELECT CASE WHEN p.part = 'test' THEN NULL ELSE c.question END AS question, p.part,
    CASE p.part WHEN 'x' THEN c.x WHEN 'o' THEN c.t - c.x ELSE c.t END AS v,
    c.x, c.t - c.x AS o, c.t, c.overruled
  FROM cell_totals c CROSS JOIN (VALUES ('x'), ('o'), ('test')) AS p(part)
  WHERE p.part <> 'test' OR c.lead
),
-- With the means (of x or T: `mean`; of O and T beside x: `mo`, `mt`), and each part ranked by value.
ranked_observations AS (
  SELECT question, part, v, x, o, t, overruled,
    AVG(CASE WHEN part <> 'o' THEN v END) OVER (PARTITION BY question) AS mean,
    AVG(CASE WHEN part = 'x' THEN o END) OVER (PARTITION BY question) AS mo,
    AVG(CASE WHEN part = 'x' THEN t END) OVER (PARTITION BY question) AS mt,
    ROW_NUMBER() OVER (PARTITION BY question, part ORDER BY v) AS r
  FROM observations
),
-- Ordered by (rank, part), the row after the r-th smallest O ('o' sorts before 'x') is the r-th smallest x.
paired AS (
  SELECT question, part, v, x, o, t, overruled, mean, mo, mt,
    LEAD(v) OVER (PARTITION BY question ORDER BY r, part) AS x_of_rank
  FROM ranked_observations
),
-- Per question, and for the test (question NULL): s is the number of attempts, p2 (and vo) sums of squared
-- deviations, cxo and cxt of products (covariances times s - 1).
sums AS (
  SELECT question, COUNT(CASE WHEN part <> 'o' THEN 1 END) AS s,
    CAST(COUNT(CASE WHEN part <> 'o' THEN 1 END) AS DOUBLE) AS n, MAX(mean) AS mean,
    MEDIAN(CASE WHEN part = 'test' THEN v END) AS median,
    MIN(CASE WHEN part <> 'o' THEN v END) < MAX(CASE WHEN part <> 'o' THEN v END) AS varies,
    MIN(CASE WHEN part = 'x' THEN o END) < MAX(CASE WHEN part = 'x' THEN o END) AS o_varies,
    SUM(CASE WHEN part <> 'o' THEN (v - mean) * (v - mean) END) AS p2,
    SUM(CASE WHEN part <> 'o' THEN (v - mean) * (v - mean) * (v - mean) END) AS p3,
    SUM(CASE WHEN part <> 'o' THEN (v - mean) * (v - mean) * (v - mean) * (v - mean) END) AS p4,
    SUM(CASE WHEN part = 'x' THEN (o - mo) * (o - mo) END) AS vo,
    SUM(CASE WHEN part = 'x' THEN (x - mean) * (o - mo) END) AS cxo,
    SUM(CASE WHEN part = 'x' THEN (x - mean) * (t - mt) END) AS cxt,
    SUM(CASE WHEN part = 'o' THEN (x_of_rank - mean) * (v - mo) END) AS covmax,
    SUM(CASE WHEN part = 'x' THEN overruled END) AS overruled,
    -- Marks strictly between 0 and 1: partly right answers.
    SUM(CASE WHEN part = 'x' AND x > 0 AND x < 1 THEN 1 ELSE 0 END) AS partly_right
  FROM paired
  GROUP BY question
),
-- Each question's figures (and the test's row beside them).
items AS (
  SELECT question, s, n, mean, median, varies, p2, p3, p4, overruled, partly_right,
    CASE WHEN s > 1 THEN (CASE WHEN varies THEN 100 * SQRT(p2 / (n - 1)) ELSE 0.0 END) END AS standard_deviation,
    CASE WHEN s > 1 THEN (CASE WHEN varies THEN p2 / (n - 1) ELSE 0.0 END) END AS mark_variance,
    CASE WHEN s > 1 AND varies AND o_varies
      THEN 100 * (cxo / (n - 1)) / SQRT((p2 / (n - 1)) * (vo / (n - 1))) END AS discrimination_index,
    CASE WHEN s > 1 AND varies AND o_varies AND covmax <> 0 THEN 100 * cxo / covmax END AS discriminative_efficiency,
    CASE WHEN s > 1 THEN (CASE WHEN varies THEN cxt / (n - 1) ELSE 0.0 END) END AS covariance_with_total
  FROM sums
),
-- Beside each row, the sums over the questions (effective weight; the test's coefficient alpha).
weighted AS (
  SELECT items.*,
    SUM(CASE WHEN question IS NOT NULL AND covariance_with_total >= 0 THEN SQRT(covariance_with_total) ELSE 0.0 END)
      OVER () AS roots,
    SUM(CASE WHEN question IS NOT NULL THEN COALESCE(mark_variance, 0.0) ELSE 0.0 END) OVER ()
      AS sum_of_mark_variance
  FROM items
),
-- The test's k-statistics (Moodle's bias-corrected skewness and kurtosis) from its moments m2..m4, on its row
-- (question NULL; the question count k on every row), each only where its divisor is not 0 (Spark fails on a
-- division by zero). question_count is one row, so the test's row is there even when no attempt was finished.
moments AS (
  SELECT w.*, q.k, w.p2 / w.n AS m2, w.p3 / w.n AS m3, w.p4 / w.n AS m4
  FROM question_count q LEFT JOIN weighted w ON TRUE
),
k_statistics AS (
  SELECT moments.*,
    CASE WHEN question IS NULL AND n > 1 THEN n * m2 / (n - 1) END AS k2,
    CASE WHEN question IS NULL AND n > 2 THEN n * n * m3 / ((n - 1) * (n - 2)) END AS k3,
    CASE WHEN question IS NULL AND n > 3
      THEN n * n * ((n + 1) * m4 - 3 * (n - 1) * m2 * m2) / ((n - 1) * (n - 2) * (n - 3)) END AS k4
  FROM moments
),
figures AS (
  SELECT k_statistics.*,
    CASE WHEN s > 2 AND varies AND k > 1 THEN 100 * k / (k - 1) * (1 - sum_of_mark_variance / k2) END
      AS coefficient_alpha
  FROM k_statistics
)
SELECT CASE WHEN question IS NULL THEN 'test' ELSE 'item' END AS kind, question, COALESCE(s, 0) AS attempts,
  overruled, CASE WHEN question IS NOT NULL THEN partly_right END AS partly_right,
  CASE WHEN question IS NOT NULL THEN 100 * mean END AS facility,
  CASE WHEN question IS NOT NULL THEN standard_deviation
    WHEN s > 1 THEN SQRT(CASE WHEN varies THEN p2 ELSE 0.0 END / (n - 1)) END AS standard_deviation,
  discrimination_index, discriminative_efficiency,
  CASE WHEN question IS NOT NULL AND roots > 0 AND covariance_with_total >= 0
    THEN 100 * SQRT(covariance_with_total) / roots END AS effective_weight,
  CASE WHEN question IS NULL THEN mean END AS mean,
  CASE WHEN question IS NULL THEN median END AS median,
  CASE WHEN question IS NULL AND s > 2 AND varies THEN k3 / (k2 * SQRT(k2)) END AS skewness,
  CASE WHEN question IS NULL AND s > 3 AND varies THEN k4 / (k2 * k2) END AS kurtosis,
  CASE WHEN question IS NULL THEN coefficient_alpha END AS coefficient_alpha,
  CASE WHEN question IS NULL AND coefficient_alpha <= 100 THEN 100 * SQRT(1 - coefficient_alpha / 100) END
    AS error_ratio,
  CASE WHEN question IS NULL AND coefficient_alpha <= 100
    THEN 100 * SQRT(1 - coefficient_alpha / 100) * SQRT(p2 / (n - 1)) / 100 END AS standard_error
FROM figures
