/// A catalog's `Plural-Forms` rule: how many forms, and which one a count takes.
///
/// The expression is gettext's C subset (`n`, integers, `! * / % + - < <= > >= == != && || ?:` and
/// parentheses), parsed once.
///
/// ```swift
/// let rule = PluralRule(header: "nplurals=2; plural=(n != 1);")!
/// rule.form(for: 1)  // 0
/// rule.form(for: 5)  // 1
/// ```
package struct PluralRule: Sendable, Equatable {
  package var count: Int
  private var expression: Expression

  /// English's rule, also the default of a catalog that states none.
  package static let germanic = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

  init(count: Int, expression: Expression) {
    self.count = count
    self.expression = expression
  }

  /// Reads `nplurals=N; plural=EXPR;` (the value of a `Plural-Forms:` header line); nil when malformed.
  package init?(header: String) {
    var count: Int?
    var expression: Expression?
    for field in header.split(separator: ";") {
      let pair = field.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
      guard pair.count == 2 else { continue }
      if pair[0] == "nplurals" { count = Int(pair[1]) }
      if pair[0] == "plural" {
        var parser = Parser(text: Array(pair[1].utf8))
        expression = parser.parseWhole()
      }
    }
    guard let count, count >= 1, let expression else { return nil }
    self.init(count: count, expression: expression)
  }

  /// The index of the plural form for `n`, clamped to the forms there are.
  package func form(for n: Int) -> Int {
    let value = expression.evaluate(n: n)
    return value >= 0 && value < count ? value : 0
  }

  indirect enum Expression: Sendable, Equatable {
    case n
    case number(Int)
    case not(Expression)
    case binary(String, Expression, Expression)
    case conditional(Expression, Expression, Expression)

    func evaluate(n: Int) -> Int {
      switch self {
      case .n: return n
      case .number(let value): return value
      case .not(let operand): return operand.evaluate(n: n) == 0 ? 1 : 0
      case .conditional(let test, let yes, let no):
        return test.evaluate(n: n) != 0 ? yes.evaluate(n: n) : no.evaluate(n: n)
      case .binary(let op, let left, let right):
        let a = left.evaluate(n: n)
        // && and || short-circuit, as in C.
        if op == "&&" { return a != 0 && right.evaluate(n: n) != 0 ? 1 : 0 }
        if op == "||" { return a != 0 || right.evaluate(n: n) != 0 ? 1 : 0 }
        let b = right.evaluate(n: n)
        switch op {
        case "*": return a &* b
        case "/": return b == 0 ? 0 : a / b
        case "%": return b == 0 ? 0 : a % b
        case "+": return a &+ b
        case "-": return a &- b
        case "<": return a < b ? 1 : 0
        case "<=": return a <= b ? 1 : 0
        case ">": return a > b ? 1 : 0
        case ">=": return a >= b ? 1 : 0
        case "==": return a == b ? 1 : 0
        default: return a != b ? 1 : 0
        }
      }
    }
  }

  /// Recursive descent over C's precedence levels, loosest first.
  struct Parser {
    var text: [UInt8]
    var position = 0

    static let levels: [[String]] = [
      ["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"],
    ]

    mutating func parseWhole() -> Expression? {
      guard let expression = conditional() else { return nil }
      skipSpaces()
      return position == text.count ? expression : nil
    }

    mutating func conditional() -> Expression? {
      guard let test = binary(level: 0) else { return nil }
      guard take("?") else { return test }
      guard let yes = conditional(), take(":"), let no = conditional() else { return nil }
      return .conditional(test, yes, no)
    }

    mutating func binary(level: Int) -> Expression? {
      guard level < Self.levels.count else { return unary() }
      guard var left = binary(level: level + 1) else { return nil }
      while let op = Self.levels[level].first(where: { take($0) }) {
        guard let right = binary(level: level + 1) else { return nil }
        left = .binary(op, left, right)
      }
      return left
    }

    mutating func unary() -> Expression? {
      if take("!") {
        return unary().map { .not($0) }
      }
      if take("(") {
        guard let inner = conditional(), take(")") else { return nil }
        return inner
      }
      if take("n") { return .n }
      skipSpaces()
      var value = 0
      var digits = 0
      while position < text.count, text[position] >= 48, text[position] <= 57 {
        value = value &* 10 &+ Int(text[position] - 48)
        position += 1
        digits += 1
      }
      return digits > 0 ? .number(value) : nil
    }

    /// Consumes `token` after spaces; `!` is not taken when it starts `!=`, nor `<` when it starts `<=`.
    mutating func take(_ token: String) -> Bool {
      skipSpaces()
      let bytes = Array(token.utf8)
      guard position + bytes.count <= text.count, Array(text[position..<position + bytes.count]) == bytes else {
        return false
      }
      let next = position + bytes.count < text.count ? text[position + bytes.count] : 0
      if bytes.count == 1, "!<>=".utf8.contains(bytes[0]), next == UInt8(ascii: "=") { return false }
      position += bytes.count
      return true
    }

    mutating func skipSpaces() {
      while position < text.count, text[position] == 32 || text[position] == 9 || text[position] == 10 {
        position += 1
      }
    }
  }
}

extension Substring {
  var trimmingSpaces: String {
    String(
      drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" }).reversed().drop(while: {
        $0 == " " || $0 == "\n" || $0 == "\t"
      }).reversed())
  }
}
