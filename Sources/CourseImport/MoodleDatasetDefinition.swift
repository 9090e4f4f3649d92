package import Calculation

/// One `<dataset_definition>` of a Moodle calculated question: a variable (Moodle: a wildcard) with
/// the range its values are drawn from and the values the bank stored for it.
///
/// ```xml
/// <dataset_definition>
///   <status><text>private</text></status> <name><text>m</text></name> <type>calculated</type>
///   <distribution><text>uniform</text></distribution>
///   <minimum><text>20</text></minimum> <maximum><text>80</text></maximum> <decimals><text>1</text></decimals>
///   <itemcount>2</itemcount>
///   <dataset_items><dataset_item><number>1</number><value>54.0</value></dataset_item>…</dataset_items>
///   <number_of_items>2</number_of_items>
/// </dataset_definition>
/// ```
package struct MoodleDatasetDefinition: Equatable, Sendable {
  /// One stored value: its 1-based set number and the value as the bank wrote it.
  package struct Item: Equatable, Sendable {
    package var number: Int
    package var value: DrawnValue

    package init(number: Int, value: DrawnValue) {
      self.number = number
      self.value = value
    }
  }

  /// The variable's name as formulas write it in braces (`m` for `{m}`).
  package var name: String
  /// `shared`: the dataset belongs to the category, and every question there using the name uses its
  /// values (synchronised questions show the same set together); `private`: the question's own.
  package var isShared: Bool
  /// The range new values are drawn from.
  package var range: ValueRange
  /// The stored values, by set number.
  package var items: [Item]

  package init(name: String, isShared: Bool = false, range: ValueRange, items: [Item] = []) {
    self.name = name
    self.isShared = isShared
    self.range = range
    self.items = items
  }

  /// Where practice draws the variable's values when the bank stores none: the range.
  package var source: VariableSource { .range(range) }
}
