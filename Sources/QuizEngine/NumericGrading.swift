import Foundation
import TextLayout

/// Grading of `numeric`: a number, a unit converted to the question's unit, and a tolerance.
///
/// A bare number is read in the unit asked for; a unit of another quantity, an unknown unit, or (with
/// `answerUnit`) another unit of the right quantity is asked again rather than graded, so that only a
/// readable answer of the right kind is ever marked wrong.
enum NumericGrading {
  /// The share of |answer| accepted either side when a question gives no tolerance.
  static let defaultRelativeTolerance = 0.005
  /// The tolerance for an answer of exactly 0 without an explicit one, where 0.5% would be nothing.
  static let zeroTolerance = 1e-9

  /// The absolute tolerance: the larger of the explicit ones, else 0.5% of the answer.
  static func tolerance(answer: Double, explicit: Double?, relative: Double? = nil) -> Double {
    if explicit == nil, relative == nil {
      return answer == 0 ? zeroTolerance : abs(answer) * defaultRelativeTolerance
    }
    return max(explicit ?? 0, abs(answer) * (relative ?? 0))
  }

  static func expectation(unit: MeasurementUnit?) -> String {
    guard let unit else { return "type a number, for example \"12.5\"" }
    return "type a number, for example \"12.5\" or \"12.5 \(unit.symbol)\""
  }

  static func grade(
    _ input: String, question: Question, answer: Double, unit: MeasurementUnit?, tolerance: Double?,
    rules: NumericRules = NumericRules()
  ) -> AnswerOutcome {
    let reading: NumberReader.Reading
    switch NumberReader.read(input) {
    case .failure(let invalid):
      return .invalid(invalid.message.isEmpty ? expectation(unit: rules.answerUnit ?? unit) : invalid.message)
    case .success(let value): reading = value
    }
    let number = AnswerText.format(reading.value)
    let expected = AnswerText.format(answer) + (unit.map { " \($0.symbol)" } ?? "")
    let allowed = Self.tolerance(answer: answer, explicit: tolerance, relative: rules.relativeTolerance)

    var value = reading.value
    var given = number
    var notes: [String] = []
    if let unit {
      let askedUnit = rules.answerUnit ?? unit
      let quantity = rules.quantity ?? unit.quantity
      let givenUnit: MeasurementUnit
      if reading.unitText.isEmpty {
        if rules.unitRequired {
          return .invalid("write the unit too, for example \"\(number) \(askedUnit.symbol)\"")
        }
        givenUnit = askedUnit
      } else {
        guard let named = MeasurementUnit.named(reading.unitText, measuring: quantity) else {
          let choices = MeasurementUnit.units(of: quantity.unitQuantity).map(\.symbol).joined(separator: ", ")
          return .invalid("unknown unit \"\(reading.unitText)\"; use one of \(choices)")
        }
        givenUnit = named
      }
      given = number + " " + givenUnit.symbol
      guard givenUnit.quantity == quantity.unitQuantity else {
        return .invalid(
          "\(givenUnit.symbol) is a unit of \(givenUnit.quantity.name); this answer needs \(quantity.withArticle), for example \"12.5 \(askedUnit.symbol)\""
        )
      }
      if let answerUnit = rules.answerUnit, givenUnit != answerUnit {
        return .invalid("give the answer in \(answerUnit.symbol)")
      }
      let converted =
        (quantity == .temperatureDifference
        ? givenUnit.convertDifference(reading.value, to: unit) : givenUnit.convert(reading.value, to: unit))!
      if givenUnit != unit {
        notes.append("\(given) = \(AnswerText.format(converted)) \(unit.symbol)")
      }
      value = converted
    } else if !reading.unitText.isEmpty {
      return .invalid("this answer is a plain number without a unit; type just the number, for example \"\(number)\"")
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
}
