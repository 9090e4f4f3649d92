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

/// Line and column (both from 1, columns counted in characters) of a byte offset.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Locates `offset` in `bytes`; columns count Unicode scalars, not bytes.
  public init(offset: Int, in bytes: some Collection<UInt8>) {
    var line = 1
    var column = 1
    var index = 0
    for byte in bytes {
      if index >= offset { break }
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    self.init(line: line, column: column)
  }

  public var description: String { "\(line):\(column)" }
}
