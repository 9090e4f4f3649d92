/// JSON Schemas (draft 2020-12) of the `json` report formats, for consumers and for tests.
///
/// Kept as Swift strings because the package ships no resource bundles.
///
/// ```swift
/// try ReportSchema.learner.write(toFile: "practice-report.schema.json", atomically: true, encoding: .utf8)
/// ```
package enum ReportSchema {
  /// Figures shared by nodes, totals and learner lines.
  static let figures = #"""
        "figures": {
          "type": "object",
          "required": ["hadRead", "leaves", "leavesRead", "browseCount", "sessions", "bestScore", "lastScore",
                       "answers", "correct", "overruled", "hints", "accuracy", "answered", "questions", "new", "mastered", "mastery", "toRetry", "secondsSpent",
                       "lastStudied", "due", "reviewed", "retentionQuestions", "retention"],
          "properties": {
            "hadRead": {"type": "boolean", "description": "a leaf: opened (starting hadRead, a tap, info) or any of its questions answered in a session on a node (not a review); a parent: every leaf below read"},
            "leaves": {"type": "integer", "minimum": 0},
            "leavesRead": {"type": "integer", "minimum": 0},
            "browseCount": {"type": "integer", "minimum": 0, "description": "starting browseCount + recorded openings, over the subtree"},
            "sessions": {"type": "integer", "minimum": 0},
            "bestScore": {"type": ["number", "null"], "description": "percent: the best of right answers (partly right ones by their fraction) / questions set, over finished full sessions started on this node itself (not mistakes rounds or reviews); null on totals"},
            "lastScore": {"type": ["number", "null"], "description": "percent, of the latest-started of those sessions"},
            "answers": {"type": "integer", "minimum": 0, "description": "every attempt"},
            "correct": {"type": "integer", "minimum": 0, "description": "right attempts (full credit), overruled ones included"},
            "overruled": {"type": "integer", "minimum": 0, "description": "attempts graded wrong that the learner marked right with !!"},
            "hints": {"type": "integer", "minimum": 0, "description": "answers and skips given after the learner asked for the question's hint"},
            "accuracy": {"type": ["number", "null"], "description": "(correct + the partial credit of partly right attempts) / answers in percent, 2 decimals"},
            "answered": {"type": "integer", "minimum": 0, "description": "questions answered at least once"},
            "questions": {"type": "integer", "minimum": 0},
            "new": {"type": "integer", "minimum": 0, "description": "questions never answered or skipped"},
            "mastered": {"type": "integer", "minimum": 0, "description": "questions of the subtree whose FSRS interval (due minus last review) is 21 days or more (Anki's mature)"},
            "mastery": {"type": ["number", "null"], "description": "mastered / questions in percent, 2 decimals; null without questions"},
            "toRetry": {"type": "integer", "minimum": 0, "description": "questions whose latest graded answer is wrong, or skipped since: what 'mistakes' practises"},
            "secondsSpent": {"type": "integer", "minimum": 0, "description": "from each session start or resume to its last answer before the next"},
            "lastStudied": {"type": ["string", "null"], "format": "date-time", "description": "ISO 8601 UTC: the latest answer or skip (opening a part is not study)"},
            "due": {"type": "integer", "minimum": 0, "description": "questions due today (FSRS-6): due before the study day holding 'generated' ends, overdue included"},
            "reviewed": {"type": "integer", "minimum": 0, "description": "questions with a review memory"},
            "retentionQuestions": {"type": "integer", "minimum": 0, "description": "reviewed questions whose last review is a whole day or more before 'generated': those 'retention' averages (FSRS predicts 100% on the day of any review, a wrong answer's too)"},
            "retention": {"type": ["number", "null"], "description": "mean predicted recall (FSRS-6) at 'generated' of the retentionQuestions, percent, 2 decimals; null when there are none"}
          }
        }
    """#

  /// The learner report: `{"format": "practice-report", "version": 1, …}`.
  package static let learner = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://practice.invalid/schemas/practice-report-1.json",
      "title": "practice learner report, version 1",
      "type": "object",
      "required": ["format", "version", "kind", "generated", "timeZone", "dayStartsAt", "user", "course", "scope", "nodes", "total", "studyNext", "activity"],
      "properties": {
        "format": {"const": "practice-report"},
        "version": {"const": 1},
        "kind": {"const": "learner"},
        "generated": {"type": "string", "format": "date-time"},
        "timeZone": {"type": "string", "description": "the zone the study days are counted in (TZ: Asia/Shanghai, CST-8, UTC); times here stay UTC"},
        "dayStartsAt": {"type": "integer", "minimum": 0, "maximum": 23, "description": "the local hour a study day begins (--day-starts, PRACTICE_DAY_STARTS; default 4)"},
        "user": {"type": "string"},
        "course": {"$ref": "#/$defs/course"},
        "scope": {"type": ["string", "null"], "description": "address the report is restricted to"},
        "nodes": {"type": "array", "items": {"$ref": "#/$defs/node"}},
        "total": {"$ref": "#/$defs/figures"},
        "studyNext": {"type": "array", "maxItems": 5, "items": {"$ref": "#/$defs/suggestion"}},
        "activity": {"type": "array", "items": {"$ref": "#/$defs/day"}},
        "calculatedMistakes": {"type": "array", "items": {"$ref": "#/$defs/calculatedMistake"}, "description": "wrong answers to the scope's calculated questions with the values each was given for, oldest first; absent when there are none"}
      },
      "$defs": {
        "calculatedMistake": {
          "type": "object", "required": ["question", "address", "prompt", "shownPrompt", "given", "chosen", "asTyped", "values", "answer", "time"],
          "properties": {
            "question": {"type": "string"}, "address": {"type": "string"},
            "prompt": {"type": "string", "description": "as the course writes it: {m} where a value goes"},
            "shownPrompt": {"type": "string", "description": "the prompt with these values, as the session showed it, on one line; the prompt as written when they no longer fit the question"},
            "given": {"type": "string", "description": "as typed"},
            "chosen": {"type": ["array", "null"], "items": {"type": "string"}, "description": "a choice form's chosen choices shown with these values, in the course's order (what the letters chose in the session that shuffled them); null for a typed answer, or when asTyped"},
            "asTyped": {"type": "boolean", "description": "true when a choice form's answer is listed as typed (given, e.g. the letter a): its session's order of the choices could not be replayed (the course changed since)"},
            "values": {"type": "object", "additionalProperties": {"type": "string"}, "description": "the values shown, as shown, in the question's order"},
            "answer": {"type": ["string", "null"], "description": "the answer for these values with its unit, as the question shows it; null when the question no longer computes it"},
            "time": {"type": "string", "format": "date-time"}
          }
        },
        "course": {
          "type": "object", "required": ["id", "title"],
          "properties": {"id": {"type": "string"}, "title": {"type": "string"}}
        },
        "node": {
          "type": "object",
          "allOf": [{"$ref": "#/$defs/figures"}],
          "required": ["address", "id", "key", "title", "depth", "children"],
          "properties": {
            "address": {"type": "string"},
            "id": {"type": ["string", "null"]},
            "key": {"type": "string"},
            "title": {"type": "string"},
            "depth": {"type": "integer", "minimum": 0},
            "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}
          }
        },
        "suggestion": {
          "type": "object", "required": ["address", "title", "reason", "explanation", "command"],
          "properties": {
            "address": {"type": "string"}, "title": {"type": "string"},
            "reason": {"enum": ["due", "unread", "weak", "unpractised"]},
            "explanation": {"type": "string"}, "command": {"type": "string"}
          }
        },
        "day": {
          "type": "object", "required": ["date", "answers"],
          "properties": {"date": {"type": "string", "format": "date", "description": "a study day, named by the local date it begins on"}, "answers": {"type": "integer", "minimum": 0}}
        },
    \#(figures)
      }
    }
    """#

  /// The class report: `{"format": "practice-class-report", "version": 1, …}`.
  package static let classReport = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://practice.invalid/schemas/practice-class-report-1.json",
      "title": "practice class report, version 1",
      "type": "object",
      "required": ["format", "version", "kind", "generated", "timeZone", "dayStartsAt", "course", "learners", "unreadable", "problem", "nodes", "users"],
      "properties": {
        "format": {"const": "practice-class-report"},
        "version": {"const": 1},
        "kind": {"const": "class"},
        "generated": {"type": "string", "format": "date-time"},
        "timeZone": {"type": "string", "description": "the zone the study days are counted in (TZ: Asia/Shanghai, CST-8, UTC); times here stay UTC"},
        "dayStartsAt": {"type": "integer", "minimum": 0, "maximum": 23, "description": "the local hour a study day begins (--day-starts, PRACTICE_DAY_STARTS; default 4)"},
        "course": {"$ref": "#/$defs/course"},
        "learners": {"type": "integer", "minimum": 0},
        "unreadable": {"type": "integer", "minimum": 0},
        "problem": {"type": ["string", "null"]},
        "nodes": {"type": "array", "items": {"$ref": "#/$defs/node"}},
        "users": {"type": "array", "items": {"$ref": "#/$defs/user"}}
      },
      "$defs": {
        "course": {
          "type": "object", "required": ["id", "title"],
          "properties": {"id": {"type": "string"}, "title": {"type": "string"}}
        },
        "node": {
          "type": "object",
          "required": ["address", "id", "key", "title", "depth", "users", "usersRead", "notRead", "sessions",
                       "averageScore", "bestScore", "answers", "correct", "overruled", "hints", "accuracy", "questions", "children"],
          "properties": {
            "address": {"type": "string"}, "id": {"type": ["string", "null"]}, "key": {"type": "string"},
            "title": {"type": "string"}, "depth": {"type": "integer", "minimum": 0},
            "users": {"type": "integer", "minimum": 0},
            "usersRead": {"type": "integer", "minimum": 0, "description": "learners who read the node, by the learner report's hadRead rule"},
            "notRead": {"type": "array", "items": {"type": "string"}},
            "sessions": {"type": "integer", "minimum": 0},
            "averageScore": {"type": ["number", "null"], "description": "mean of each learner's bestScore on this node (full sessions on the node only)"},
            "bestScore": {"type": ["number", "null"], "description": "the highest learner bestScore"},
            "answers": {"type": "integer", "minimum": 0}, "correct": {"type": "integer", "minimum": 0},
            "overruled": {"type": "integer", "minimum": 0, "description": "answers graded wrong that learners marked right with !!, summed over learners; each is also in correct"},
            "hints": {"type": "integer", "minimum": 0, "description": "answers and skips given after a hint, summed over learners"},
            "accuracy": {"type": ["number", "null"]}, "questions": {"type": "integer", "minimum": 0},
            "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}
          }
        },
        "user": {
          "type": "object", "required": ["name", "error", "warnings", "total"],
          "properties": {
            "name": {"type": "string"},
            "error": {"type": ["string", "null"]},
            "warnings": {"type": "array", "items": {"type": "string"}},
            "total": {"anyOf": [{"$ref": "#/$defs/figures"}, {"type": "null"}]}
          }
        },
    \#(figures)
      }
    }
    """#
}
