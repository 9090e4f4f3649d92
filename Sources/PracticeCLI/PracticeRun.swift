import Foundation
import QuizEngine

/// The practice session in progress, with what the shell needs to record it.
struct PracticeRun {
  var id: String
  var node: Int
  var session: PracticeSession
  /// Each question's owning node key, for the progress record.
  var nodeKeyOfQuestion: [String: String]
  var isMistakesRound: Bool
  /// Wrong answers carried across rounds of `mistakes`.
  var questionsByID: [String: Question]
  /// The current flashcard's back has been shown.
  var cardRevealed = false
}
