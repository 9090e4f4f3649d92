package import Localization

/// Why a text is not the JSON we accept, and where.
///
/// The message is kept for translation: `message` is English, `Localizer.tr(error.text)` the
/// reader's language; `line:column` stays as it is.
///
/// ```swift
/// do { _ = try JSONParser.parse(Array("[1,".utf8)) }
/// catch { print(error) }  // 1:4: unexpected end of input, expected a value
/// ```
package struct JSONParseError: Error, Sendable, Equatable {
  package var offset: Int
  package var line: Int
  package var column: Int
  /// What is wrong, translated where it is shown.
  package var text: Message

  package init(offset: Int, line: Int, column: Int, text: Message) {
    self.offset = offset
    self.line = line
    self.column = column
    self.text = text
  }

  /// What is wrong, in English.
  package var message: String { text.description }
}

extension JSONParseError: CustomStringConvertible {
  package var description: String { "\(line):\(column): \(message)" }
}
