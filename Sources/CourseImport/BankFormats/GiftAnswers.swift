/// A question's GIFT answer block, as its type writes it (``BankFormat/giftAnswers(_:)``).
enum GiftAnswers {
  /// The block's lines, the explanation (`####…`) appended after them; one line that is not
  /// feedback is written inside the braces, more one per line.
  case lines([String])
  /// What is written between `{` and `}` as it is, the explanation included (an essay's `{####…}`).
  case whole(String)
}
