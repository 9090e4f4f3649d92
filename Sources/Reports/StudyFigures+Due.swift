package import CourseOutline
package import Foundation
package import PracticeTime
import QuizEngine
package import Scheduling

extension StudyFigures {
  /// **Due today**: the question's review falls due before the current study day ends (overdue
  /// included). The one rule behind every "due" and "到期" that means today: `ls`, `due`, `review`,
  /// the greeting, every report format, `report --class`.
  ///
  /// ```swift
  /// let end = studyDay.end(of: now)
  /// StudyFigures.isDueToday(memory, before: end)
  /// ```
  package static func isDueToday(_ memory: CardMemory, before dayEnd: Date) -> Bool { memory.due < dayEnd }

  /// Per node, the questions of its subtree due today (see `isDueToday`): `dayEnd` is
  /// `studyDay.end(of: now)`.
  ///
  /// ```swift
  /// let due = StudyFigures.dueToday(course: course, memories: book.memories, before: studyDay.end(of: now))
  /// due[node]  // 26
  /// ```
  package static func dueToday(course: Course, memories: [String: CardMemory], before dayEnd: Date) -> NodeCounts {
    var counts = NodeCounts(count: course.count)
    guard !memories.isEmpty else { return counts }
    for index in course.nodes.indices {
      for question in course.nodes[index].questionSummaries {
        if let memory = memories[question.id], isDueToday(memory, before: dayEnd) { counts[index] += 1 }
      }
    }
    counts.sumSubtrees(of: course)
    return counts
  }

  /// **New**: a question never answered or skipped, so with no review memory yet. The one rule
  /// behind every "new"/"新题": `due`, `review`'s header and its new block, the greeting, the
  /// report's `new`.
  package static func isNew(_ memory: CardMemory?) -> Bool { memory == nil }

  /// Per node, the new questions of its subtree (see `isNew`).
  ///
  /// ```swift
  /// StudyFigures.newQuestions(course: course, memories: book.memories)[node]  // 12
  /// ```
  package static func newQuestions(course: Course, memories: [String: CardMemory]) -> NodeCounts {
    var counts = NodeCounts(count: course.count)
    for index in course.nodes.indices {
      for question in course.nodes[index].questionSummaries where isNew(memories[question.id]) { counts[index] += 1 }
    }
    counts.sumSubtrees(of: course)
    return counts
  }

  /// **New today**: of `available` new questions, how many today's limit still lets a review ask:
  /// Anki's "new cards/day" less those the study day already began (`newBegunToday`).
  ///
  /// ```swift
  /// StudyFigures.newToday(available: 30, newPerDay: 20, newBegunToday: 5)  // 15
  /// ```
  package static func newToday(available: Int, newPerDay: Int, newBegunToday: Int) -> Int {
    min(available, max(0, newPerDay - newBegunToday))
  }

  /// **Due today, within the limit**: of `due` questions due today, how many today's limit still
  /// lets a review ask (Anki's "maximum reviews/day" less the reviews the day already had).
  package static func reviewsToday(due: Int, reviewsPerDay: Int, reviewedToday: Int) -> Int {
    min(due, max(0, reviewsPerDay - reviewedToday))
  }

  /// **Accuracy**: right answers over every answer ever given (every attempt, `!!` counted as
  /// right), a partly right answer counting its fraction (`partialCredit`, the sum of those
  /// fractions), in percent; nil before any answer. `info`, every report format and the class
  /// report; `sql/class-report.sql` computes it in the same order.
  ///
  /// ```swift
  /// StudyFigures.accuracy(right: 28, answers: 36)  // 77.77…
  /// StudyFigures.accuracy(right: 1, partialCredit: 0.5, answers: 2)  // 75
  /// ```
  package static func accuracy(right: Int, partialCredit: Double = 0, answers: Int) -> Double? {
    answers > 0 ? (Double(right) + partialCredit) * 100 / Double(answers) : nil
  }

  /// Per node, its subtree's questions falling due on each of `days` study days from the one
  /// holding `now`: the first is due today (overdue included), exactly `dueToday`.
  ///
  /// ```swift
  /// let week = StudyFigures.dueByDay(course: course, memories: m, studyDay: day, now: now, days: 8)
  /// week[node][0] == StudyFigures.dueToday(course: course, memories: m, before: day.end(of: now))[node]
  /// ```
  package static func dueByDay(
    course: Course, memories: [String: CardMemory], studyDay: StudyDay, now: Date, days: Int
  ) -> [[Int]] {
    let today = studyDay.number(of: now)
    var counts = [[Int]](repeating: [Int](repeating: 0, count: days), count: course.count)
    for index in course.nodes.indices {
      for question in course.nodes[index].questionSummaries {
        guard let due = memories[question.id]?.due else { continue }
        let day = studyDay.number(of: due) - today
        if day < days { counts[index][max(0, day)] += 1 }
      }
    }
    // Children come after parents in preorder: a backward pass adds each node into its parent.
    for index in course.nodes.indices.reversed() {
      guard let parent = course.nodes[index].parent else { continue }
      for day in 0..<days { counts[parent][day] += counts[index][day] }
    }
    return counts
  }
}
