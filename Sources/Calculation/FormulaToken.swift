/// One token of a formula's text, with the characters it came from.
struct FormulaToken: Equatable {
  enum Kind: Equatable {
    case number(Double)
    /// `{name}`: the name without braces.
    case variable(String)
    /// A name outside braces: a function if `(` follows, else an error (or an allowed bare variable).
    case name(String)
    case plus, minus, star, slash, lparen, rparen, comma
    /// `**` (caret false) or `^` (caret true).
    case power(caret: Bool)
    case end
  }

  var kind: Kind
  var range: Range<Int>
}
