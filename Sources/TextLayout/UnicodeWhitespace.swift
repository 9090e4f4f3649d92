/// The white space Foundation's `CharacterSet.whitespaces` and `.whitespacesAndNewlines` hold.
///
/// Not `Unicode.Scalar.Properties.isWhitespace`: Foundation counts U+200B ZERO WIDTH SPACE as white
/// space, and keeps line breaks apart. Checked scalar by scalar against Foundation in the tests.
///
/// ```swift
/// UnicodeWhitespace.isWhitespace("\u{3000}")  // true
/// UnicodeWhitespace.isWhitespace("\n")  // false
/// ```
// `public`, not `package`, with String+Trimming's functions: they are `@inlinable` so other modules
// inline them in their hot loops, and an inlinable body may only name public declarations.
public enum UnicodeWhitespace {
  /// Tab and the space separators (general category Zs), plus U+200B: `CharacterSet.whitespaces`.
  @inlinable
  public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }

  /// White space and the line breaks LF, VT, FF, CR, NEL, U+2028 and U+2029:
  /// `CharacterSet.whitespacesAndNewlines`.
  @inlinable
  public static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
    default: isWhitespace(scalar)
    }
  }
}
