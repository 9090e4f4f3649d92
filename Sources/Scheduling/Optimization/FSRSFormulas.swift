import Foundation

/// FSRS-6's formulas over trial parameters, as py-fsrs's `Scheduler` computes them when its
/// parameters are torch tensors (same operations in the same order), for the optimiser.
///
/// ``FSRSScheduler`` schedules with these formulas over plain values; the optimiser replays a history
/// under parameters being fitted, with values that carry their gradient.
struct FSRSFormulas<Number: FSRSArithmetic & Sendable & Hashable>: Sendable, Hashable {
  let w: [Number]
  private let decay: Number
  private let factor: Number
  private let learningSteps: Int
  private let relearningSteps: Int

  /// py-fsrs's `Scheduler(parameters=…)` with its default learning (1 m, 10 m) and relearning (10 m) steps.
  init(parameters: [Number], learningSteps: Int = 2, relearningSteps: Int = 1) {
    precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
    w = parameters
    decay = -parameters[20]
    factor = Number.power(constant: 0.9, Number(1) / decay) - Number(1)
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
  }

  /// `get_card_retrievability` at a review `elapsedDays` whole days after the last.
  func retrievability(stability: Number, elapsedDays: Int64) -> Number {
    Number.power(Number(1) + factor * Number(Double(max(0, elapsedDays))) / stability, decay)
  }

  /// `review_card`'s effect on the memory (the interval itself is not needed).
  func review(_ memory: DifferentiableMemory<Number>, rating: Rating, at time: Int64) -> DifferentiableMemory<Number> {
    var card = memory
    let elapsedDays = card.lastReview.map { FSRSScheduler.wholeDays(milliseconds: time - $0) }
    let sameDay = elapsedDays.map { $0 < 1 } ?? false

    switch card.phase {
    case .learning, .relearning:
      if card.phase == .learning, card.stability == nil || card.difficulty == nil {
        card.stability = initialStability(rating)
        card.difficulty = initialDifficulty(rating).clamped(min: 1, max: 10)
      } else {
        update(&card, rating: rating, sameDay: sameDay, elapsedDays: elapsedDays ?? 0)
      }
      let steps = card.phase == .learning ? learningSteps : relearningSteps
      let step = card.step ?? 0
      if steps == 0 || (step >= steps && rating != .again) {
        enterReview(&card)
      } else {
        switch rating {
        case .again: card.step = 0
        case .hard: break
        case .good:
          if step + 1 == steps { enterReview(&card) } else { card.step = step + 1 }
        case .easy: enterReview(&card)
        }
      }
    case .review:
      update(&card, rating: rating, sameDay: sameDay, elapsedDays: elapsedDays ?? 0)
      if rating == .again && relearningSteps > 0 {
        card.phase = .relearning
        card.step = 0
      }
    }
    card.lastReview = time
    return card
  }

  private func enterReview(_ card: inout DifferentiableMemory<Number>) {
    card.phase = .review
    card.step = nil
  }

  private func update(
    _ card: inout DifferentiableMemory<Number>, rating: Rating, sameDay: Bool, elapsedDays: Int64
  ) {
    let stability = card.stability ?? Number(0)
    let difficulty = card.difficulty ?? Number(0)
    if sameDay {
      card.stability = shortTermStability(stability, rating: rating)
    } else {
      card.stability = nextStability(
        difficulty: difficulty, stability: stability,
        retrievability: retrievability(stability: stability, elapsedDays: elapsedDays), rating: rating)
    }
    card.difficulty = nextDifficulty(difficulty, rating: rating)
  }

  /// Python's `math.e ** x`: `pow`, not `exp`, which may differ in the last bit.
  private func e(_ x: Number) -> Number { Number.power(constant: M_E, x) }

  func clampStability(_ s: Number) -> Number { s.clamped(min: 0.001, max: .infinity) }

  func initialStability(_ rating: Rating) -> Number { clampStability(w[rating.rawValue - 1]) }

  func initialDifficulty(_ rating: Rating) -> Number {
    w[4] - e(w[5] * Number(Double(rating.rawValue - 1))) + Number(1)
  }

  func shortTermStability(_ stability: Number, rating: Rating) -> Number {
    var increase =
      e(w[17] * (Number(Double(rating.rawValue - 3)) + w[18])) * Number.power(stability, -w[19])
    if rating != .again { increase = increase.clamped(min: 1, max: .infinity) }
    return clampStability(stability * increase)
  }

  func nextDifficulty(_ difficulty: Number, rating: Rating) -> Number {
    let easiest = initialDifficulty(.easy)
    let delta = -(w[6] * Number(Double(rating.rawValue - 3)))
    let damped = difficulty + (Number(10) - difficulty) * delta / Number(9)
    return (w[7] * easiest + (Number(1) - w[7]) * damped).clamped(min: 1, max: 10)
  }

  func nextStability(
    difficulty: Number, stability: Number, retrievability: Number, rating: Rating
  ) -> Number {
    let next: Number
    if rating == .again {
      let longTerm =
        w[11] * Number.power(difficulty, -w[12]) * (Number.power(stability + Number(1), w[13]) - Number(1))
        * e((Number(1) - retrievability) * w[14])
      let shortTerm = stability / e(w[17] * w[18])
      next = Number.smaller(longTerm, shortTerm)
    } else {
      var growth =
        e(w[8]) * (Number(11) - difficulty) * Number.power(stability, -w[9])
        * (e((Number(1) - retrievability) * w[10]) - Number(1))
      if rating == .hard { growth = growth * w[15] }
      if rating == .easy { growth = growth * w[16] }
      next = stability * (Number(1) + growth)
    }
    return clampStability(next)
  }
}
