import Foundation
import TextLayout

/// Grading of `numeric`: a number, a unit converted to the question's unit, and a tolerance.
enum NumericGrading {
  /// The share of |answer| accepted either side when a question gives no tolerance.
  static let defaultRelativeTolerance = 0.005
  /// The tolerance for an answer of exactly 0 without an explicit one, where 0.5% would be nothing.
  static let zeroTolerance = 1e-9

  static func tolerance(answer: Double, explicit: Double?) -> Double {
    if let explicit { return explicit }
    return answer == 0 ? zeroTolerance : abs(answer) * defaultRelativeTolerance
  }

  static func expectation(unit: MeasurementUnit?, number: String?) -> String {
    guard let unit else { return "type a number, for example \"\(number ?? "12.5")\"" }
    guard let number else { return "type a number and a unit, for example \"12.5 \(unit.symbol)\"" }
    return "give a unit, for example \"\(number) \(unit.symbol)\""
  }

  static func grade(_ input: String, question: Question, answer: Double, unit: MeasurementUnit?, tolerance: Double?)
    -> AnswerOutcome
  {
    let reading: Reading
    switch read(input) {
    case .failure(let invalid):
      return .invalid(invalid.message.isEmpty ? expectation(unit: unit, number: nil) : invalid.message)
    case .success(let value): reading = value
    }
    let number = AnswerText.format(reading.value)
    let expected = AnswerText.format(answer) + (unit.map { " \($0.symbol)" } ?? "")
    let allowed = NumericGrading.tolerance(answer: answer, explicit: tolerance)

    var value = reading.value
    var given = number
    var notes: [String] = []
    if reading.unitText.isEmpty {
      if unit != nil { return .invalid(expectation(unit: unit, number: number)) }
    } else {
      guard let expectedUnit = unit else {
        return .invalid("this answer is a plain number without a unit; type just the number, for example \"\(number)\"")
      }
      guard let givenUnit = MeasurementUnit.named(reading.unitText) else {
        let choices = MeasurementUnit.units(of: expectedUnit.quantity).map(\.symbol).joined(separator: ", ")
        return .invalid("unknown unit \"\(reading.unitText)\"; use one of \(choices)")
      }
      given = number + " " + givenUnit.symbol
      guard let converted = givenUnit.convert(reading.value, to: expectedUnit) else {
        let detail =
          "\(givenUnit.symbol) is a unit of \(givenUnit.quantity.name); this answer needs \(expectedUnit.quantity.withArticle)"
        return question.feedback(isCorrect: false, given: given, expected: expected, detail: detail)
      }
      if givenUnit != expectedUnit {
        notes.append("\(given) = \(AnswerText.format(converted)) \(expectedUnit.symbol)")
      }
      value = converted
    }
    // Conversions and decimal input are not exact in binary; a hair of slack keeps boundaries inclusive.
    let slack = 1e-9 * max(abs(answer), allowed)
    let isCorrect = abs(value - answer) <= allowed + slack
    if !isCorrect {
      notes.append("answers within ±\(AnswerText.format(allowed))\(unit.map { " \($0.symbol)" } ?? "") count as right")
    }
    return question.feedback(
      isCorrect: isCorrect, given: given, expected: expected,
      detail: notes.isEmpty ? nil : notes.joined(separator: "; "))
  }

  struct Reading {
    var value: Double
    /// What follows the number, trimmed; empty when no unit was typed.
    var unitText: String
  }

  struct Invalid: Error {
    /// Empty means "not a number at all": the caller fills in the question's expectation.
    var message: String
  }

  /// Splits `2.7e3 kg/m³` into a number and the unit text after it.
  ///
  /// Commas are refused rather than guessed: `2,700` is two thousand seven hundred in China and the
  /// US but 2.7 in much of Europe, and a wrong guess would grade silently wrong.
  static func read(_ input: String) -> Result<Reading, Invalid> {
    // NFKC turns full-width digits and `．` into ASCII; the minus sign (U+2212) it leaves alone.
    let text = Array(
      CompatibilityText.nfkc(input).replacingOccurrences(of: "\u{2212}", with: "-")
        .trimmingSpaces())
    var index = 0
    var literal = ""
    if index < text.count, text[index] == "-" || text[index] == "+" {
      literal.append(text[index])
      index += 1
      while index < text.count, text[index].isWhitespace { index += 1 }
    }
    var digits = 0
    func scanDigits() {
      while index < text.count, let ascii = text[index].asciiValue, (48...57).contains(ascii) {
        literal.append(text[index])
        index += 1
        digits += 1
      }
    }
    scanDigits()
    if index < text.count, text[index] == "." {
      literal.append(".")
      index += 1
      scanDigits()
    }
    guard digits > 0 else { return .failure(Invalid(message: "")) }
    if index + 1 < text.count, text[index] == ",", text[index + 1].isASCII, text[index + 1].isNumber {
      return .failure(
        Invalid(
          message: "write the number without commas, for example \"2700\" or \"2.7\"; \"2,700\" could mean either"))
    }
    if index < text.count, text[index] == "e" || text[index] == "E" {
      var lookahead = index + 1
      var exponent = "e"
      if lookahead < text.count, text[lookahead] == "-" || text[lookahead] == "+" {
        exponent.append(text[lookahead])
        lookahead += 1
      }
      let exponentStart = lookahead
      while lookahead < text.count, let ascii = text[lookahead].asciiValue, (48...57).contains(ascii) {
        exponent.append(text[lookahead])
        lookahead += 1
      }
      if lookahead > exponentStart {
        literal += exponent
        index = lookahead
      }
    }
    guard let value = Double(literal), value.isFinite else { return .failure(Invalid(message: "")) }
    let rest = String(text[index...]).trimmingSpaces()
    return .success(Reading(value: value, unitText: rest))
  }
}
