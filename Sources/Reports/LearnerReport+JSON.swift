import Localization
package import PracticeJSON
import PracticeTime

extension LearnerReport {
  func json() -> String {
    JSONWriter.pretty(jsonValue)
  }

  /// The document described by `ReportSchema.learner`.
  package var jsonValue: JSONValue {
    .object(
      [
        ("format", "practice-report"),
        ("version", 1),
        ("kind", "learner"),
        ("generated", .string(Formatting.iso(generated))),
        ("timeZone", .string(studyDay.zone.name)),
        ("dayStartsAt", .int(studyDay.startHour)),
        ("user", .string(user)),
        ("course", .object([("id", .string(courseID)), ("title", .string(courseTitle))])),
        ("scope", scope.map { .string($0.node.address) } ?? .null),
        ("nodes", .array(Self.nest(rows).map(Self.nodeJSON))),
        ("total", .object(Self.figuresJSON(total))),
        (
          "studyNext",
          .array(
            studyNext.map {
              .object([
                ("address", .string($0.address)), ("title", .string($0.title)),
                ("reason", .string($0.reason.rawValue)), ("explanation", .string($0.explanation)),
                ("command", .string($0.command)),
              ])
            })
        ),
        (
          "activity",
          .array(activity.map { .object([("date", .string($0.date)), ("answers", .int($0.answers))]) })
        ),
      ] + (scheduling.map { [("scheduling", $0.json)] } ?? [])
        // Only when there are some, so every other report reads as before.
        + (calculatedMistakes.isEmpty ? [] : [("calculatedMistakes", .array(calculatedMistakes.map(\.json)))]))
  }

  /// A row with the rows below it, rebuilt from the preorder list by depth.
  struct Nested {
    var row: ReportRow
    var children: [Nested]
  }

  static func nest(_ rows: [ReportRow]) -> [Nested] {
    var index = 0
    func level(_ depth: Int) -> [Nested] {
      var out: [Nested] = []
      while index < rows.count, rows[index].node.depth >= depth {
        let row = rows[index]
        index += 1
        out.append(Nested(row: row, children: level(row.node.depth + 1)))
      }
      return out
    }
    return level(rows.first?.node.depth ?? 0)
  }

  static func nodeJSON(_ node: Nested) -> JSONValue {
    let row = node.row
    var pairs: [(String, JSONValue)] = [
      ("address", .string(row.node.address)), ("id", .optional(row.node.id)), ("key", .string(row.node.key)),
      ("title", .string(row.node.title)), ("depth", .int(row.node.depth)),
    ]
    pairs += figuresJSON(row.figures)
    pairs.append(("children", .array(node.children.map(nodeJSON))))
    return .object(pairs)
  }

  static func figuresJSON(_ f: ReportFigures) -> [(String, JSONValue)] {
    [
      ("hadRead", .bool(f.hadRead)), ("leaves", .int(f.leaves)), ("leavesRead", .int(f.leavesRead)),
      ("browseCount", .int(f.browseCount)), ("sessions", .int(f.sessions)),
      ("bestScore", .optional(Formatting.rounded(f.bestScore))),
      ("lastScore", .optional(Formatting.rounded(f.lastScore))),
      ("answers", .int(f.answers)), ("correct", .int(f.correct)), ("overruled", .int(f.overruled)),
      ("hints", .int(f.hints)),
      ("accuracy", .optional(Formatting.rounded(f.accuracy))),
      ("answered", .int(f.answered)), ("questions", .int(f.questions)), ("new", .int(f.new)),
      ("mastered", .int(f.mastered)),
      ("mastery", .optional(Formatting.rounded(f.masteredShare))), ("toRetry", .int(f.toRetry)),
      ("secondsSpent", .int(f.secondsSpent)),
      ("lastStudied", Formatting.iso(f.lastStudied)),
      ("due", .int(f.due)), ("reviewed", .int(f.reviewed)), ("retentionQuestions", .int(f.retentionQuestions)),
      ("retention", .optional(Formatting.rounded(f.meanRetention))),
    ]
  }
}
