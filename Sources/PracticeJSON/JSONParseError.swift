/// Why a text is not the JSON we accept, and where.
///
/// ```swift
/// do { _ = try JSONParser.parse(Array("[1,".utf8)) }
/// catch { print(error) }  // 1:4: unexpected end of input, expected a value
/// ```
public struct JSONParseError: Error, Sendable, Equatable {
  public var offset: Int
  public var line: Int
  public var column: Int
  public var message: String

  public init(offset: Int, line: Int, column: Int, message: String) {
    self.offset = offset
    self.line = line
    self.column = column
    self.message = message
  }
}

extension JSONParseError: CustomStringConvertible {
  public var description: String { "\(line):\(column): \(message)" }
}
