import Foundation

/// A calculated question's text with its values shown, as Moodle's `replace_expressions_in_text`
/// does: each `{=formula}` replaced by the formula's value, then each `{name}` of a variable by the
/// variable's text. Braces that are neither stay as written.
///
/// ```swift
/// let values = ["m": DrawnValue(value: 54, text: "54"), "V": DrawnValue(value: 20, text: "20")]
/// try CalculatedText.render("ρ = m/V = {m} g ÷ {V} cm³ = {=m/V} g/cm³", values: values)
/// // "ρ = m/V = 54 g ÷ 20 cm³ = 2.7 g/cm³"
/// ```
package enum CalculatedText {
  /// Every `{=…}` of `text`, in order: Moodle's pattern, a formula of anything but braces except
  /// whole `{name}`s. An unclosed `{=` is not one (and stays as text).
  package static func embeddedFormulas(in text: String) -> [EmbeddedFormula] {
    let characters = Array(text)
    var found: [EmbeddedFormula] = []
    var index = 0
    scan: while index + 1 < characters.count {
      guard characters[index] == "{", characters[index + 1] == "=" else {
        index += 1
        continue
      }
      var end = index + 2
      while end < characters.count {
        switch characters[end] {
        case "}":
          found.append(EmbeddedFormula(formula: String(characters[index + 2..<end]), range: index..<end + 1))
          index = end + 1
          continue scan
        case "{":
          // A variable inside the formula: `{` name `}`, the name neither empty nor holding a brace.
          var close = end + 1
          while close < characters.count, characters[close] != "}", characters[close] != "{" { close += 1 }
          guard close < characters.count, characters[close] == "}", close > end + 1 else { break }
          end = close + 1
          continue
        default:
          end += 1
          continue
        }
        break
      }
      index += 1
    }
    return found
  }

  /// `text` with its formulas' values and its variables' texts. A formula's value is written in
  /// `format` (a question's answer format, as Moodle does in answer feedback) or, without one, as
  /// PHP writes a number. The variables may also be written bare inside `{=…}` (`{=m/V}`).
  /// A formula that fails throws its error, its range moved to where it is in `text`.
  package static func render(
    _ text: String, values: [String: DrawnValue], format: CorrectAnswerFormat? = nil
  ) throws(FormulaError) -> String {
    try render(text, values: values, formatting: { _ in format })
  }

  /// `text` with its values, each `{=…}` written in the format `formatting` chooses for its value
  /// (nil: as PHP writes it): an explanation shows its result as the answer is shown, its steps as
  /// computed.
  package static func render(
    _ text: String, values: [String: DrawnValue], formatting: (Double) -> CorrectAnswerFormat?
  ) throws(FormulaError) -> String {
    let numbers = values.mapValues(\.value)
    let bareNames = Set(values.keys)
    var characters = Array(text)
    // From the last, so the earlier ranges stay where they are.
    for embedded in embeddedFormulas(in: text).reversed() {
      let value: Double
      do {
        value = try Formula(embedded.formula, bareNames: bareNames).evaluate(numbers)
      } catch {
        let start = embedded.formulaStart
        throw FormulaError(error.kind, at: start + error.range.lowerBound..<start + error.range.upperBound)
      }
      let shown = formatting(value)?.string(for: value) ?? PHPNumberText.string(value)
      characters.replaceSubrange(embedded.range, with: Array(shown))
    }
    var result = String(characters)
    // In a fixed order, so the result never depends on the dictionary's.
    for name in values.keys.sorted() {
      result = result.replacingOccurrences(of: "{\(name)}", with: values[name]!.text)
    }
    return result
  }
}
