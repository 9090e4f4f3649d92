import Foundation
import QuizEngine

/// Answers already read back for an item analysis, shared by the threads reading learners: a class types
/// the same few answers, and reading a numeric or fill-in answer means grading it again.
///
/// Kept by question, text and the order the options were shown in (a letter names a different option in
/// another order), at most ``limit`` of them, so memory stays bounded on a large class.
///
/// ```swift
/// let cache = ResponseCache()
/// cache.response("0.4 kg", question: shown)  // graded once, then looked up
/// ```
final class ResponseCache: @unchecked Sendable {
  static let limit = 200_000

  private struct Key: Hashable {
    var question: String
    var given: String
    var order: [Int]
  }

  private var values: [Key: QuestionResponse?] = [:]
  private let lock = NSLock()

  func response(_ given: String, question: PresentedQuestion) -> QuestionResponse? {
    let key = Key(question: question.id, given: given, order: question.optionOrder)
    lock.lock()
    let hit = values[key]
    lock.unlock()
    if let hit { return hit }
    let value = QuestionResponse.read(given, question: question)
    lock.lock()
    if values.count < Self.limit { values[key] = value }
    lock.unlock()
    return value
  }
}
