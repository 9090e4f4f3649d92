-- The wrong answers to calculated questions with the values each was given for (issue 33): what
-- `practice report --format json` lists per learner as `calculatedMistakes` (README "Reports"), computed from
-- exported data.
--
-- Inputs (the views sql/class-report.sql reads; see docs/reports.md):
--   events   `practice export --events`     (schemas/events-v1.json), with `given` and `values` among its columns
-- Output: one row per wrong answer: `learner`, `course`, `question`, `node`, `session`, `line`, `time_ms` (UTC
-- milliseconds), `given` (as typed) and `shown_values`, the values the question showed as the journal records them:
-- a JSON object's text in the question's order, each value the text shown (`{"m":"54.0","V":"20"}`; DuckDB:
-- json_extract_string(shown_values, '$.m'), Spark: get_json_object(shown_values, '$.m'), then CAST AS DOUBLE).
-- The answer that was right for those values is the question's formula evaluated on them, which only the CLI
-- does (the report's `answer`).
--
-- A wrong answer is one graded not right (a partly right one too, as the report lists it) and not overruled by a
-- later `override` (the same rule as sql/class-report.sql: the latest earlier answer to the question in the
-- session, once, when it was wrong); only answers that carry values are listed, so answers to other questions,
-- and to calculated ones recorded before values were kept, are not. Common subset of Spark SQL and DuckDB.
WITH
ev AS (
  SELECT e.user AS learner, e.course, e.line, e.type, e.node, e.session, e.question, e.correct, e.given,
    e.values AS shown_values, unix_millis(CAST(e.time AS TIMESTAMP)) AS ms
  FROM events e
  WHERE e.type IN ('answer', 'override')
),
answers AS (SELECT * FROM ev WHERE type = 'answer'),
override_targets AS (
  SELECT o.learner, o.course, o.line AS override_line, a.line AS answer_line, a.correct,
    ROW_NUMBER() OVER (PARTITION BY o.learner, o.course, o.line ORDER BY a.line DESC) AS latest
  FROM ev o JOIN answers a
    ON a.learner = o.learner AND a.course = o.course AND a.session = o.session
    AND a.question = o.question AND a.line < o.line
  WHERE o.type = 'override'
),
overruled AS (
  SELECT DISTINCT learner, course, answer_line FROM override_targets WHERE latest = 1 AND NOT correct
)
SELECT a.learner, a.course, a.question, a.node, a.session, a.line, a.ms AS time_ms, a.given, a.shown_values
FROM answers a
LEFT JOIN overruled o ON o.learner = a.learner AND o.course = a.course AND o.answer_line = a.line
WHERE a.shown_values IS NOT NULL AND NOT a.correct AND o.answer_line IS NULL
ORDER BY a.learner, a.course, a.ms, a.line
