import Foundation
import ProgressStorage
import QuizEngine

/// The practice session in progress, with what the shell needs to record it.
struct PracticeRun {
  var id: String
  /// The node practised; nil for a `mistakes` round or a review over the whole course.
  var node: Int?
  var session: PracticeSession
  /// Each question's owning node key, for the progress record.
  var nodeKeyOfQuestion: [String: String]
  var kind: SessionKind
  /// The current flashcard's back has been shown.
  var cardRevealed = false
  /// When the current question was shown, for the quick-answer (Easy) rule.
  var shownAt: Date
  /// Which question (by answers given so far) `shownAt` belongs to; -1 before the first is shown.
  var shownIndex = -1
  /// Whether a hint was shown for the current question (a right answer is then Hard).
  var hinted = false
  /// Lines said before the question at an index is first shown (a review's block of new questions).
  var announcements: [Int: String] = [:]
}
