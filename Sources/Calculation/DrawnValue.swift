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
}
