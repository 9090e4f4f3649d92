import Localization
package import PracticeJSON
package import QuizEngine

/// `numeric`: `answer`, its `unit` and `tolerance`, and the rules (`answerUnit`, `decimals`, …).
extension NumericAnswer: NativeQuestionFormat {
  package static let nativeFields = [
    "answer", "unit", "tolerance", "relativeTolerance", "answerUnit", "unitRequired", "quantity", "kelvinOffset",
    "decimals", "significantFigures", "feedback", "otherAnswers",
  ]

  package static func decode(_ decoder: inout QuestionDecoder) -> Question.Kind? {
    var valid = true
    var answer: Double?
    if let value = decoder.value("answer", required: true, .tr("a number")) {
      if let number = value.double {
        answer = number
      } else if let text = value.string {
        // Authors may write the answer as a textbook does ("1.0×10³", "10亿"); it must read as a bare number.
        switch NumberReader.read(text) {
        case .success(let reading) where reading.unitText.isEmpty: answer = reading.value
        default:
          decoder.report(
            value.problem(
              .tr(
                "\"answer\" \"{text}\" does not read as a plain number; write for example 1000 or \"1.0×10³\"",
                ["text": text])))
        }
      } else {
        decoder.report(value.problem(.tr("\"answer\" must be a number, found {found}", ["found": value.typeName])))
      }
    }
    let unit = decoder.unitField("unit", &valid)
    let answerUnit = decoder.unitField("answerUnit", &valid)
    let tolerance = decoder.nonNegativeNumber("tolerance", &valid)
    let relativeTolerance = decoder.nonNegativeNumber("relativeTolerance", &valid)
    var unitRequired = false
    if let value = decoder.value("unitRequired", required: false, .trc("what a JSON member must be", "true or false")) {
      if let flag = decoder.reading({ () throws(JSONProblem) in
        try value.boolean { .tr("\"unitRequired\" must be true or false, found {found}", ["found": $0]) }
      }) {
        unitRequired = flag
      } else {
        valid = false
      }
    }
    var quantity: Quantity?
    if let name = decoder.string("quantity", required: false) {
      quantity = Quantity(rawValue: name)
      if quantity == nil {
        let names = Quantity.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        decoder.report(
          JSONProblem(
            .tr("unknown quantity \"{quantity}\"; use one of {names}", ["quantity": name, "names": names]),
            at: decoder.offset(of: "quantity")))
        valid = false
      }
    } else if decoder.present("quantity") != nil {
      valid = false
    }
    // The rules below only mean something beside a unit, and must agree with it.
    if let value = decoder.member("answerUnit"), let answerUnit, let unit, answerUnit.quantity != unit.quantity {
      decoder.report(
        value.problem(
          .tr(
            "answerUnit \"{answerUnit}\" is a unit of {answerQuantity} but \"unit\" \"{unit}\" is one of {unitQuantity}",
            [
              "answerUnit": answerUnit.symbol, "answerQuantity": answerUnit.quantity.nameMessage, "unit": unit.symbol,
              "unitQuantity": unit.quantity.nameMessage,
            ])))
      valid = false
    }
    if let value = decoder.member("quantity"), let quantity, let unit, quantity.unitQuantity != unit.quantity {
      decoder.report(
        value.problem(
          .tr(
            "quantity \"{quantity}\" is not measured in \"{unit}\", a unit of {unitQuantity}",
            ["quantity": quantity.rawValue, "unit": unit.symbol, "unitQuantity": unit.quantity.nameMessage])))
      valid = false
    }
    if unit == nil, decoder.present("unit") == nil {
      for key in ["answerUnit", "unitRequired", "quantity"] {
        if let value = decoder.present(key) {
          decoder.report(value.problem(.tr("\"{field}\" needs a \"unit\" for the answer", ["field": key])))
          valid = false
        }
      }
    }
    let kelvinOffset = decoder.nonNegativeNumber("kelvinOffset", &valid)
    let decimals = decoder.count("decimals", atLeast: 0, &valid)
    let significantFigures = decoder.count("significantFigures", atLeast: 1, &valid)
    if decimals != nil, significantFigures != nil, let value = decoder.member("significantFigures") {
      decoder.report(value.problem(.tr("use \"decimals\" or \"significantFigures\", not both")))
      valid = false
    }
    guard valid, let answer else { return nil }
    let rules = NumericRules(
      answerUnit: answerUnit, unitRequired: unitRequired, quantity: quantity, relativeTolerance: relativeTolerance,
      kelvinOffset: kelvinOffset, decimals: decimals, significantFigures: significantFigures)
    return .numeric(answer: answer, unit: unit, tolerance: tolerance, rules: rules)
  }

  package func encode(into members: inout [(String, JSONValue)]) {
    members.append(("answer", .double(answer)))
    if let unit { members.append(("unit", .string(unit.symbol))) }
    if let tolerance { members.append(("tolerance", .double(tolerance))) }
    if let relative = rules.relativeTolerance { members.append(("relativeTolerance", .double(relative))) }
    if let answerUnit = rules.answerUnit { members.append(("answerUnit", .string(answerUnit.symbol))) }
    if rules.unitRequired { members.append(("unitRequired", .bool(true))) }
    if let quantity = rules.quantity { members.append(("quantity", .string(quantity.rawValue))) }
    if let offset = rules.kelvinOffset { members.append(("kelvinOffset", .double(offset))) }
    if let decimals = rules.decimals { members.append(("decimals", .int(decimals))) }
    if let figures = rules.significantFigures { members.append(("significantFigures", .int(figures))) }
  }
}
