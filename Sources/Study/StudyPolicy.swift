package import CourseOutline
package import Foundation
package import PracticeTime
package import ProgressStorage
package import QuizEngine
import Reports
import Scheduling

/// What a learner is asked, and in what order: a review's due and new questions within the day's
/// limits, a `mistakes` round and the round after it, the session `resume` takes up, and the part
/// to start with. UI-free: it chooses questions and sessions from the progress; the shell words
/// and shows them.
///
/// ```swift
/// let policy = StudyPolicy(course: course, state: store.state, book: book, studyDay: day, limits: limits)
/// let plan = policy.review(of: nil, now: now)       // plan.reviews + plan.fresh, in that order
/// let retry = policy.mistakes(in: nil)              // course order, latest answer wrong or skipped
/// if case .session(let record) = policy.sessionToResume(on: nil) { … }
/// ```
package struct StudyPolicy: Sendable {
  package let course: Course
  /// The fold of everything recorded; empty when the run keeps no progress.
  package let state: ProgressState
  /// The FSRS memories of the questions answered so far.
  package let book: ReviewBook
  package let studyDay: StudyDay
  /// What a study day holds.
  package let limits: DailyLimits

  package init(
    course: Course, state: ProgressState = ProgressState(), book: ReviewBook = ReviewBook(),
    studyDay: StudyDay = StudyDay(), limits: DailyLimits = .standard
  ) {
    self.course = course
    self.state = state
    self.book = book
    self.studyDay = studyDay
    self.limits = limits
  }

  // MARK: review

  /// What `review` asks now in `scope` (the course when nil): the due questions, most overdue
  /// first, then new ones in course order, within what today's limits leave. New questions come
  /// from the parts already started, or from every part with `everywhere` (`review --new`) or a
  /// `scope` (`review ADDR` names what to review).
  package func review(of scope: Int?, now: Date, everywhere: Bool = false) -> ReviewPlan {
    ReviewPlan(
      course: course, scope: scope, book: book, now: now, studyDay: studyDay, limits: limits, opened: isOpened,
      includingUnstarted: everywhere || scope != nil)
  }

  /// Whether the learner opened `node` (tapped its row, `info`): an opened part counts as started.
  package func isOpened(_ node: Int) -> Bool { state.nodes[course.key(of: node)]?.hadRead == true }

  /// When the first of `questions` falls due again; nil when none was answered.
  package func nextDue(of questions: [Question]) -> Date? {
    questions.compactMap { book.memories[$0.id]?.due }.min()
  }

  /// Where the new questions of a review begin in `questions` (it asked them in that order from
  /// `start`): the first of the questions at its end first answered in it, or not yet. Nil when it
  /// has no such block after its due questions (all new, or none).
  package func newBlockStart(of questions: [Question], since start: Date) -> Int? {
    var first = questions.count
    for index in questions.indices.reversed() {
      let firstSeen = book.firstReview[questions[index].id]
      guard firstSeen.map({ $0 >= start }) ?? true else { break }
      first = index
    }
    return first > 0 && first < questions.count ? first : nil
  }

  // MARK: mistakes

  /// The questions of `scope` (the course when nil), in course order, whose latest answer is
  /// wrong or partly right, or that were skipped last: what a `mistakes` round asks.
  package func mistakes(in scope: Int?) -> [Question] {
    questions(in: scope).filter { state.questions[$0.id]?.needsRetry == true }
  }

  /// Why `mistakes` finds nothing to ask.
  package enum NoMistakes: Sendable, Equatable {
    /// The scope has no questions.
    case noQuestions
    /// None of its questions was answered yet ("every answer is right" would be true, and misleading).
    case noneAnswered
    /// Every question answered has its latest answer right.
    case allRight
  }

  /// Why `mistakes(in:)` is empty (only meaningful when it is).
  package func whyNoMistakes(in scope: Int?) -> NoMistakes {
    let questions = questions(in: scope)
    if questions.isEmpty { return .noQuestions }
    return questions.contains { state.questions[$0.id] != nil } ? .allRight : .noneAnswered
  }

  /// What follows a session that just ended (its end recorded).
  package enum FollowUp: Sendable, Equatable {
    /// A `mistakes` round answered to its end left nothing to retry.
    case allPutRight
    /// A `mistakes` round answered to its end: another round of what is still wrong, in course order.
    case anotherRound([Question])
    /// Another session (not a review, which rates its answers instead) left this many to retry:
    /// `mistakes` is suggested.
    case suggestMistakes(count: Int)
    case nothing
  }

  /// What follows a session of `kind` on `node` (nil: the whole course): `mistakes` rounds repeat
  /// until every question is right or the learner quits; a session that left questions to retry
  /// says so, except a review.
  package func followUp(after kind: SessionKind, on node: Int?, endedEarly: Bool) -> FollowUp {
    let left = mistakes(in: node)
    if kind == .mistakes && !endedEarly { return left.isEmpty ? .allPutRight : .anotherRound(left) }
    return !left.isEmpty && kind != .review ? .suggestMistakes(count: left.count) : .nothing
  }

  // MARK: where to start

  /// The first part with questions none of which was answered yet: what a learner with nothing
  /// due or unfinished is told to start.
  package func firstUnstartedPart() -> Int? {
    course.nodes.indices.first { index in
      let summaries = course.nodes[index].questionSummaries
      return !summaries.isEmpty && !summaries.contains { book.memories[$0.id] != nil }
    }
  }

  /// Every question of `scope`, in course order; the course's when nil.
  func questions(in scope: Int?) -> [Question] {
    scope.map { course.questions(inSubtreeOf: $0) } ?? course.allQuestions
  }
}
