package import Localization

/// A small XML tree: enough for Moodle's question export (elements, attributes, text, CDATA,
/// entities), with each element's line and column for messages.
///
/// ```swift
/// let root = try XMLElement.parse(Array("<quiz><question type=\"truefalse\"/></quiz>".utf8))
/// root.children[0].attributes["type"]  // "truefalse"
/// ```
package struct XMLElement: Sendable, Equatable {
  package var name: String
  package var attributes: [String: String]
  package var children: [XMLElement]
  /// The element's own text (text and CDATA directly inside it), entities decoded.
  package var text: String
  package var line: Int
  package var column: Int

  /// The first child named `name`.
  package func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

  package func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

  /// `<name><text>…</text></name>`'s text, Moodle's usual nesting; nil when there is no such child.
  package func textOf(_ name: String) -> String? { child(name).map { $0.child("text")?.text ?? $0.text } }

  /// Why a document is not well-formed, and where.
  package struct SyntaxError: Error, Sendable, Equatable {
    package var line: Int
    package var column: Int
    /// What is wrong, kept for translation where it is shown.
    package var text: Message
    /// What is wrong, in English.
    package var message: String { text.description }
  }

  package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> XMLElement {
    var reader = XMLReader(bytes: bytes)
    return try reader.document()
  }
}

/// A recursive-descent reader over UTF-8 bytes; nesting is bounded so hostile input cannot overflow the stack.
struct XMLReader {
  let bytes: [UInt8]
  var i = 0
  var line = 1
  /// The column of byte `i`, counted in scalars as `advance` moves: recounting from the line's start
  /// made a one-line document quadratic. The bytes are valid UTF-8 (checked before), so every byte
  /// that is not a continuation byte starts a scalar.
  var column = 1
  static let maxDepth = 200

  init(bytes: [UInt8]) {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    self.bytes = Array(body)
  }

  func error(_ message: Message) -> XMLElement.SyntaxError {
    XMLElement.SyntaxError(line: line, column: column, text: message)
  }

  mutating func advance(_ n: Int = 1) {
    for _ in 0..<n where i < bytes.count {
      if bytes[i] == 0x0A {
        line += 1
        column = 1
      } else if bytes[i] & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
  }

  func at(_ s: String) -> Bool { bytes[i...].starts(with: Array(s.utf8)) }

  /// Moves past `s`; `unclosed` is the error when the document ends first.
  mutating func skip(past s: String, unclosed: Message) throws(XMLElement.SyntaxError) {
    let pattern = Array(s.utf8)
    while i < bytes.count {
      if bytes[i...].starts(with: pattern) {
        advance(pattern.count)
        return
      }
      advance()
    }
    throw error(unclosed)
  }

  /// Moves past `<!DOCTYPE …>`, an internal subset `[…]` included: its declarations are not read,
  /// so an entity it declares stays unexpanded, as every other entity outside XML's five does.
  mutating func skipDoctype() throws(XMLElement.SyntaxError) {
    let unclosed: Message = .tr("the DOCTYPE is not closed with '>'")
    var inSubset = false
    advance(9)
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        advance()
        while i < bytes.count, bytes[i] != byte { advance() }
        guard i < bytes.count else { throw error(unclosed) }
        advance()
      } else if inSubset && at("<!--") {
        try skip(past: "-->", unclosed: .tr("a comment is not closed with '-->'"))
      } else if inSubset && at("<?") {
        try skip(past: "?>", unclosed: .tr("a processing instruction is not closed with '?>'"))
      } else if byte == UInt8(ascii: "[") && !inSubset {
        inSubset = true
        advance()
      } else if byte == UInt8(ascii: "]") && inSubset {
        inSubset = false
        advance()
      } else if byte == UInt8(ascii: ">") && !inSubset {
        advance()
        return
      } else {
        advance()
      }
    }
    throw error(unclosed)
  }

  mutating func skipSpace() {
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { advance() }
  }

  mutating func document() throws(XMLElement.SyntaxError) -> XMLElement {
    while true {
      skipSpace()
      if at("<?") {
        try skip(past: "?>", unclosed: .tr("a processing instruction is not closed with '?>'"))
      } else if at("<!--") {
        try skip(past: "-->", unclosed: .tr("a comment is not closed with '-->'"))
      } else if at("<!DOCTYPE") {
        try skipDoctype()
      } else {
        break
      }
    }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { throw error(.tr("expected an element such as <quiz>")) }
    let root = try element(depth: 0)
    while true {
      skipSpace()
      if at("<!--") {
        try skip(past: "-->", unclosed: .tr("a comment is not closed with '-->'"))
      } else if at("<?") {
        try skip(past: "?>", unclosed: .tr("a processing instruction is not closed with '?>'"))
      } else {
        break
      }
    }
    if i < bytes.count { throw error(.tr("text after the end of <{name}>", ["name": root.name])) }
    return root
  }

  mutating func name() throws(XMLElement.SyntaxError) -> String {
    let start = i
    while i < bytes.count,
      !([0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "=")]
        .contains(bytes[i]))
    {
      advance()
    }
    guard i > start else { throw error(.tr("expected a name")) }
    return String(decoding: bytes[start..<i], as: UTF8.self)
  }

  mutating func element(depth: Int) throws(XMLElement.SyntaxError) -> XMLElement {
    guard depth < Self.maxDepth else {
      throw error(.tr("elements nested more than {depth} deep", ["depth": Self.maxDepth]))
    }
    let (startLine, startColumn) = (line, column)
    advance()  // <
    let tag = try name()
    var element = XMLElement(
      name: tag, attributes: [:], children: [], text: "", line: startLine, column: startColumn)
    while true {
      skipSpace()
      guard i < bytes.count else { throw error(.tr("<{name}> is not closed", ["name": tag])) }
      if at("/>") {
        advance(2)
        return element
      }
      if bytes[i] == UInt8(ascii: ">") {
        advance()
        break
      }
      let key = try name()
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
        throw error(.tr("attribute {name} needs =", ["name": key]))
      }
      advance()
      skipSpace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
        throw error(.tr("attribute {name}'s value must be quoted", ["name": key]))
      }
      let quote = bytes[i]
      advance()
      let start = i
      while i < bytes.count, bytes[i] != quote { advance() }
      guard i < bytes.count else { throw error(.tr("attribute {name}'s value is not closed", ["name": key])) }
      element.attributes[key] = HTMLText.decodeEntities(String(decoding: bytes[start..<i], as: UTF8.self))
      advance()
    }
    var text: [UInt8] = []
    while true {
      guard i < bytes.count else {
        throw error(
          .tr(
            "<{name}> opened at {line}:{column} is not closed", ["name": tag, "line": startLine, "column": startColumn])
        )
      }
      if at("</") {
        let (closeLine, closeColumn) = (line, column)
        advance(2)
        let closing = try name()
        guard closing == tag else {
          throw XMLElement.SyntaxError(
            line: closeLine, column: closeColumn,
            text: .tr(
              "</{closing}> closes <{name}> opened at {line}:{column}",
              ["closing": closing, "name": tag, "line": startLine, "column": startColumn]))
        }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else {
          throw error(.tr("expected '>' after </{name}", ["name": closing]))
        }
        advance()
        break
      }
      if at("<![CDATA[") {
        advance(9)
        let start = i
        try skip(past: "]]>", unclosed: .tr("CDATA is not closed with ']]>'"))
        text += bytes[start..<(i - 3)]
        continue
      }
      if at("<!--") {
        try skip(past: "-->", unclosed: .tr("a comment is not closed with '-->'"))
        continue
      }
      if at("<?") {
        try skip(past: "?>", unclosed: .tr("a processing instruction is not closed with '?>'"))
        continue
      }
      if bytes[i] == UInt8(ascii: "<") {
        element.children.append(try self.element(depth: depth + 1))
        continue
      }
      // Entities are decoded in the text between tags; CDATA is kept as written.
      let start = i
      while i < bytes.count, bytes[i] != UInt8(ascii: "<") { advance() }
      text += Array(HTMLText.decodeEntities(String(decoding: bytes[start..<i], as: UTF8.self)).utf8)
    }
    element.text = String(decoding: text, as: UTF8.self)
    return element
  }
}
