import Calculation

/// Calculated questions' arithmetic: the input (as text) read as a formula, with braces only and with
/// `m` and `V` allowed bare; a formula that reads is evaluated with values that reach the edges (zero,
/// negatives, the largest and smallest doubles), and its value written in every answer format and
/// widened by every tolerance; the input as a question's text, its `{=…}` and `{name}` filled in.
/// An error must point inside the text; a value must be finite.
package enum FormulaFuzzHarness {
  static let edgeValues: [Double] = [2.5, 0, -1, 1e308, -Double.leastNonzeroMagnitude, 0.1, -273.15, 1e-300]

  package static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let length = text.count
    do {
      _ = try CalculatedText.render(text, values: ["m": DrawnValue(54), "V": DrawnValue(value: 0, text: "0.0")])
    } catch {
      precondition(error.range.lowerBound >= 0 && error.range.upperBound <= length, "error outside the text")
    }
    for bareNames in [[], ["m", "V"]] as [Set<String>] {
      let formula: Formula
      do {
        formula = try Formula(text, bareNames: bareNames)
      } catch {
        precondition(error.range.lowerBound >= 0 && error.range.upperBound <= length, "error outside the text")
        continue
      }
      precondition(Set(formula.variables).count == formula.variables.count, "a variable listed twice")
      // What an exporter writes for Moodle reads back as the same formula.
      guard let moodle = try? Formula(formula.moodleText) else { preconditionFailure("moodleText does not read") }
      precondition(moodle.variables == formula.variables && !moodle.usesCaret, "moodleText is another formula")
      for shift in 0..<3 {
        var values: [String: Double] = [:]
        for (index, name) in formula.variables.enumerated() {
          values[name] = edgeValues[(index + shift) % edgeValues.count]
        }
        let forMoodle = Result { () throws(FormulaError) in try moodle.evaluate(values) }.mapError(\.kind)
        precondition(forMoodle == Result { () throws(FormulaError) in try formula.evaluate(values) }.mapError(\.kind))
        do {
          let value = try formula.evaluate(values)
          precondition(value.isFinite, "a value that is not finite")
          check(value)
        } catch {
          precondition(error.range.upperBound <= length, "error outside the text")
        }
      }
    }
  }

  /// Every answer format writes something; every tolerance's interval holds the answer itself.
  static func check(_ value: Double) {
    for style in CorrectAnswerFormat.Style.allCases {
      for length in 0...9 {
        precondition(!CorrectAnswerFormat(style, length).string(for: value).isEmpty, "an empty answer")
      }
    }
    for kind in ToleranceKind.allCases {
      for tolerance in [0, 0.01, 1, 1e300] {
        precondition(AnswerTolerance(kind, tolerance).accepts(value, answer: value), "an answer outside its tolerance")
      }
    }
  }
}
