package import CourseOutline
package import Foundation
package import Localization
package import PracticeJSON
package import ProgressStorage
import QuizEngine

/// A wrong answer to a calculated question with the values it was given for (issue 33): each
/// attempt draws new values, so "you answered 2.5" says little without "m = 54.0, V = 20", and the
/// answer that was right is the one for those values, worked out again from the question's formula.
///
/// `info` lists a node's (from the sessions the store keeps whole), the learner report its scope's
/// (from the whole history).
///
/// ```swift
/// let mistakes = CalculatedMistake.collect(course: course, state: state, nodes: 0..<course.count)
/// mistakes.first?.values.text   // "m = 54.0, V = 20"
/// mistakes.first?.answer        // "2.7 g/cm³"
/// ```
package struct CalculatedMistake: Sendable, Hashable {
  package var questionID: String
  /// The node holding the question (an index into `course.nodes`) and its address.
  package var node: Int
  package var address: String
  /// The question's place among its node's questions, for listing in the course's order.
  package var position: Int
  /// The question's prompt as the course writes it (`{m}` where a value goes), on one line.
  package var prompt: String
  /// What the learner typed.
  package var given: String
  package var values: ShownValues
  /// The answer for these values with its unit (`27 ℃`), shown as the question shows it; nil when
  /// the question no longer computes it (its variables changed since).
  package var answer: String?
  package var time: Date

  /// The wrong answers with recorded values to the calculated questions of `nodes`, oldest first
  /// (ties by question, then as recorded); an answer overruled with `!!` is not wrong.
  package static func collect(course: Course, state: ProgressState, nodes: Range<Int>) -> [CalculatedMistake] {
    var questions: [String: (question: CalculatedQuestion, prompt: String, node: Int, position: Int)] = [:]
    for index in nodes {
      for (position, question) in course.nodes[index].questions.enumerated() {
        guard case .calculated(let calculated) = question.kind else { continue }
        questions[question.id] = (calculated, Formatting.oneLine(question.prompt), index, position)
      }
    }
    guard !questions.isEmpty else { return [] }
    var found: [CalculatedMistake] = []
    for session in state.sessionsByStart {
      for answer in session.answers where !answer.correct {
        guard let values = answer.values, let known = questions[answer.questionID] else { continue }
        let shown = known.question.recalled(values.values.map { ($0.name, $0.text) })?.shownAnswer
        found.append(
          CalculatedMistake(
            questionID: answer.questionID, node: known.node, address: course.address(of: known.node),
            position: known.position, prompt: known.prompt, given: answer.given, values: values, answer: shown,
            time: answer.time))
      }
    }
    // Stable: sessions are in start order, answers in the order given.
    return found.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }

  /// The mistakes per question, the questions in the course's order, each one's oldest first.
  package static func grouped(_ mistakes: [CalculatedMistake]) -> [[CalculatedMistake]] {
    var groups: [String: [CalculatedMistake]] = [:]
    for mistake in mistakes { groups[mistake.questionID, default: []].append(mistake) }
    return groups.values.sorted {
      ($0[0].node, $0[0].position, $0[0].questionID) < ($1[0].node, $1[0].position, $1[0].questionID)
    }
  }

  /// `you: 30 (t1 = -15, t2 = 12)    right: 27 ℃`, in the learner's language.
  package func line(_ messages: Localizer) -> String {
    let pairs: KeyValuePairs<String, Any> = ["given": given, "values": values.text, "expected": answer ?? ""]
    return answer == nil
      ? messages.tr("you: {given} ({values})", pairs)
      : messages.tr("you: {given} ({values})    right: {expected}", pairs)
  }

  /// The JSON report's entry: `{"question", "address", "prompt", "given", "values", "answer", "time"}`.
  package var json: JSONValue {
    .object([
      ("question", .string(questionID)), ("address", .string(address)), ("prompt", .string(prompt)),
      ("given", .string(given)), ("values", values.json), ("answer", .optional(answer)),
      ("time", .string(Formatting.iso(time))),
    ])
  }
}
