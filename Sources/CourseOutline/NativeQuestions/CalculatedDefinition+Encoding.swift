import Calculation
package import PracticeJSON
package import QuizEngine

extension CalculatedDefinition {
  /// The members of a `calculated` question object this writes, read back equal by ``decode(_:)``:
  /// formulas as written, the tolerance with its kind, the answer format, variables in order.
  package var jsonMembers: [(String, JSONValue)] {
    func number(_ value: Double) -> JSONValue { JSONValue(.number(JSONNumber(value))) }
    let kinds: [ToleranceKind: String] = [.relative: "relative", .nominal: "nominal", .geometric: "geometric"]
    var members: [(String, JSONValue)] = [
      (
        "variables",
        .object(
          variables.map { variable in
            switch variable.source {
            case .range(let range):
              var fields: [(String, JSONValue)] = [("min", number(range.minimum)), ("max", number(range.maximum))]
              if range.decimals != 0 { fields.append(("decimals", .int(range.decimals))) }
              if range.distribution != .uniform {
                fields.append(("distribution", .string(range.distribution.rawValue)))
              }
              return (variable.name, .object(fields))
            case .list(let values):
              // A value shown otherwise than its number writes (`0.80`) keeps its text.
              let items = values.map { $0.text == DrawnValue($0.value).text ? number($0.value) : .string($0.text) }
              return (variable.name, .object([("values", .array(items))]))
            }
          })
      )
    ]
    if let choices {
      // As `single` and `multiple` write their right options; the answer formula is the choices'.
      members.append(("choices", .array(choices.texts.map(JSONValue.string))))
      let indices: [JSONValue] = choices.right.map { .int($0) }
      if choices.multiple {
        members.append(("answers", .array(indices)))
      } else {
        members.append(("answer", indices.count == 1 ? indices[0] : .array(indices)))
      }
    } else {
      members += [
        ("answer", .string(answer.formula.text)),
        ("tolerance", number(answer.tolerance.value)),
        ("toleranceKind", .string(kinds[answer.tolerance.kind] ?? "relative")),
      ]
    }
    switch answer.format.style {
    case .decimals: members.append(("decimals", .int(answer.format.length)))
    case .significantFigures: members.append(("significantFigures", .int(answer.format.length)))
    }
    if let unit { members.append(("unit", .string(unit))) }
    if let quantity { members.append(("quantity", .string(quantity.rawValue))) }
    if !otherAnswers.isEmpty {
      members.append(
        (
          "otherAnswers",
          .array(
            otherAnswers.map { other in
              var fields: [(String, JSONValue)] = [
                ("answer", .string(other.answer.formula.text)), ("fraction", number(other.fraction)),
              ]
              if let feedback = other.feedback { fields.append(("feedback", .string(feedback))) }
              return .object(fields)
            })
        ))
    }
    if !storedSets.isEmpty {
      let names = variables.map(\.name)
      let sets: [JSONValue] = storedSets.map { set in
        .object(
          names.compactMap { name in
            set[name].map { value in
              (name, value.text == DrawnValue(value.value).text ? number(value.value) : .string(value.text))
            }
          })
      }
      members.append(("sets", .array(sets)))
    }
    if let synchronised { members.append(("synchronised", .string(synchronised))) }
    return members
  }
}
