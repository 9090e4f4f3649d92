/// A formula of a calculated question, read once and evaluated with each set of drawn values.
///
/// The language is Moodle's: numbers, variables in braces (`{m}`), `+ - * /`, powers (`**`, and `^`
/// read as a power), parentheses, and Moodle's functions (``FormulaFunction``); no other names, so
/// nothing but arithmetic can run. Evaluation stops at the first operation that fails (division by
/// zero, a negative square root, a logarithm of 0, a result too large) with the operands that caused it.
///
/// ```swift
/// let density = try Formula("{m} / {V}")
/// density.variables                            // ["m", "V"]
/// try density.evaluate(["m": 54, "V": 20])     // 2.7
/// try density.evaluate(["m": 54, "V": 0])      // throws .divisionByZero(dividend: 54, divisor: 0) at 4..<5
/// ```
package struct Formula: Equatable, Sendable {
  /// The longest formula read, in characters.
  package static let maximumLength = 4096
  /// The deepest nesting of parentheses, calls, signs and powers read.
  package static let maximumDepth = 64

  /// The text as written.
  package let text: String
  /// The formula as a tree.
  package let root: FormulaNode
  /// The variables the formula uses, each once, in the order they first appear.
  package let variables: [String]
  /// Whether the formula writes a power as `^`, which Moodle (PHP) would read as bitwise exclusive or.
  package let usesCaret: Bool
  /// The formula as Moodle must be given it to compute the same: each `^` written `**`, each variable
  /// written without braces put in them; the rest as written.
  package let moodleText: String

  /// Reads `text`. `bareNames` are variables that may also be written without braces (`m / V` where
  /// the question declares `m` and `V`); any other name outside braces must be a function call.
  package init(_ text: String, bareNames: Set<String> = []) throws(FormulaError) {
    // Characters are counted only when the bytes could be too many (a character is at least one).
    if text.utf8.count > Self.maximumLength, case let length = text.count, length > Self.maximumLength {
      throw FormulaError(.tooComplex, at: Self.maximumLength..<length)
    }
    let tokens = try FormulaLexer.tokens(of: text)
    var parser = FormulaParser(text: text, tokens: tokens, bareNames: bareNames)
    self.text = text
    root = try parser.parseFormula()
    usesCaret = tokens.contains { $0.kind == .power(caret: true) }
    var edits: [(range: Range<Int>, text: String?)] =
      tokens.filter { $0.kind == .power(caret: true) }.map { ($0.range, "**") }
    edits += parser.bareVariableRanges.map { ($0, nil) }
    if edits.isEmpty {
      moodleText = text
    } else {
      // Appended piece by piece: `String(_:)` of an array of characters is generic, and slow.
      let characters = Array(text)
      var written = ""
      var next = 0
      for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
        for character in characters[next..<edit.range.lowerBound] { written.append(character) }
        if let replacement = edit.text {
          written += replacement
        } else {
          written += "{"
          for character in characters[edit.range] { written.append(character) }
          written += "}"
        }
        next = edit.range.upperBound
      }
      for character in characters[next...] { written.append(character) }
      moodleText = written
    }
    var seen: Set<String> = []
    var names: [String] = []
    for name in Self.variableNames(in: root) where seen.insert(name).inserted {
      names.append(name)
    }
    variables = names
  }

  /// The formula's value with these variable values.
  package func evaluate(_ values: [String: Double]) throws(FormulaError) -> Double {
    try FormulaEvaluator(values: values).value(of: root)
  }

  /// Variable names in the order they appear, with repeats, read without recursion.
  private static func variableNames(in root: FormulaNode) -> [String] {
    var names: [String] = []
    var pending = [root]
    while let node = pending.popLast() {
      switch node {
      case .number: break
      case .variable(let name, _): names.append(name)
      case .negate(let operand, _): pending.append(operand)
      // Pushed right first, so the left is visited first.
      case .binary(_, let left, let right, _): pending += [right, left]
      case .call(_, let arguments, _): pending += arguments.reversed()
      }
    }
    return names
  }
}
