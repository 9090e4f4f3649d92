package import Foundation

/// The FSRS-6 scheduler, computed as py-fsrs 6.x computes it (same formulas, same order of
/// floating-point operations, Python's round-half-to-even), so due times match it exactly.
///
/// Fuzz is off unless the caller passes a uniform draw in `0..<1` to `review`; the caller
/// records that draw, so a replay of the history reproduces the fuzzed due times.
///
/// ```swift
/// let scheduler = FSRSScheduler.standard  // default FSRS-6 weights, retention 0.9, steps 1m 10m / 10m
/// var memory = scheduler.review(.new(due: now), rating: .good, at: now)
/// memory = scheduler.review(memory, rating: .good, at: memory.due)
/// scheduler.retrievability(of: memory, at: memory.due)  // about 0.9
/// ```
package struct FSRSScheduler: Sendable, Hashable {
  /// FSRS-6's default weights w0…w20 (py-fsrs `DEFAULT_PARAMETERS`).
  package static let defaultParameters: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]
  /// The scheduler this program uses: the defaults of py-fsrs's `Scheduler()`.
  package static let standard = FSRSScheduler()

  package let parameters: [Double]
  /// The recall probability reviews are scheduled at.
  package let desiredRetention: Double
  /// Learning steps in whole milliseconds (1 and 10 minutes by default).
  package let learningSteps: [Int64]
  /// Relearning steps in whole milliseconds (10 minutes by default).
  package let relearningSteps: [Int64]
  /// The longest interval, in days.
  package let maximumInterval: Int

  private let decay: Double
  private let factor: Double
  /// FSRS-6's formulas over these parameters (the ones the optimiser fits with).
  private let formulas: FSRSFormulas<Double>

  package init(
    parameters: [Double] = FSRSScheduler.defaultParameters, desiredRetention: Double = 0.9,
    learningSteps: [Int64] = [60_000, 600_000], relearningSteps: [Int64] = [600_000],
    maximumInterval: Int = 36_500
  ) {
    precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
    self.parameters = parameters
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    decay = -parameters[20]
    factor = pow(0.9, 1 / decay) - 1
    formulas = FSRSFormulas(parameters: parameters)
  }

  /// The predicted probability of recalling the question at `time`; 0 before any review.
  ///
  /// Elapsed time counts in whole days, as py-fsrs counts it.
  package func retrievability(of memory: CardMemory, at time: Date) -> Double {
    guard let last = memory.lastReview, let stability = memory.stability else { return 0 }
    return formulas.retrievability(stability: stability, elapsedDays: Self.wholeDays(from: last, to: time))
  }

  /// The memory after answering with `rating` at `time`.
  ///
  /// - Parameter fuzz: nil for no fuzz (the default), else a uniform draw in `0..<1` that picks
  ///   the review interval inside py-fsrs's fuzz range.
  package func review(
    _ memory: CardMemory, rating: Rating, at time: Date, fuzz: Double? = nil
  ) -> CardMemory {
    var card = memory
    let elapsedDays = card.lastReview.map { Self.wholeDays(from: $0, to: time) }
    let sameDay = elapsedDays.map { $0 < 1 } ?? false
    var next: Int64  // milliseconds
    if card.phase == .review && rating == .again { card.lapses += 1 }

    switch card.phase {
    case .learning, .relearning:
      if card.phase == .learning, card.stability == nil || card.difficulty == nil {
        card.stability = formulas.initialStability(rating)
        card.difficulty = formulas.initialDifficulty(rating).clamped(min: 1, max: 10)
      } else {
        updateStabilityAndDifficulty(&card, rating: rating, sameDay: sameDay, at: time)
      }
      let steps = card.phase == .learning ? learningSteps : relearningSteps
      let step = card.step ?? 0
      if steps.isEmpty || (step >= steps.count && rating != .again) {
        next = enterReview(&card)
      } else {
        switch rating {
        case .again:
          card.step = 0
          next = steps[0]
        case .hard:
          if step == 0 && steps.count == 1 {
            next = Self.roundedMilliseconds(Double(steps[0]) * 1.5)
          } else if step == 0 {
            next = Self.roundedMilliseconds(Double(steps[0] + steps[1]) / 2.0)
          } else {
            next = steps[step]
          }
        case .good:
          if step + 1 == steps.count {
            next = enterReview(&card)
          } else {
            card.step = step + 1
            next = steps[step + 1]
          }
        case .easy:
          next = enterReview(&card)
        }
      }

    case .review:
      updateStabilityAndDifficulty(&card, rating: rating, sameDay: sameDay, at: time)
      if rating == .again && !relearningSteps.isEmpty {
        card.phase = .relearning
        card.step = 0
        next = relearningSteps[0]
      } else {
        next = Self.days(nextInterval(stability: card.stability ?? 0))
      }
    }

    if let fuzz, card.phase == .review {
      next = Self.days(fuzzedInterval(days: Int(next / Self.dayMilliseconds), draw: fuzz))
    }
    card.due = Date(wholeMilliseconds: time.wholeMilliseconds + next)
    card.lastReview = Date(wholeMilliseconds: time.wholeMilliseconds)
    card.reps += 1
    return card
  }

  /// The whole-day interval FSRS gives a question of this stability at the desired retention.
  package func nextInterval(stability: Double) -> Int {
    let exact = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
    let days = Int(exact.rounded(.toNearestOrEven))
    return min(max(days, 1), maximumInterval)
  }

  // MARK: - The FSRS-6 formulas

  private func enterReview(_ card: inout CardMemory) -> Int64 {
    card.phase = .review
    card.step = nil
    return Self.days(nextInterval(stability: card.stability ?? 0))
  }

  private func updateStabilityAndDifficulty(
    _ card: inout CardMemory, rating: Rating, sameDay: Bool, at time: Date
  ) {
    let stability = card.stability ?? 0
    let difficulty = card.difficulty ?? 0
    if sameDay {
      card.stability = formulas.shortTermStability(stability, rating: rating)
    } else {
      card.stability = formulas.nextStability(
        difficulty: difficulty, stability: stability,
        retrievability: retrievability(of: card, at: time), rating: rating)
    }
    card.difficulty = formulas.nextDifficulty(difficulty, rating: rating)
  }

  /// py-fsrs's fuzz: a day count drawn uniformly from a range that widens with the interval.
  private func fuzzedInterval(days: Int, draw: Double) -> Int {
    guard days >= 3 else { return days }  // py-fsrs: no fuzz below 2.5 days
    let ranges: [(start: Double, end: Double, factor: Double)] = [
      (2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, .infinity, 0.05),
    ]
    var delta = 1.0
    for range in ranges {
      delta += range.factor * max(min(Double(days), range.end) - range.start, 0.0)
    }
    var low = max(2, Int((Double(days) - delta).rounded(.toNearestOrEven)))
    let high = min(Int((Double(days) + delta).rounded(.toNearestOrEven)), maximumInterval)
    low = min(low, high)
    let fuzzed = (draw * Double(high - low + 1)) + Double(low)
    return min(Int(fuzzed.rounded(.toNearestOrEven)), maximumInterval)
  }

  // MARK: - Time and arithmetic as Python does them

  static let dayMilliseconds: Int64 = 86_400_000

  private static func days(_ count: Int) -> Int64 { Int64(count) * dayMilliseconds }

  private static func roundedMilliseconds(_ ms: Double) -> Int64 {
    Int64(ms.rounded(.toNearestOrEven))
  }

  /// `timedelta.days`: whole days, rounded toward minus infinity, as FSRS counts elapsed time.
  ///
  /// ```swift
  /// FSRSScheduler.wholeDays(from: review, to: review.addingTimeInterval(36 * 3600))  // 1
  /// ```
  package static func wholeDays(from start: Date, to end: Date) -> Int64 {
    wholeDays(milliseconds: end.wholeMilliseconds - start.wholeMilliseconds)
  }

  /// Whole days in a span of milliseconds, rounded toward minus infinity (`timedelta.days`).
  static func wholeDays(milliseconds difference: Int64) -> Int64 {
    let (quotient, remainder) = difference.quotientAndRemainder(dividingBy: dayMilliseconds)
    return remainder < 0 ? quotient - 1 : quotient
  }
}

extension Date {
  /// Milliseconds since 1970, the resolution every scheduled time has.
  var wholeMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

  init(wholeMilliseconds ms: Int64) { self.init(timeIntervalSince1970: Double(ms) / 1000) }
}
