/// Something wrong with a parsed JSON value, and the byte offset of the value (or key) at fault.
///
/// Loaders turn the offset into `file:line:column` with `SourceLocator`; `nil` means the problem
/// concerns the value as a whole and is reported without a column.
///
/// ```swift
/// let json = try JSONParser.parse(#"{"seq": "7"}"#)
/// do { _ = try json.wholeNumber("seq") } catch { print(error.offset!, error) }  // 8 "seq" must be a whole number
/// ```
public struct JSONProblem: Error, Sendable, Equatable {
  /// Byte offset into the parsed text of the value (or key) that is wrong.
  public var offset: Int?
  /// What is wrong, in words a reader of the file can act on.
  public var message: String

  public init(_ message: String, at offset: Int?) {
    self.offset = offset
    self.message = message
  }
}

extension JSONProblem: CustomStringConvertible {
  public var description: String { message }
}
