package import CourseOutline
package import Foundation
package import PracticeTime
package import ProgressStorage
package import QuizEngine
import Reports
import Scheduling

/// What a `review` asks today: the questions due today (`StudyFigures.isDueToday`), most overdue first, then the new ones from the
/// parts already started, in course order, each within what today's limits leave.
///
/// ```swift
/// let plan = ReviewPlan(course: course, scope: nil, book: book, now: now, limits: .standard)
/// session(plan.reviews + plan.fresh)
/// ```
package struct ReviewPlan: Sendable {
  /// Due questions asked today, most overdue first.
  package private(set) var reviews: [Question] = []
  /// New questions asked today, in course order, after the reviews.
  package private(set) var fresh: [Question] = []
  /// Due questions beyond today's review limit.
  package private(set) var dueWaiting = 0
  /// New questions of started parts beyond today's new limit.
  package private(set) var newWaiting = 0
  /// New questions in parts not started yet (left out unless `--new`).
  package private(set) var unstartedNew = 0
  /// The limits the plan applied, and what the day had asked before it.
  package private(set) var limits: DailyLimits
  package private(set) var askedToday: (reviews: Int, new: Int)

  /// - Parameter opened: whether the learner opened a node (its row tapped, `info`): an opened part
  ///   counts as started, so its new questions come in a review.
  /// - Parameter includingUnstarted: new questions from every part (`review --new`, or `review ADDR`,
  ///   which names what to review), not only started ones.
  package init(
    course: Course, scope: Int?, book: ReviewBook, now: Date, studyDay: StudyDay, limits: DailyLimits,
    opened: (Int) -> Bool = { _ in false }, includingUnstarted: Bool = false
  ) {
    self.limits = limits
    askedToday = book.countsToday(now: now, studyDay: studyDay)
    let dayEnd = studyDay.end(of: now)
    let nodes = scope.map { $0..<course.nodes[$0].subtreeEnd } ?? course.nodes.indices
    // Chosen by their summaries, and only the questions asked decoded: a course opened to study
    // decodes a node's questions when first asked for (`DeferredQuestions`), and the greeting
    // needs only the counts.
    var due: [(question: QuestionPlace, due: Date, order: Int)] = []
    var new: [QuestionPlace] = []
    var order = 0
    for index in nodes {
      let summaries = course.nodes[index].questionSummaries
      // A part is started once it was opened or any of its questions answered or skipped.
      let started =
        !summaries.isEmpty && (opened(index) || summaries.contains { !StudyFigures.isNew(book.memories[$0.id]) })
      // An essay is graded by no one: never due, never new to a review.
      for (position, summary) in summaries.enumerated() where summary.type != .essay {
        order += 1
        let memory = book.memories[summary.id]
        let place = QuestionPlace(node: index, position: position)
        if StudyFigures.isNew(memory) {
          if started || includingUnstarted { new.append(place) } else { unstartedNew += 1 }
        } else if let memory, StudyFigures.isDueToday(memory, before: dayEnd) {
          due.append((place, memory.due, order))
        }
      }
    }
    due.sort { ($0.due, $0.order) < ($1.due, $1.order) }
    // What today's limits leave: `StudyFigures.reviewsToday` and `StudyFigures.newToday`, the
    // counts every view shows.
    reviews = due.prefix(
      StudyFigures.reviewsToday(
        due: due.count, reviewsPerDay: limits.reviewsPerDay, reviewedToday: askedToday.reviews)
    ).map { course.nodes[$0.question.node].questions[$0.question.position] }
    fresh = new.prefix(
      StudyFigures.newToday(available: new.count, newPerDay: limits.newPerDay, newBegunToday: askedToday.new)
    ).map { course.nodes[$0.node].questions[$0.position] }
    dueWaiting = due.count - reviews.count
    newWaiting = new.count - fresh.count
  }
}

/// Where a question stands in a course: its node and its position among the node's questions.
private struct QuestionPlace {
  var node: Int
  var position: Int
}
