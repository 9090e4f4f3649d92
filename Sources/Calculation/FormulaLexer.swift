/// Splits a formula's text into ``FormulaToken``s, by the rules PHP reads Moodle's formulas with:
/// PHP's number literals, `{name}` as Moodle finds variables (a letter, then anything but a space or
/// `<>{}"'`), names of letters, digits and `_`.
struct FormulaLexer {
  /// Each character's ASCII code, ``nonASCII`` or ``nonASCIIWhitespace`` for the others: the lexer
  /// compares codes, never `Character`s (an equality of two is a string comparison, a letter test a
  /// Unicode property lookup).
  private let codes: [UInt8]
  /// The characters of a text that is not all ASCII (for names and messages); nil for ASCII, whose
  /// codes are its bytes.
  private let characters: [Character]?
  private var index = 0

  private static let nonASCII: UInt8 = 0x80
  private static let nonASCIIWhitespace: UInt8 = 0x81

  init(_ text: String) {
    // A formula is nearly always ASCII: its characters are its bytes, without splitting the text
    // into grapheme clusters.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      codes = Array(text.utf8)
      characters = nil
    } else {
      let characters = Array(text)
      codes = characters.map { $0.asciiValue ?? ($0.isWhitespace ? Self.nonASCIIWhitespace : Self.nonASCII) }
      self.characters = characters
    }
  }

  /// The characters in `range` as a string: from the bytes when ASCII (`String(_:)` of a slice of
  /// characters is generic and cost 7,700 instructions a name), else character by character.
  private func text(_ range: Range<Int>) -> String {
    guard let characters else { return String(decoding: codes[range], as: UTF8.self) }
    var text = ""
    for character in characters[range] { text.append(character) }
    return text
  }

  private func character(at index: Int) -> Character {
    characters?[index] ?? Character(Unicode.Scalar(codes[index]))
  }

  private static func isLetter(_ code: UInt8) -> Bool {
    (0x41...0x5A).contains(code) || (0x61...0x7A).contains(code)
  }

  private static func isDigit(_ code: UInt8) -> Bool { (0x30...0x39).contains(code) }

  private static func isWhitespace(_ code: UInt8) -> Bool {
    code == 0x20 || (0x09...0x0D).contains(code) || code == nonASCIIWhitespace
  }

  /// A letter, digit or `_`: what a name is made of.
  private static func isNamePart(_ code: UInt8) -> Bool {
    isLetter(code) || isDigit(code) || code == UInt8(ascii: "_")
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
    while index < codes.count, Self.isWhitespace(codes[index]) { index += 1 }
    let start = index
    guard index < codes.count else { return FormulaToken(kind: .end, range: start..<start) }
    let c = codes[index]
    index += 1
    func token(_ kind: FormulaToken.Kind) -> FormulaToken { FormulaToken(kind: kind, range: start..<index) }
    switch c {
    case UInt8(ascii: "+"): return token(.plus)
    case UInt8(ascii: "-"): return token(.minus)
    case UInt8(ascii: "/"): return token(.slash)
    case UInt8(ascii: "("): return token(.lparen)
    case UInt8(ascii: ")"): return token(.rparen)
    case UInt8(ascii: ","): return token(.comma)
    case UInt8(ascii: "^"): return token(.power(caret: true))
    case UInt8(ascii: "*"):
      if index < codes.count, codes[index] == UInt8(ascii: "*") {
        index += 1
        return token(.power(caret: false))
      }
      return token(.star)
    case UInt8(ascii: "{"): return try variable(from: start)
    default:
      if Self.isDigit(c) || c == UInt8(ascii: ".") { return try number(from: start) }
      if Self.isLetter(c) || c == UInt8(ascii: "_") {
        while index < codes.count, Self.isNamePart(codes[index]) { index += 1 }
        return token(.name(text(start..<index)))
      }
      throw FormulaError(.unexpectedCharacter(character(at: start)), at: start..<index)
    }
  }

  /// `{name}`, the `{` already read at `start`.
  private mutating func variable(from start: Int) throws(FormulaError) -> FormulaToken {
    let nameStart = index
    guard let close = codes[nameStart...].firstIndex(of: UInt8(ascii: "}")) else {
      throw FormulaError(.unclosedBrace, at: start..<start + 1)
    }
    let name = text(nameStart..<close)
    index = close + 1
    let nameCodes = codes[nameStart..<close]
    let forbidden: [UInt8] = [UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: " "), UInt8(ascii: "{"), 0x22, 0x27]
    guard let first = nameCodes.first, Self.isLetter(first), !nameCodes.contains(where: forbidden.contains) else {
      throw FormulaError(.invalidVariableName(name), at: start..<index)
    }
    return FormulaToken(kind: .variable(name), range: start..<index)
  }

  /// A PHP number literal (`12`, `1.5`, `.5`, `5.`, `1e-3`), its first character at `start`.
  private mutating func number(from start: Int) throws(FormulaError) -> FormulaToken {
    func digits() -> Int {
      let from = index
      while index < codes.count, Self.isDigit(codes[index]) { index += 1 }
      return index - from
    }
    index = start
    var count = digits()
    if index < codes.count, codes[index] == UInt8(ascii: ".") {
      index += 1
      count += digits()
    }
    var valid = count > 0
    if valid, index < codes.count, codes[index] == UInt8(ascii: "e") || codes[index] == UInt8(ascii: "E") {
      index += 1
      if index < codes.count, codes[index] == UInt8(ascii: "+") || codes[index] == UInt8(ascii: "-") { index += 1 }
      valid = digits() > 0
    }
    // A number run straight into a letter, digit, `.` or `_` (`1e`, `1.2.3`, `2x`) is one bad number.
    var end = index
    while end < codes.count, Self.isNamePart(codes[end]) || codes[end] == UInt8(ascii: ".") {
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
