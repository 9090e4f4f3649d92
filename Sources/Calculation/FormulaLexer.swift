/// Splits a formula's text into ``FormulaToken``s, by the rules PHP reads Moodle's formulas with:
/// PHP's number literals, `{name}` as Moodle finds variables (a letter, then anything but a space or
/// `<>{}"'`), names of letters, digits and `_`.
struct FormulaLexer {
  private let characters: [Character]
  /// The text's bytes when it is ASCII (each a character), for making names and numbers of them.
  private let asciiBytes: [UInt8]?
  private var index = 0

  init(_ text: String) {
    // A formula is nearly always ASCII: its characters are its bytes, without splitting the text
    // into grapheme clusters.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      asciiBytes = Array(text.utf8)
      characters = text.utf8.map { Character(Unicode.Scalar($0)) }
    } else {
      asciiBytes = nil
      characters = Array(text)
    }
  }

  /// The characters in `range` as a string: from the bytes when ASCII (`String(_:)` of a slice of
  /// characters is generic and cost 7,700 instructions a name), else character by character.
  private func text(_ range: Range<Int>) -> String {
    if let asciiBytes { return String(decoding: asciiBytes[range], as: UTF8.self) }
    var text = ""
    for character in characters[range] { text.append(character) }
    return text
  }

  /// ASCII letters, digits and whitespace by their code, without Unicode's property tables.
  private static func isASCIILetter(_ c: Character) -> Bool {
    guard let ascii = c.asciiValue else { return false }
    return (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
  }

  private static func isASCIIDigit(_ c: Character) -> Bool {
    guard let ascii = c.asciiValue else { return false }
    return (0x30...0x39).contains(ascii)
  }

  private static func isWhitespace(_ c: Character) -> Bool {
    guard let ascii = c.asciiValue else { return c.isWhitespace }
    return ascii == 0x20 || (0x09...0x0D).contains(ascii)
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
    while index < characters.count, Self.isWhitespace(characters[index]) { index += 1 }
    let start = index
    guard index < characters.count else { return FormulaToken(kind: .end, range: start..<start) }
    let c = characters[index]
    index += 1
    func token(_ kind: FormulaToken.Kind) -> FormulaToken { FormulaToken(kind: kind, range: start..<index) }
    // By code, not by `Character` equality: each `case "+"` would compare strings.
    switch c.asciiValue ?? 0 {
    case UInt8(ascii: "+"): return token(.plus)
    case UInt8(ascii: "-"): return token(.minus)
    case UInt8(ascii: "/"): return token(.slash)
    case UInt8(ascii: "("): return token(.lparen)
    case UInt8(ascii: ")"): return token(.rparen)
    case UInt8(ascii: ","): return token(.comma)
    case UInt8(ascii: "^"): return token(.power(caret: true))
    case UInt8(ascii: "*"):
      if index < characters.count, characters[index].asciiValue == UInt8(ascii: "*") {
        index += 1
        return token(.power(caret: false))
      }
      return token(.star)
    case UInt8(ascii: "{"): return try variable(from: start)
    default:
      if Self.isASCIIDigit(c) || c.asciiValue == UInt8(ascii: ".") { return try number(from: start) }
      if Self.isASCIILetter(c) || c.asciiValue == UInt8(ascii: "_") {
        while index < characters.count,
          Self.isASCIILetter(characters[index]) || Self.isASCIIDigit(characters[index])
            || characters[index].asciiValue == UInt8(ascii: "_")
        {
          index += 1
        }
        return token(.name(text(start..<index)))
      }
      throw FormulaError(.unexpectedCharacter(c), at: start..<index)
    }
  }

  /// `{name}`, the `{` already read at `start`.
  private mutating func variable(from start: Int) throws(FormulaError) -> FormulaToken {
    guard let close = characters[index...].firstIndex(where: { $0.asciiValue == UInt8(ascii: "}") }) else {
      throw FormulaError(.unclosedBrace, at: start..<start + 1)
    }
    let name = text(index..<close)
    index = close + 1
    let forbidden: [UInt8] = [UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: " "), UInt8(ascii: "{"), 0x22, 0x27]
    guard let first = name.first, Self.isASCIILetter(first), !name.utf8.contains(where: forbidden.contains) else {
      throw FormulaError(.invalidVariableName(name), at: start..<index)
    }
    return FormulaToken(kind: .variable(name), range: start..<index)
  }

  /// A PHP number literal (`12`, `1.5`, `.5`, `5.`, `1e-3`), its first character at `start`.
  private mutating func number(from start: Int) throws(FormulaError) -> FormulaToken {
    func digits() -> Int {
      let from = index
      while index < characters.count, Self.isASCIIDigit(characters[index]) { index += 1 }
      return index - from
    }
    index = start
    var count = digits()
    if index < characters.count, characters[index].asciiValue == UInt8(ascii: ".") {
      index += 1
      count += digits()
    }
    var valid = count > 0
    if valid, index < characters.count,
      characters[index].asciiValue == UInt8(ascii: "e") || characters[index].asciiValue == UInt8(ascii: "E")
    {
      index += 1
      if index < characters.count,
        characters[index].asciiValue == UInt8(ascii: "+") || characters[index].asciiValue == UInt8(ascii: "-")
      {
        index += 1
      }
      valid = digits() > 0
    }
    // A number run straight into a letter, digit, `.` or `_` (`1e`, `1.2.3`, `2x`) is one bad number.
    var end = index
    while end < characters.count,
      Self.isASCIILetter(characters[end]) || Self.isASCIIDigit(characters[end])
        || characters[end].asciiValue == UInt8(ascii: ".")
        || characters[end].asciiValue == UInt8(ascii: "_")
    {
      end += 1
      valid = false
    }
    let text = text(start..<end)
    index = end
    guard valid, let value = Double(text), value.isFinite else {
      throw FormulaError(.invalidNumber(text), at: start..<end)
    }
    return FormulaToken(kind: .number(value), range: start..<end)
  }
}
