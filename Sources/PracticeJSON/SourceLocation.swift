/// Line and column (both from 1, columns counted in characters) of a byte offset.
///
/// ```swift
/// SourceLocation(offset: 4, in: Array("[1,\n2]".utf8))  // 2:1
/// ```
package struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Locates `offset` in `bytes`; columns count Unicode scalars, not bytes. For many offsets in one
  /// text, build one `SourceLocator` instead.
  package init(offset: Int, in bytes: some Collection<UInt8>) {
    self = SourceLocator(Array(bytes)).location(of: offset)
  }

  package var description: String { "\(line):\(column)" }
}
