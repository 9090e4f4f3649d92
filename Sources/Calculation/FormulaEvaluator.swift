/// Evaluates a ``FormulaNode`` with one set of variable values, failing at the first operation whose
/// result is not a finite real number.
struct FormulaEvaluator {
  let values: [String: Double]

  func value(of node: FormulaNode) throws(FormulaError) -> Double {
    switch node {
    case .number(let value):
      return value
    case .variable(let name, let range):
      guard let value = values[name] else { throw FormulaError(.unknownVariable(name), at: range) }
      return value
    case .negate(let operand, _):
      return -(try value(of: operand))
    case .binary(let op, let leftNode, let rightNode, let range):
      let left = try value(of: leftNode)
      let right = try value(of: rightNode)
      let result: Double
      switch op {
      case .add: result = left + right
      case .subtract: result = left - right
      case .multiply: result = left * right
      case .divide:
        if right == 0 { throw FormulaError(.divisionByZero(dividend: left, divisor: right), at: range) }
        result = left / right
      case .power:
        switch FormulaFunction.power(left, right, operation: .power) {
        case .success(let value): return value
        case .failure(let kind): throw FormulaError(kind, at: range)
        }
      }
      guard result.isFinite else {
        throw FormulaError(.notFinite(operation: op.operation, arguments: [left, right]), at: range)
      }
      return result
    case .call(let function, let argumentNodes, let range):
      var arguments: [Double] = []
      arguments.reserveCapacity(argumentNodes.count)
      for argument in argumentNodes { arguments.append(try value(of: argument)) }
      switch function.apply(to: arguments) {
      case .success(let value): return value
      case .failure(let kind): throw FormulaError(kind, at: range)
      }
    }
  }
}
