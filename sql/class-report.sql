-- The class report of `practice report --class --format json`, computed from exported data.
--
-- Inputs (two views the runner defines over the JSON Lines files; see the README):
--   events   `practice export --events`     (schemas/events-v1.json)
--   outline  `practice export --outline`    one line per node, per question and per (node, ancestor)
-- Output: one table, `kind` = 'node' (per node of the course, the class) or 'learner' (per learner,
-- totals over the course), with the same figures and definitions as the CLI's JSON.
--
-- Written in the common subset of Spark SQL and DuckDB (percentages are computed on DOUBLE: a
-- decimal literal such as 100.0 would make Spark compute in DECIMAL). Dialect switch (DuckDB only, one line):
--   CREATE MACRO unix_millis(t) AS epoch_ms(t);
-- and both engines must read times in UTC (DuckDB: SET TimeZone = 'UTC'; Spark:
-- spark.sql.session.timeZone=UTC).
WITH
ev AS (
  SELECT
    e.user AS learner, e.course, e.line, e.type, e.node, e.session, e.question, e.correct, e.fraction,
    e.score, e.count AS opened, e.hadRead AS had_read, e.overruled, e.kind AS session_kind, e.asked,
    e.hint,
    unix_millis(CAST(e.time AS TIMESTAMP)) AS ms
  FROM events e
),
nodes AS (
  SELECT course, key AS node, position, depth, leaf, questions, hadRead AS start_read,
    browseCount AS start_browse
  FROM outline WHERE kind = 'node'
),
node_questions AS (SELECT course, key AS node, question FROM outline WHERE kind = 'question'),
within AS (SELECT course, key AS node, ancestor FROM outline WHERE kind = 'within'),
learners AS (SELECT DISTINCT learner, course FROM ev),

-- Openings: journal `open` records and the snapshot's `opens` totals.
openings AS (
  SELECT learner, course, node,
    SUM(CASE WHEN type = 'open' THEN 1 ELSE opened END) AS browse,
    MAX(CASE WHEN type = 'open' OR had_read THEN 1 ELSE 0 END) AS was_read,
    MAX(ms) AS last_opened
  FROM ev WHERE type IN ('open', 'opens')
  GROUP BY learner, course, node
),

-- `!!`: an override turns the latest earlier answer to its question in its session right, once,
-- when that answer was wrong (snapshot answers already count theirs). It changes the answer's grade,
-- not its place: the latest answer to a question is still chosen by the answers' time and line
-- (question_results below), so an overruled answer with another session's answer of the same
-- millisecond on a later line is not the latest (the CLI's ProgressState folds it the same way).
answers AS (SELECT * FROM ev WHERE type = 'answer'),
override_targets AS (
  SELECT o.learner, o.course, o.line AS override_line, a.line AS answer_line, a.correct,
    ROW_NUMBER() OVER (PARTITION BY o.learner, o.course, o.line ORDER BY a.line DESC) AS latest
  FROM ev o JOIN answers a
    ON a.learner = o.learner AND a.course = o.course AND a.session = o.session
    AND a.question = o.question AND a.line < o.line
  WHERE o.type = 'override'
),
overrides AS (
  SELECT learner, course, answer_line, MIN(override_line) AS override_line
  FROM override_targets WHERE latest = 1 AND NOT correct
  GROUP BY learner, course, answer_line
),
graded AS (
  SELECT a.learner, a.course, a.line, a.session, a.question, a.ms,
    CASE WHEN a.correct OR o.answer_line IS NOT NULL THEN 1 ELSE 0 END AS right_answer,
    -- Partial credit (`fraction`, between 0 and 1) of an answer neither right nor overruled.
    CASE WHEN a.correct OR o.answer_line IS NOT NULL THEN 0.0 ELSE COALESCE(CAST(a.fraction AS DOUBLE), 0.0) END
      AS partial_credit,
    -- Overruled: by a journal `override`, or already in the snapshot (`"overruled": true`).
    CASE WHEN o.answer_line IS NOT NULL OR COALESCE(a.overruled, FALSE) THEN 1 ELSE 0 END AS overruled_answer,
    o.override_line
  FROM answers a LEFT JOIN overrides o
    ON o.learner = a.learner AND o.course = a.course AND o.answer_line = a.line
),

-- Per question: attempts, right ones, their partial credit, whether the latest graded answer is right (latest by time, the
-- later line among equal times, as the CLI folds them), last answered. ("Mastered", a 21-day FSRS
-- interval, needs the scheduler's replay, which this SQL does not do: it reports `latest_right`.)
question_results AS (
  SELECT learner, course, question, COUNT(*) AS attempts, SUM(right_answer) AS right_answers,
    SUM(partial_credit) AS partial_credit, SUM(overruled_answer) AS overruled, MAX(ms) AS last_answered,
    SUM(CASE WHEN recent = 1 THEN right_answer ELSE 0 END) AS latest_right
  FROM (
    SELECT g.*, ROW_NUMBER() OVER (PARTITION BY learner, course, question ORDER BY ms DESC, line DESC) AS recent
    FROM graded g
  ) ranked
  GROUP BY learner, course, question
),
-- First and last studied: answers and skips only (opening a part is not study).
studied AS (
  SELECT e.learner, e.course, q.node, MAX(e.ms) AS last_studied
  FROM ev e JOIN node_questions q ON q.course = e.course AND q.question = e.question
  WHERE e.type IN ('answer', 'skip')
  GROUP BY e.learner, e.course, q.node
),
node_answers AS (
  SELECT l.learner, l.course, q.node,
    SUM(r.attempts) AS answers, SUM(r.right_answers) AS correct, SUM(r.partial_credit) AS partial_credit,
    SUM(r.overruled) AS overruled, COUNT(r.question) AS answered,
    SUM(CASE WHEN r.latest_right = 1 THEN 1 ELSE 0 END) AS mastered,
    MAX(r.last_answered) AS last_answered
  FROM learners l
  JOIN node_questions q ON q.course = l.course
  JOIN question_results r ON r.learner = l.learner AND r.course = l.course AND r.question = q.question
  GROUP BY l.learner, l.course, q.node
),

-- Hints used: answers and skips recorded after the learner asked for the question's hint.
node_hints AS (
  SELECT e.learner, e.course, q.node, COUNT(*) AS hints
  FROM ev e JOIN node_questions q ON q.course = e.course AND q.question = e.question
  WHERE e.type IN ('answer', 'skip') AND COALESCE(e.hint, FALSE)
  GROUP BY e.learner, e.course, q.node
),

-- Sessions: placed on their start's node (else the node of their first answer, skip or response), scored as
-- right answers (each question's latest in the session, `!!` included) over the graded questions set
-- (`asked`, or those reached when more, less the essays: the questions with a `response` and no
-- answer or skip, which count in no score). Time spent is the CLI's (SessionRecord.activeMilliseconds):
-- from the start and from each `resume` to the last answer, skip, response or end before the next
-- resume, in whole milliseconds; an `end` counts only when no `resume` follows it.
-- Only full sessions (kind "full"; older ones without a kind when they asked as many questions as
-- the node has) set a node's best and last score, and only on the node they were started on.
session_records AS (
  SELECT learner, course, session, line, type, node, ms, score, session_kind, asked,
    ROW_NUMBER() OVER (PARTITION BY learner, course, session ORDER BY line) AS nth,
    ROW_NUMBER() OVER (
      PARTITION BY learner, course, session, CASE WHEN type IN ('start', 'end') THEN type ELSE 'other' END
      ORDER BY line DESC) AS latest_of_type
  FROM ev WHERE type IN ('start', 'answer', 'skip', 'response', 'end', 'resume')
),
sessions AS (
  SELECT s.learner, s.course, s.session,
    COALESCE(MAX(CASE WHEN s.type = 'start' AND s.latest_of_type = 1 THEN s.node END),
      MAX(CASE WHEN s.nth = 1 AND s.type IN ('answer', 'skip', 'response') THEN s.node END), '') AS node,
    COALESCE(MAX(CASE WHEN s.type = 'start' AND s.latest_of_type = 1 THEN s.ms END),
      MAX(CASE WHEN s.nth = 1 THEN s.ms END)) AS started,
    MAX(CASE WHEN s.type = 'end' AND s.latest_of_type = 1 THEN s.ms END) AS ended,
    MAX(CASE WHEN s.type = 'end' AND s.latest_of_type = 1 THEN s.line END) AS end_line,
    MAX(CASE WHEN s.type = 'start' AND s.latest_of_type = 1 THEN s.session_kind END) AS session_kind,
    MAX(CASE WHEN s.type = 'start' AND s.latest_of_type = 1 THEN s.asked END) AS asked,
    MAX(CASE WHEN s.type = 'resume' THEN s.line END) AS last_resume_line
  FROM session_records s
  GROUP BY s.learner, s.course, s.session
),
-- Read by an answer: a part one of whose questions was answered in a session on a node (`start`,
-- `mistakes` on a node, or one of no known kind); a review, and a `mistakes` round of the whole
-- course (node ''), go over what was studied and read nothing.
read_by_answer AS (
  SELECT DISTINCT a.learner, a.course, q.node
  FROM answers a
  JOIN node_questions q ON q.course = a.course AND q.question = a.question
  LEFT JOIN sessions s ON s.learner = a.learner AND s.course = a.course AND s.session = a.session
  WHERE s.session_kind IS NULL
    OR (s.session_kind <> 'review' AND NOT (s.session_kind = 'mistakes' AND s.node = ''))
),
-- The stretches of a session: one from its start, one from each resume.
stretches AS (
  SELECT learner, course, session, started AS stretch_start FROM sessions
  UNION
  SELECT learner, course, session, ms AS stretch_start FROM ev WHERE type = 'resume'
),
activity AS (
  SELECT learner, course, session, ms FROM ev WHERE type IN ('answer', 'skip', 'response')
  UNION ALL
  SELECT learner, course, session, ended AS ms FROM sessions
  WHERE ended IS NOT NULL AND (last_resume_line IS NULL OR end_line > last_resume_line)
),
-- Each answer, skip, response or end belongs to the latest stretch begun at or before it.
placed_activity AS (
  SELECT a.learner, a.course, a.session, a.ms, MAX(t.stretch_start) AS stretch_start
  FROM activity a JOIN stretches t
    ON t.learner = a.learner AND t.course = a.course AND t.session = a.session AND t.stretch_start <= a.ms
  GROUP BY a.learner, a.course, a.session, a.ms
),
session_time AS (
  SELECT learner, course, session, SUM(last_activity - stretch_start) AS spent_ms
  FROM (
    SELECT learner, course, session, stretch_start, MAX(ms) AS last_activity
    FROM placed_activity GROUP BY learner, course, session, stretch_start
  ) stretch_ends
  GROUP BY learner, course, session
),
session_latest AS (
  SELECT learner, course, session, question, right_answer, partial_credit,
    ROW_NUMBER() OVER (PARTITION BY learner, course, session, question ORDER BY line DESC) AS latest
  FROM graded
),
session_results AS (
  SELECT learner, course, session, SUM(CASE WHEN latest = 1 THEN right_answer ELSE 0 END) AS right_latest,
    SUM(CASE WHEN latest = 1 THEN partial_credit ELSE 0.0 END) AS partial_latest
  FROM session_latest GROUP BY learner, course, session
),
-- Questions reached (answered, skipped or responded to), and of them the graded ones; the rest are
-- the session's essays. No row: nothing was done in the session.
session_positions AS (
  SELECT learner, course, session, COUNT(DISTINCT question) AS reached,
    COUNT(DISTINCT CASE WHEN type <> 'response' THEN question END) AS graded_reached
  FROM ev WHERE type IN ('answer', 'skip', 'response') GROUP BY learner, course, session
),
scored_sessions AS (
  SELECT s.*,
    CASE
      WHEN p.reached IS NULL THEN NULL
      -- A session of essays only has no score.
      WHEN GREATEST(COALESCE(s.asked, 0) - (p.reached - p.graded_reached), p.graded_reached) = 0 THEN NULL
      ELSE (COALESCE(r.right_latest, 0) + COALESCE(r.partial_latest, 0.0)) * 100.0
        / GREATEST(COALESCE(s.asked, 0) - (p.reached - p.graded_reached), p.graded_reached)
    END AS score,
    COALESCE(t.spent_ms, 0) AS spent_ms, p.reached
  FROM sessions s
  LEFT JOIN session_time t ON t.learner = s.learner AND t.course = s.course AND t.session = s.session
  LEFT JOIN session_results r ON r.learner = s.learner AND r.course = s.course AND r.session = s.session
  LEFT JOIN session_positions p ON p.learner = s.learner AND p.course = s.course AND p.session = s.session
),
legacy_sizes AS (
  SELECT learner, course, node, MAX(COALESCE(asked, 0)) AS largest
  FROM sessions WHERE session_kind IS NULL GROUP BY learner, course, node
),
own_sessions AS (
  SELECT learner, course, node, MAX(score) AS best_score,
    MAX(CASE WHEN latest_full = 1 THEN score END) AS last_score
  FROM (
    SELECT s.*, ROW_NUMBER() OVER (
        PARTITION BY s.learner, s.course, s.node ORDER BY s.started DESC, s.session DESC) AS latest_full
    FROM scored_sessions s JOIN nodes n ON n.course = s.course AND n.node = s.node
    LEFT JOIN legacy_sizes z ON z.learner = s.learner AND z.course = s.course AND z.node = s.node
    -- Finished sessions only (every question set answered, skipped or responded to): an unfinished one has no score.
    WHERE s.score IS NOT NULL AND s.reached >= COALESCE(s.asked, 0)
      AND (s.session_kind = 'full'
        OR (s.session_kind IS NULL AND COALESCE(s.asked, 0) > 0 AND s.asked >= z.largest))
  ) full_sessions
  GROUP BY learner, course, node
),

-- Each learner's own figures per node, then summed over each node's subtree.
own AS (
  SELECT l.learner, l.course, n.node, n.leaf,
    CASE WHEN n.start_read OR COALESCE(o.was_read, 0) = 1 OR rb.node IS NOT NULL THEN 1 ELSE 0 END AS node_read,
    n.start_browse + COALESCE(o.browse, 0) AS browse,
    n.questions,
    COALESCE(a.answers, 0) AS answers, COALESCE(a.correct, 0) AS correct,
    COALESCE(a.partial_credit, 0.0) AS partial_credit, COALESCE(a.overruled, 0) AS overruled,
    COALESCE(h.hints, 0) AS hints,
    COALESCE(a.answered, 0) AS answered, COALESCE(a.mastered, 0) AS mastered,
    st.last_studied
  FROM learners l
  JOIN nodes n ON n.course = l.course
  LEFT JOIN openings o ON o.learner = l.learner AND o.course = l.course AND o.node = n.node
  LEFT JOIN node_answers a ON a.learner = l.learner AND a.course = l.course AND a.node = n.node
  LEFT JOIN studied st ON st.learner = l.learner AND st.course = l.course AND st.node = n.node
  LEFT JOIN node_hints h ON h.learner = l.learner AND h.course = l.course AND h.node = n.node
  LEFT JOIN read_by_answer rb ON rb.learner = l.learner AND rb.course = l.course AND rb.node = n.node
),
subtree AS (
  SELECT o.learner, o.course, w.ancestor AS node,
    SUM(CASE WHEN o.leaf THEN 1 ELSE 0 END) AS leaves,
    SUM(CASE WHEN o.leaf THEN o.node_read ELSE 0 END) AS leaves_read,
    SUM(o.browse) AS browse, SUM(o.questions) AS questions, SUM(o.answers) AS answers,
    SUM(o.correct) AS correct, SUM(o.partial_credit) AS partial_credit, SUM(o.overruled) AS overruled,
    SUM(o.hints) AS hints, SUM(o.answered) AS answered,
    SUM(o.mastered) AS mastered,
    MAX(o.last_studied) AS last_studied
  FROM own o JOIN within w ON w.course = o.course AND w.node = o.node
  GROUP BY o.learner, o.course, w.ancestor
),
-- A session without an answer, skip or response (started, then left at once) has no score and is no
-- session: neither counted nor its time.
subtree_sessions AS (
  SELECT s.learner, s.course, w.ancestor AS node, COUNT(*) AS sessions, SUM(s.spent_ms) AS spent_ms
  FROM scored_sessions s JOIN within w ON w.course = s.course AND w.node = s.node
  WHERE s.reached IS NOT NULL
  GROUP BY s.learner, s.course, w.ancestor
),
-- A leaf is read when opened or answered in a session on a node; a parent when every leaf under it is.
figures AS (
  SELECT t.learner, t.course, t.node,
    CASE WHEN t.leaves > 0 AND t.leaves_read = t.leaves THEN TRUE ELSE FALSE END AS had_read,
    t.leaves, t.leaves_read, t.browse, COALESCE(s.sessions, 0) AS sessions, b.best_score, b.last_score,
    t.answers, t.correct, t.partial_credit, t.overruled, t.hints, t.answered, t.questions, t.mastered,
    COALESCE(s.spent_ms, 0) AS spent_ms,
    t.last_studied
  FROM subtree t
  LEFT JOIN subtree_sessions s ON s.learner = t.learner AND s.course = t.course AND s.node = t.node
  LEFT JOIN own_sessions b ON b.learner = t.learner AND b.course = t.course AND b.node = t.node
),
-- A learner's totals have no best or last score: those belong to the node a session was started on.
-- They count the sessions of the course's nodes and those of no node (a review or `mistakes` round
-- of the whole course, node ''), with their time.
learner_sessions AS (
  SELECT s.learner, s.course, COUNT(*) AS sessions, SUM(s.spent_ms) AS spent_ms
  FROM scored_sessions s LEFT JOIN nodes n ON n.course = s.course AND n.node = s.node
  WHERE s.reached IS NOT NULL AND (n.node IS NOT NULL OR s.node = '')
  GROUP BY s.learner, s.course
),
learner_totals AS (
  SELECT o.learner, o.course,
    SUM(CASE WHEN o.leaf THEN 1 ELSE 0 END) AS leaves,
    SUM(CASE WHEN o.leaf THEN o.node_read ELSE 0 END) AS leaves_read,
    SUM(o.browse) AS browse, SUM(o.questions) AS questions, SUM(o.answers) AS answers,
    SUM(o.correct) AS correct, SUM(o.partial_credit) AS partial_credit, SUM(o.overruled) AS overruled,
    SUM(o.hints) AS hints, SUM(o.answered) AS answered,
    SUM(o.mastered) AS mastered,
    MAX(o.last_studied) AS last_studied
  FROM own o GROUP BY o.learner, o.course
)
SELECT 'node' AS kind, f.course, f.node, NULL AS learner, n.position,
  COUNT(*) AS users, SUM(CASE WHEN f.had_read THEN 1 ELSE 0 END) AS users_read,
  SUM(f.sessions) AS sessions,
  ROUND(AVG(f.best_score), 2) AS average_score, ROUND(MAX(f.best_score), 2) AS best_score,
  CAST(NULL AS DOUBLE) AS last_score,
  SUM(f.answers) AS answers, SUM(f.correct) AS correct, SUM(f.overruled) AS overruled,
  SUM(f.hints) AS hints,
  ROUND(CASE WHEN SUM(f.answers) > 0
    THEN (CAST(SUM(f.correct) AS DOUBLE) + SUM(f.partial_credit)) * 100 / SUM(f.answers) END, 2) AS accuracy,
  MAX(f.questions) AS questions,
  CAST(NULL AS BOOLEAN) AS had_read, CAST(NULL AS BIGINT) AS leaves, CAST(NULL AS BIGINT) AS leaves_read,
  CAST(NULL AS BIGINT) AS browse_count, CAST(NULL AS BIGINT) AS answered, CAST(NULL AS BIGINT) AS latest_right,
  CAST(NULL AS BIGINT) AS seconds_spent, CAST(NULL AS BIGINT) AS last_studied_ms
FROM figures f JOIN nodes n ON n.course = f.course AND n.node = f.node
GROUP BY f.course, f.node, n.position
UNION ALL
SELECT 'learner' AS kind, t.course, NULL AS node, t.learner, NULL AS position,
  NULL AS users, NULL AS users_read, COALESCE(s.sessions, 0) AS sessions, NULL AS average_score,
  CAST(NULL AS DOUBLE) AS best_score, CAST(NULL AS DOUBLE) AS last_score,
  t.answers, t.correct, t.overruled, t.hints,
  ROUND(CASE WHEN t.answers > 0 THEN (CAST(t.correct AS DOUBLE) + t.partial_credit) * 100 / t.answers END, 2)
    AS accuracy,
  t.questions,
  CASE WHEN t.leaves > 0 AND t.leaves_read = t.leaves THEN TRUE ELSE FALSE END AS had_read,
  t.leaves, t.leaves_read, t.browse AS browse_count, t.answered, t.mastered AS latest_right,
  CAST(FLOOR((COALESCE(s.spent_ms, 0) + 500) / 1000) AS BIGINT) AS seconds_spent,
  t.last_studied AS last_studied_ms
FROM learner_totals t LEFT JOIN learner_sessions s ON s.learner = t.learner AND s.course = t.course
ORDER BY kind DESC, course, position, learner
