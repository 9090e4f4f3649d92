package import Calculation

/// A variable of a calculated question: its name (`m`, written `{m}` in texts) and where each
/// attempt's value comes from (a range, or a list the teacher wrote).
package struct CalculatedVariable: Equatable, Sendable {
  package var name: String
  package var source: VariableSource

  package init(name: String, source: VariableSource) {
    self.name = name
    self.source = source
  }
}
