/// What each answer of a question is worth and what is said when it is given: Moodle's per-answer
/// fractions and feedback, kept from a question bank (or written in a course).
///
/// Empty for a question graded all or nothing with no per-answer feedback, which is what every
/// course written before partial credit has.
///
/// ```swift
/// // GIFT {~%50%Cat ~%50%Dog ~%-100%Fish}
/// let credit = AnswerCredit(fractions: [0.5, 0.5, -1], feedback: ["", "", "Fish are not mammals."])
/// credit.fraction(choosing: [0, 2])  // 0 (0.5 - 1, clamped)
/// ```
package struct AnswerCredit: Sendable, Equatable {
  /// Per option of a choice question, in course order: the fraction of full credit choosing it
  /// earns (1 full, 0.5 half, -1 a penalty). Empty: the right options are worth all, others nothing.
  package var fractions: [Double]
  /// Per option (choice), per accepted answer (fill), for the answer (numeric), or for the answers
  /// true and false (in that order): what is shown when that answer is given; empty strings where
  /// there is none.
  package var feedback: [String]
  /// Fill-in or numeric answers worth less than full credit, or only carrying feedback; `*` is any
  /// other answer.
  package var otherAnswers: [OtherAnswer]

  package init(fractions: [Double] = [], feedback: [String] = [], otherAnswers: [OtherAnswer] = []) {
    self.fractions = fractions
    self.feedback = feedback
    self.otherAnswers = otherAnswers
  }

  /// Neither fractions, feedback nor other answers.
  package var isEmpty: Bool {
    fractions.isEmpty && otherAnswers.isEmpty && feedback.allSatisfy(\.isEmpty)
  }

  /// The feedback at `index`, nil when there is none.
  package func feedback(at index: Int) -> String? {
    guard feedback.indices.contains(index), !feedback[index].isEmpty else { return nil }
    return feedback[index]
  }

  /// Moodle's multiple-answer rule (qtype_multichoice_multi_question::grade_response): the sum of
  /// the chosen options' fractions, clamped to 0…1; `chosen` are course indices.
  /// Rounded to Moodle's 7 decimals (its fractions are `decimal(12,7)`), so 0.2 + 0.2 + 0.2 is
  /// saved as 0.6, not 0.6000000000000001.
  package func fraction(choosing chosen: [Int]) -> Double {
    let sum = chosen.reduce(0.0) { $0 + (fractions.indices.contains($1) ? fractions[$1] : 0) }
    return Self.clamped((sum * 10_000_000).rounded() / 10_000_000)
  }

  /// `value` held to 0…1 (a penalty never makes a mark negative in practice).
  package static func clamped(_ value: Double) -> Double { min(max(value, 0), 1) }

  /// Whether a fraction counts as right: Moodle's `graded_state_for_fraction` (full credit, within 10⁻⁷).
  package static func isFull(_ fraction: Double) -> Bool { fraction >= 1 - 1e-7 }

  /// The best numeric other answer `value` (in the question's unit) is within, else the wildcard
  /// when it says or earns something; nil when none.
  package func numericMatch(_ value: Double) -> OtherAnswer? {
    let matches = otherAnswers.filter { other in
      guard let number = other.value else { return false }
      return abs(value - number) <= other.tolerance + 1e-9 * max(abs(number), other.tolerance)
    }
    return matches.max { $0.fraction < $1.fraction }
      ?? otherAnswers.first { $0.isWildcard && ($0.fraction > 0 || !$0.feedback.isEmpty) }
  }

  /// A fill-in answer worth `fraction`, with its feedback (GIFT `=%50%Nazereth#misspelled`), or a
  /// numeric one (`value ± tolerance`, GIFT `=%50%5:0.5#close`).
  package struct OtherAnswer: Sendable, Equatable {
    /// The answer's text; `*` matches any answer no other matches (Moodle's wildcard). Empty for a
    /// numeric answer, which has a `value`.
    package var text: String
    /// Between 0 and 1 (a short answer carries no penalty in Moodle).
    package var fraction: Double
    package var feedback: String
    /// A numeric answer's value and tolerance, in the question's unit.
    package var value: Double?
    package var tolerance: Double

    package init(text: String, fraction: Double, feedback: String = "", value: Double? = nil, tolerance: Double = 0) {
      self.text = text
      self.fraction = fraction
      self.feedback = feedback
      self.value = value
      self.tolerance = tolerance
    }

    /// Moodle's wildcard answer.
    package var isWildcard: Bool { text == "*" }
  }
}
