import Foundation

/// torch's Adam (betas 0.9 and 0.999, eps 1e-8, no weight decay), one parameter tensor, with the
/// operations in the order torch's single-tensor CPU implementation performs them.
struct AdamStep {
  private var firstMoment: [Double]
  private var secondMoment: [Double]
  private var steps = 0
  private let beta1 = 0.9
  private let beta2 = 0.999
  private let epsilon = 1e-8

  init(count: Int) {
    firstMoment = Array(repeating: 0, count: count)
    secondMoment = Array(repeating: 0, count: count)
  }

  /// Moves `parameters` against `gradient` with the learning rate `rate`.
  mutating func apply(gradient: [Double], to parameters: inout [Double], rate: Double) {
    steps += 1
    let firstWeight = 1 - beta1
    let secondWeight = 1 - beta2
    let step = Double(steps)
    let stepSize = rate / (1 - pow(beta1, step))
    let correction2Root = pow(1 - pow(beta2, step), 0.5)
    for index in parameters.indices {
      let g = gradient[index]
      // lerp(g, weight) for weight < 0.5: m + weight · (g − m)
      firstMoment[index] = firstMoment[index] + firstWeight * (g - firstMoment[index])
      secondMoment[index] = secondMoment[index] * beta2 + secondWeight * g * g
      let denominator = secondMoment[index].squareRoot() / correction2Root + epsilon
      parameters[index] = parameters[index] + -stepSize * firstMoment[index] / denominator
    }
  }
}
