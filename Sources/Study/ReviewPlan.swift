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
    var due: [(question: Question, due: Date, order: Int)] = []
    var new: [Question] = []
    var order = 0
    for index in nodes {
      let questions = course.nodes[index].questions
      // A part is started once it was opened or any of its questions answered or skipped.
      let started =
        !questions.isEmpty && (opened(index) || questions.contains { !StudyFigures.isNew(book.memories[$0.id]) })
      // An essay is graded by no one: never due, never new to a review.
      for question in questions where question.kind.type != .essay {
        order += 1
        let memory = book.memories[question.id]
        if StudyFigures.isNew(memory) {
          if started || includingUnstarted { new.append(question) } else { unstartedNew += 1 }
        } else if let memory, StudyFigures.isDueToday(memory, before: dayEnd) {
          due.append((question, memory.due, order))
        }
      }
    }
    due.sort { ($0.due, $0.order) < ($1.due, $1.order) }
    // What today's limits leave: `StudyFigures.reviewsToday` and `StudyFigures.newToday`, the
    // counts every view shows.
    reviews = due.prefix(
      StudyFigures.reviewsToday(
        due: due.count, reviewsPerDay: limits.reviewsPerDay, reviewedToday: askedToday.reviews)
    ).map(\.question)
    fresh = Array(
      new.prefix(
        StudyFigures.newToday(available: new.count, newPerDay: limits.newPerDay, newBegunToday: askedToday.new)))
    dueWaiting = due.count - reviews.count
    newWaiting = new.count - fresh.count
  }
}
