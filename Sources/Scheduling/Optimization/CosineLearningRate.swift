import Foundation

/// torch's `CosineAnnealingLR` (minimum 0) in its recursive form, as `step()` updates it.
struct CosineLearningRate {
  private(set) var rate: Double
  private let initial: Double
  private let period: Int
  private var epoch = 0

  init(initial: Double, period: Int) {
    rate = initial
    self.initial = initial
    self.period = period
  }

  mutating func advance() {
    epoch += 1
    let t = Double(period)
    if (epoch - 1 - period) % (2 * period) == 0 {
      rate = rate + initial * (1 - cos(Double.pi / t)) / 2  // a restart: never reached in one fit
    } else {
      rate = (1 + cos(Double.pi * Double(epoch) / t)) / (1 + cos(Double.pi * Double(epoch - 1) / t)) * rate
    }
  }
}
