/// Reads ``FormulaToken``s into a ``FormulaNode`` by PHP's precedence: `+ -` below `* /` below a
/// leading `-` or `+` below `**`/`^` (right-associative), so `-2 ** 2` is −4 and `2 ** -1` is 0.5.
struct FormulaParser {
  private let tokens: [FormulaToken]
  /// The formula's text, split into characters only for an error's message.
  private let text: String
  private let bareNames: Set<String>
  private var position = 0
  private var depth = 0
  /// Where names were read as variables without braces (for ``Formula/moodleText``).
  private(set) var bareVariableRanges: [Range<Int>] = []

  init(text: String, tokens: [FormulaToken], bareNames: Set<String>) {
    self.tokens = tokens
    self.text = text
    self.bareNames = bareNames
  }

  /// The whole formula; every token must belong to it.
  mutating func parseFormula() throws(FormulaError) -> FormulaNode {
    if current.kind == .end { throw FormulaError(.empty, at: current.range) }
    let node = try additive()
    guard current.kind == .end else { throw unexpected(current) }
    return node
  }

  private var current: FormulaToken { tokens[position] }

  private mutating func advance() -> FormulaToken {
    let token = tokens[position]
    if token.kind != .end { position += 1 }
    return token
  }

  /// Entered on every nested part (a parenthesis, an argument, a sign, an exponent), so a hostile
  /// formula cannot exhaust the stack.
  private mutating func deeper(at range: Range<Int>) throws(FormulaError) {
    depth += 1
    if depth > Formula.maximumDepth { throw FormulaError(.tooComplex, at: range) }
  }

  private mutating func additive() throws(FormulaError) -> FormulaNode {
    var node = try multiplicative()
    while true {
      let op: FormulaBinaryOperator
      switch current.kind {
      case .plus: op = .add
      case .minus: op = .subtract
      default: return node
      }
      let token = advance()
      node = .binary(op, node, try multiplicative(), at: token.range)
    }
  }

  private mutating func multiplicative() throws(FormulaError) -> FormulaNode {
    var node = try unary()
    while true {
      let op: FormulaBinaryOperator
      switch current.kind {
      case .star: op = .multiply
      case .slash: op = .divide
      default: return node
      }
      let token = advance()
      node = .binary(op, node, try unary(), at: token.range)
    }
  }

  private mutating func unary() throws(FormulaError) -> FormulaNode {
    switch current.kind {
    case .minus, .plus:
      let token = advance()
      try deeper(at: token.range)
      defer { depth -= 1 }
      let operand = try unary()
      return token.kind == .minus ? .negate(operand, at: token.range) : operand
    default:
      return try power()
    }
  }

  private mutating func power() throws(FormulaError) -> FormulaNode {
    let base = try primary()
    guard case .power = current.kind else { return base }
    let token = advance()
    try deeper(at: token.range)
    defer { depth -= 1 }
    return .binary(.power, base, try unary(), at: token.range)
  }

  private mutating func primary() throws(FormulaError) -> FormulaNode {
    let token = advance()
    switch token.kind {
    case .number(let value):
      return .number(value)
    case .variable(let name):
      return .variable(name, at: token.range)
    case .lparen:
      try deeper(at: token.range)
      defer { depth -= 1 }
      let inner = try additive()
      guard current.kind == .rparen else {
        throw current.kind == .end ? FormulaError(.unclosedParenthesis, at: token.range) : unexpected(current)
      }
      _ = advance()
      return inner
    case .name(let name):
      guard current.kind == .lparen else {
        if bareNames.contains(name) {
          bareVariableRanges.append(token.range)
          return .variable(name, at: token.range)
        }
        throw FormulaError(.bareName(name), at: token.range)
      }
      guard let function = FormulaFunction(name: name) else {
        throw FormulaError(.unknownFunction(name), at: token.range)
      }
      return try call(function, at: token.range)
    case .end:
      throw FormulaError(.unexpectedEnd, at: token.range)
    default:
      throw unexpected(token)
    }
  }

  /// A function's arguments, from its `(` to its `)`.
  private mutating func call(_ function: FormulaFunction, at range: Range<Int>) throws(FormulaError) -> FormulaNode {
    let open = advance()
    try deeper(at: open.range)
    defer { depth -= 1 }
    var arguments: [FormulaNode] = []
    if current.kind != .rparen {
      while true {
        arguments.append(try additive())
        guard current.kind == .comma else { break }
        _ = advance()
      }
    }
    guard current.kind == .rparen else {
      throw current.kind == .end ? FormulaError(.unclosedParenthesis, at: open.range) : unexpected(current)
    }
    let close = advance()
    guard function.arity.contains(arguments.count) else {
      throw FormulaError(
        .wrongArgumentCount(function: function, given: arguments.count), at: range.lowerBound..<close.range.upperBound)
    }
    return .call(function, arguments, at: range)
  }

  private func unexpected(_ token: FormulaToken) -> FormulaError {
    if token.kind == .end { return FormulaError(.unexpectedEnd, at: token.range) }
    return FormulaError(.unexpectedToken(String(Array(text)[token.range])), at: token.range)
  }
}
