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
