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
  /// The prompt with `values`, as the session showed it, on one line; the prompt as written when it
  /// no longer renders for them (the question changed since).
  package var shownPrompt: String
  /// What the learner typed.
  package var given: String
  /// The choice form's chosen choices shown with `values` (`["1.87 g/cm³"]`), in the course's order:
  /// what a letter chose in the session that shuffled them; nil for a typed answer, and for a choice
  /// the session's order cannot be replayed for (``asTyped``).
  package var chosen: [String]? = nil
  /// The choice form's answer shown as typed (`a`): its session's order of the choices cannot be
  /// replayed (the course changed since), or what was typed chooses none of them.
  package var asTyped = false
  package var values: ShownValues
  /// The answer for these values with its unit (`27 ℃`), shown as the question shows it; nil when
  /// the question no longer computes it (its variables changed since).
  package var answer: String?
  package var time: Date

  /// The wrong answers with recorded values to the calculated questions of `nodes`, oldest first
  /// (ties by question, then as recorded); an answer overruled with `!!` is not wrong.
  package static func collect(course: Course, state: ProgressState, nodes: Range<Int>) -> [CalculatedMistake] {
    var questions:
      [String: (question: Question, calculated: CalculatedQuestion, prompt: String, node: Int, position: Int)] = [:]
    for index in nodes {
      for (position, question) in course.nodes[index].questions.enumerated() {
        guard case .calculated(let calculated) = question.kind else { continue }
        questions[question.id] = (question, calculated, Formatting.oneLine(question.prompt), index, position)
      }
    }
    guard !questions.isEmpty else { return [] }
    var found: [CalculatedMistake] = []
    for session in state.sessionsByStart {
      // Replayed once per session, and only for a wrong answer to a choice form.
      var optionOrders: [String: [Int]]??
      for answer in session.answers where !answer.correct {
        guard let values = answer.values, let known = questions[answer.questionID] else { continue }
        let shown = values.values.map { ($0.name, $0.text) }
        let recalled = known.calculated.recalled(shown)
        var mistake = CalculatedMistake(
          questionID: answer.questionID, node: known.node, address: course.address(of: known.node),
          position: known.position, prompt: known.prompt,
          shownPrompt: recalled?.shown(known.question.prompt).map(Formatting.oneLine) ?? known.prompt,
          given: answer.given, values: values, answer: recalled?.shownAnswer, time: answer.time)
        if known.calculated.definition.choices != nil {
          if optionOrders == nil { optionOrders = RecordedSessionPlan.optionOrders(of: session, in: course) }
          mistake.chosen = (optionOrders ?? nil)?[answer.questionID].flatMap {
            known.question.calculatedChoices(chosenBy: answer.given, values: shown, optionOrder: $0)
          }
          mistake.asTyped = mistake.chosen == nil
        }
        found.append(mistake)
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

  /// `mistakes` (one question's, in order) in runs of consecutive answers given for the same values'
  /// prompt: each run listed under its prompt as shown.
  package static func runs(_ mistakes: [CalculatedMistake]) -> [[CalculatedMistake]] {
    var runs: [[CalculatedMistake]] = []
    for mistake in mistakes {
      if let last = runs.last?.last, last.shownPrompt == mistake.shownPrompt {
        runs[runs.count - 1].append(mistake)
      } else {
        runs.append([mistake])
      }
    }
    return runs
  }

  /// `you: 30 (t1 = -15, t2 = 12)    right: 27 ℃`, in the learner's language; for the choice form
  /// the choices chosen (`you: 1.87 g/cm³ (m = 71.2, V = 38)`), or the letter as typed, said so.
  package func line(_ messages: Localizer) -> String {
    let shown =
      chosen?.joined(separator: "; ") ?? (asTyped ? messages.tr("“{letter}” as typed", ["letter": given]) : given)
    let pairs: KeyValuePairs<String, Any> = ["given": shown, "values": values.text, "expected": answer ?? ""]
    return answer == nil
      ? messages.tr("you: {given} ({values})", pairs)
      : messages.tr("you: {given} ({values})    right: {expected}", pairs)
  }

  /// The JSON report's entry: `{"question", "address", "prompt", "shownPrompt", "given", "chosen", "asTyped",
  /// "values", "answer", "time"}`.
  package var json: JSONValue {
    .object([
      ("question", .string(questionID)), ("address", .string(address)), ("prompt", .string(prompt)),
      ("shownPrompt", .string(shownPrompt)),
      ("given", .string(given)), ("chosen", chosen.map { .array($0.map(JSONValue.string)) } ?? .null),
      ("asTyped", .bool(asTyped)), ("values", values.json), ("answer", .optional(answer)),
      ("time", .string(Formatting.iso(time))),
    ])
  }
}
