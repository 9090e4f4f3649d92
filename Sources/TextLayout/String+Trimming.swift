extension StringProtocol {
  /// The text without leading and trailing spaces and tabs: what `trimmingCharacters(in: .whitespaces)`
  /// gives, without bridging to `NSString`.
  ///
  /// Spaces are the characters Unicode calls white space that do not break lines (space, tab,
  /// U+3000 ideographic space, no-break space, …); line breaks are kept.
  ///
  /// ```swift
  /// "\u{3000} start 1.2 \t".trimmingSpaces()  // "start 1.2"
  /// ```
  @inlinable
  public func trimmingSpaces() -> String {
    // Inlinable, so that it is compiled for the caller's type: called through the protocol, its first
    // use looked up the index's conformances at run time, a scan of every conformance in the binary.
    func isSpace(_ character: Character) -> Bool { character.isWhitespace && !character.isNewline }
    guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = lastIndex(where: { !isSpace($0) })!
    return String(self[first...last])
  }
}

extension StringProtocol {
  /// The text without the leading and trailing scalars `isTrimmed` accepts: Foundation's
  /// `trimmingCharacters(in:)`, which trims scalar by scalar, not character by character.
  ///
  /// A mark left at an end by the trim stays (`" \u{301}a"` keeps its `\u{301}`), as in Foundation.
  ///
  /// ```swift
  /// "¡hola!".trimmingScalars { $0 == "!" || $0 == "¡" }  // "hola"
  /// ```
  @inlinable
  public func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isTrimmed($0) })!
    return String(self[first..<scalars.index(after: last)])
  }

  /// The text without leading and trailing white space that does not break lines: Foundation's
  /// `trimmingCharacters(in: .whitespaces)`.
  ///
  /// ```swift
  /// "\u{3000}x\t".trimmingWhitespace()  // "x"
  /// ```
  @inlinable
  public func trimmingWhitespace() -> String { trimmingScalars(where: UnicodeWhitespace.isWhitespace) }

  /// The text without leading and trailing white space and line breaks: Foundation's
  /// `trimmingCharacters(in: .whitespacesAndNewlines)`.
  ///
  /// ```swift
  /// " x\r\n".trimmingWhitespaceAndNewlines()  // "x"
  /// ```
  @inlinable
  public func trimmingWhitespaceAndNewlines() -> String {
    trimmingScalars(where: UnicodeWhitespace.isWhitespaceOrNewline)
  }
}
