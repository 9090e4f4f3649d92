package import Localization

/// Something wrong with a parsed JSON value, and the byte offset of the value (or key) at fault.
///
/// Loaders turn the offset into `file:line:column` with `SourceLocator`; `nil` means the problem
/// concerns the value as a whole and is reported without a column.
///
/// ```swift
/// let json = try JSONParser.parse(#"{"seq": "7"}"#)
/// do { _ = try json.wholeNumber("seq") } catch { print(error.offset!, error) }  // 8 "seq" must be a whole number
/// ```
package struct JSONProblem: Error, Sendable, Equatable {
  /// Byte offset into the parsed text of the value (or key) that is wrong.
  package var offset: Int?
  /// What is wrong, in words a reader of the file can act on; translated where it is shown.
  package var text: Message

  package init(_ text: Message, at offset: Int?) {
    self.offset = offset
    self.text = text
  }

  /// A problem whose words are not in the catalog (shown as written in every language).
  package init(_ message: String, at offset: Int?) {
    self.init(.verbatim(message), at: offset)
  }

  /// What is wrong, in English.
  package var message: String { text.description }
}

extension JSONProblem: CustomStringConvertible {
  package var description: String { message }
}
