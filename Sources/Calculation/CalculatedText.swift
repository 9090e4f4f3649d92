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
  ///
  /// Scanned in UTF-8 bytes, as PHP scans Moodle's text (the braces and `=` are ASCII), and the
  /// ranges then counted in characters: a course's texts are read at every start, and splitting
  /// each into characters first cost 28,000 instructions a text.
  package static func embeddedFormulas(in text: String) -> [EmbeddedFormula] {
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    let bytes = Array(text.utf8)
    var found: [Range<Int>] = []
    var index = 0
    scan: while index + 1 < bytes.count {
      guard bytes[index] == open, bytes[index + 1] == UInt8(ascii: "=") else {
        index += 1
        continue
      }
      var end = index + 2
      while end < bytes.count {
        switch bytes[end] {
        case close:
          found.append(index..<end + 1)
          index = end + 1
          continue scan
        case open:
          // A variable inside the formula: `{` name `}`, the name neither empty nor holding a brace.
          var next = end + 1
          while next < bytes.count, bytes[next] != close, bytes[next] != open { next += 1 }
          guard next < bytes.count, bytes[next] == close, next > end + 1 else { break }
          end = next + 1
          continue
        default:
          end += 1
          continue
        }
        break
      }
      index += 1
    }
    guard !found.isEmpty else { return [] }
    // Byte offsets to character offsets, walking the text once from one formula to the next.
    var characterOffset = 0
    var position = text.startIndex
    func characters(upTo byte: Int) -> Int {
      let target = text.utf8.index(text.utf8.startIndex, offsetBy: byte)
      characterOffset += text.distance(from: position, to: target)
      position = target
      return characterOffset
    }
    return found.map { bytesRange in
      let formula = String(decoding: bytes[bytesRange.lowerBound + 2..<bytesRange.upperBound - 1], as: UTF8.self)
      let lower = characters(upTo: bytesRange.lowerBound)
      return EmbeddedFormula(formula: formula, range: lower..<characters(upTo: bytesRange.upperBound))
    }
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
