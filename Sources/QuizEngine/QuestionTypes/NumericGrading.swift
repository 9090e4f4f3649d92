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

  /// K minus ℃ where nothing says otherwise.
  static let standardKelvinOffset = 273.15

  static func grade(
    _ input: String, question: Question, answer: Double, unit: MeasurementUnit?, tolerance: Double?,
    rules: NumericRules = NumericRules(), messages: Localizer = .english
  ) -> AnswerOutcome {
    let reading: NumberReader.Reading
    switch NumberReader.readAnswer(input) {
    case .failure(let invalid):
      return .invalid(
        invalid.message.isEmpty
          ? expectation(unit: rules.answerUnit ?? unit, messages: messages) : messages.tr(invalid.message))
    case .success(let value): reading = value
    }
    let number = AnswerText.format(reading.value)
    let expected = AnswerText.format(answer) + (unit.map { " \($0.symbol)" } ?? "")
    let allowed = Self.tolerance(answer: answer, explicit: tolerance, relative: rules.relativeTolerance)
    // Two numbers, as in `54g 20cm³`: which one is the answer cannot be told.
    let others = NumberReader.numbersIn(reading.unitText)
    if !others.isEmpty, unit == nil || MeasurementUnit.named(reading.unitText, measuring: rules.quantity) == nil {
      return .invalid(
        messages.tr(
          "this answer holds more than one number ({numbers}); type only the result, or the working joined by \"=\" (for example \"ρ=54g/20cm³=2.7g/cm³\")",
          ["numbers": messages.list([number] + others)]))
    }

    var value = reading.value
    /// The same answer converted with 273.15 where the course counts K − ℃ as 273: a learner who
    /// knows the exact offset is right too.
    var exactValue: Double?
    var given = number
    /// `72 km/h = 20 m/s` when the answer was converted to the question's unit.
    var conversion: String?
    /// Powers of ten between the unit typed and the question's, for counting decimals; nil when the
    /// units differ by another factor.
    var placeShift: Int? = 0
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
      let converted: Double
      if quantity == .temperatureDifference {
        converted = givenUnit.convertDifference(reading.value, to: unit)!
      } else {
        converted = givenUnit.convert(reading.value, to: unit)!
        let offset = rules.kelvinOffset ?? question.conventions.kelvinOffset ?? standardKelvinOffset
        if givenUnit != unit, quantity == .temperature, offset != standardKelvinOffset {
          // T = t + offset: K is one ℃ apart, so only the offset differs from the exact conversion.
          let kelvin = givenUnit.canonicalSymbol == "K"
          value = kelvin ? reading.value - offset : reading.value + offset
          exactValue = converted
        }
      }
      if exactValue == nil { value = converted }
      if givenUnit != unit {
        conversion = "\(given) = \(AnswerText.format(value)) \(unit.symbol)"
      }
      placeShift = Self.placeShift(from: givenUnit, to: unit)
    } else if !reading.unitText.isEmpty {
      return .invalid(
        messages.tr(
          "this answer is a plain number without a unit; type just the number, for example \"{number}\"",
          ["number": number]))
    }
    // Conversions and decimal input are not exact in binary; a hair of slack keeps boundaries inclusive.
    let slack = 1e-9 * max(abs(answer), allowed)
    let within = { (candidate: Double) in abs(candidate - answer) <= allowed + slack }
    let isRightValue = within(value) || exactValue.map(within) == true
    // Shown to 3 significant figures: a relative tolerance of a drawn value (1 % of 1.87368421053)
    // would read `±0.0187368421053`, which tells a learner nothing more than `±0.0187`.
    let shownAllowed = Double(String(printf: "%.3g", allowed)) ?? allowed
    let tolerance = AnswerText.format(shownAllowed) + (unit.map { " \($0.symbol)" } ?? "")
    if isRightValue,
      let precision = precisionProblem(reading.digits, rules: rules, shift: placeShift, messages: messages)
    {
      return question.feedback(isCorrect: false, given: given, expected: expected, detail: precision)
    }
    let isCorrect = isRightValue
    // A bank's other answers (Moodle's weighted numerical answers, `*`): their fraction and feedback.
    if !isCorrect, let other = question.credit.numericMatch(value) {
      let fraction = AnswerCredit.clamped(other.fraction)
      let full = AnswerCredit.isFull(fraction)
      return question.feedback(
        isCorrect: full, given: given, expected: expected,
        detail: fraction > 0 && !full
          ? messages.tr("credit: {percent} %", ["percent": CreditText.percent(fraction)]) : nil,
        fraction: full ? 1 : fraction, answerFeedback: other.feedback.isEmpty ? nil : other.feedback)
    }
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
    return question.feedback(
      isCorrect: isCorrect, given: given, expected: expected, detail: detail,
      answerFeedback: isCorrect ? question.credit.feedback(at: 0) : nil)
  }

  /// The powers of ten between `unit` and `other` (mm to cm: 1 place), nil when not a power of ten.
  static func placeShift(from unit: MeasurementUnit, to other: MeasurementUnit) -> Int? {
    let ratio = unit.scale / other.scale
    let power = (ratio > 0 ? log10(ratio) : .nan).rounded()
    guard power.isFinite, abs(pow(10, power) - ratio) <= 1e-9 * ratio else { return nil }
    return Int(power)
  }

  /// Why a right value is written to the wrong precision, nil when the question asks for none or it is met.
  static func precisionProblem(
    _ digits: NumberReader.Digits?, rules: NumericRules, shift: Int?, messages: Localizer
  ) -> String? {
    if let decimals = rules.decimals {
      // A fraction is written to no precision; a unit other than a power of ten away cannot be counted.
      guard let shift else { return nil }
      if let digits, (digits.lastPlace + shift...digits.lastPlace + digits.trailingZeros + shift).contains(-decimals) {
        return nil
      }
      return messages.trn(
        "the value is right, but the question asks for {count} decimal place in its unit",
        "the value is right, but the question asks for {count} decimal places in its unit", count: decimals)
    }
    if let figures = rules.significantFigures {
      if let digits, digits.significantRange.contains(figures) { return nil }
      return messages.trn(
        "the value is right, but the question asks for {count} significant figure",
        "the value is right, but the question asks for {count} significant figures", count: figures)
    }
    return nil
  }
}
