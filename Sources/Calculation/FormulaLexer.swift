/// Splits a formula's text into ``FormulaToken``s, by the rules PHP reads Moodle's formulas with:
/// PHP's number literals, `{name}` as Moodle finds variables (a letter, then anything but a space or
/// `<>{}"'`), names of letters, digits and `_`.
struct FormulaLexer {
  private let characters: [Character]
  private var index = 0

  init(_ text: String) {
    characters = Array(text)
  }

  /// Every token of the text, ending with `.end`.
  static func tokens(of text: String) throws(FormulaError) -> [FormulaToken] {
    var lexer = FormulaLexer(text)
    var tokens: [FormulaToken] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .end { return tokens }
    }
  }

  private mutating func next() throws(FormulaError) -> FormulaToken {
    while index < characters.count, characters[index].isWhitespace { index += 1 }
    let start = index
    guard index < characters.count else { return FormulaToken(kind: .end, range: start..<start) }
    let c = characters[index]
    index += 1
    func token(_ kind: FormulaToken.Kind) -> FormulaToken { FormulaToken(kind: kind, range: start..<index) }
    switch c {
    case "+": return token(.plus)
    case "-": return token(.minus)
    case "/": return token(.slash)
    case "(": return token(.lparen)
    case ")": return token(.rparen)
    case ",": return token(.comma)
    case "^": return token(.power(caret: true))
    case "*":
      if index < characters.count, characters[index] == "*" {
        index += 1
        return token(.power(caret: false))
      }
      return token(.star)
    case "{": return try variable(from: start)
    default:
      if c.isASCII, c.isNumber || c == "." { return try number(from: start) }
      if c.isASCII, c.isLetter || c == "_" {
        while index < characters.count, characters[index].isASCII,
          characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
        {
          index += 1
        }
        return token(.name(String(characters[start..<index])))
      }
      throw FormulaError(.unexpectedCharacter(c), at: start..<index)
    }
  }

  /// `{name}`, the `{` already read at `start`.
  private mutating func variable(from start: Int) throws(FormulaError) -> FormulaToken {
    guard let close = characters[index...].firstIndex(of: "}") else {
      throw FormulaError(.unclosedBrace, at: start..<start + 1)
    }
    let name = String(characters[index..<close])
    index = close + 1
    let forbidden: Set<Character> = [">", "<", " ", "{", "\"", "'"]
    guard let first = name.first, first.isASCII, first.isLetter, !name.contains(where: forbidden.contains) else {
      throw FormulaError(.invalidVariableName(name), at: start..<index)
    }
    return FormulaToken(kind: .variable(name), range: start..<index)
  }

  /// A PHP number literal (`12`, `1.5`, `.5`, `5.`, `1e-3`), its first character at `start`.
  private mutating func number(from start: Int) throws(FormulaError) -> FormulaToken {
    func digits() -> Int {
      let from = index
      while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
      return index - from
    }
    index = start
    var count = digits()
    if index < characters.count, characters[index] == "." {
      index += 1
      count += digits()
    }
    var valid = count > 0
    if valid, index < characters.count, characters[index] == "e" || characters[index] == "E" {
      index += 1
      if index < characters.count, characters[index] == "+" || characters[index] == "-" { index += 1 }
      valid = digits() > 0
    }
    // A number run straight into a letter, digit, `.` or `_` (`1e`, `1.2.3`, `2x`) is one bad number.
    var end = index
    while end < characters.count, characters[end].isASCII,
      characters[end].isLetter || characters[end].isNumber || characters[end] == "." || characters[end] == "_"
    {
      end += 1
      valid = false
    }
    let text = String(characters[start..<end])
    index = end
    guard valid, let value = Double(text), value.isFinite else {
      throw FormulaError(.invalidNumber(text), at: start..<end)
    }
    return FormulaToken(kind: .number(value), range: start..<end)
  }
}
