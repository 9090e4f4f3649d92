import Foundation
import Localization
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

  static func expectation(unit: MeasurementUnit?, messages: Localizer) -> String {
    guard let unit else { return messages.tr("type a number, for example \"12.5\"") }
    return messages.tr("type a number, for example \"12.5\" or \"12.5 {unit}\"", ["unit": unit.symbol])
  }

  static func grade(
    _ input: String, question: Question, answer: Double, unit: MeasurementUnit?, tolerance: Double?,
    rules: NumericRules = NumericRules(), messages: Localizer = .english
  ) -> AnswerOutcome {
    let reading: NumberReader.Reading
    switch NumberReader.read(input) {
    case .failure(let invalid):
      return .invalid(
        invalid.message.isEmpty
          ? expectation(unit: rules.answerUnit ?? unit, messages: messages) : messages.tr(invalid.message))
    case .success(let value): reading = value
    }
    let number = AnswerText.format(reading.value)
    let expected = AnswerText.format(answer) + (unit.map { " \($0.symbol)" } ?? "")
    let allowed = Self.tolerance(answer: answer, explicit: tolerance, relative: rules.relativeTolerance)

    var value = reading.value
    var given = number
    /// `72 km/h = 20 m/s` when the answer was converted to the question's unit.
    var conversion: String?
    if let unit {
      let askedUnit = rules.answerUnit ?? unit
      let quantity = rules.quantity ?? unit.quantity
      let givenUnit: MeasurementUnit
      if reading.unitText.isEmpty {
        if rules.unitRequired {
          return .invalid(
            messages.tr(
              "write the unit too, for example \"{number} {unit}\"", ["number": number, "unit": askedUnit.symbol]))
        }
        givenUnit = askedUnit
      } else {
        guard let named = MeasurementUnit.named(reading.unitText, measuring: quantity) else {
          // Each unit as the question writes its own (`℃`, not `°C`, in a course that prints `℃`).
          let choices = MeasurementUnit.units(of: quantity.unitQuantity).map { $0 == askedUnit ? askedUnit : $0 }
            .map(\.symbol).joined(separator: ", ")
          return .invalid(
            messages.tr("unknown unit \"{unit}\"; use one of {units}", ["unit": reading.unitText, "units": choices]))
        }
        // The question's unit is shown as the question writes it, however it was typed (`度`, `°C`: `℃`).
        givenUnit = named == askedUnit ? askedUnit : named
      }
      given = number + " " + givenUnit.symbol
      guard givenUnit.quantity == quantity.unitQuantity else {
        return .invalid(
          messages.tr(
            "{unit} is a unit of {quantity}; this answer needs {neededQuantity}, for example \"12.5 {neededUnit}\"",
            [
              "unit": givenUnit.symbol, "quantity": givenUnit.quantity.name(messages),
              "neededQuantity": quantity.withArticle(messages), "neededUnit": askedUnit.symbol,
            ]))
      }
      if let answerUnit = rules.answerUnit, givenUnit != answerUnit {
        return .invalid(messages.tr("give the answer in {unit}", ["unit": answerUnit.symbol]))
      }
      let converted =
        (quantity == .temperatureDifference
        ? givenUnit.convertDifference(reading.value, to: unit) : givenUnit.convert(reading.value, to: unit))!
      if givenUnit != unit {
        conversion = "\(given) = \(AnswerText.format(converted)) \(unit.symbol)"
      }
      value = converted
    } else if !reading.unitText.isEmpty {
      return .invalid(
        messages.tr(
          "this answer is a plain number without a unit; type just the number, for example \"{number}\"",
          ["number": number]))
    }
    // Conversions and decimal input are not exact in binary; a hair of slack keeps boundaries inclusive.
    let slack = 1e-9 * max(abs(answer), allowed)
    let isCorrect = abs(value - answer) <= allowed + slack
    let tolerance = AnswerText.format(allowed) + (unit.map { " \($0.symbol)" } ?? "")
    let detail: String? =
      switch (conversion, isCorrect) {
      // An exact answer has no tolerance worth naming ("within ±0 nm").
      case (let conversion, false) where allowed == 0: conversion
      case (let conversion?, false):
        messages.tr(
          "{conversion}; answers within ±{tolerance} count as right",
          ["conversion": conversion, "tolerance": tolerance])
      case (nil, false): messages.tr("answers within ±{tolerance} count as right", ["tolerance": tolerance])
      case (let conversion, true): conversion
      }
    return question.feedback(isCorrect: isCorrect, given: given, expected: expected, detail: detail)
  }
}
