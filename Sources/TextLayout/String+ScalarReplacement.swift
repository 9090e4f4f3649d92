extension String {
  /// This text with some of its Unicode scalars replaced, looked at one scalar at a time.
  ///
  /// Escaping must go by scalar. A `"` followed by a combining mark is one `Character`
  /// (`"\u{301}`): neither a `switch` over Characters nor Foundation's `replacingOccurrences`
  /// sees the quote in it, and the quote is left to close a CSV field or an XML attribute early.
  ///
  ///     #"say "hi""#.replacingScalars { $0 == "\"" ? "\"\"" : nil }  // say ""hi""
  package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    out.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      if let replaced = replacement(scalar) {
        out += replaced
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
