/// A variable's value for one attempt, with the text a question shows for it: a value drawn with
/// 2 decimals shows as `2.50`, as Moodle shows it.
package struct DrawnValue: Equatable, Sendable {
  package var value: Double
  package var text: String

  package init(value: Double, text: String) {
    self.value = value
    self.text = text
  }

  /// A value shown as PHP writes a number (up to 14 significant digits, no trailing zeros), as Moodle
  /// shows a stored item or a list entry.
  package init(_ value: Double) {
    self.init(value: value, text: PHPNumberText.string(value))
  }

  /// The most digits a value keeps as the question shows it in a message: a double holds 17.
  package static let mostMessageDigits = 17

  /// The value for a message such as `validate`'s "such as m = 54.0, V = 20": as the question shows
  /// it, or, past ``mostMessageDigits`` digits (a range up to 1e308 shows 309), as PHP writes it
  /// (`2.548806152233E+307`), as the message's operands are written.
  package var messageText: String {
    text.utf8.count(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) > Self.mostMessageDigits
      ? PHPNumberText.string(value) : text
  }
}
