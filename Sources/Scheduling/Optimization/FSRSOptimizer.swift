import Foundation

/// Fits FSRS-6's 21 parameters to a review history as py-fsrs 6.3.2's `Optimizer` does.
///
/// Same loss (binary cross-entropy of the predicted retrievability against recalled or not, on
/// reviews a day or more after the card's previous one), same mini-batches of 512 such reviews in
/// cards shuffled by Python's `Random(42)` each epoch, Adam at 0.04 with a cosine schedule over
/// 5 epochs, parameters clamped to FSRS's bounds after each step, and the epoch whose parameters
/// give the lowest loss over the whole history wins. Fewer than 512 qualifying reviews: the
/// defaults.
///
/// ```swift
/// let fit = FSRSOptimizer(history: history).fit()
/// fit.parameters      // 21 values, or the defaults when fit.usedDefaults
/// ```
package struct FSRSOptimizer: Sendable {
  package static let epochs = 5
  package static let miniBatchSize = 512
  package static let learningRate = 0.04
  package static let lowerBounds: [Double] = [
    0.001, 0.001, 0.001, 0.001, 1.0, 0.001, 0.001, 0.001, 0.0, 0.0, 0.001, 0.001, 0.001, 0.001, 0.0, 0.0,
    1.0, 0.0, 0.0, 0.0, 0.1,
  ]
  package static let upperBounds: [Double] = [
    100.0, 100.0, 100.0, 100.0, 10.0, 4.0, 4.0, 0.75, 4.5, 0.8, 3.5, 5.0, 0.25, 0.9, 4.0, 1.0, 6.0, 2.0,
    2.0, 0.8, 0.8,
  ]

  /// What a fit found.
  package struct Fit: Sendable, Hashable {
    package var parameters: [Double]
    /// True when there was too little data and the defaults are returned unchanged.
    package var usedDefaults: Bool
    /// The reviews the loss counts.
    package var qualifyingReviews: Int
    /// Mean loss over the history with the default parameters and with the fitted ones.
    package var defaultLoss: Double
    package var fittedLoss: Double
  }

  package let history: ReviewHistory

  package init(history: ReviewHistory) { self.history = history }

  /// Mean binary cross-entropy over the qualifying reviews (py-fsrs's `_compute_batch_loss`).
  package func loss(parameters: [Double]) -> Double {
    let formulas = FSRSFormulas<Double>(parameters: parameters)
    var total = 0.0
    var count = 0
    for card in history.cards {
      var memory = DifferentiableMemory<Double>()
      for review in card.reviews {
        if let prediction = predictedRecall(memory, at: review.time, formulas) {
          total += Self.crossEntropy(prediction, recalled: review.rating != .again)
          count += 1
        }
        memory = formulas.review(memory, rating: review.rating, at: review.time)
      }
    }
    return count == 0 ? .nan : total / Double(count)
  }

  /// The whole fit, with each Adam step reported to `observe` (gradient, parameters after the
  /// step and its clamp, learning rate used) for the tests that follow py-fsrs step by step;
  /// `maximumSteps` stops early (those tests need only the first steps).
  package func fit(
    maximumSteps: Int = .max,
    observe: (_ gradient: [Double], _ parameters: [Double], _ rate: Double) -> Void = { _, _, _ in }
  ) -> Fit {
    let defaults = FSRSScheduler.defaultParameters
    let qualifying = history.qualifyingReviewCount
    let defaultLoss = loss(parameters: defaults)
    guard qualifying >= Self.miniBatchSize else {
      return Fit(
        parameters: defaults, usedDefaults: true, qualifyingReviews: qualifying, defaultLoss: defaultLoss,
        fittedLoss: defaultLoss)
    }
    var parameters = defaults
    var adam = AdamStep(count: 21)
    let stepsPerEpoch = (qualifying + Self.miniBatchSize - 1) / Self.miniBatchSize
    var schedule = CosineLearningRate(initial: Self.learningRate, period: stepsPerEpoch * Self.epochs)
    var random = PythonRandom(seed: 42)
    var order = history.cards.indices.map { $0 }
    var best: (parameters: [Double], loss: Double)?
    var stepsTaken = 0

    epochs: for _ in 0..<Self.epochs {
      random.shuffle(&order)
      var formulas = FSRSFormulas(parameters: ParameterGradient.parameters(parameters))
      var gradient = SIMD32<Double>.zero
      var inBatch = 0
      func step() {
        let vector = (0..<21).map { gradient[$0] }
        let rate = schedule.rate
        adam.apply(gradient: vector, to: &parameters, rate: rate)
        for index in parameters.indices {
          parameters[index] = min(max(parameters[index], Self.lowerBounds[index]), Self.upperBounds[index])
        }
        schedule.advance()
        observe(vector, parameters, rate)
        stepsTaken += 1
        formulas = FSRSFormulas(parameters: ParameterGradient.parameters(parameters))
        gradient = .zero
        inBatch = 0
      }
      for cardIndex in order {
        var memory = DifferentiableMemory<ParameterGradient>()
        for review in history.cards[cardIndex].reviews {
          if let prediction = predictedRecall(memory, at: review.time, formulas) {
            gradient += Self.crossEntropyGradient(prediction, recalled: review.rating != .again)
            inBatch += 1
          }
          memory = formulas.review(memory, rating: review.rating, at: review.time)
          if inBatch == Self.miniBatchSize {
            step()
            if stepsTaken >= maximumSteps { break epochs }
            memory = memory.detached
          }
        }
      }
      if inBatch > 0 { step() }
      let epochLoss = loss(parameters: parameters)
      if epochLoss < (best?.loss ?? .infinity) { best = (parameters, epochLoss) }
    }
    let winner = best ?? (defaults, defaultLoss)
    return Fit(
      parameters: winner.parameters, usedDefaults: false, qualifyingReviews: qualifying, defaultLoss: defaultLoss,
      fittedLoss: winner.loss)
  }

  /// The predicted recall for a review, when the loss counts it: a later day than the last review.
  private func predictedRecall<Number>(
    _ memory: DifferentiableMemory<Number>, at time: Int64, _ formulas: FSRSFormulas<Number>
  ) -> Number? {
    guard let last = memory.lastReview, let stability = memory.stability else { return nil }
    let days = FSRSScheduler.wholeDays(milliseconds: time - last)
    guard days > 0 else { return nil }
    return formulas.retrievability(stability: stability, elapsedDays: days)
  }

  /// torch's `BCELoss` for one prediction: logarithms floored at −100.
  static func crossEntropy(_ prediction: Double, recalled: Bool) -> Double {
    recalled ? -max(log(prediction), -100) : -max(log(1 - prediction), -100)
  }

  /// ∂BCE/∂w through the prediction: torch's (p − y) / max(p(1 − p), 1e-12).
  static func crossEntropyGradient(_ prediction: ParameterGradient, recalled: Bool) -> SIMD32<Double> {
    let p = prediction.value
    let y = recalled ? 1.0 : 0.0
    return prediction.partials * ((p - y) / max((1 - p) * p, 1e-12))
  }
}
